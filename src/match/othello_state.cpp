#include "match/othello_state.h"

#include <filesystem>
#include <sstream>

#include "core/files.h"

namespace kibitz::match {

namespace {

constexpr const char* kHeader = "kibitz-othello-match-state 1";

// "1 12 4100 3900 4000 3800 30 30 f5d6... [error]" -> a record.
core::Result<OthelloGameRecord> parse_game(const std::string& value) {
    std::istringstream in(value);
    OthelloGameRecord g;
    std::string moves;
    if (!(in >> g.first_black >> g.score_first >> g.ms_first >> g.ms_second >> g.cpu_ms_first >>
          g.cpu_ms_second >> g.moves_first >> g.moves_second >> moves) ||
        (g.first_black != 0 && g.first_black != 1) || g.score_first < -64 || g.score_first > 64)
        return core::error("a game is 'first_black score ms ms cpu cpu moves moves MOVES'");
    if (moves != "-") {
        auto parsed = parse_othello_moves(moves);
        if (!parsed) return core::error(parsed.error());
        g.moves = std::move(*parsed);
    }
    std::getline(in >> std::ws, g.error);
    return g;
}

}  // namespace

Fingerprint othello_match_fingerprint(const std::string& first, const std::string& second,
                                      const OthelloMatchOptions& options,
                                      const std::string& openings_file) {
    Fingerprint f = {{"first", first}, {"second", second}};
    if (openings_file.empty()) {
        f.emplace_back("openings", "random");
        f.emplace_back("opening plies", std::to_string(options.opening_plies));
        f.emplace_back("seed", std::to_string(options.seed));
    } else {
        std::error_code ec;
        const auto path = std::filesystem::absolute(openings_file, ec);
        f.emplace_back("openings", ec ? openings_file : path.string());
        f.emplace_back("openings count", std::to_string(options.openings.size()));
    }
    return f;
}

core::Status write_othello_state(const std::string& file, const Fingerprint& fingerprint,
                                 const std::vector<OthelloGameRecord>& games) {
    std::string out = std::string(kHeader) + "\n";
    for (const auto& [key, value] : fingerprint) {
        std::string flat = value;
        for (char& c : flat)
            if (c == '\n' || c == '\r') c = ' ';
        out += "setting " + key + " = " + flat + "\n";
    }
    for (std::size_t i = 0; i < games.size(); ++i) {
        const OthelloGameRecord& g = games[i];
        const std::string moves = g.moves.empty() ? "-" : othello_moves_text(g.moves);
        std::string error = g.error;
        for (char& c : error)
            if (c == '\n' || c == '\r') c = ' ';
        out += "game " + std::to_string(i + 1) + " = " + std::to_string(g.first_black) + " " +
               std::to_string(g.score_first) + " " + std::to_string(g.ms_first) + " " +
               std::to_string(g.ms_second) + " " + std::to_string(g.cpu_ms_first) + " " +
               std::to_string(g.cpu_ms_second) + " " + std::to_string(g.moves_first) + " " +
               std::to_string(g.moves_second) + " " + moves + (error.empty() ? "" : " " + error) +
               "\n";
    }
    out += "end\n";
    return core::write_file(file, out);
}

core::Result<std::vector<OthelloGameRecord>> read_othello_state(const std::string& file,
                                                                const Fingerprint& now) {
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) return std::vector<OthelloGameRecord>{};
    const auto text = core::read_file(file, std::uint64_t(256) << 20, "state file");
    if (!text) return core::error(text.error());
    Fingerprint saved;
    std::vector<OthelloGameRecord> games;
    std::istringstream in(*text);
    std::string line;
    int number = 0;
    bool ended = false;
    while (std::getline(in, line)) {
        ++number;
        const std::string where = file + ":" + std::to_string(number) + ": ";
        if (number == 1) {
            if (line != kHeader)
                return core::error(where + "not a state file of `kibitz othello match` ('" +
                                   std::string(kHeader) + "' expected)");
            continue;
        }
        if (ended) return core::error(where + "a line after 'end'");
        if (line == "end") {
            ended = true;
            continue;
        }
        const std::size_t eq = line.find(" = ");
        if (eq == std::string::npos)
            return core::error(where + "'" + line + "' is not KEY = VALUE");
        const std::string key = line.substr(0, eq), value = line.substr(eq + 3);
        if (key.rfind("setting ", 0) == 0) {
            saved.emplace_back(key.substr(8), value);
        } else if (key == "game " + std::to_string(games.size() + 1)) {
            auto g = parse_game(value);
            if (!g) return core::error(where + g.error());
            games.push_back(std::move(*g));
        } else {
            return core::error(where + "'" + key + "' is not a setting or game " +
                               std::to_string(games.size() + 1));
        }
    }
    if (!ended) return core::error(file + ": cut short (no 'end' line)");
    if (games.size() % 2 != 0) return core::error(file + ": an odd number of games (pairs)");
    if (auto s = check_fingerprint(file, saved, now); !s) return core::error(s.error());
    return games;
}

}  // namespace kibitz::match
