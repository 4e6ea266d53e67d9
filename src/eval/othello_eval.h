// The Othello evaluation, in the order of the seed's 2004 article: disc count, position-value
// tables (corners high, the X- and C-squares next to an empty corner low, re-valued once the
// corner is taken), mobility and potential mobility. Scores are in centi-discs (100 = one disc
// of final margin) from the side to move, so that they compare with the exact scores of the
// endgame solver. Every weight is an (opening, ending) pair blended by the number of discs.
#pragma once

#include <string_view>

#include "core/result.h"
#include "eval/weights.h"
#include "othello/board.h"

namespace kibitz::eval {

// The ten kinds of square under the board's eight symmetries, indexed by othello_square_class.
enum OthelloSquareClass {
    kSqCorner,  // A1
    kSqC,       // B1: next to a corner on the edge
    kSqA,       // C1
    kSqB,       // D1
    kSqX,       // B2: diagonally next to a corner
    kSqC2,      // C2
    kSqD2,      // D2
    kSqC3,      // C3
    kSqD3,      // D3
    kSqCentre,  // D4
    kSquareClasses
};
int othello_square_class(int sq);

struct OthelloWeights {
    Pair disc;  // per disc of the difference
    Pair square[kSquareClasses];
    Pair x_corner_taken;      // an X-square disc once its corner is taken (instead of square[kSqX])
    Pair c_corner_taken;      // a C-square disc once its corner is taken (instead of square[kSqC])
    Pair mobility;            // per legal move of the difference
    Pair potential_mobility;  // per empty square next to an opponent disc, of the difference
    Pair parity;              // for the side to move when the number of empties is odd

    bool operator==(const OthelloWeights&) const = default;
};

// Visits every weight as visit(name, Pair&), in declaration order with stable names.
template <class W, class V>
void for_each_othello_param(W& w, V&& visit) {
    static constexpr const char* kClassNames[kSquareClasses] = {
        "corner", "c", "a", "b", "x", "c2", "d2", "c3", "d3", "centre"};
    visit(std::string("disc"), w.disc);
    for (int c = 0; c < kSquareClasses; ++c)
        visit(std::string("square.") + kClassNames[c], w.square[c]);
    visit(std::string("x_corner_taken"), w.x_corner_taken);
    visit(std::string("c_corner_taken"), w.c_corner_taken);
    visit(std::string("mobility"), w.mobility);
    visit(std::string("potential_mobility"), w.potential_mobility);
    visit(std::string("parity"), w.parity);
}

// How much of the seed's evaluation is switched on, each level including the ones before.
enum class OthelloEvalLevel {
    kDiscs,     // disc count only
    kTable,     // + position-value tables
    kMobility,  // + mobility and potential mobility (the seed's full evaluation)
    kPatterns,  // instead: the fitted pattern tables of eval/othello_patterns.h
};
core::Result<OthelloEvalLevel> parse_othello_eval_level(std::string_view name);
std::string_view othello_eval_level_name(OthelloEvalLevel level);

const OthelloWeights& default_othello_weights();

// Empty squares next to a disc of `discs` (the opponent's frontier, for potential mobility).
othello::Bitboard empty_neighbours(othello::Bitboard discs, othello::Bitboard empties);

// Scores board at level (kPatterns ignores w: its weights are the fitted tables).
int evaluate_othello(const othello::Board& board, const OthelloWeights& w,
                     OthelloEvalLevel level = OthelloEvalLevel::kMobility);

// The default evaluation as a plain function of the two boards (the endgame solver's ordering).
int evaluate_othello_default(othello::Bitboard player, othello::Bitboard opponent);

}  // namespace kibitz::eval
