// The Othello engine: OthelloGame searched by the same Engine and Searcher templates as chess,
// with the Othello evaluation and the techniques that fit the game (no null move, no
// quiescence, no chess pruning margins).
#pragma once

#include <memory>

#include "engine/engine.h"
#include "engine/othello_game.h"
#include "eval/othello_eval.h"

namespace kibitz::engine {

// Scores an OthelloGame with the seed's evaluation at a chosen level.
class OthelloEvaluator {
public:
    OthelloEvaluator() = default;
    explicit OthelloEvaluator(eval::OthelloEvalLevel level) : level_(level) {}
    eval::OthelloEvalLevel level() const { return level_; }
    void set_weights(const eval::OthelloWeights& w) { weights_ = w; }
    const eval::OthelloWeights& weights() const { return weights_; }

    search::Score operator()(const OthelloGame& g) const {
        return eval::evaluate_othello(g.board(), weights_, level_);
    }

private:
    eval::OthelloEvalLevel level_ = eval::OthelloEvalLevel::kMobility;
    eval::OthelloWeights weights_ = eval::default_othello_weights();
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

// By default the solver takes over at this many empty squares.
constexpr int kDefaultSolveEmpties = 20;

// A game at board with a solver of hash_mb megabytes for `empties` empties or fewer (0: none).
inline OthelloGame make_othello_game(const othello::Board& board,
                                     int empties = kDefaultSolveEmpties, std::size_t hash_mb = 16) {
    OthelloGame g(board);
    if (empties > 0) g.set_solver(std::make_shared<othello::Solver>(hash_mb), empties);
    return g;
}

}  // namespace kibitz::engine
