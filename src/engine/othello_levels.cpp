#include "engine/othello_levels.h"

#include <algorithm>

namespace kibitz::engine {

namespace {

using Eval = eval::OthelloEvalLevel;

// What each level scored, W-L-D over 40 games (20 openings of 8 random plies, both colours;
// level 6: 20 games), against ntest at a fixed depth over NBoard, gtp-rhino at a level over GTP,
// and the level below: scripts/othello-levels plays them again (docs/othello.md, "The web app's
// levels"). Measured at cd6f1a2 (the third pattern fit) on the project's two-core machine, the
// other core busy.
constexpr OthelloLevelResult kLevel1[] = {{"ntest depth 1", 8, 32, 0},
                                          {"GRhino level 1", 2, 37, 1}};
constexpr OthelloLevelResult kLevel2[] = {
    {"ntest depth 1", 6, 34, 0}, {"GRhino level 1", 4, 36, 0}, {"level 1", 38, 2, 0}};
constexpr OthelloLevelResult kLevel3[] = {{"ntest depth 1", 2, 38, 0},
                                          {"GRhino level 1", 13, 27, 0},
                                          {"GRhino level 2", 4, 36, 0},
                                          {"level 2", 38, 1, 1}};
constexpr OthelloLevelResult kLevel4[] = {{"ntest depth 2", 35, 5, 0},
                                          {"ntest depth 4", 15, 21, 4},
                                          {"GRhino level 3", 35, 5, 0},
                                          {"level 3", 40, 0, 0}};
constexpr OthelloLevelResult kLevel5[] = {
    {"ntest depth 6", 24, 14, 2}, {"ntest depth 10", 14, 22, 4}, {"level 4", 31, 6, 3}};
constexpr OthelloLevelResult kLevel6[] = {{"ntest depth 10", 16, 2, 2},
                                          {"ntest depth 14", 12, 5, 3}};

// Each level searches a little deeper with more of the evaluation, and plays perfectly from
// more empty squares. The times are caps: levels 1-5 mostly finish their depth in well under a
// second (depth 10 in about 0.2 s); level 6 deepens until half its time is gone (depth 12-15 in
// the middle game), and solves 20 empties in about a second.
constexpr OthelloLevel kLevels[kOthelloLevels] = {
    {1, "Beginner", 1, 1000, Eval::kDiscs, 0, kLevel1},     // greedy: the most discs now
    {2, "Novice", 2, 1000, Eval::kTable, 6, kLevel2},       // knows good and bad squares
    {3, "Casual", 4, 1500, Eval::kMobility, 10, kLevel3},   // + mobility
    {4, "Club", 6, 2000, Eval::kPatterns, 14, kLevel4},     // + fitted patterns, deeper
    {5, "Strong", 10, 3000, Eval::kPatterns, 18, kLevel5},  // deeper still
    {6, "Expert", 60, 5000, Eval::kPatterns, 20, kLevel6},  // as deep as its time allows
};

}  // namespace

const OthelloLevel& othello_level(int level) {
    return kLevels[std::clamp(level, 1, kOthelloLevels) - 1];
}

}  // namespace kibitz::engine
