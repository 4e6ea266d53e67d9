// The search's numbers in one place: every margin, depth limit, divisor and factor with which
// it prunes, reduces, extends, orders moves and stops. Plies, counts and ratios hold for every
// game and have their values here; margins in score units (chess: centipawns, Othello:
// centi-discs) have none here and come from the game, through G::search_params(). A build
// with -DKIBITZ_TUNING=ON offers each one as a UCI spin option of the same name (for SPSA
// tuning); ratios are in hundredths so that every option is an integer.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/strings.h"
#include "search/score.h"

namespace kibitz::search {

struct SearchParams {
    // Aspiration windows: from this depth on, a window of this half-width (score units) around
    // the last score, widened by this share (percent) after each fail.
    Depth aspiration_depth = 4;
    Score aspiration_window = 0;
    int aspiration_growth = 50;

    // Time: the soft limit is stretched by this percentage when the best move just changed,
    // shrunk to this one after this many iterations without a change, and stretched by this
    // one when the score fell by more than score_drop (score units).
    int time_unstable = 160;
    int time_stable = 60;
    int time_stable_iterations = 4;
    int time_score_drop = 150;
    Score score_drop = 0;
    // From this depth on, the soft limit is also scaled by the share of the iteration's nodes
    // that went to the best move: by (node_base + node_factor · (1 − share)) percent, so a
    // move that took nearly all the effort (the others refuted at once) stops sooner, and one
    // that had to be searched against strong rivals goes on longer. 100 and 0: no scaling,
    // until games show which values pay (60 and 160 are on trial).
    Depth time_node_depth = 6;
    int time_node_base = 100;
    int time_node_factor = 0;
    // A mate score stands once the iteration depth is this many plies beyond twice the mate's
    // length: a shorter mate, or a longer defence, would have shown by then, so the search
    // stops deepening (an infinite one holds its move until "stop").
    Depth mate_settled_depth = 6;

    // Reverse futility (static null move) up to this depth: a margin per ply, less when the
    // evaluation is improving.
    Depth rfp_depth = 7;
    Score rfp_margin = 0;
    Score rfp_improving = 0;

    // Null move from this depth: reduction base + depth / divisor + (eval - beta) / eval_step
    // (at most eval_max); from verify_depth on a fail high is verified.
    Depth nmp_depth = 3;
    int nmp_base = 3;
    int nmp_depth_divisor = 4;
    Score nmp_eval_step = 0;
    int nmp_eval_max = 3;
    Depth nmp_verify_depth = 12;

    // Internal iterative reduction from this depth.
    Depth iir_depth = 6;

    // Singular extensions from this depth: the table move, stored at least depth - tt_slack
    // deep with a lower bound, is searched a ply deeper when every other move, searched to half
    // the depth, fails low against its score less margin · depth (score units per ply; a game
    // with no margin has no singular extensions). When they do not, and even that lowered bound
    // is at least beta, several moves reach beta and the node is cut (multi-cut).
    Depth se_depth = 8;
    Depth se_tt_slack = 3;
    Score se_margin = 0;
    // Double extension, off a PV: a singular move whose rivals fail low by more than this
    // (score units; 0: never) gets two plies, at most double_limit times on a line. Negative
    // extension (1: on, 0: off): a table move that is not singular but whose score is at least
    // beta is searched a ply shallower, as the other moves may do as well. Both on trial.
    Score se_double_margin = 0;
    int se_double_limit = 6;
    int se_negative = 0;

    // Late move pruning up to this depth: quiet moves after (base + depth²) / (2 - improving).
    Depth lmp_depth = 8;
    int lmp_base = 3;

    // Futility pruning of quiet moves up to this depth: eval + base + per_depth · depth.
    Depth futility_depth = 8;
    Score futility_base = 0;
    Score futility_per_depth = 0;

    // SEE pruning up to this depth: captures losing more than tactical · depth, quiet moves
    // more than quiet · depth².
    Depth see_depth = 6;
    Score see_tactical = 0;
    Score see_quiet = 0;

