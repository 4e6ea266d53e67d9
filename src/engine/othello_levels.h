// The Othello engine's playing levels, as the web app offers them and `kibitz othello match`
// plays them (player option level=N), with what each scored in matches against other engines.
#pragma once

#include <cstdint>
#include <span>

#include "eval/othello_eval.h"

namespace kibitz::engine {

// A match result of one level against another engine (W-L-D from the level's side).
struct OthelloLevelResult {
    const char* opponent = "";  // "ntest depth 2", "GRhino level 1", "level 3"
    int wins = 0, losses = 0, draws = 0;
};

// How strong the engine plays at one level: the deepest midgame iteration, the most time a move
// may take, how much of the evaluation it uses, and from how many empty squares it plays
// perfectly (the exact solver); and what it scored against other engines.
struct OthelloLevel {
    int level = 1;
    const char* name = "";
    int depth = 1;
    std::int64_t ms = 1000;
    eval::OthelloEvalLevel eval = eval::OthelloEvalLevel::kPatterns;
    int solve_empties = 0;
    std::span<const OthelloLevelResult> measured;
};
inline constexpr int kOthelloLevels = 6;
inline constexpr int kOthelloDefaultLevel = 3;
// The level's settings; level is clamped to 1..kOthelloLevels.
const OthelloLevel& othello_level(int level);

}  // namespace kibitz::engine
