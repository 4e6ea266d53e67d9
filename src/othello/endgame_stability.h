// Stable discs: discs that no sequence of moves can flip. The solver's stability cutoff uses
// them: a side that can never own the opponent's stable discs scores at most 64 - 2 * stable.
#pragma once

#include <bit>
#include <cstdint>

#include "othello/bitboard.h"

namespace kibitz::othello::endgame {

// The squares whose line is full in each of the four directions (no move can ever be played
// in such a line, so nothing on it flips along it).
struct FullLines {
    Bitboard horizontal = 0, vertical = 0, diagonal = 0, anti = 0;
};

// The squares of `empty` spread along a direction to both ends of each line: a square is in the
// result when its line in that direction holds an empty square. `shift` squares a step, and the
// masks keep a step from wrapping around the board's edge (the columns the step may not enter).
inline Bitboard spread(Bitboard empty, int shift, Bitboard up_mask, Bitboard down_mask) {
    Bitboard up = empty, down = empty;
    for (int step = shift, k = 0; k < 3; ++k, step *= 2) {
        up |= (up << step) & up_mask;
        down |= (down >> step) & down_mask;
        // Twice the step: the squares that neither half of it may enter.
        up_mask &= up_mask << step;
        down_mask &= down_mask >> step;
    }
    return up | down;
}

inline FullLines full_lines(Bitboard filled) {
    constexpr Bitboard kNotA = 0xFEFEFEFEFEFEFEFEULL, kNotH = 0x7F7F7F7F7F7F7F7FULL;
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
    // The diagonals (steps of 9: up a row and right a column) and anti-diagonals (steps of 7:
    // up a row and left a column): full where no empty square spreads.
    f.diagonal = ~spread(~filled, 9, kNotA, kNotH);
    f.anti = ~spread(~filled, 7, kNotH, kNotA);
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
