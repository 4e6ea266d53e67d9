#include "othello/obf.h"

#include "core/files.h"
#include "core/strings.h"

namespace kibitz::othello {

namespace {

// One scored move "A2:+38" (a leading '%' is allowed, as in older FFO files).
core::Result<std::pair<Move, int>> parse_scored_move(const Board& board, std::string_view text) {
    std::string_view t = core::trim(text);
    if (!t.empty() && t.front() == '%') t = core::trim(t.substr(1));
    const auto colon = t.find(':');
    if (colon == std::string_view::npos)
        return core::error("'" + core::clip(t) + "' is not MOVE:SCORE (like A2:+38)");
    const auto move = parse_move(board, core::trim(t.substr(0, colon)));
    if (!move) return core::error("'" + core::clip(t) + "': " + move.error());
    std::string_view number = core::trim(t.substr(colon + 1));
    if (!number.empty() && number.front() == '+') number.remove_prefix(1);
    const auto score = core::parse_int<int>(number);
    // Final scores are even: with the empties to the winner they are 64 - 2 * loser's discs.
    if (!score || *score < -64 || *score > 64 || *score % 2 != 0)
        return core::error("'" + core::clip(t) +
                           "': the score is not an even number from -64 "
                           "to +64");
    return std::pair{*move, *score};
}

}  // namespace

core::Result<std::vector<ObfPosition>> parse_obf(std::string_view text, std::string_view name) {
    std::vector<ObfPosition> out;
    int line_number = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view line = core::trim(text.substr(start, end - start));
        start = end + 1;
        ++line_number;
        if (line.empty() || line.front() == '%' || line.front() == '#') continue;
        auto fail = [&](const std::string& what) {
            return core::error(std::string(name) + ":" + std::to_string(line_number) + ": " + what);
        };
        // 1. The board and the side to move, up to the first ';'.
        const auto semicolon = line.find(';');
        const auto board = Board::from_text(line.substr(0, semicolon));
        if (!board) return fail(board.error());
        ObfPosition p;
        p.line = line_number;
        p.board = *board;
        // 2. The scored moves after it, separated by ';'.
        if (semicolon != std::string_view::npos) {
            std::string_view rest = line.substr(semicolon + 1);
            while (!rest.empty()) {
                const auto next = rest.find(';');
                const std::string_view item = core::trim(rest.substr(0, next));
                rest = next == std::string_view::npos ? std::string_view{} : rest.substr(next + 1);
                if (item.empty() || item == "%") continue;
                const auto scored = parse_scored_move(p.board, item);
                if (!scored) return fail(scored.error());
                for (const auto& [m, s] : p.scored_moves)
                    if (m == scored->first)
                        return fail("move " + move_name(m) + " is scored twice");
                p.scored_moves.push_back(*scored);
            }
        }
        // 3. The best score and the moves that reach it.
        for (const auto& [m, s] : p.scored_moves)
            if (!p.best_score || s > *p.best_score) p.best_score = s;
        for (const auto& [m, s] : p.scored_moves)
            if (s == *p.best_score) p.best_moves.push_back(m);
        out.push_back(std::move(p));
    }
    return out;
}

core::Result<std::vector<ObfPosition>> read_obf(const std::string& path, std::uint64_t max_bytes) {
    const auto text = core::read_file(path, max_bytes, "OBF file");
    if (!text) return core::error(text.error());
    return parse_obf(*text, path);
}

}  // namespace kibitz::othello
