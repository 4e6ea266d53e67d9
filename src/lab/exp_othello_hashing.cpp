// Experiment 13: experiment 5 on Othello. The transposition table with and without it, at
// several sizes, in the lab's value-preserving alpha-beta and in Kibitz's Othello engine; and
// iterative deepening 1..N against a direct search to depth N. The experiment itself is in
// exp_hashing.cpp.
#include <algorithm>

#include "engine/othello_engine.h"
#include "lab/exp_common.h"
#include "lab/experiments.h"

namespace kibitz::lab {

namespace {

// The Othello engine without its table (and without internal iterative reduction, which
// reduces every node that has no table move: with no table, all of them).
constexpr search::Features kNoTable = [] {
    search::Features f = engine::kOthelloFeatures;
    f.tt = false;
    f.iir = false;
    return f;
}();

// Kibitz's Othello search to depth on every position, with a table of mb megabytes (none when
// F has no table); the endgame solver is off so that every node is a search node.
template <search::Features F>
EngineTotals othello_engine_totals(Context& ctx, int depth, std::size_t mb, Progress& progress,
                                   const std::string& what) {
    search::Limits limits;
    limits.depth = depth;
    return add_up(ctx, ctx.othello_positions, progress, what, [&](const othello::Board& board) {
        engine::Engine<engine::OthelloGame, engine::OthelloEvaluator, F> e;
        e.set_hash_mb(mb);
        e.set_position(engine::make_othello_game(board, 0));
        core::Stopwatch clock;
        e.search_now(limits);
        return EngineTotals{e.stats().nodes, clock.elapsed_ms()};
    });
}

// Kibitz's Othello search with its table, or without it (kNoTable).
EngineTotals engine_totals(Context& ctx, bool table, int depth, std::size_t mb, Progress& progress,
                           const std::string& what) {
    return table ? othello_engine_totals<engine::kOthelloFeatures>(ctx, depth, mb, progress, what)
                 : othello_engine_totals<kNoTable>(ctx, depth, mb, progress, what);
}

Status run(Context& ctx) {
    HashingSetup s;
    s.name = "othello-hashing";
    s.title = "13. Othello: transposition table, and iterative deepening vs a direct search";
    s.depth = ctx.depth_or(ctx.options.quick ? 4 : 10);
    s.engine_depth = ctx.options.quick ? 6 : s.depth + 4;
    s.direct_from = std::max(2, s.depth - 3);
    s.lab_search =
        "Experiment 5 on Othello positions. **A. Table size.** The lab's alpha-beta (Kibitz's "
        "full Othello evaluation, killers, history, iterative deepening)";
    s.engine_search =
        "Kibitz's Othello engine search (PVS, killers, history, aspiration, Multi-ProbCut; the "
        "endgame solver off)";
    s.engine_note =
        ". The engine without a table also goes without internal iterative reduction, which "
        "reduces every node that has no table move. Each position starts with an empty table. "
        "Othello transposes often (the same discs are reached by moves in another order), and "
        "early in the game Kibitz's key is the same for the eight mirror images of a position. "
        "Means per position.";
    s.engine_chart = "Othello engine search";
    s.table_claim = "a hash table saves work";
    s.lab_label = "lab αβ (ID) depth " + std::to_string(s.depth);
    s.why =
        "The table's move and iterative deepening carry each node's best move from one "
        "iteration to the next; without a table, deepening repeats the shallow work for "
        "little. The lab's table cuts only with entries of exactly the same depth (so that no "
        "value changes); the engine trusts any entry at least as deep as needed, and its "
        "Multi-ProbCut and aspiration windows search many nodes twice, which the table makes "
        "cheap. Size matters little at these depths: a 1 MB table already holds most of what "
        "a search of this size needs.";
    return run_hashing(ctx, s, engine_totals);
}

}  // namespace

Experiment experiment_othello_hashing() {
    return {"othello-hashing", "Othello: transposition table; iterative vs direct",
            "experiment 5 on Othello: with a hash table, iterating 1..N is often faster than N "
            "alone",
            run, GameKind::kOthello};
}

}  // namespace kibitz::lab
