// perft: counts the leaf nodes of the legal move tree, to verify the move generator.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "chess/position.h"
#include "core/result.h"

namespace kibitz::chess {

// Leaf count at the given depth (depth 0 = 1). The last ply is counted, not played. Once
// *stop (when given) becomes true it returns soon, with a count that means nothing.
std::uint64_t perft(Position& pos, int depth, const std::atomic<bool>* stop = nullptr);

// Leaf count below each legal root move (depth >= 1), in generation order. Once *stop (when
// given) becomes true it returns soon, with the root moves counted in full before that only.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth,
                                                         const std::atomic<bool>* stop = nullptr);

// One line of a perft suite: a FEN and the expected counts per depth.
struct PerftCase {
    std::string fen;
    std::vector<std::pair<int, std::uint64_t>> expected;  // (depth, nodes)
    int line = 0;
};

// Reads a suite file: lines "FEN ;D1 20 ;D2 400 …" (also "; D1 20"); '#' starts a comment.
// The error names the file, the line and what is wrong with it.
core::Result<std::vector<PerftCase>> read_perft_suite(const std::string& path);

}  // namespace kibitz::chess
