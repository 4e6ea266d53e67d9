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

// One empty square x; every other square is a disc, those not in player the opponent's.
// Counts the position and, when a move is played, the full board after it.
inline int solve1(Bitboard player, int x, std::uint64_t& nodes) {
    ++nodes;
    const Bitboard opponent = ~(player | square_bit(x));
    const int p = std::popcount(player);  // the opponent has 63 - p
    if (const Bitboard f = flipped_discs(x, player, opponent)) {
        ++nodes;
        return 2 * (p + std::popcount(f)) + 2 - 64;
    }
    if (const Bitboard f = flipped_discs(x, opponent, player)) {
        ++nodes;
        return 2 * (p - std::popcount(f)) - 64;
    }
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
