// Sliding-piece attacks: PEXT lookups where the build has BMI2, magic bitboards otherwise.
#pragma once

#include "chess/bitboard.h"

#if defined(__BMI2__)
#include <immintrin.h>
#define KIBITZ_USE_PEXT 1
#else
#define KIBITZ_USE_PEXT 0
#endif

namespace kibitz::chess {

namespace detail {

// One square's slider table entry: relevant-occupancy mask, magic, shift and table offset.
struct SliderEntry {
    Bitboard mask;
    Bitboard magic;
    Bitboard* table;
    unsigned shift;

    Bitboard index(Bitboard occ) const {
#if KIBITZ_USE_PEXT
        return _pext_u64(occ, mask);
#else
        return ((occ & mask) * magic) >> shift;
#endif
    }
};

extern SliderEntry rook_entries[64];
extern SliderEntry bishop_entries[64];

}  // namespace detail

// Squares attacked by a rook / bishop / queen on s with the given occupancy.
inline Bitboard rook_attacks(Square s, Bitboard occ) {
    const auto& e = detail::rook_entries[s];
    return e.table[e.index(occ)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occ) {
    const auto& e = detail::bishop_entries[s];
    return e.table[e.index(occ)];
}
inline Bitboard queen_attacks(Square s, Bitboard occ) {
    return rook_attacks(s, occ) | bishop_attacks(s, occ);
}

// Attacks of a piece type (not pawn) on s with the given occupancy.
inline Bitboard attacks_of(PieceType pt, Square s, Bitboard occ) {
    switch (pt) {
        case kKnight: return knight_attacks(s);
        case kBishop: return bishop_attacks(s, occ);
        case kRook: return rook_attacks(s, occ);
        case kQueen: return queen_attacks(s, occ);
        case kKing: return king_attacks(s);
        default: return 0;
    }
}

// Name of the slider lookup method compiled in ("pext" or "magic").
const char* slider_method();

}  // namespace kibitz::chess
