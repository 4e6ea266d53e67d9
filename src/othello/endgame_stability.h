// Stable discs: discs that no sequence of moves can flip. The solver's stability cutoff uses
// them: a side that can never own the opponent's stable discs scores at most 64 - 2 * stable.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "othello/bitboard.h"

namespace kibitz::othello::endgame {

// The 15 diagonals (A1-H8 direction) and 15 anti-diagonals (H1-A8 direction) of the board.
struct DiagonalLines {
    std::array<Bitboard, 15> diagonal{}, anti{};
    constexpr DiagonalLines() {
        for (int sq = 0; sq < 64; ++sq) {
            diagonal[std::size_t(column_of(sq) - row_of(sq) + 7)] |= square_bit(sq);
            anti[std::size_t(column_of(sq) + row_of(sq))] |= square_bit(sq);
        }
    }
};
inline constexpr DiagonalLines kDiagonalLines{};

// The squares whose line is full in each of the four directions (no move can ever be played
// in such a line, so nothing on it flips along it).
struct FullLines {
    Bitboard horizontal = 0, vertical = 0, diagonal = 0, anti = 0;
};

inline FullLines full_lines(Bitboard filled) {
    FullLines f;
    // A row is full when all its 8 bits are set: fold each row onto its lowest bit.
    Bitboard h = filled & (filled >> 1);
    h &= h >> 2;
    h &= h >> 4;
    h &= 0x0101010101010101ULL;
    f.horizontal = h * 0xFF;
    Bitboard v = filled & (filled >> 8);
    v &= v >> 16;
    v &= v >> 32;
    f.vertical = (v & 0xFF) * 0x0101010101010101ULL;
    for (int i = 0; i < 15; ++i) {
        const Bitboard d = kDiagonalLines.diagonal[std::size_t(i)];
        const Bitboard a = kDiagonalLines.anti[std::size_t(i)];
        if ((filled & d) == d) f.diagonal |= d;
        if ((filled & a) == a) f.anti |= a;
    }
    return f;
}

// The discs of `own` that can never be flipped, `other` being the opponent's. A disc is stable
// when along each of the four lines through it the line is full, or a neighbour on that line is
// off the board or a stable disc of its own colour; found as the least fixed point from none, so
// every justification ends at an edge or a full line.
inline Bitboard stable_discs(Bitboard own, Bitboard other) {
    constexpr Bitboard kColA = 0x0101010101010101ULL, kColH = 0x8080808080808080ULL;
    constexpr Bitboard kRow1 = 0x00000000000000FFULL, kRow8 = 0xFF00000000000000ULL;
    const FullLines full = full_lines(own | other);
    // Squares safe along a line whatever happens: the line is full or a neighbour is off-board.
    const Bitboard h0 = full.horizontal | kColA | kColH;
    const Bitboard v0 = full.vertical | kRow1 | kRow8;
    const Bitboard d0 = full.diagonal | kColA | kRow1 | kColH | kRow8;
    const Bitboard a0 = full.anti | kColA | kRow1 | kColH | kRow8;
    Bitboard stable = own & h0 & v0 & d0 & a0;
    if (!stable) return 0;  // nothing to grow from: no corner, no full line crossing
    for (;;) {
        const Bitboard h = h0 | (stable << 1) | (stable >> 1);
        const Bitboard v = v0 | (stable << 8) | (stable >> 8);
        const Bitboard d = d0 | (stable << 9) | (stable >> 9);
        const Bitboard a = a0 | (stable << 7) | (stable >> 7);
        const Bitboard next = stable | (own & h & v & d & a);
        if (next == stable) return stable;
        stable = next;
    }
}

}  // namespace kibitz::othello::endgame
