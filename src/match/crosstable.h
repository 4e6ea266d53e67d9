// The text a tournament prints: a standings line after each game and the final crosstable
// with maximum-likelihood ratings (ratings.h).
#pragma once

#include <string>
#include <vector>

#include "match/ratings.h"

namespace kibitz::match {

// The crosstable, lines ending in '\n': a line saying how the ratings were computed and where
// their origin is, then one row per player by rank (Elo, then score):
//   "Rank Name   Elo   +/-  Games   Score    Draw  | A      B      C"
//   "   1 A      191    80      8   75.0%   25.0%  | *      3-1-0  2-0-2"
// Elo and +/- (the 95% interval) are rounded; the columns on the right are the row player's
// wins, losses and draws against each opponent in rank order ("*" itself, "-" never met).
std::string crosstable(const std::vector<std::string>& names, const std::vector<ScoredGame>& games,
                       Anchor anchor);

// "Standings after 5 of 12 games: A 3.5/5, B 2/4, C 0.5/3" (points/games, most points first).
std::string standings_line(const std::vector<std::string>& names,
                           const std::vector<ScoredGame>& games, int total);

}  // namespace kibitz::match
