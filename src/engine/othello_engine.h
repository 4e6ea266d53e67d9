// The Othello engine: OthelloGame searched by the same Engine and Searcher templates as chess,
// with the Othello evaluation and the techniques that fit the game (no null move, no
// quiescence, no chess pruning margins).
#pragma once

#include <memory>
#include <ostream>

#include "engine/engine.h"
#include "engine/othello_game.h"
#include "eval/othello_eval.h"
#include "eval/othello_patterns.h"

namespace kibitz::engine {

// Scores an OthelloGame with the evaluation at a chosen level. The default is the fitted
// pattern evaluation: against the seed's full evaluation (kMobility) it scored 191-7-2 at
// depth 4 (100 pairs, +552 +/- 137 Elo) and 98-2-0 at depth 6 (50 pairs, +676 +/- 539).
class OthelloEvaluator {
public:
    OthelloEvaluator() = default;
    explicit OthelloEvaluator(eval::OthelloEvalLevel level) : level_(level) {}
    eval::OthelloEvalLevel level() const { return level_; }
    void set_weights(const eval::OthelloWeights& w) { weights_ = w; }
    const eval::OthelloWeights& weights() const { return weights_; }
    // Pattern weights other than the built-in ones (a fit to try), for the patterns level.
    void set_pattern_weights(const eval::PatternWeights& w) {
        patterns_ = std::make_shared<const eval::PatternEvaluator>(w);
    }

    search::Score operator()(const OthelloGame& g) const {
        if (patterns_ && level_ == eval::OthelloEvalLevel::kPatterns)
            return (*patterns_)(g.board().player(), g.board().opponent());
        return eval::evaluate_othello(g.board(), weights_, level_);
    }

private:
    eval::OthelloEvalLevel level_ = eval::OthelloEvalLevel::kPatterns;
    eval::OthelloWeights weights_ = eval::default_othello_weights();
    std::shared_ptr<const eval::PatternEvaluator> patterns_;  // null: the built-in weights
};

// The search techniques for Othello: alpha-beta family with TT, killers, history, aspiration
// windows and internal iterative reduction. Chess's pruning margins are in centipawns and its
// quiescence, null move (zugzwang is the rule in Othello) and check extension have no meaning.
inline constexpr search::Features kOthelloFeatures{
    .null_move = false,
    .lmr = false,
    .futility = false,
    .reverse_futility = false,
    .late_move_pruning = false,
    .quiescence = false,
    .quiescence_checks = false,
    .see_pruning = false,
    .delta_pruning = false,
    .check_extension = false,
    .mate_distance = false,
};

using OthelloEngine = Engine<OthelloGame, OthelloEvaluator, kOthelloFeatures>;

}  // namespace kibitz::engine

// Compiled once, in othello_engine.cpp (see chess_engine.h).
extern template class kibitz::search::Searcher<kibitz::engine::OthelloGame,
                                               kibitz::engine::OthelloEvaluator,
                                               kibitz::engine::kOthelloFeatures>;

namespace kibitz::engine {

// By default the solver takes over at this many empty squares.
constexpr int kDefaultSolveEmpties = 20;

// The solver's move ordering at 18 empties or more (the leaves of its depth-3 ordering
// searches from 21 empties, of its depth-2 ones from 20): the pattern evaluation, times 10 to
// the scale of the ordering search's final positions (1000 per disc). On FFO #40-#44 it saved
// 6.2% of the nodes (320.4 M instead of 341.6 M) and about 8% of the time; used at every
// ordering leaf (from 0 empties) it saved 7.7% of the nodes but cost 2-5% more time.
constexpr int kPatternOrderMinEmpties = 18;
inline int othello_order_eval(othello::Bitboard player, othello::Bitboard opponent) {
    return 10 * eval::evaluate_othello_patterns(player, opponent);
}
inline void use_pattern_ordering(othello::Solver& solver,
                                 int min_empties = kPatternOrderMinEmpties) {
    solver.set_order_eval(othello_order_eval, min_empties);
}

// The engine's solver: hash_mb megabytes of table, moves ordered with the pattern evaluation.
inline std::shared_ptr<othello::Solver> make_othello_solver(std::size_t hash_mb) {
    auto solver = std::make_shared<othello::Solver>(hash_mb);
    use_pattern_ordering(*solver);
    return solver;
}

// A game at board with the engine's solver of hash_mb megabytes for `empties` empties or fewer
// (0: none).
inline OthelloGame make_othello_game(const othello::Board& board,
                                     int empties = kDefaultSolveEmpties, std::size_t hash_mb = 16) {
    OthelloGame g(board);
    if (empties > 0) g.set_solver(make_othello_solver(hash_mb), empties);
    return g;
}

// The Othello bench: 24 positions after 8 to 38 random moves from the start (a fixed seed),
// each searched to `depth` with a fresh engine (16 MB, no solver): the node count is a
// signature of the Othello search and evaluation. Writes one line a position to log.
BenchResult run_othello_bench(int depth, std::ostream& log);
inline constexpr int kOthelloBenchDepth = 10;

}  // namespace kibitz::engine
