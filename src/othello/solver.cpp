#include "othello/solver.h"

#include <algorithm>
#include <bit>

#include "othello/endgame_shallow.h"
#include "othello/endgame_stability.h"

namespace kibitz::othello {

namespace {

using namespace endgame;

// The tuning below was measured by the nodes and time to solve FFO #40-#44 (see
// data/othello/README.md); each choice names the alternative it beat.
// Positions with at least this many empties use the transposition table (8: 15% fewer nodes,
// but slower; 12: 15% more nodes).
constexpr int kHashMin = 10;
// Enhanced transposition cutoffs (probing every child) from this many empties (12 and 16:
// a little slower).
constexpr int kEtcMin = 14;
// From this many empties moves are ordered by a shallow alpha-beta search over order_value()
// (depth 2, and 3 from kOrderSearchDeep), below by fastest first: 30% fewer nodes than depth
// 1 from 18 empties and 2 from 21.
constexpr int kOrderSearchMin = 15;
constexpr int kOrderSearchDeep = 21;
// The root's moves are ordered by a search this deep from 20 empties (1 below): on FFO #40-#47,
// 1,314 M nodes instead of 1,808 M at depth 3 (#47: 47 M instead of 361 M, #45: 734 M instead
// of 891 M), and #50 1,460 M instead of 2,158 M; depths 5, 7 and 8 gave 1,299 M, 1,304 M and
// 1,330 M, depth 4 1,451 M. A wrong first move at the root costs a whole solve.
constexpr int kRootOrderDepth = 6;
// The stability cutoff is tried at nodes whose alpha is at least this: stable discs rarely
// prove a fail-low for a lower alpha, and counting them costs time.
constexpr int stability_threshold(int empties) { return empties <= 12 ? 20 : 30; }

// Mobility with the corners counted twice (a corner move is worth more to the mover).
inline int weighted_mobility(Bitboard moves) {
    return std::popcount(moves) + std::popcount(moves & kCorners);
}

// The empty squares next to a disc of `discs`: where the other side may get moves later.
inline Bitboard frontier_empties(Bitboard discs, Bitboard empties) {
    const Bitboard not_a = 0xFEFEFEFEFEFEFEFEULL, not_h = 0x7F7F7F7F7F7F7F7FULL;
    const Bitboard around = ((discs << 1) & not_a) | ((discs >> 1) & not_h) | (discs << 8) |
                            (discs >> 8) | ((discs << 9) & not_a) | ((discs >> 9) & not_h) |
                            ((discs << 7) & not_h) | ((discs >> 7) & not_a);
    return around & empties;
}

// The discs of `own` on a corner or on an edge square next to its own corner: stable, cheaply.
inline Bitboard corner_stable(Bitboard own) {
    const Bitboard corners = own & kCorners;
    const Bitboard beside = ((corners & 0x0100000000000001ULL) << 1) |
                            ((corners & 0x8000000000000080ULL) >> 1) | (corners << 8) |
                            (corners >> 8);
    return corners | (own & kCSquares & beside);
}

struct Candidate {
    Bitboard flips;
    int sq;
    int value;
};

}  // namespace

Solver::Solver(std::size_t hash_mb) : table_(hash_mb) {}

void Solver::clear() { table_.clear(); }

int Solver::order_value(Bitboard player, Bitboard opponent) const {
    const Bitboard empties = ~(player | opponent);
    if (order_eval_ && std::popcount(empties) >= order_eval_min_empties_)
        return order_eval_(player, opponent);
    const int mobility = weighted_mobility(legal_squares(player, opponent)) -
                         weighted_mobility(legal_squares(opponent, player));
    const int corners = std::popcount(player & kCorners) - std::popcount(opponent & kCorners);
    const int potential = std::popcount(frontier_empties(opponent, empties)) -
                          std::popcount(frontier_empties(player, empties));
    // X-squares beside an empty corner give the corner away.
    const Bitboard empty_corners = empties & kCorners;
    const Bitboard risky = ((empty_corners & 0x0000000000000001ULL) << 9) |
                           ((empty_corners & 0x0000000000000080ULL) << 7) |
                           ((empty_corners & 0x0100000000000000ULL) >> 7) |
                           ((empty_corners & 0x8000000000000000ULL) >> 9);
    const int x_squares = std::popcount(opponent & risky) - std::popcount(player & risky);
    const int stable =
        std::popcount(corner_stable(player)) - std::popcount(corner_stable(opponent));
    return 8 * mobility + 2 * potential + 16 * corners + 16 * x_squares + 8 * stable;
}

// Alpha-beta to depth over order_value, for move ordering; nodes count as solver nodes.
int Solver::order_search(Bitboard player, Bitboard opponent, int depth, int alpha, int beta) {
    ++nodes_;
    if (depth <= 0) return order_value(player, opponent);
    Bitboard moves = legal_squares(player, opponent);
    if (!moves) {
        if (!legal_squares(opponent, player)) return 1000 * final_score(player, opponent);
        return -order_search(opponent, player, depth, -beta, -alpha);
    }
    int best = -1000000;
    for (; moves; moves &= moves - 1) {
        const int x = std::countr_zero(moves);
        const Bitboard f = flipped_discs(x, player, opponent);
        const int v =
            -order_search(opponent ^ f, player | f | square_bit(x), depth - 1, -beta, -alpha);
        if (v > best) {
            best = v;
            if (v >= beta) break;
            if (v > alpha) alpha = v;
        }
    }
    return best;
}

// The hashed null-window search: positions with more than kShallowMax empties.
int Solver::search(Bitboard player, Bitboard opponent, int alpha, int beta) {
    // 1. Count the node; stop when asked.
    ++nodes_;
    if (stopped()) return 0;
    const Bitboard empties = ~(player | opponent);
    const int n_empties = std::popcount(empties);

    const bool hashed = n_empties >= kHashMin;
    const std::uint64_t key = hashed ? Board::hash(player, opponent) : 0;
    if (hashed) table_.prefetch(key);  // loads during steps 2 and 3

    // 2. No move: pass, or the game is over.
    Bitboard moves = legal_squares(player, opponent);
    if (!moves) {
        if (!legal_squares(opponent, player)) return final_score(player, opponent);
        return -search(opponent, player, -beta, -alpha);
    }

    // 3. Stability cutoff: the opponent's stable discs bound the score from above.
    if (alpha >= stability_threshold(n_empties)) {
        const int upper = 64 - 2 * std::popcount(stable_discs(opponent, player));
        if (upper <= alpha) return upper;
        if (upper < beta) beta = upper;
    }

    // 4. The transposition table: a cutoff, a narrower window, or a move to try first.
    int hash_move = -1;
    if (hashed) {
        TableHit hit;
        if (table_.probe(key, hit)) {
            if (hit.lower >= beta) return hit.lower;
            if (hit.upper <= alpha) return hit.upper;
            if (hit.lower == hit.upper) return hit.lower;
            alpha = std::max(alpha, hit.lower);
            beta = std::min(beta, hit.upper);
            hash_move = hit.move;
        }
    }

    // 5. The hash move first, before anything is spent on ordering the others.
    int best = kNoScore, best_sq = -1;
    const int alpha0 = alpha;
    bool first = true;
    // NegaScout: the first move with the full window, the others with a null window and a
    // re-search when one lands inside it. True on a cutoff.
    auto try_move = [&](int sq, Bitboard flips) {
        const Bitboard next_player = opponent ^ flips;
        const Bitboard next_opponent = player | flips | square_bit(sq);
        auto child = [&](int a, int b) {
            return n_empties - 1 <= kShallowMax
                       ? -solve_small(next_player, next_opponent, -b, -a, nodes_)
                       : -search(next_player, next_opponent, -b, -a);
        };
        int v;
        if (first || beta - alpha == 1) {
            v = child(alpha, beta);
        } else {
            v = child(alpha, alpha + 1);
            if (v > alpha && v < beta) v = child(v - 1, beta);
        }
        first = false;
        if (v > best) {
            best = v;
            best_sq = sq;
            if (v >= beta) return true;
            if (v > alpha) alpha = v;
        }
        return false;
    };
    bool cut = false;
    if (hash_move >= 0 && (moves & square_bit(hash_move))) {
        cut = try_move(hash_move, flipped_discs(hash_move, player, opponent));
        moves &= ~square_bit(hash_move);
    }

    // 6. The other moves with their flips and an ordering value: at many empties a shallow
    //    search, else fastest first (fewest replies for the opponent); then best first.
    Candidate list[34];
    int n = 0;
    const int order_depth = n_empties >= kOrderSearchDeep  ? 3
                            : n_empties >= kOrderSearchMin ? 2
                                                           : 0;
    const bool etc = n_empties >= kEtcMin;
    std::uint64_t child_keys[34];
    for (; moves && !cut; moves &= moves - 1) {
        Candidate& c = list[n];
        c.sq = std::countr_zero(moves);
        c.flips = flipped_discs(c.sq, player, opponent);
        if (etc) {  // the children's buckets load while the others are generated
            child_keys[n] = Board::hash(opponent ^ c.flips, player | c.flips | square_bit(c.sq));
            table_.prefetch(child_keys[n]);
        }
        ++n;
    }
    for (int i = 0; i < n && !cut; ++i) {
        Candidate& c = list[i];
        const Bitboard next_player = opponent ^ c.flips;
        const Bitboard next_opponent = player | c.flips | square_bit(c.sq);
        // Enhanced transposition cutoff: a child the table already refutes enough.
        if (etc) {
            TableHit child_hit;
            if (table_.probe(child_keys[i], child_hit) && -child_hit.upper >= beta) {
                best = -child_hit.upper;
                best_sq = c.sq;
                cut = true;
                break;
            }
        }
        if (order_depth > 0) {
            c.value = -order_search(next_player, next_opponent, order_depth - 1, -1000000, 1000000);
        } else {
            // Fastest first: few replies for the opponent (corners count twice), and the
            // mover's discs that are stable at the corners (weight 4; 0 and 16: 5-10% more).
            const Bitboard replies = legal_squares(next_player, next_opponent);
            c.value =
                -16 * weighted_mobility(replies) + 4 * std::popcount(corner_stable(next_opponent));
        }
    }
    for (int i = 0; i < n && !cut; ++i) {
        int pick = i;
        for (int j = i + 1; j < n; ++j)
            if (list[j].value > list[pick].value) pick = j;
        std::swap(list[i], list[pick]);
        cut = try_move(list[i].sq, list[i].flips);
    }

    // 7. Remember the result.
    if (hashed && !stopped()) table_.store(key, n_empties, alpha0, beta, best, best_sq);
    return best;
}

int Solver::solve_any(Bitboard player, Bitboard opponent, int alpha, int beta) {
    if (std::popcount(~(player | opponent)) <= kShallowMax)
        return solve_small(player, opponent, alpha, beta, nodes_);
    return search(player, opponent, alpha, beta);
}

int Solver::solve(const Board& board, int alpha, int beta) {
    table_.new_search();
    return solve_any(board.player(), board.opponent(), alpha, beta);
}

SolveResult Solver::solve_root(const Board& board, int alpha, int beta) {
    SolveResult result;
    const std::uint64_t nodes_before = nodes_;
    table_.new_search();
    Bitboard player = board.player(), opponent = board.opponent();

    // 1. The root: each move's exact value (or bound), NegaScout as in search().
    Bitboard moves = legal_squares(player, opponent);
    if (!moves) {
        if (!legal_squares(opponent, player)) {
            ++nodes_;
            result.score = final_score(player, opponent);
            result.nodes = nodes_ - nodes_before;
            return result;
        }
        result.best = Move::pass();
        ++nodes_;
        result.score = -solve_any(opponent, player, -beta, -alpha);
    } else {
        result.score = search_root(player, opponent, alpha, beta, result.best);
    }
    result.nodes = nodes_ - nodes_before;

    // 2. The principal variation, when the score is exact: at each position a move whose child
    //    solves to minus the score (the table makes these re-solves cheap). Not counted.
    const bool exact =
        (result.score > alpha || alpha <= -64) && (result.score < beta || beta >= 64);
    if (exact && !stopped()) {
        Board b = board;
        int score = result.score;
        Move m = result.best;
        while (!m.is_none()) {
            result.pv.push_back(m);
            b.make(m);
            score = -score;
            m = Move();
            MoveList list;
            b.generate(list);
            for (const Move candidate : list) {
                Board child = b;
                child.make(candidate);
                if (-solve_any(child.player(), child.opponent(), -score - 1, -score + 1) == score) {
                    m = candidate;
                    break;
                }
            }
        }
        nodes_ = nodes_before + result.nodes;
    }
    return result;
}

int Solver::search_root(Bitboard player, Bitboard opponent, int alpha, int beta, Move& best) {
    ++nodes_;
    const int n_empties = std::popcount(~(player | opponent));
    Candidate list[34];
    int n = 0;
    for (Bitboard moves = legal_squares(player, opponent); moves; moves &= moves - 1) {
        Candidate& c = list[n++];
        c.sq = std::countr_zero(moves);
        c.flips = flipped_discs(c.sq, player, opponent);
        const Bitboard next_player = opponent ^ c.flips;
        const Bitboard next_opponent = player | c.flips | square_bit(c.sq);
        c.value = -order_search(next_player, next_opponent, n_empties >= 20 ? kRootOrderDepth : 1,
                                -1000000, 1000000);
    }
    std::stable_sort(list, list + n,
                     [](const Candidate& a, const Candidate& b) { return a.value > b.value; });
    int best_score = kNoScore;
    for (int i = 0; i < n; ++i) {
        const Candidate& c = list[i];
        const Bitboard next_player = opponent ^ c.flips;
        const Bitboard next_opponent = player | c.flips | square_bit(c.sq);
        auto child = [&](int a, int b) {
            return n_empties - 1 <= kShallowMax
                       ? -solve_small(next_player, next_opponent, -b, -a, nodes_)
                       : -search(next_player, next_opponent, -b, -a);
        };
        int v;
        if (i == 0) {
            v = child(alpha, beta);
        } else {
            v = child(alpha, alpha + 1);
            if (v > alpha && v < beta) v = child(v - 1, beta);
        }
        if (stopped()) break;
        if (v > best_score) {
            best_score = v;
            best = Move::at(c.sq);
            if (v >= beta) break;
            if (v > alpha) alpha = v;
        }
    }
    return best_score;
}

}  // namespace kibitz::othello
