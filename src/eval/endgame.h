// Mating knowledge for a lone king: how to drive it into a mating net. Not part of the tuned
// evaluation (its weights are fitted by Texel regression on positions where it rarely counts);
// the engine's evaluator adds it to the full evaluation.
#pragma once

#include "chess/position.h"

namespace kibitz::eval {

// When one side has only its king and the other has mating material without pawns (a queen,
// a rook, two bishops on both colours, or bishop and knight), a bonus for the stronger side
// that grows as the lone king nears the edge — with bishop and knight, the corners of the
// bishop's colour, where that mate happens — and as the kings come closer; 0 otherwise. From
// the side to move's view, like evaluate().
int mating_bonus(const chess::Position& pos);

}  // namespace kibitz::eval
