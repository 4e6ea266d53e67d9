// UCI "info" lines from search iterations: score in cp or mate, bounds, WDL, PV in UCI notation.
#pragma once

#include <string>

#include "chess/position.h"
#include "search/limits.h"

namespace kibitz::uci {

// "score cp 31" / "score mate 3" / "score mate -2", with " lowerbound"/" upperbound".
std::string format_score(search::Score score, search::Bound bound);

// Win/draw/loss per mille for the side to move from a centipawn score (a logistic model:
// 50% at 0, ~75% at one pawn... scaled so that wins + draws + losses = 1000).
std::string format_wdl(search::Score score);

// One complete info line for an iteration, with nodes counted over all threads.
std::string format_info(const chess::Position& root, const search::Iteration<chess::Move>& it,
                        std::uint64_t total_nodes, bool wdl);

}  // namespace kibitz::uci
