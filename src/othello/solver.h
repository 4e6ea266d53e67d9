// The exact Othello endgame solver: the final disc difference of a position under perfect play
// by both sides (empty squares go to the winner), found by a null-window alpha-beta search
// (NegaScout, Reinefeld 1983) with a transposition table from 8 empties and enhanced
// transposition cutoffs (Plaat et al. 1996) from 14, a selective pass with ProbCut (Buro 1995)
// before the exact search from 20 empties, move ordering by shallow searches (15+ empties), by
// "fastest first" (fewest replies for the opponent, as described for Zebra and Edax) below and
// wherever a wipeout is hunted (alpha 48 or more), and
// by quadrant parity in the last 6 (endgame_shallow.h); stability cutoffs (a bound from the
// opponent's stable discs, endgame_stability.h); and hand-written solvers for the last four
// empty squares without move lists or make/unmake (endgame_last.h). Written for Kibitz from
// these published ideas; no code of other programs. The weights were tuned on FFO #40-#44.
//
// With more than one thread (set_threads) the solve is shared by "young brothers wait"
// (Feldmann 1993): at a node with many empties whose first move did not cut off, the other
// moves are offered to idle threads, which search them with the node's current window in the
// shared table; a cutoff found by any thread stops the others' work below that node.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "othello/board.h"
#include "othello/endgame_table.h"

namespace kibitz::othello {

struct SolveResult {
    int score = 0;  // exact when it lies strictly inside the window of the call
    Move best;      // a move that reaches score (none when the game is over)
    std::uint64_t nodes = 0;
    std::vector<Move> pv;  // best first; passes included, to the end of the game
};

class Solver {
public:
    // A solver with a transposition table of about hash_mb megabytes (at least one entry).
    explicit Solver(std::size_t hash_mb = 64);
    ~Solver();
    Solver(const Solver&) = delete;
    Solver& operator=(const Solver&) = delete;

    // Threads that share each solve (1, the default: no helper threads).
    void set_threads(int threads);
    int threads() const;

    // Forgets the transposition table (a new game, or a fair timing).
    void clear();
    // When *stop becomes true the current solve returns soon with a meaningless value.
    void set_stop(const std::atomic<bool>* stop) { stop_ = stop; }
    // A function asked now and then (about every 100,000 nodes) whether to stop, like *stop:
    // the engine's search checks its clock there.
    using Poll = bool (*)();
    void set_poll(Poll poll) { poll_ = poll; }

    // The exact final score for the side to move (disc difference, empties to the winner),
    // fail-soft within (alpha, beta): a result <= alpha is an upper bound, >= beta a lower
    // bound. Needs -64 <= alpha < beta <= 64.
    int solve(const Board& board, int alpha, int beta);
    // solve() plus a best move and, when the score is exact, the principal variation.
    SolveResult solve_root(const Board& board, int alpha = -64, int beta = 64);

    // The positions visited by the solve calls since the last reset_nodes(): every node with a
    // move left to decide, not the full boards after the last move (as Zebra counts; before
    // 2026-11-28 Kibitz counted those too, about a third more).
    std::uint64_t nodes() const;
    void reset_nodes();

    // An evaluation for ordering moves at many empties (side to move's view, any scale,
    // bigger is better), used for positions with at least min_empties empty squares (the
    // leaves of one ordering search all have about as many). Without one, or below that, the
    // solver orders by its own mobility heuristics.
    using OrderEval = int (*)(Bitboard player, Bitboard opponent);
    void set_order_eval(OrderEval eval, int min_empties = 0) {
        order_eval_ = eval;
        order_eval_min_empties_ = min_empties;
    }
    // solve_root() from this many empties (20 by default; more than 60: never) searches first
    // with ProbCut over the order evaluation, then exactly in a window around that score. Needs
    // an order evaluation.
    void set_selective_from(int empties) { selective_from_ = empties; }

private:
    struct Worker;
    struct SplitPoint;
    struct Pool;
    struct Candidate;

    int solve_any(Worker& w, Bitboard player, Bitboard opponent, int alpha, int beta);
    int search(Worker& w, Bitboard player, Bitboard opponent, int alpha, int beta);
    // The root's moves with their ordering values, best first; how many.
    int order_root(Worker& w, Bitboard player, Bitboard opponent, Candidate* list);
    int search_root(Worker& w, Bitboard player, Bitboard opponent, const Candidate* list, int n,
                    int alpha, int beta, Move& best);
    int child_value(Worker& w, Bitboard player, Bitboard opponent, const Candidate& c,
                    int n_empties, int alpha, int beta);
    bool can_split(int n_empties) const;
    void split(Worker& w, Bitboard player, Bitboard opponent, int n_empties, const Candidate* moves,
               int count, int& alpha, int beta, int& best, int& best_sq);
    void work_at(Worker& w, SplitPoint& sp, bool owner);
    void help_below(Worker& w, SplitPoint& sp);
    SplitPoint* take_job(const SplitPoint* under);
    void helper_loop(Worker& w);
    int order_search(Worker& w, Bitboard player, Bitboard opponent, int depth, int alpha, int beta,
                     bool patterns = false);
    int order_value(Bitboard player, Bitboard opponent) const;
    bool stopped(const Worker& w) const;

    endgame::Table table_;
    std::unique_ptr<Worker> main_;  // the calling thread's
    std::unique_ptr<Pool> pool_;    // the helper threads, when more than one
    const std::atomic<bool>* stop_ = nullptr;
    Poll poll_ = nullptr;
    mutable std::uint64_t next_poll_ = 0;
    mutable std::atomic<bool> polled_stop_{false};
    OrderEval order_eval_ = nullptr;
    int selective_from_ = 20;
    int selectivity_ = 0;  // ProbCut's margin in tenths of a standard deviation; 0: exact
    int order_eval_min_empties_ = 0;
};

}  // namespace kibitz::othello
