// The puzzle motif test: CSV reading, the two explanations per puzzle, the recall/precision table.
#include "explain/puzzles.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "chess/notation.h"
#include "core/files.h"
#include "core/strings.h"

namespace kibitz::explain {

namespace {

constexpr std::uint64_t kMaxPuzzleFileBytes = std::uint64_t(1) << 30;

bool has(const std::vector<std::string>& list, const std::string& name) {
    return std::find(list.begin(), list.end(), name) != list.end();
}

std::string join(const std::vector<std::string>& list, char sep) {
    std::string out;
    for (const auto& s : list) out += (out.empty() ? "" : std::string(1, sep)) + s;
    return out;
}

}  // namespace

std::vector<std::string_view> csv_fields(std::string_view row) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= row.size(); ++i)
        if (i == row.size() || row[i] == ',') {
            out.push_back(row.substr(start, i - start));
            start = i + 1;
        }
    return out;
}

core::Result<Puzzle> make_puzzle(std::string_view id, std::string_view fen, std::string_view moves,
                                 std::string_view themes) {
    Puzzle p;
    p.id = std::string(id);
    auto pos = chess::Position::from_fen(fen);
    if (!pos) return core::error("puzzle " + p.id + ": FEN: " + pos.error());
    p.position = *pos;
    chess::Position at = p.position;
    for (const auto word : core::split_words(moves)) {
        auto m = chess::move_from_uci(at, word);
        if (!m)
            return core::error("puzzle " + p.id + ": move " + std::to_string(p.moves.size() + 1) +
                               ": " + m.error());
        p.moves.push_back(*m);
        at.make(*m);
    }
    if (p.moves.size() < 2)
        return core::error("puzzle " + p.id + ": Moves needs the setup move and a solution move");
    for (const auto word : core::split_words(themes)) p.themes.emplace_back(word);
    return p;
}

core::Result<Puzzle> parse_puzzle(std::string_view row) {
    const auto fields = csv_fields(core::trim(row));
    if (fields.size() < 8)
        return core::error(
            "expected at least 8 comma-separated fields (PuzzleId,FEN,Moves,…,"
            "Themes), found " +
            std::to_string(fields.size()));
    return make_puzzle(fields[0], fields[1], fields[2], fields[7]);
}

core::Result<std::vector<Puzzle>> read_puzzles(const std::string& path, int offset, int limit) {
    const auto text = core::read_file(path, kMaxPuzzleFileBytes, "puzzle file");
    if (!text) return core::error(text.error());
    std::istringstream in(*text);
    std::vector<Puzzle> out;
    std::string row;
    int number = 0, index = 0;
    while (std::getline(in, row)) {
        ++number;
        if (core::trim(row).empty()) continue;
        if (number == 1 && core::starts_with(row, "PuzzleId")) continue;
        if (index++ < offset) continue;
        if (limit > 0 && int(out.size()) >= limit) break;
        auto p = parse_puzzle(row);
        if (!p) return core::error(path + ":" + std::to_string(number) + ": " + p.error());
        out.push_back(std::move(*p));
    }
    return out;
}

const std::vector<std::string>& measured_themes() {
    // The goal themes of issue 23, then the ones measured without a goal.
    static const std::vector<std::string> themes = {"fork",
                                                    "pin",
                                                    "skewer",
                                                    "discoveredAttack",
                                                    "hangingPiece",
                                                    "trappedPiece",
                                                    "mateIn1",
                                                    "mateIn2",
                                                    "mateIn3",
                                                    "mateIn4",
                                                    "mateIn5",
                                                    "backRankMate",
                                                    "promotion",
                                                    "doubleCheck",
                                                    "deflection",
                                                    "attraction",
                                                    "capturingDefender",
                                                    "xRayAttack",
                                                    "interference",
                                                    "clearance"};
    return themes;
}

PuzzleAnswer explain_puzzle(Explainer& explainer, const Puzzle& p) {
    PuzzleAnswer a;
    const Explanation setup = explainer.explain(p.position, p.moves[0]);
    chess::Position after = p.position;
    after.make(p.moves[0]);
    const Explanation solution = explainer.explain(after, p.moves[1], &p.position, p.moves[0]);
    a.setup = motif_names(setup.motifs);
    a.solution = motif_names(solution.motifs);
    a.setup_line = join(setup.line, ' ');
    a.solution_line = join(solution.line, ' ');
    return a;
}

void tally(const Puzzle& p, const PuzzleAnswer& a, MotifTable& table) {
    ++table.puzzles;
    for (const auto& theme : measured_themes()) {
        const bool tagged = has(p.themes, theme);
        for (int k = 0; k < 2; ++k) {
            const bool named = has(k == 0 ? a.setup : a.solution, theme);
            ThemeCount& c = table.themes[theme][std::size_t(k)];
            c.tagged += tagged;
            c.found += tagged && named;
            c.reported += named;
            c.confirmed += tagged && named;
        }
    }
}

std::string format_table(const MotifTable& table) {
    const auto percent = [](int part, int whole) {
        char buf[16];
        if (whole == 0) return std::string("    -");
        std::snprintf(buf, sizeof buf, "%4.0f%%", 100.0 * part / whole);
        return std::string(buf);
    };
    std::string out = "Motif test on " + std::to_string(table.puzzles) + " puzzles\n";
    out +=
        "                  |          setup move (mistake)          |"
        "          first solution move\n";
    out +=
        "theme             | tagged found recall reported precision |"
        " tagged found recall reported precision\n";
    char buf[200];
    for (const auto& theme : measured_themes()) {
        const auto it = table.themes.find(theme);
        if (it == table.themes.end()) continue;
        const auto& s = it->second[0];
        const auto& f = it->second[1];
        std::snprintf(buf, sizeof buf, "%-17s | %6d %5d  %s %8d     %s | %6d %5d  %s %8d     %s\n",
                      theme.c_str(), s.tagged, s.found, percent(s.found, s.tagged).c_str(),
                      s.reported, percent(s.confirmed, s.reported).c_str(), f.tagged, f.found,
                      percent(f.found, f.tagged).c_str(), f.reported,
                      percent(f.confirmed, f.reported).c_str());
        out += buf;
    }
    return out;
}

std::string disagreements(const Puzzle& p, const PuzzleAnswer& a) {
    std::string out;
    std::string moves;
    chess::Position at = p.position;
    for (const auto m : p.moves) {
        moves += (moves.empty() ? "" : " ") + chess::move_to_uci(at, m);
        at.make(m);
    }
    for (const auto& theme : measured_themes()) {
        const bool tagged = has(p.themes, theme);
        for (int k = 0; k < 2; ++k) {
            const bool named = has(k == 0 ? a.setup : a.solution, theme);
            if (tagged == named) continue;
            out += p.id + " " + theme + " " + (tagged ? "missed " : "extra ") +
                   (k == 0 ? "setup" : "solution") + " | " + p.position.fen() + " | " + moves +
                   " | ours: " + (k == 0 ? a.setup_line : a.solution_line) + " [" +
                   join(k == 0 ? a.setup : a.solution, ' ') + "] | tags: " + join(p.themes, ' ') +
                   "\n";
        }
    }
    return out;
}

}  // namespace kibitz::explain
