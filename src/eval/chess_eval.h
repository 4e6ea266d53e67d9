// The full chess evaluation: a tapered sum of weighted features (see weights.h), blended by
// game phase, scaled down in drawish endings, from the side to move's view.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

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

// The evaluation split into term groups (material, mobility, king safety...), each side's
// weighted sums apart: what the "eval" table prints and what explanations compare.
struct EvalTerms {
    struct Term {
        std::string_view key;        // a stable name: "material", "king_safety", ...
        std::string_view title;      // the table's words: "Material", "King safety", ...
        std::array<Pair, 2> side{};  // [White, Black] middlegame and endgame sums
    };
    std::vector<Term> terms;      // every group, in the table's order
    std::array<Pair, 2> total{};  // [White, Black] sums of all groups
    int phase = kPhaseMax;
    int scale = kScaleNormal;
    Score score = 0;  // evaluate()'s result, from the side to move's view
    chess::Color side_to_move = chess::kWhite;

    // A side's sum of one term, tapered by phase and scaled as the final score is, in
    // centipawns from that side's view (positive: good for it).
    int value(const Term& t, chess::Color c) const;
    // White's value of the term minus Black's (centipawns, White's view).
    int net(const Term& t) const { return value(t, chess::kWhite) - value(t, chess::kBlack); }
};

// The terms of pos under w; their totals add up to evaluate(pos, w) up to the rounding of the
// blend (the score field is exactly it).
EvalTerms eval_terms(const chess::Position& pos, const Weights& w);

// The term-by-term table of the UCI "eval" command: one row per term group (White, Black and
// Total, middlegame and endgame), then phase, scale and the final score from White's view and
// from the side to move's view.
std::string eval_report(const chess::Position& pos, const Weights& w);

}  // namespace kibitz::eval
