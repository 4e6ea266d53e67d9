// The endgame solver's last moves: positions with one to four empty squares, solved without
// move lists or make/unmake. Each tries the empty squares in a fixed order (the caller sorts
// them, odd quadrants first), skips a square at once when no opponent disc touches it, and
// computes the flips only where it may be legal; the last move is scored from its flip count.
// Scores are from the side to move: final disc difference with the empties to the winner.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "othello/bitboard.h"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace kibitz::othello::endgame {

constexpr int kNoScore = -65;  // below every score: "no move found yet"

// The squares around each square (a move is legal only next to an opponent disc).
struct Neighbours {
    std::array<Bitboard, 64> of{};
    constexpr Neighbours() {
        for (int sq = 0; sq < 64; ++sq)
            for (int dr = -1; dr <= 1; ++dr)
                for (int dc = -1; dc <= 1; ++dc) {
                    const int r = row_of(sq) + dr, c = column_of(sq) + dc;
                    if ((dr || dc) && r >= 0 && r < 8 && c >= 0 && c < 8)
                        of[std::size_t(sq)] |= square_bit(r * 8 + c);
                }
    }
};
inline constexpr Neighbours kNeighbours{};
inline Bitboard neighbours(int sq) { return kNeighbours.of[std::size_t(sq)]; }

// The quadrant (0-3: A1-D4, E1-H4, A5-D8, E5-H8) of a square, for parity ordering.
constexpr int quadrant_of(int sq) { return (row_of(sq) >> 2) * 2 + (column_of(sq) >> 2); }
constexpr Bitboard kQuadrantMask[4] = {0x000000000F0F0F0FULL, 0x00000000F0F0F0F0ULL,
                                       0x0F0F0F0F00000000ULL, 0xF0F0F0F000000000ULL};
// Bit q set when quadrant q holds an odd number of the empty squares.
inline unsigned quadrant_parity(Bitboard empties) {
    unsigned parity = 0;
    for (int q = 0; q < 4; ++q)
        parity |= unsigned(std::popcount(empties & kQuadrantMask[q]) & 1) << q;
    return parity;
}

// The score of a finished game: disc difference, the empty squares to the winner.
inline int final_score(Bitboard player, Bitboard opponent) {
    const int p = std::popcount(player), o = std::popcount(opponent);
    const int diff = p - o, empties = 64 - p - o;
    return diff > 0 ? diff + empties : diff < 0 ? diff - empties : 0;
}

// How many discs a move on x flips for `mover` when x is the board's only empty square (every
// other square is the mover's or the other side's): the last move needs the count, not the
// discs. With BMI2, each of the four lines through x is packed by pext into at most 8 bits and
// a table gives the flips along it; otherwise the flipped discs are counted.
#if defined(__BMI2__)
struct LastFlipTables {
    std::array<std::array<Bitboard, 4>, 64> line{};        // the four lines through each square
    std::array<std::array<std::uint8_t, 4>, 64> place{};   // x's bit in the packed line
    std::array<std::array<std::uint8_t, 256>, 8> flips{};  // [place][the mover's packed line]
    constexpr LastFlipTables() {
        // A line is a ray and its opposite (bitboard.h's directions d and d + 4) and the square.
        for (int sq = 0; sq < 64; ++sq)
            for (std::size_t d = 0; d < 4; ++d) {
                const auto& rays = kRays.from[std::size_t(sq)];
                line[std::size_t(sq)][d] = rays[d] | rays[d + 4] | square_bit(sq);
                place[std::size_t(sq)][d] = std::uint8_t(std::popcount(rays[d + 4]));
            }
        // Packed squares past the line's end read as 0 (not the mover's), so a run that reaches
        // them ends without a disc of the mover and flips nothing, as at the board's edge.
        for (int at = 0; at < 8; ++at)
            for (int bits = 0; bits < 256; ++bits) {
                int n = 0, j = at + 1;
                while (j < 8 && !((bits >> j) & 1)) ++j;
                if (j < 8) n += j - at - 1;
                j = at - 1;
                while (j >= 0 && !((bits >> j) & 1)) --j;
                if (j >= 0) n += at - j - 1;
                flips[std::size_t(at)][std::size_t(bits)] = std::uint8_t(n);
            }
    }
};
inline constexpr LastFlipTables kLastFlips{};
#endif

