// Fitting the Multi-ProbCut models of Othello (Buro 1997): positions from self-play games are
// searched to every depth up to a maximum; for each game stage and each pair of depths d and a
// shallower s, a least-squares line predicts the depth-d value from the depth-s value, and the
// residuals' standard deviation is the model's sigma.
#pragma once

#include <atomic>
#include <cstdint>
#include <ostream>
#include <string>

#include "engine/othello_probcut.h"

namespace kibitz::tune {

struct ProbCutFitOptions {
    int positions = 300;   // positions per stage
    int max_depth = 8;     // deepest search fitted (deeper ones use its models)
    int random_plies = 8;  // random opening moves of the self-play games
    std::uint64_t seed = 1;
};

struct ProbCutFitReport {
    int positions = 0;  // positions searched
    // [stage][depth][shallow depth]
    int samples[engine::kProbCutStages][engine::kProbCutMaxDepth + 1]
               [engine::kProbCutMaxDepth + 1] = {};
    double correlation[engine::kProbCutStages][engine::kProbCutMaxDepth + 1]
                      [engine::kProbCutMaxDepth + 1] = {};
};

// Fills table (stages without enough positions keep sigma 0: no cuts there); progress goes to
// log; stops early, with what it has, once *stop is true.
ProbCutFitReport fit_othello_probcut(const ProbCutFitOptions& options, engine::ProbCutTable& table,
                                     std::ostream& log, const std::atomic<bool>* stop = nullptr);

// The table as the body of src/engine/othello_probcut.inc.
std::string probcut_table_to_cpp(const engine::ProbCutTable& table, const std::string& origin);

}  // namespace kibitz::tune
