// Legal move generation: every generated move is legal (pins, checks and en passant handled).
#pragma once

#include "chess/position.h"
#include "core/fixed_vector.h"

namespace kibitz::chess {

// 218 is the most legal moves any chess position has; 256 leaves room.
using MoveList = core::FixedVector<Move, 256>;

// Which moves to generate. kTactical = captures (with en passant) and all promotions;
// kQuiet = the rest (including castling). Together they are kAll.
enum class Gen { kAll, kTactical, kQuiet };

// Appends the legal moves of the given kind to list.
template <Gen G>
void generate(const Position& pos, MoveList& list);

// All legal moves.
inline MoveList legal_moves(const Position& pos) {
    MoveList list;
    generate<Gen::kAll>(pos, list);
    return list;
}

// The number of legal moves, counted without listing them (fast: perft's last ply).
int count_legal_moves(const Position& pos);

}  // namespace kibitz::chess
