// Experiment 12: experiment 4 on Othello. NegaScout / PVS and MTD(f) against alpha-beta, nodes
// and time to each depth (the thesis: NegaScout is "up to 50%" faster without changing the
// result; the Othello article names MTD(f)). The experiment itself is in exp_algorithms.cpp.
#include "lab/exp_common.h"
#include "lab/experiments.h"

namespace kibitz::lab {

namespace {

Status run(Context& ctx) {
    AlgorithmsSetup s;
    s.name = "othello-algorithms";
    s.title = "12. Othello: NegaScout/PVS and MTD(f) vs alpha-beta";
    s.base.order = Order::kHistory;  // killers and history; no quiescence in Othello
    s.max_depth = ctx.depth_or(ctx.options.quick ? 4 : 10);
    s.table_depths = 4;
    s.ms_decimals = 2;
    s.previous_depth = true;  // odd and even depths behave differently in Othello
    s.paper = "up to 50% (chess)";
    s.intro =
        "Experiment 4 on Othello positions: the lab's alpha-beta with Kibitz's full Othello "
        "evaluation, no quiescence, moves ordered by two killers per ply and the history "
        "heuristic. *NegaScout* searches every move after the first with a null window and "
        "searches again only when one beats alpha (Reinefeld 1983). *MTD(f)* (Plaat et al. "
        "1995) finds the value with a series of null-window searches around the previous "
        "iteration's value, which only pays with a table; so it is compared with alpha-beta "
        "and NegaScout that also deepen iteratively with the table (16 MB, same-depth cutoffs "
        "only, so that no value changes). Means per position; *gain* is the share of "
        "alpha-beta's nodes (or time) saved, in the same group.";
    s.why =
        "NegaScout gains when the first move is the best one, so that the others need only be "
        "proved worse with a null window; it loses whenever a later move is better and must "
        "be searched again. Without the table's move its first move is too often wrong in "
        "Othello (killers and history alone), and the re-searches eat the gain at moderate "
        "depths; with iterative deepening and the table it saves about 10%, like chess "
        "without the thesis's 50%. MTD(f) converges in steps of the evaluation's grain: "
        "each null-window pass moves a bound only to the value it proved, and Othello's "
        "evaluation is in centi-discs with mobility terms, so values differ by a few "
        "centi-discs and an iteration takes a hundred passes or more, against about ten in "
        "chess. The lab's table, which cuts only with entries of the same depth so that no "
        "value changes, makes each pass cheap but not free; a coarser evaluation grain "
        "would need fewer passes, as Plaat noted.";
    return run_algorithms(ctx, s);
}

}  // namespace

Experiment experiment_othello_algorithms() {
    return {"othello-algorithms", "Othello: NegaScout/PVS and MTD(f) vs alpha-beta",
            "experiment 4 on Othello: NegaScout up to 50% faster than alpha-beta, same result", run,
            GameKind::kOthello};
}

}  // namespace kibitz::lab
