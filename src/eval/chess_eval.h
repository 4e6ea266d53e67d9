// The full chess evaluation: a tapered sum of weighted features (see weights.h), blended by
// game phase, scaled down in drawish endings, from the side to move's view.
#pragma once

#include <string>

#include "chess/position.h"
#include "eval/pawns.h"
#include "eval/trace.h"
#include "eval/weights.h"

namespace kibitz::eval {

// The evaluation of pos under w in centipawns from the side to move's view. trace receives the
// feature counts (it is reset first); with an EvalTrace, trace.score(w) equals the result.
// pawns, when given, caches the pawn-structure terms; it is used only with NoTrace and never
// changes the result. Instantiated for NoTrace, EvalTrace and SideTrace.
template <class Trace>
Score evaluate(const chess::Position& pos, const Weights& w, Trace& trace,
               PawnTable* pawns = nullptr);

// The evaluation with weights w and a pawn table (the search's call).
inline Score evaluate(const chess::Position& pos, const Weights& w, PawnTable& pawns) {
    NoTrace trace;
    return evaluate(pos, w, trace, &pawns);
}

// The evaluation with the default weights, no trace and no pawn table.
Score evaluate(const chess::Position& pos);

// The game phase of pos: knight and bishop 1, rook 2, queen 4, capped at kPhaseMax (24 = all
// pieces on the board, 0 = pawns and kings only).
int game_phase(const chess::Position& pos);

// The term-by-term table of the UCI "eval" command: one row per term group (White, Black and
// Total, middlegame and endgame), then phase, scale and the final score from White's view and
// from the side to move's view.
std::string eval_report(const chess::Position& pos, const Weights& w);

}  // namespace kibitz::eval
