// Evaluation differences for an explanation: the static evaluation's term groups at the end of
// the played move's line against those at the end of the best move's line, from the mover's
// view, the largest first, each in words ("weakens White's king") and centipawns.
#pragma once

#include <string>
#include <vector>

#include "chess/position.h"

namespace kibitz::explain {

// One term group's difference: cp is the played line's value minus the best line's, from the
// mover's view (negative: worse for the mover than the best move).
struct TermDiff {
    std::string term;   // the eval term's key: "king_safety", "passed_pawns", ...
    int cp = 0;         // centipawns, mover's view
    std::string words;  // "weakens White's king", "gives Black a passed d-pawn", ...
};

// Differences below this (centipawns) are not reported.
inline constexpr int kTermMinCp = 10;
// At most this many differences are reported.
inline constexpr int kTermMax = 3;

// The largest term differences (|cp| >= kTermMinCp, at most `most`, largest |cp| first)
// between played_end and best_end (the positions the two lines reach) for the mover. Tempo
// (which side is to move at the ends) is never compared; material only when with_material.
std::vector<TermDiff> term_differences(const chess::Position& played_end,
                                       const chess::Position& best_end, chess::Color mover,
                                       bool with_material, int most = kTermMax);

// "weakens White's king (-0.60) and gives Black a passed d-pawn (-0.40)": the differences that
// are worse for the mover (cp < 0) joined in words, with pawns; empty when there are none.
std::string terms_phrase(const std::vector<TermDiff>& diffs);

// "-0.60": centipawns as signed pawns.
std::string pawns_text(int cp);

}  // namespace kibitz::explain
