// The magic numbers of the portable slider lookups (see chess/attacks.cpp), and the search
// that found them: for the unit tests and for regenerating the stored tables.
#pragma once

#include <array>

#include "chess/bitboard.h"

namespace kibitz::chess::detail {

// The magics by square: constants that find_magics() found, stored so that start-up only fills
// the attack tables. The BMI2 build indexes by PEXT and does not use them.
extern const Bitboard kRookMagics[64];
extern const Bitboard kBishopMagics[64];

// A rook's (rook = true) or bishop's relevant occupancy on s: its empty-board rays without the
// board edge at their ends.
Bitboard relevant_mask(Square s, bool rook);

// Whether (occ * magic) >> (64 - bits) sends every subset occ of s's relevant mask (of bits
// squares) to a slot that no subset with other attacks uses.
bool magic_is_valid(Square s, bool rook, Bitboard magic);

// Searches a magic for every square, deterministically (fixed seeds): the search that found
// kRookMagics / kBishopMagics. About 0.2 s natively; for tests and regeneration only.
std::array<Bitboard, 64> find_magics(bool rook);

}  // namespace kibitz::chess::detail
