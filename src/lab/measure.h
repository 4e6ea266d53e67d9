// Runs one lab search configuration over every position of an experiment and adds up the work.
#pragma once

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "engine/chess_engine.h"
#include "engine/othello_engine.h"
#include "lab/alphabeta.h"
#include "lab/lab.h"

namespace kibitz::lab {

// One configuration of the lab's search under the name the reports give it.
struct Variant {
    std::string name;
    Config config;
};

struct Totals {
    search::Stats stats;
    std::uint64_t order_evals = 0;
    std::int64_t ns = 0;
    int passes = 0;
    std::vector<Score> scores;               // the root value of each position, in order
    std::vector<std::uint64_t> leaves_each;  // and its leaves

    int count() const { return int(scores.size()); }
    double mean(std::uint64_t total) const { return count() ? double(total) / count() : 0.0; }
    double mean_ms() const { return count() ? double(ns) / 1e6 / count() : 0.0; }
    // Share of beta cutoffs made by the first move (and by one of the first three).
    double first_cut() const {
        return stats.beta_cutoffs ? double(stats.first_move_cutoffs) / double(stats.beta_cutoffs)
                                  : 0.0;
    }
    double first3_cut() const {
        return stats.beta_cutoffs ? double(stats.first3_cutoffs) / double(stats.beta_cutoffs) : 0.0;
    }
};

// Searches each of positions (G is constructed from one) to depth with config and eval. With
// config.tt, each position starts with a fresh table of tt_mb megabytes. Stops early when ctx
// is stopped.
template <class G, class E, class Positions>
Totals measure_game(Context& ctx, const Positions& positions, E& eval, const Config& config,
                    Depth depth, std::size_t tt_mb, Progress* progress, const std::string& what) {
    Totals t;
    std::unique_ptr<search::TranspositionTable> tt;
    if (config.tt) tt = std::make_unique<search::TranspositionTable>(tt_mb);
    for (const auto& pos : positions) {
        if (ctx.stopped()) break;
        if (tt) tt->clear();
        G g(pos);
        AlphaBeta<G, E> ab(eval, config, tt.get());
        const Outcome o = ab.run(g, depth);
        t.stats.add(o.stats);
        t.order_evals += o.order_evals;
        t.ns += o.ns;
        t.passes += o.passes;
        t.scores.push_back(o.score);
        t.leaves_each.push_back(o.stats.leaves);
        if (progress) progress->step(what);
    }
    return t;
}

// The chess positions of ctx, scored by the evaluation preset.
inline Totals measure(Context& ctx, eval::Preset preset, const Config& config, Depth depth,
                      std::size_t tt_mb = 16, Progress* progress = nullptr,
                      const std::string& what = "") {
    engine::ChessEvaluator eval(preset);
    return measure_game<engine::ChessGame>(ctx, ctx.positions, eval, config, depth, tt_mb, progress,
                                           what);
}

// The Othello positions of ctx, scored by Kibitz's full Othello evaluation (centi-discs).
inline Totals measure_othello(Context& ctx, const Config& config, Depth depth,
                              std::size_t tt_mb = 16, Progress* progress = nullptr,
                              const std::string& what = "") {
    engine::OthelloEvaluator eval(eval::OthelloEvalLevel::kMobility);
    return measure_game<engine::OthelloGame>(ctx, ctx.othello_positions, eval, config, depth, tt_mb,
                                             progress, what);
}

// Effective branching factor between two node counts d plies apart.
inline double branching(double deeper, double shallower, int plies) {
    return shallower > 0 && deeper > 0 && plies > 0 ? std::pow(deeper / shallower, 1.0 / plies)
                                                    : 0.0;
}

}  // namespace kibitz::lab
