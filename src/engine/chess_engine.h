// The chess engine: ChessGame searched with the chess evaluation, plus the bench positions.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <ostream>

#include "engine/chess_game.h"
#include "engine/engine.h"
#include "eval/chess_eval.h"
#include "eval/endgame.h"
#include "eval/presets.h"

namespace kibitz::engine {

// Scores a ChessGame with the chosen evaluation. Each search thread holds its own copy, and so
// its own pawn hash table; the weights are shared and never change during a search.
class ChessEvaluator {
public:
    ChessEvaluator() : weights_(std::make_shared<const eval::Weights>(eval::default_weights())) {}
    explicit ChessEvaluator(eval::Preset preset) : ChessEvaluator() { preset_ = preset; }
    ChessEvaluator(const ChessEvaluator& o) : preset_(o.preset_), weights_(o.weights_) {}
    ChessEvaluator& operator=(const ChessEvaluator& o) {
        preset_ = o.preset_;
        weights_ = o.weights_;
        pawns_.clear();
        return *this;
    }

    eval::Preset preset() const { return preset_; }
    const eval::Weights& weights() const { return *weights_; }
    // Full evaluation with other weights (e.g. tuned ones).
    void set_weights(const eval::Weights& w) {
        weights_ = std::make_shared<const eval::Weights>(w);
        pawns_.clear();
    }

    search::Score operator()(const ChessGame& g) {
        // The full evaluation knows how to mate a lone king too.
        if (preset_ == eval::Preset::kFull)
            return eval::evaluate(g.position(), *weights_, pawns_) +
                   eval::mating_bonus(g.position());
        return eval::evaluate(g.position(), preset_);
    }

private:
    eval::Preset preset_ = eval::Preset::kFull;
    std::shared_ptr<const eval::Weights> weights_;
    eval::PawnTable pawns_;
};

using ChessEngine = Engine<ChessGame, ChessEvaluator>;

}  // namespace kibitz::engine

// The engine's search is compiled once, in chess_engine.cpp, not in every file that plays:
// that saved about a third of the compile time of the files that use the engine.
extern template class kibitz::search::Searcher<kibitz::engine::ChessGame,
                                               kibitz::engine::ChessEvaluator>;

namespace kibitz::engine {

class BenchStop;

// The bench: fixed positions searched to a fixed depth with one thread and a fresh 16 MB
// table each, so the node count is a signature of the search and evaluation. Writes one line
// per position to log. weights, when given, replace the default weights. A stop (from another
// thread) ends it at once; the result then counts the positions searched in full only.
BenchResult run_bench(int depth, std::ostream& log, const eval::Weights* weights = nullptr,
                      BenchStop* stop = nullptr);

// Lets another thread end a running bench (UCI "stop" during "bench").
class BenchStop {
public:
    // Ends the position being searched at once; no other one starts. Thread-safe.
    void stop() {
        std::lock_guard lock(mutex_);
        stopped_ = true;
        if (engine_) engine_->cancel();
    }

private:
    friend BenchResult run_bench(int, std::ostream&, const eval::Weights*, BenchStop*);
    // The engine of the position about to be searched (nullptr after it): false, and nothing
    // attached, once stopped.
    bool attach(ChessEngine* engine) {
        std::lock_guard lock(mutex_);
        engine_ = stopped_ ? nullptr : engine;
        return !stopped_;
    }

    std::mutex mutex_;
    ChessEngine* engine_ = nullptr;
    bool stopped_ = false;
};

inline constexpr int kBenchDepth = 11;

}  // namespace kibitz::engine