inline int last_move_flips(int x, Bitboard mover) {
#if defined(__BMI2__)
    const auto& lines = kLastFlips.line[std::size_t(x)];
    const auto& place = kLastFlips.place[std::size_t(x)];
    int n = 0;
    for (std::size_t d = 0; d < 4; ++d) n += kLastFlips.flips[place[d]][_pext_u64(mover, lines[d])];
    return n;
#else
    return std::popcount(flipped_discs(x, mover, ~(mover | square_bit(x))));
#endif
}

// One empty square x; every other square is a disc, those not in player the opponent's.
// Counts the position, not the full board after it: as Zebra counts, a node is a position
// with a move left to decide.
inline int solve1(Bitboard player, int x, std::uint64_t& nodes) {
    ++nodes;
    const Bitboard opponent = ~(player | square_bit(x));
    const int p = std::popcount(player);  // the opponent has 63 - p
    if (const int n = last_move_flips(x, player)) return 2 * (p + n) + 2 - 64;
    if (const int n = last_move_flips(x, opponent)) return 2 * (p - n) - 64;
    return p >= 32 ? 2 * p - 62 : 2 * p - 64;  // nobody can move: the empty to the winner
}

// Two to four empty squares, tried in the given order. kAfterPass: the other side has just
// passed (the node was counted, and when this side cannot move either the game is over).
template <bool kAfterPass = false>
int solve2(Bitboard player, Bitboard opponent, int alpha, int beta, int x1, int x2,
           std::uint64_t& nodes) {
    if constexpr (!kAfterPass) ++nodes;
    int best = kNoScore;
    Bitboard f;
    if ((opponent & neighbours(x1)) && (f = flipped_discs(x1, player, opponent))) {
        best = -solve1(opponent ^ f, x2, nodes);
        if (best >= beta) return best;
    }
    if ((opponent & neighbours(x2)) && (f = flipped_discs(x2, player, opponent))) {
        const int v = -solve1(opponent ^ f, x1, nodes);
        return v > best ? v : best;
    }
    if (best != kNoScore) return best;
    if constexpr (kAfterPass)
        return final_score(player, opponent);
    else
        return -solve2<true>(opponent, player, -beta, -alpha, x1, x2, nodes);
}

template <bool kAfterPass = false>
int solve3(Bitboard player, Bitboard opponent, int alpha, int beta, int x1, int x2, int x3,
           std::uint64_t& nodes) {
    if constexpr (!kAfterPass) ++nodes;
    int best = kNoScore;
    auto try_move = [&](int x, int a, int b) {
        if (!(opponent & neighbours(x))) return false;
        const Bitboard f = flipped_discs(x, player, opponent);
        if (!f) return false;
        const int v = -solve2(opponent ^ f, player | f | square_bit(x), -beta, -alpha, a, b, nodes);
        if (v > best) {
            best = v;
            if (v >= beta) return true;
            if (v > alpha) alpha = v;
        }
        return false;
    };
    if (try_move(x1, x2, x3) || try_move(x2, x1, x3) || try_move(x3, x1, x2)) return best;
    if (best != kNoScore) return best;
    if constexpr (kAfterPass)
        return final_score(player, opponent);
    else
        return -solve3<true>(opponent, player, -beta, -alpha, x1, x2, x3, nodes);
}

template <bool kAfterPass = false>
int solve4(Bitboard player, Bitboard opponent, int alpha, int beta, int x1, int x2, int x3, int x4,
           std::uint64_t& nodes) {
    if constexpr (!kAfterPass) ++nodes;
    int best = kNoScore;
    auto try_move = [&](int x, int a, int b, int c) {
        if (!(opponent & neighbours(x))) return false;
        const Bitboard f = flipped_discs(x, player, opponent);
        if (!f) return false;
        const int v =
            -solve3(opponent ^ f, player | f | square_bit(x), -beta, -alpha, a, b, c, nodes);
        if (v > best) {
            best = v;
            if (v >= beta) return true;
            if (v > alpha) alpha = v;
        }
        return false;
    };
    if (try_move(x1, x2, x3, x4) || try_move(x2, x1, x3, x4) || try_move(x3, x1, x2, x4) ||
        try_move(x4, x1, x2, x3))
        return best;
    if (best != kNoScore) return best;
    if constexpr (kAfterPass)
        return final_score(player, opponent);
    else
        return -solve4<true>(opponent, player, -beta, -alpha, x1, x2, x3, x4, nodes);
}

}  // namespace kibitz::othello::endgame
