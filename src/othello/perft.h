// Perft for Othello: the leaves of the game tree to a depth, for checking the move generator
// against published counts. A pass is a move (a ply); a finished game reached before the depth
// counts as one leaf, as in Aart Bik's published numbers (1: 4, 2: 12, ..., 14: 184042084512).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "othello/board.h"

namespace kibitz::othello {

std::uint64_t perft(Board& board, int depth);
// The counts below each root move.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Board& board, int depth);

}  // namespace kibitz::othello
