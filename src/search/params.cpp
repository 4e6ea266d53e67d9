#include "search/params.h"

#include "core/strings.h"

namespace kibitz::search {

namespace {

using P = SearchParams;

// The ranges offered for tuning: wide enough for SPSA to explore, narrow enough that every
// value still makes a working search.
constexpr SearchParam kParams[] = {
    {"AspirationDepth", &P::aspiration_depth, 1, 12},
    {"AspirationWindow", &P::aspiration_window, 5, 200},
    {"AspirationGrowth", &P::aspiration_growth, 10, 200},
    {"TimeUnstable", &P::time_unstable, 100, 300},
    {"TimeStable", &P::time_stable, 20, 100},
    {"TimeStableIterations", &P::time_stable_iterations, 1, 12},
    {"TimeScoreDrop", &P::time_score_drop, 100, 300},
    {"ScoreDrop", &P::score_drop, 5, 200},
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
    {"LmpDepth", &P::lmp_depth, 0, 16},
    {"LmpBase", &P::lmp_base, 1, 12},
    {"FutilityDepth", &P::futility_depth, 0, 16},
    {"FutilityBase", &P::futility_base, 0, 400},
    {"FutilityPerDepth", &P::futility_per_depth, 20, 400},
    {"SeeDepth", &P::see_depth, 0, 16},
    {"SeeTactical", &P::see_tactical, 20, 400},
    {"SeeQuiet", &P::see_quiet, 5, 200},
    {"LmrDepth", &P::lmr_depth, 1, 8},
    {"LmrBase", &P::lmr_base, 0, 200},
    {"LmrDivisor", &P::lmr_divisor, 100, 500},
    {"LmrHistoryDivisor", &P::lmr_history_divisor, 1024, 32768},
    {"DeltaMargin", &P::delta_margin, 0, 1000},
    {"HistoryQuadratic", &P::history_quadratic, 0, 64},
    {"HistoryLinear", &P::history_linear, 0, 128},
    {"HistoryMax", &P::history_max, 200, 8000},
};

}  // namespace

std::span<const SearchParam> search_param_list() { return kParams; }

std::string search_param_options(const SearchParams& p) {
    std::string out;
    for (const auto& q : kParams)
        out += "option name " + std::string(q.name) + " type spin default " +
               std::to_string(p.*q.field) + " min " + std::to_string(q.min) + " max " +
               std::to_string(q.max) + "\n";
    return out;
}

const SearchParam* find_search_param(std::string_view name) {
    for (const auto& q : kParams)
        if (core::equal_nocase(q.name, name)) return &q;
    return nullptr;
}

std::string set_search_param(SearchParams& p, const SearchParam& q, std::string_view value) {
    const auto v = core::parse_int<int>(core::trim(value));
    if (!v || *v < q.min || *v > q.max)
        return std::string(q.name) + " takes a whole number from " + std::to_string(q.min) +
               " to " + std::to_string(q.max) + ", not '" + core::clip(value) + "'";
    p.*q.field = *v;
    return "";
}

}  // namespace kibitz::search
