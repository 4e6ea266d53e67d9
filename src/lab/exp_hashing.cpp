// Experiment 5: the transposition table. With and without it, at several sizes, in the lab's
// value-preserving alpha-beta and in the engine's search; and iterative deepening 1..N
// against a direct search to depth N (the thesis: deepening is often the faster of the two).
// The experiment for either game is here; experiment 13 (Othello) gives its own setup.
#include <algorithm>

#include "lab/exp_common.h"
#include "lab/experiments.h"
#include "lab/variants.h"

namespace kibitz::lab {

namespace {

// The engine's search, with its table or as the "no-tt" variant.
EngineTotals engine_totals(Context& ctx, bool table, int depth, std::size_t mb, Progress& progress,
                           const std::string& what) {
    search::Limits limits;
    limits.depth = depth;
    return add_up(ctx, ctx.positions, progress, what, [&](const chess::Position& pos) {
        const VariantSearch s = search_with_variant(table ? "full" : "no-tt", pos, limits, mb);
        return EngineTotals{s.stats.nodes, s.ms};
    });
}

Status run(Context& ctx) {
    HashingSetup s;
    s.name = "hashing";
    s.title = "5. Transposition table, and iterative deepening vs a direct search";
    s.quiescence = search::kMaxPly;
    s.depth = ctx.depth_or(ctx.options.quick ? 3 : 6);
    s.engine_depth = ctx.options.quick ? 6 : s.depth + 7;
    s.direct_from = std::max(2, s.depth - 2);
    s.lab_search =
        "**A. Table size.** The lab's alpha-beta (quiescence, MVV-LVA, killers, history, "
        "iterative deepening)";
    s.engine_search = "Kibitz's engine search";
    s.engine_note =
        " and the table is what makes its other pruning safe. Each position starts with an "
        "empty table. Means per position.";
    s.engine_chart = "Engine search";
    s.table_claim =
        "a hash table saves work (thesis: store depth, score, move; trust deep entries)";
    s.lab_label = "lab αβ";
    s.why =
        "Iterative deepening pays in the lab's alpha-beta as the thesis says: the shallow "
        "iterations cost a fraction of the last one and leave it the best moves to try first, "
        "in the table, the killers and the history. Without a table, deepening repeats the "
        "shallow work for little, which is why the lab's search without one needs more than "
        "twice the nodes. The lab's table cuts only with entries of exactly the same depth (so "
        "that no value changes); the engine trusts any entry at least as deep as needed, as the "
        "thesis describes, and its pruning leans on the table's moves and bounds. Size matters "
        "little at these depths: a 1 MB table already holds most of what a search of this "
        "size needs; bigger tables pay in long analyses and slow games, where the tree "
        "outgrows them.";
    return run_hashing(ctx, s, engine_totals);
}

}  // namespace

Status run_hashing(Context& ctx, const HashingSetup& s, const EngineSearch& engine) {
    const int depth = s.depth, engine_depth = s.engine_depth;
    const std::vector<std::size_t> sizes = ctx.options.quick
                                               ? std::vector<std::size_t>{1, 16}
                                               : std::vector<std::size_t>{1, 4, 16, 64};
    const auto n = int(ctx.position_count());
    const int steps = n * (int(sizes.size() + 1) * 2 + 2 * (depth - s.direct_from + 1));
    Progress progress(ctx.log, s.name, steps);

    // A. Table sizes: the lab's alpha-beta (ID, ordering) and the engine.
    Config lab;
    lab.quiescence = s.quiescence;
    lab.order = Order::kHistory;
    lab.iterative = true;
    struct SizeRow {
        std::string name;
        Totals lab;
        EngineTotals engine;
    };
    std::vector<SizeRow> size_rows;
    size_rows.push_back({"no table", measure_full(ctx, lab, depth, 0, &progress, "no table"),
                         engine(ctx, false, engine_depth, 1, progress, "engine, no table")});
    lab.tt = true;
    for (const std::size_t mb : sizes) {
        const std::string name = std::to_string(mb) + " MB";
        size_rows.push_back({name, measure_full(ctx, lab, depth, mb, &progress, name),
                             engine(ctx, true, engine_depth, mb, progress, "engine, " + name)});
    }

    // B. Iterative deepening against a direct search, with the table.
    struct DirectRow {
        int depth;
        Totals iterative, direct;
    };
    std::vector<DirectRow> direct_rows;
    for (int d = s.direct_from; d <= depth && !ctx.stopped(); ++d) {
        Config direct = lab;
        direct.iterative = false;
        direct_rows.push_back(
            {d, measure_full(ctx, lab, d, 16, &progress, "ID depth " + std::to_string(d)),
             measure_full(ctx, direct, d, 16, &progress, "direct depth " + std::to_string(d))});
    }
    if (ctx.stopped()) return Done{};

    bool same = true;
    for (const auto& row : size_rows) same = same && row.lab.scores == size_rows[0].lab.scores;
    for (const auto& row : direct_rows) same = same && row.iterative.scores == row.direct.scores;

    Report r(ctx, s.title);
    r.text(s.lab_search + " to depth " + std::to_string(depth) +
           ", where the table gives the best move of the last visit and cuts only with entries "
           "of the same depth (so the value never changes); and " +
           s.engine_search + " to depth " + std::to_string(engine_depth) +
           ", where entries of any sufficient depth cut" + s.engine_note);
    r.agreement("The lab's searches returned the same value with every table and in both modes",
                same);
    std::vector<std::vector<std::string>> rows;
    BarChart chart;
    chart.title =
        s.engine_chart + " to depth " + std::to_string(engine_depth) + ": nodes by table size";
    chart.y_label = "nodes per position";
    for (const auto& row : size_rows) {
        const double lab_nodes = row.lab.mean(row.lab.stats.nodes);
        const double engine_nodes = double(row.engine.nodes) / n;
        rows.push_back(
            {row.name, with_commas(std::uint64_t(lab_nodes)), fixed(row.lab.mean_ms(), 1),
             percent(lab_nodes / size_rows[0].lab.mean(size_rows[0].lab.stats.nodes)),
             with_commas(std::uint64_t(engine_nodes)), fixed(double(row.engine.ms) / n, 1),
             percent(engine_nodes / (double(size_rows[0].engine.nodes) / n))});
        chart.bars.push_back({row.name, engine_nodes, 0});
    }
    r.table({"table", "lab αβ nodes", "lab ms", "lab vs none", "engine nodes", "engine ms",
             "engine vs none"},
            rows);
    r.plot("sizes", render_svg(chart), titled(ctx, "Engine nodes by table size"));

    r.text(
        "**B. Iterative deepening 1..N against depth N alone**, the lab's alpha-beta with a "
        "16 MB table, killers and history. Deepening pays when the moves and bounds it "
        "leaves in the table, killers and history save more than the shallower iterations "
        "cost.");
    rows.clear();
    LinePlot plot =
        depth_plot(titled(ctx, "Iterative deepening vs a direct search"), "nodes per position");
    Series s_it{"iterative 1..N", {}, {}}, s_direct{"depth N directly", {}, {}};
    for (const auto& row : direct_rows) {
        const double it = row.iterative.mean(row.iterative.stats.nodes);
        const double direct = row.direct.mean(row.direct.stats.nodes);
        rows.push_back({std::to_string(row.depth), with_commas(std::uint64_t(it)),
                        fixed(row.iterative.mean_ms(), 1), with_commas(std::uint64_t(direct)),
                        fixed(row.direct.mean_ms(), 1), fixed(it / direct, 2)});
        s_it.x.push_back(row.depth), s_it.y.push_back(it);
        s_direct.x.push_back(row.depth), s_direct.y.push_back(direct);
    }
    r.table({"N", "iterative nodes", "iterative ms", "direct nodes", "direct ms",
             "iterative / direct (nodes)"},
            rows);
    plot.series = {s_it, s_direct};
    r.plot("iterative", render_svg(plot),
           titled(ctx, "Iterative deepening against a direct search"));

    const auto& last = direct_rows.back();
    r.headline(game_prefix(ctx) + "iterating 1..N is often faster than depth N alone",
               "often faster",
               "depth " + std::to_string(last.depth) + ": " +
                   fixed(last.iterative.mean(last.iterative.stats.nodes) /
                             last.direct.mean(last.direct.stats.nodes),
                         2) +
                   "× the nodes, " + fixed(double(last.iterative.ns) / double(last.direct.ns), 2) +
                   "× the time of the direct search");
    const auto& none = size_rows.front();
    const auto& biggest = size_rows.back();
    r.headline(
        game_prefix(ctx) + s.table_claim, "–",
        "engine, depth " + std::to_string(engine_depth) + ": " +
            fixed(double(none.engine.nodes) /
                      double(std::max<std::uint64_t>(1, biggest.engine.nodes)),
                  1) +
            "× the nodes without a table than with " + biggest.name + "; " + s.lab_label + ": " +
            fixed(none.lab.mean(none.lab.stats.nodes) / biggest.lab.mean(biggest.lab.stats.nodes),
                  2) +
            "×");
    r.why(s.why);
    return r.save();
}

Experiment experiment_hashing() {
    return {"hashing", "Transposition table; iterative vs direct",
            "thesis: with a hash table, iterating 1..N is often faster than N alone", run};
}

}  // namespace kibitz::lab
