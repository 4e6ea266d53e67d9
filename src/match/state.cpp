// The state file of a resumable match; see state.h.
#include "match/state.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "core/files.h"
#include "core/strings.h"

namespace kibitz::match {

namespace {

constexpr const char* kHeader = "kibitz-match-state 1";

// The largest state file read: 16 MiB; a game takes one line of a few dozen bytes.
constexpr std::uint64_t kMaxStateBytes = std::uint64_t(16) << 20;

std::string escape(const std::string& s) {
    std::string out;
    for (const char c : s) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else
            out += c;
    }
    return out;
}

// The inverse of escape; false on a backslash that starts no escape.
bool unescape(std::string_view s, std::string& out) {
    out.clear();
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '\\') {
            out += s[i];
            continue;
        }
        if (++i == s.size()) return false;
        if (s[i] == '\\')
            out += '\\';
        else if (s[i] == 'n')
            out += '\n';
        else if (s[i] == 'r')
            out += '\r';
        else
            return false;
    }
    return true;
}

std::string limits_part(const std::optional<std::int64_t>& ms) {
    if (!ms) return "none";
    TimeControl tc;
    tc.movetime_ms = ms;
    return tc.pgn_tag();  // "0.05/move"
}

template <class T>
std::string optional_text(const std::optional<T>& v) {
    return v ? std::to_string(*v) : "none";
}

}  // namespace

Fingerprint match_fingerprint(const MatchOptions& options) {
    Fingerprint f;
    const auto& engines = options.engines;
    const auto add = [&f](std::string key, std::string value) {
        f.emplace_back(std::move(key), std::move(value));
    };
    add("number of engines", std::to_string(engines.size()));
    add("tournament", tournament_name(options.tournament));
    add("games", std::to_string(options.games));
    add("rounds", std::to_string(options.rounds));
    add("repeat", options.repeat ? "true" : "false");

    // The openings: the file by absolute path and size (a file edited in place changes size
    // in all but rare cases), how it was read, and in which order it is played.
    std::string path = "none", size = "0";
    if (!options.openings_file.empty()) {
        std::error_code ec;
        path = std::filesystem::absolute(options.openings_file, ec).lexically_normal().string();
        if (ec) path = options.openings_file;
        const auto bytes = std::filesystem::file_size(options.openings_file, ec);
        size = ec ? "unknown" : std::to_string(bytes);
    }
    add("openings file", path);
    add("openings file size", size);
    add("openings format", options.openings_file.empty() ? "none" : options.openings_format);
    add("openings plies", std::to_string(options.openings_plies));
    add("number of openings", std::to_string(options.openings.size()));
    add("openings order", options.random_order ? "random" : "sequential");
    add("srand", options.random_order ? std::to_string(options.srand) : "unused");

    const auto& d = options.draw;
    add("draw adjudication", d.enabled ? "movenumber=" + std::to_string(d.movenumber) +
                                             " movecount=" + std::to_string(d.movecount) +
                                             " score=" + std::to_string(d.score_cp)
                                       : "off");
    const auto& r = options.resign;
    add("resign adjudication", r.enabled ? "movecount=" + std::to_string(r.movecount) +
                                               " score=" + std::to_string(r.score_cp) +
                                               " twosided=" + (r.twosided ? "true" : "false")
                                         : "off");
    add("maxmoves", std::to_string(options.maxmoves));

    for (std::size_t i = 0; i < engines.size(); ++i) {
        const EngineConfig& e = engines[i];
        const std::string of = " of engine " + std::to_string(i + 1);
        std::string engine_options;
        for (const auto& [name, value] : e.options)
            engine_options += (engine_options.empty() ? "" : ", ") + name + "=" + value;
        add("command" + of, e.command);
        add("name" + of, e.name.empty() ? "(from the engine)" : e.name);
        add("protocol" + of, e.protocol);
        add("options" + of, engine_options.empty() ? "none" : engine_options);
        add("tc" + of, e.tc.clock ? e.tc.pgn_tag() : "none");
        add("st" + of, limits_part(e.tc.movetime_ms));
        add("depth" + of, optional_text(e.tc.depth));
        add("nodes" + of, optional_text(e.tc.nodes));
        add("timemargin" + of, std::to_string(e.tc.margin_ms));
    }
    return f;
}

std::string state_text(const MatchState& state) {
    std::string out =
        "# kibitz match state: the settings of a match or tournament and its finished games, "
        "for -state.\n"
        "# Delete this file to start afresh. Format: src/match/state.h.\n";
    out += std::string(kHeader) + "\n";
    for (const auto& [key, value] : state.fingerprint)
        out += "setting " + key + " = " + escape(value) + "\n";
    for (const auto& [engine, name] : state.names)
        out += "name " + std::to_string(engine) + " = " + escape(name) + "\n";
    for (const auto& [number, game] : state.games) {
        out += "game " + std::to_string(number) + " = " +
               std::string(chess::result_string(game.outcome));
        if (!game.reason.empty()) out += " " + escape(game.reason);
        out += "\n";
    }
    return out + "end\n";
}

