// Multi-ProbCut for Othello: the fitted models that predict a deep search's value from a
// shallow one, by game stage (empties) and depth. `kibitz othello probcut-fit` measures them
// (src/tune/othello_probcut.cpp) and writes othello_probcut.inc.
#pragma once

#include "search/game.h"

namespace kibitz::engine {

constexpr int kProbCutStages = 6;          // empties 60-51, 50-41, 40-31, 30-21, 20-11, 10-1
constexpr int kProbCutMinDepth = 3;        // shallower searches are not cut
constexpr int kProbCutMaxDepth = 10;       // deeper ones use this depth's model
constexpr double kProbCutThreshold = 1.5;  // "on": cut at this many standard deviations

inline int probcut_stage(int empties) {
    const int s = (60 - empties) / 10;
    return s < 0 ? 0 : s >= kProbCutStages ? kProbCutStages - 1 : s;
}
// The depth of the shallow search that predicts a search to `depth`: about half as deep, and
// of the same parity (Othello evaluations swing between odd and even depths).
constexpr int probcut_shallow(int depth) {
    const int half = depth / 2 - ((depth / 2 - depth) & 1);
    return half > 1 ? half : 1;
}

struct ProbCutFit {
    float slope = 1, offset = 0, sigma = 0;  // sigma 0: no model
};
// [stage][depth]
using ProbCutTable = ProbCutFit[kProbCutStages][kProbCutMaxDepth + 1];
const ProbCutTable& othello_probcut_table();

// The model for a search to depth in a position with `empties` empty squares (false: none).
inline bool othello_probcut_model(int empties, int depth, search::ProbCutModel& model) {
    if (depth < kProbCutMinDepth) return false;
    const ProbCutFit& f =
        othello_probcut_table()[probcut_stage(empties)]
                               [depth > kProbCutMaxDepth ? kProbCutMaxDepth : depth];
    if (f.sigma <= 0) return false;
    model.shallow = probcut_shallow(depth);
    model.slope = f.slope;
    model.offset = f.offset;
    model.sigma = f.sigma;
    model.cut = kProbCutThreshold;
    return true;
}

}  // namespace kibitz::engine