    // Late move reductions from this depth (2 at least: a reduction leaves one ply): base +
    // ln(depth) · ln(moves) / divisor (both in hundredths), one ply less per history_divisor of
    // history.
    Depth lmr_depth = 3;
    int lmr_base = 75;
    int lmr_divisor = 225;
    int lmr_history_divisor = 8192;
    // LMR and history pruning read the continuation history 1 and 2 plies back too (1: yes,
    // 0: the history alone); quiet moves up to history_prune_depth (0: never) whose history
    // is below -history_prune_margin · depth are not searched (chess reads the continuation
    // history in LMR; history pruning is on trial).
    int lmr_continuation = 0;
    Depth history_prune_depth = 0;
    int history_prune_margin = 2048;
    // Late captures that lose material by SEE are searched this many plies shallower first, one
    // more at a cut node, like a late quiet move (0: never, until games show that it pays; 1 is
    // on trial for chess).
    Depth lmr_bad_captures = 0;

    // Quiescence delta pruning: a capture that cannot lift the evaluation within this margin
    // of alpha (score units).
    Score delta_margin = 0;
    // Quiet checks at the first ply of the quiescence search (1: yes, 0: captures and
    // promotions only; the lab found that they may not pay, so 0 is on trial for chess).
    int qsearch_checks = 1;

    // Captures are ordered by MVV-LVA (8 · victim's value − attacker) plus capture history /
    // this divisor (0: no capture history; 8 was level in games, 0.0 ± 28.7 Elo after 293).
    int capture_history_divisor = 0;
    // Quiet moves that attack a bigger enemy piece are ordered as if their history were this
    // much higher (history runs from -16384 to 16384; 0: not at all, until games show that it
    // pays: 8192 is on trial).
    int quiet_threat_bonus = 0;

    // Correction history: after a search of depth d, its entries move towards the error
    // found by min(weight_per_ply · (d + 1), weight_max) 256ths of the way; no entry holds
    // more than limit (score units; 0: no correction; chess uses 96 cp).
    int correction_weight_per_ply = 16;
    int correction_weight_max = 128;
    Score correction_limit = 0;

    // ProbCut by captures (Buro 1995, in the form of Stockfish's search): from probcut_depth
    // at non-PV nodes, a capture that wins at least probcut_margin over beta by SEE, and whose
    // search probcut_reduction plies shallower still beats beta + probcut_margin, ends the
    // node (0: off, until games show that it pays; 200 is on trial for chess).
    Score probcut_margin = 0;
    Depth probcut_depth = 5;
    Depth probcut_reduction = 4;

    // Continuation history: how many of the tables after the moves 1, 2 and 4 plies back
    // order quiet moves (0: none; chess uses 3, which games showed to pay).
    int continuation_plies = 0;