Status write_state(const std::string& file, const MatchState& state) {
    // Atomic (temporary file, fsync, rename): a stop or a crash leaves the old state whole.
    if (auto s = core::write_file(file, state_text(state)); !s)
        return core::error("state file: " + s.error());
    return Done{};
}

core::Result<MatchState> read_state(const std::string& file) {
    const auto text = core::read_file(file, kMaxStateBytes, "state file");
    if (!text) return core::error(text.error());
    std::istringstream in(*text);
    MatchState state;
    bool header = false, end = false;
    std::string line;
    int line_no = 0;
    const auto bad = [&](const std::string& what) {
        return core::error(file + ":" + std::to_string(std::max(line_no, 1)) + ": " + what);
    };
    while (std::getline(in, line)) {
        ++line_no;
        // Values keep their blanks; only a Windows line end goes.
        std::string_view text = line;
        if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
        const std::string_view trimmed = core::trim(text);
        if (trimmed.empty() || trimmed[0] == '#') continue;
        if (end) return bad("text after 'end'");
        if (!header) {
            if (trimmed != kHeader)
                return bad("not a kibitz match state file (no '" + std::string(kHeader) +
                           "' line)");
            header = true;
            continue;
        }
        if (trimmed == "end") {
            end = true;
            continue;
        }

        // KEY = VALUE; an empty value may have lost its trailing blank.
        std::string_view key = text, raw;
        if (const auto eq = text.find(" = "); eq != std::string_view::npos) {
            key = text.substr(0, eq);
            raw = text.substr(eq + 3);
        } else if (text.size() >= 2 && text.substr(text.size() - 2) == " =") {
            key = text.substr(0, text.size() - 2);
        } else {
            return bad("expected KEY = VALUE, not '" + std::string(text) + "'");
        }
        std::string value;
        if (!unescape(raw, value)) return bad("bad escape in '" + std::string(raw) + "'");

        if (core::starts_with(key, "setting ")) {
            state.fingerprint.emplace_back(std::string(key.substr(8)), value);
        } else if (core::starts_with(key, "name ")) {
            const auto n = core::parse_int<int>(key.substr(5));
            if (!n || *n < 1) return bad("bad engine number in '" + std::string(key) + "'");
            state.names[*n] = value;
        } else if (core::starts_with(key, "game ")) {
            const auto n = core::parse_int<int>(key.substr(5));
            if (!n || *n < 1) return bad("bad game number in '" + std::string(key) + "'");
            if (state.games.count(*n)) return bad("game " + std::to_string(*n) + " twice");
            SavedGame game;
            game.line = line_no;
            const auto space = value.find(' ');
            const std::string result = value.substr(0, space);
            if (result == "1-0")
                game.outcome = chess::Outcome::kWhiteWins;
            else if (result == "0-1")
                game.outcome = chess::Outcome::kBlackWins;
            else if (result == "1/2-1/2")
                game.outcome = chess::Outcome::kDraw;
            else if (result == "*")
                game.outcome = chess::Outcome::kOngoing;
            else
                return bad("bad result '" + result + "' (1-0, 0-1, 1/2-1/2 or *)");
            if (space != std::string::npos) game.reason = value.substr(space + 1);
            state.games[*n] = std::move(game);
        } else {
            return bad("unknown key '" + std::string(key) + "'");
        }
    }
    if (!header) return bad("not a kibitz match state file (it is empty)");
    if (!end) return bad("the file ends early (no 'end' line)");
    return state;
}

Status check_fingerprint(const std::string& file, const Fingerprint& saved,
                         const Fingerprint& now) {
    const auto find = [](const Fingerprint& f, const std::string& key) -> std::string {
        for (const auto& [k, v] : f)
            if (k == key) return v;
        return "(not set)";
    };
    const auto differs = [&](const std::string& key, const std::string& was,
                             const std::string& is) {
        return core::error("state file " + file + " was written for a different " + key + ": " +
                           was + " vs " + is + " (saved vs now)");
    };
    for (const auto& [key, value] : now) {
        const auto was = find(saved, key);
        // More rounds only append games to the schedule (it is ordered round by round), so a
        // finished match can be extended; fewer would drop games already played.
        if (key == "rounds") {
            const auto a = core::parse_int<int>(was), b = core::parse_int<int>(value);
            if (a && b && *b >= *a) continue;
        }
        if (was != value) return differs(key, was, value);
    }
    for (const auto& [key, value] : saved)
        if (find(now, key) == "(not set)") return differs(key, value, "(not set)");
    return Done{};
}

}  // namespace kibitz::match
