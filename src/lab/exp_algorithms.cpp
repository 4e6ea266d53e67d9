// Experiment 4: NegaScout / PVS and MTD(f) against alpha-beta, nodes and time to each depth
// (the thesis: NegaScout is "up to 50%" faster without changing the result). The experiment
// for either game is here; experiment 12 (Othello) gives its own setup.
#include <algorithm>

#include "lab/exp_common.h"
#include "lab/experiments.h"

namespace kibitz::lab {

namespace {

std::vector<Variant> variants(const Config& base) {
    Config pvs = base;
    pvs.pvs = true;
    Config id = base;
    id.tt = id.iterative = true;
    Config id_pvs = id;
    id_pvs.pvs = true;
    Config mtdf = id;
    mtdf.mtdf = true;
    return {{"alpha-beta", base},
            {"NegaScout", pvs},
            {"alpha-beta + ID + TT", id},
            {"NegaScout + ID + TT", id_pvs},
            {"MTD(f) + ID + TT", mtdf}};
}

Status run(Context& ctx) {
    AlgorithmsSetup s;
    s.name = "algorithms";
    s.title = "4. NegaScout/PVS and MTD(f) vs alpha-beta";
    s.base.quiescence = search::kMaxPly;
    s.base.order = Order::kHistory;
    s.max_depth = ctx.depth_or(ctx.options.quick ? 3 : 6);
    s.table_depths = 3;
    s.ms_decimals = 1;
    s.paper = "up to 50%";
    s.intro =
        "The lab's alpha-beta with quiescence and the full evaluation, moves ordered by "
        "MVV-LVA, killers and history. *NegaScout* searches every move after the first with a "
        "null window and searches again only when one beats alpha (Reinefeld 1983). "
        "*MTD(f)* (Plaat et al. 1995) finds the value with a series of null-window searches "
        "around the previous iteration's value, which only pays with a table; so it is compared "
        "with alpha-beta and NegaScout that also deepen iteratively with the table (16 MB, "
        "same-depth cutoffs only, so that no value changes). Means per position; *gain* is "
        "the share of alpha-beta's nodes (or time) saved, in the same group.";
    s.why =
        "NegaScout gains because after a good first move most moves only need to be proved "
        "worse, which a null window does with fewer nodes; it loses when a later move is better "
        "and must be searched again. The thesis's \"up to 50%\" is a best case; with a good "
        "ordering the gain here is 10–20%, larger with iterative deepening and the table, whose "
        "best moves make the first move right more often. MTD(f) needs a table that keeps "
        "bounds from pass to pass; even with the lab's table, which cuts only with entries of "
        "the same depth so that no value changes, it comes close to NegaScout, at the price of "
        "about ten root searches per iteration.";
    return run_algorithms(ctx, s);
}

}  // namespace

Status run_algorithms(Context& ctx, const AlgorithmsSetup& s) {
    const int max_depth = s.max_depth;
    const auto list = variants(s.base);
    const auto n = int(ctx.position_count());
    Progress progress(ctx.log, s.name, int(list.size()) * max_depth * n);
    std::vector<std::vector<Totals>> results(list.size());
    for (int d = 1; d <= max_depth && !ctx.stopped(); ++d)
        for (std::size_t v = 0; v < list.size() && !ctx.stopped(); ++v)
            results[v].push_back(measure_full(ctx, list[v].config, d, 16, &progress,
                                              list[v].name + " depth " + std::to_string(d)));
    if (ctx.stopped()) return Done{};
    const bool same = same_scores(results);

    Report r(ctx, s.title);
    r.text(s.intro);
    r.agreement("All five returned the same value on every position at every depth", same);

    std::vector<std::vector<std::string>> rows;
    LinePlot plot = depth_plot(titled(ctx, "Nodes to each depth: alpha-beta, NegaScout, MTD(f)"),
                               "nodes per position");
    for (std::size_t v = 0; v < list.size(); ++v) {
        Series series{list[v].name, {}, {}};
        const std::size_t reference = v < 2 ? 0 : 2;
        for (int d = 1; d <= max_depth; ++d) {
            const Totals& t = results[v][std::size_t(d - 1)];
            const Totals& ref = results[reference][std::size_t(d - 1)];
            const double nodes = t.mean(t.stats.nodes);
            series.x.push_back(d), series.y.push_back(nodes);
            // The table shows the deeper depths.
            if (d <= max_depth - s.table_depths && d != 1) continue;
            const double gain =
                1.0 - double(t.stats.nodes) / double(std::max<std::uint64_t>(1, ref.stats.nodes));
            const double time_gain = 1.0 - double(t.ns) / double(std::max<std::int64_t>(1, ref.ns));
            rows.push_back({list[v].name, std::to_string(d), with_commas(std::uint64_t(nodes)),
                            fixed(t.mean_ms(), s.ms_decimals), v == reference ? "–" : percent(gain),
                            v == reference ? "–" : percent(time_gain),
                            fixed(double(t.passes) / n, 1), with_commas(t.stats.researches)});
        }
        plot.series.push_back(series);
    }
    r.table({"search", "depth", "nodes per position", "ms per position", "node gain", "time gain",
             "root passes per position", "re-searches"},
            rows);
    r.plot("nodes", render_svg(plot), titled(ctx, "Nodes by depth, log scale"));

    // Signed changes at the deepest depth, and where odd and even depths differ (Othello) the one
    // before: "8.8% fewer nodes" or "42.2% more nodes".
    auto change = [&](std::size_t v, std::size_t reference, int d, bool time) {
        const Totals& t = results[v][std::size_t(d - 1)];
        const Totals& ref = results[reference][std::size_t(d - 1)];
        const double fraction =
            time
                ? 1.0 - double(t.ns) / double(std::max<std::int64_t>(1, ref.ns))
                : 1.0 - double(t.stats.nodes) / double(std::max<std::uint64_t>(1, ref.stats.nodes));
        const char* better = time ? " less time" : " fewer nodes";
        const char* worse = time ? " more time" : " more nodes";
        return fraction >= 0 ? percent(fraction) + better : percent(-fraction) + worse;
    };
    auto both = [&](std::size_t v, std::size_t reference, int d, const char* separator) {
        return change(v, reference, d, false) + separator + change(v, reference, d, true);
    };
    auto at = [](int d) { return " (depth " + std::to_string(d) + ")"; };
    const int d2 = std::max(1, max_depth - 1);
    auto previous = [&](std::size_t v, std::size_t reference) {
        return s.previous_depth ? ", " + both(v, reference, d2, " / ") + at(d2) : std::string();
    };
    r.headline(game_prefix(ctx) + "NegaScout is up to 50% faster than alpha-beta, same result",
               s.paper,
               both(1, 0, max_depth, ", ") + at(max_depth) + previous(1, 0) + "; with ID + TT " +
                   both(3, 2, max_depth, " / ") + "; same values: " + (same ? "yes" : "NO"));
    r.headline(game_prefix(ctx) + "MTD(f) (named by the Othello article)", "–",
               both(4, 2, max_depth, ", ") + " than alpha-beta + ID + TT" + at(max_depth) +
                   previous(4, 2));
    r.why(s.why);
    return r.save();
}

Experiment experiment_algorithms() {
    return {"algorithms", "NegaScout/PVS and MTD(f) vs alpha-beta",
            "thesis: NegaScout up to 50% faster than alpha-beta, same result", run};
}

}  // namespace kibitz::lab
