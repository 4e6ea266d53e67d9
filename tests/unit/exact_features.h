// The search's value-preserving features only: alpha-beta ordering, no TT cutoffs, no pruning,
// no extensions. With them the engine's Searcher returns what plain alpha-beta returns.
#pragma once

#include "search/features.h"

namespace kibitz::test {

constexpr search::Features kExactFeatures{.tt = false,
                                          .aspiration = false,
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
                                          .iir = false,
                                          .probcut = false,
                                          .singular = false,
                                          .correction_history = false};

}  // namespace kibitz::test