    // History bonus for a cutoff: min(max, quadratic · depth² + linear · depth).
    int history_quadratic = 16;
    int history_linear = 32;
    int history_max = 2000;
};

// Games supply their own parameters: the margins in their score units, and any other value
// they need different from the default.
template <class G>
concept HasSearchParams = requires {
    { G::search_params() } -> std::convertible_to<SearchParams>;
};

// One parameter as a UCI option: its name, the field and the range offered for tuning.
struct SearchParam {
    std::string_view name;
    int SearchParams::*field;
    int min, max;
};

namespace detail {

using P = SearchParams;

// The ranges offered for tuning: wide enough for SPSA to explore, narrow enough that every
// value still makes a working search.
inline constexpr SearchParam kParams[] = {
    {"AspirationDepth", &P::aspiration_depth, 1, 12},
    {"AspirationWindow", &P::aspiration_window, 5, 200},
    {"AspirationGrowth", &P::aspiration_growth, 10, 200},
    {"TimeUnstable", &P::time_unstable, 100, 300},
    {"TimeStable", &P::time_stable, 20, 100},
    {"TimeStableIterations", &P::time_stable_iterations, 1, 12},
    {"TimeScoreDrop", &P::time_score_drop, 100, 300},
    {"ScoreDrop", &P::score_drop, 5, 200},
    {"TimeNodeDepth", &P::time_node_depth, 1, 20},
    {"TimeNodeBase", &P::time_node_base, 20, 150},
    {"TimeNodeFactor", &P::time_node_factor, 0, 300},
    {"MateSettledDepth", &P::mate_settled_depth, 2, 60},
    {"RfpDepth", &P::rfp_depth, 0, 16},
    {"RfpMargin", &P::rfp_margin, 20, 300},
    {"RfpImproving", &P::rfp_improving, 0, 150},
    {"NmpDepth", &P::nmp_depth, 1, 8},
    {"NmpBase", &P::nmp_base, 1, 6},
    {"NmpDepthDivisor", &P::nmp_depth_divisor, 2, 12},
    {"NmpEvalStep", &P::nmp_eval_step, 50, 600},
    {"NmpEvalMax", &P::nmp_eval_max, 0, 6},
    {"NmpVerifyDepth", &P::nmp_verify_depth, 6, 64},
    {"IirDepth", &P::iir_depth, 2, 16},
    {"SeDepth", &P::se_depth, 4, 16},
    {"SeTtSlack", &P::se_tt_slack, 1, 8},
    {"SeMargin", &P::se_margin, 1, 10},
    {"LmpDepth", &P::lmp_depth, 0, 16},
    {"LmpBase", &P::lmp_base, 1, 12},
    {"FutilityDepth", &P::futility_depth, 0, 16},
    {"FutilityBase", &P::futility_base, 0, 400},
    {"FutilityPerDepth", &P::futility_per_depth, 20, 400},
    {"SeeDepth", &P::see_depth, 0, 16},
    {"SeeTactical", &P::see_tactical, 20, 400},
    {"SeeQuiet", &P::see_quiet, 5, 200},
    {"LmrDepth", &P::lmr_depth, 2, 8},
    {"LmrBase", &P::lmr_base, 0, 200},
    {"LmrDivisor", &P::lmr_divisor, 100, 500},
    {"LmrHistoryDivisor", &P::lmr_history_divisor, 1024, 32768},
    {"LmrContinuation", &P::lmr_continuation, 0, 1},
    {"HistoryPruneDepth", &P::history_prune_depth, 0, 8},
    {"HistoryPruneMargin", &P::history_prune_margin, 256, 16384},
    {"LmrBadCaptures", &P::lmr_bad_captures, 0, 3},
    {"DeltaMargin", &P::delta_margin, 0, 1000},
    {"QsearchChecks", &P::qsearch_checks, 0, 1},
    {"CaptureHistoryDivisor", &P::capture_history_divisor, 0, 64},
    {"QuietThreatBonus", &P::quiet_threat_bonus, 0, 32768},
    {"CorrectionWeightPerPly", &P::correction_weight_per_ply, 1, 128},
    {"CorrectionWeightMax", &P::correction_weight_max, 8, 256},
    {"CorrectionLimit", &P::correction_limit, 0, 400},
    {"ProbCutMargin", &P::probcut_margin, 0, 600},
    {"ProbCutDepth", &P::probcut_depth, 2, 16},
    {"ProbCutReduction", &P::probcut_reduction, 2, 8},
    {"ContinuationPlies", &P::continuation_plies, 0, 3},
    {"SeDoubleMargin", &P::se_double_margin, 0, 200},
    {"SeDoubleLimit", &P::se_double_limit, 1, 20},
    {"SeNegative", &P::se_negative, 0, 1},
    {"HistoryQuadratic", &P::history_quadratic, 0, 64},
    {"HistoryLinear", &P::history_linear, 0, 128},
    {"HistoryMax", &P::history_max, 200, 8000},
};

}  // namespace detail

// Every parameter, in the order above.
inline std::span<const SearchParam> search_param_list() { return detail::kParams; }

// The parameter of this name (case-insensitive), or null.
inline const SearchParam* find_search_param(std::string_view name) {
    for (const auto& q : detail::kParams)
        if (core::equal_nocase(q.name, name)) return &q;
    return nullptr;
}

// The UCI option lines ("option name AspirationWindow type spin default 25 min 5 max 200\n"),
// with the defaults from p.
inline std::string search_param_options(const SearchParams& p) {
    std::string out;
    for (const auto& q : detail::kParams)
        out += "option name " + std::string(q.name) + " type spin default " +
               std::to_string(p.*q.field) + " min " + std::to_string(q.min) + " max " +
               std::to_string(q.max) + "\n";
    return out;
}

// Sets the parameter q in p from a UCI value; the error (empty when it was set) names the
// parameter, its range and the value.
inline std::string set_search_param(SearchParams& p, const SearchParam& q, std::string_view value) {
    const auto v = core::parse_int<int>(core::trim(value));
    if (!v || *v < q.min || *v > q.max)
        return std::string(q.name) + " takes a whole number from " + std::to_string(q.min) +
               " to " + std::to_string(q.max) + ", not '" + core::clip(value) + "'";
    p.*q.field = *v;
    return "";
}

// A tuning build (cmake -DKIBITZ_TUNING=ON) offers the parameters as UCI options.
#ifdef KIBITZ_TUNING
inline constexpr bool kTuningBuild = true;
#else
inline constexpr bool kTuningBuild = false;
#endif

}  // namespace kibitz::search
