// Static exchange evaluation: the material balance of the capture sequence on one square.
#pragma once

#include "chess/position.h"

namespace kibitz::chess {

// Piece values used by SEE (centipawns; the king is worth more than everything else).
inline constexpr int kSeeValue[7] = {100, 320, 330, 500, 950, 20000, 0};

// The material the side to move wins (negative: loses) by playing m and letting both sides
// recapture on m's destination with their least valuable attacker, each free to stop.
int see(const Position& pos, Move m);

// True when see(pos, m) >= threshold (the form the search uses).
inline bool see_ge(const Position& pos, Move m, int threshold) { return see(pos, m) >= threshold; }

}  // namespace kibitz::chess
