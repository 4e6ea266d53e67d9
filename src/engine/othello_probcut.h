// Multi-ProbCut for Othello: the fitted models that predict a deep search's value from a
// shallow one, by game stage (empties) and depth. `kibitz othello probcut-fit` measures them
// (src/tune/othello_probcut.cpp) and writes othello_probcut.inc.
#pragma once

#include <algorithm>
#include <memory>
#include <string>

#include "core/result.h"
#include "search/game.h"

namespace kibitz::engine {

constexpr int kProbCutStages = 6;          // empties 60-51, 50-41, 40-31, 30-21, 20-11, 10-1
constexpr int kProbCutMinDepth = 3;        // shallower searches are not cut
constexpr int kProbCutMaxDepth = 12;       // deeper ones use a model of this depth (below)
constexpr double kProbCutThreshold = 1.5;  // "on": cut at this many standard deviations
constexpr int kProbCutCheck = 2;           // the shallow search is about depth / this deep

inline int probcut_stage(int empties) {
    const int s = (60 - empties) / 10;
    return s < 0 ? 0 : s >= kProbCutStages ? kProbCutStages - 1 : s;
}
// The depth of the shallow search that predicts a search to `depth`, of the same parity
// (Othello evaluations swing between odd and even depths): with check 2 the deepest such depth
// up to half of it, with check 3 the shallowest from a third of it (as ntest checks), at least 1.
constexpr int probcut_shallow(int depth, int check = kProbCutCheck) {
    int s = depth / check;
    if ((depth - s) & 1) s += check == 2 ? -1 : 1;
    return s > 1 ? s : (depth & 1) ? 1 : 2;
}

struct ProbCutFit {
    float slope = 1, offset = 0, sigma = 0;  // sigma 0: no model
};
// [stage][depth][shallow depth]: the line that predicts a search to depth from one to shallow.
using ProbCutTable = ProbCutFit[kProbCutStages][kProbCutMaxDepth + 1][kProbCutMaxDepth + 1];
const ProbCutTable& othello_probcut_table();  // the built-in one (othello_probcut.inc)
// A table read from a file, as `kibitz othello probcut-fit --cpp` writes it (read_probcut_table;
// errors name the file and the line).
struct ProbCutModels {
    ProbCutTable table{};
};
core::Result<std::shared_ptr<const ProbCutModels>> read_probcut_table(const std::string& path);

// The model for a search to depth in a position with `empties` empty squares, checked by a
// search probcut_shallow(depth, check) deep (false: none). Past kProbCutMaxDepth the model is
// that of kProbCutMaxDepth and a shallow depth as many plies below it: the error of the
// prediction grows mostly with the plies between the two searches.
inline bool othello_probcut_model(const ProbCutTable& table, int empties, int depth,
                                  search::ProbCutModel& model, int check = kProbCutCheck) {
    if (depth < kProbCutMinDepth) return false;
    const int shallow = probcut_shallow(depth, check);
    int d = depth, s = shallow;
    if (depth > kProbCutMaxDepth) {
        d = kProbCutMaxDepth;
        s = std::max(kProbCutMaxDepth - (depth - shallow), 2 - (kProbCutMaxDepth & 1));
    }
    const ProbCutFit& f = table[probcut_stage(empties)][d][s];
    if (f.sigma <= 0) return false;
    model.shallow = shallow;
    model.slope = f.slope;
    model.offset = f.offset;
    model.sigma = f.sigma;
    model.cut = kProbCutThreshold;
    return true;
}
inline bool othello_probcut_model(int empties, int depth, search::ProbCutModel& model,
                                  int check = kProbCutCheck) {
    return othello_probcut_model(othello_probcut_table(), empties, depth, model, check);
}

}  // namespace kibitz::engine
