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

    // Late move reductions from this depth: base + ln(depth) · ln(moves) / divisor (both in
    // hundredths), one ply less per history_divisor of history.
    Depth lmr_depth = 3;
    int lmr_base = 75;
    int lmr_divisor = 225;
    int lmr_history_divisor = 8192;

    // Quiescence delta pruning: a capture that cannot lift the evaluation within this margin
    // of alpha (score units).
    Score delta_margin = 0;

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

// Every parameter, in the order above.
std::span<const SearchParam> search_param_list();
// The parameter of this name (case-insensitive), or null.
const SearchParam* find_search_param(std::string_view name);

// The UCI option lines ("option name AspirationWindow type spin default 25 min 5 max 200\n"),
// with the defaults from p.
std::string search_param_options(const SearchParams& p);

// Sets the parameter q in p from a UCI value; the error (empty when it was set) names the
// parameter, its range and the value.
std::string set_search_param(SearchParams& p, const SearchParam& q, std::string_view value);

// A tuning build (cmake -DKIBITZ_TUNING=ON) offers the parameters as UCI options.
#ifdef KIBITZ_TUNING
inline constexpr bool kTuningBuild = true;
#else
inline constexpr bool kTuningBuild = false;
#endif

}  // namespace kibitz::search
