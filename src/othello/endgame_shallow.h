// The endgame solver between the last four empties and the hashed search: positions with a
// few empty squares (up to kShallowMax), solved by fail-soft alpha-beta over a small list of the
// empty squares, with parity ordering (squares in quadrants with an odd number of empties
// first: the side that moves there is likely to get the last move of that region).
#pragma once

#include <array>
#include <cstdint>

#include "othello/endgame_last.h"
#include "othello/endgame_stability.h"

namespace kibitz::othello::endgame {

// Up to this many empties positions are solved here, below the hashed search (5: 5% fewer
// nodes but no faster; 7: 30% more nodes, 10% slower, on FFO #40-#44).
constexpr int kShallowMax = 6;

// The empty squares of a position (at most 16 used here).
struct EmptyList {
    std::array<std::uint8_t, 16> sq{};
    int n = 0;
};

// Four squares, those in odd quadrants first (parity: bit q = quadrant q holds an odd number).
inline int solve4_by_parity(Bitboard player, Bitboard opponent, int alpha, int beta,
                            const std::uint8_t* list, unsigned parity, std::uint64_t& nodes) {
    int x[4], k = 0;
    for (int i = 0; i < 4; ++i)
        if (parity & (1u << quadrant_of(list[i]))) x[k++] = list[i];
    for (int i = 0; i < 4; ++i)
        if (!(parity & (1u << quadrant_of(list[i])))) x[k++] = list[i];
    return solve4(player, opponent, alpha, beta, x[0], x[1], x[2], x[3], nodes);
}

// n (5 to kShallowMax) empty squares in list; parity as above.
template <bool kAfterPass = false>
int solve_shallow(Bitboard player, Bitboard opponent, int alpha, int beta, const std::uint8_t* list,
                  int n, unsigned parity, std::uint64_t& nodes) {
    if constexpr (!kAfterPass) ++nodes;
    // Stability cutoff (as in the hashed search; from alpha 10 it saves 3% of the nodes).
    if (alpha >= 10) {
        const int upper = 64 - 2 * std::popcount(stable_discs(opponent, player));
        if (upper <= alpha) return upper;
    }
    int best = kNoScore;
    std::uint8_t child[16];
    // 1. Squares in odd quadrants, then the others.
    for (int round = 0; round < 2; ++round) {
        const unsigned want_odd = round == 0 ? 1u : 0u;
        for (int i = 0; i < n; ++i) {
            const int x = list[i];
            const unsigned q = unsigned(quadrant_of(x));
            if (((parity >> q) & 1u) != want_odd) continue;
            // 2. A legal move: next to an opponent disc, and it flips something.
            if (!(opponent & neighbours(x))) continue;
            const Bitboard f = flipped_discs(x, player, opponent);
            if (!f) continue;
            for (int j = 0, k = 0; j < n; ++j)
                if (j != i) child[k++] = list[j];
            const Bitboard next_player = opponent ^ f, next_opponent = player | f | square_bit(x);
            const unsigned next_parity = parity ^ (1u << q);
            // 3. The child, by the solver for its number of empties.
            const int v = n == 5 ? -solve4_by_parity(next_player, next_opponent, -beta, -alpha,
                                                     child, next_parity, nodes)
                                 : -solve_shallow(next_player, next_opponent, -beta, -alpha, child,
                                                  n - 1, next_parity, nodes);
            if (v > best) {
                best = v;
                if (v >= beta) return best;
                if (v > alpha) alpha = v;
            }
        }
    }
    if (best != kNoScore) return best;
    // 4. No move: pass, or the game is over.
    if constexpr (kAfterPass)
        return final_score(player, opponent);
    else
        return -solve_shallow<true>(opponent, player, -beta, -alpha, list, n, parity, nodes);
}

// Any position with at most kShallowMax empty squares. (The squares presorted by kind, corners
// first and X-squares last, as Edax does: 1.3% fewer nodes on FFO #40-#47 but 5% more time.)
inline int solve_small(Bitboard player, Bitboard opponent, int alpha, int beta,
                       std::uint64_t& nodes) {
    Bitboard empties = ~(player | opponent);
    std::uint8_t list[16];
    int n = 0;
    for (; empties; empties &= empties - 1) list[n++] = std::uint8_t(std::countr_zero(empties));
    const unsigned parity = quadrant_parity(~(player | opponent));
    switch (n) {
        case 0: ++nodes; return final_score(player, opponent);
        case 1: return solve1(player, list[0], nodes);
        case 2: return solve2(player, opponent, alpha, beta, list[0], list[1], nodes);
        case 3: return solve3(player, opponent, alpha, beta, list[0], list[1], list[2], nodes);
        case 4: return solve4_by_parity(player, opponent, alpha, beta, list, parity, nodes);
        default: return solve_shallow(player, opponent, alpha, beta, list, n, parity, nodes);
    }
}

}  // namespace kibitz::othello::endgame
