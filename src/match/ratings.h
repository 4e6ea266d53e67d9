// Elo ratings of several players from the games they played against each other: the maximum
// likelihood fit of the Bradley-Terry model with logistic Elo, as BayesElo and Ordo fit it,
// and 95% error bars that account for draws and for game pairs.
//
// Model: player a scores E(ra - rb) = 1 / (1 + 10^((rb - ra) / 400)) against b on average; a
// draw counts as half a win for each side. Only rating differences are determined, so one
// constraint fixes the scale's origin (Anchor).
//
// Error bars: the robust "sandwich" covariance H^-1 J H^-1 (Huber 1967, White 1982), with H
// the Fisher information of the model and J the observed spread of the score residuals, summed
// per game or, for the two games of a pair (same opening, colours swapped), per pair. Plain
// inverse Fisher information H^-1 would treat every game as a coin flip with no draws and so
// overstate the error when there are draws or pairs; the sandwich does not. With two players
// it is the delta-method form of the variance estimate_elo (stats.h) uses, trinomial or
// pentanomial. Like any error bar from the observed spread, it is too narrow for a player who
// won or lost (nearly) every game of a few: such a score has almost no spread to observe.
//
// Prior: every two rated players get 0.01 of a virtual drawn game (in H and J alike), a tiny
// version of BayesElo's virtual draws. It keeps the fit finite when a player wins or loses every
// game and ties together groups of players that never met (their relative ratings then get huge
// error bars, as they should); with real games it moves ratings by far less than 1 Elo.
#pragma once

#include <vector>

namespace kibitz::match {

// One finished game from the view of `first`: `points` half-points (2 win, 1 draw, 0 loss)
// against `second`. Games with the same pair id >= 0 were played as a pair.
struct ScoredGame {
    int first = 0, second = 0;
    int points = 1;
    int pair = -1;
};

// Where the origin of the ratings is: the average of the rated players, or the first player
// (for gauntlets, where everyone is measured against it; the average while it has no games).
enum class Anchor { kAverage, kFirst };

struct Rating {
    bool rated = false;  // false for a player without games: no rating at all
    double elo = 0;
    double error95 = 0;  // half-width of the 95% interval (0 for the anchored first player)
};

// The maximum-likelihood ratings of players 0 .. players-1 (see above); Newton's method on
// the concave log-likelihood, converged to 1e-9 Elo.
std::vector<Rating> fit_ratings(int players, const std::vector<ScoredGame>& games, Anchor anchor);

}  // namespace kibitz::match
