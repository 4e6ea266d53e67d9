// OBF files (the endgame test format of the FFO suite, as Edax writes it): one position a line,
// 64 squares A1..H8 (X black, O white, - empty), a space, the side to move (X or O), then
// optionally "; MOVE:SCORE;" for some or all of the legal moves, e.g.
// "O--OOOOX-...-------- X; A2:+38; C7:+36;": exact final scores for the side to move with the
// empties to the winner. Blank lines and lines starting with '%' or '#' are skipped.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "othello/board.h"

namespace kibitz::othello {

// The largest OBF file Kibitz reads: 64 MiB, about 500,000 positions with their answers
// (docs/othello.md). The FFO suite's files are 2 KB each.
inline constexpr std::uint64_t kMaxObfBytes = std::uint64_t(64) << 20;

struct ObfPosition {
    int line = 0;  // 1-based line number in the file
    Board board;
    // The moves the line scores, in its order, and their scores.
    std::vector<std::pair<Move, int>> scored_moves;
    // The best score of the scored moves and the moves that reach it (empty when none given).
    std::optional<int> best_score;
    std::vector<Move> best_moves;
};

// Parses OBF text; name (the file) starts each error message: "name:LINE: what is wrong".
core::Result<std::vector<ObfPosition>> parse_obf(std::string_view text, std::string_view name);
// Reads and parses an OBF file of at most max_bytes; a missing or unreadable file, a folder and
// a larger file are errors too. A file with no position gives an empty list.
core::Result<std::vector<ObfPosition>> read_obf(const std::string& path,
                                                std::uint64_t max_bytes = kMaxObfBytes);

}  // namespace kibitz::othello
