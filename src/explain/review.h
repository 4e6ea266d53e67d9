// The explanation of a move that a game review labelled (an inaccuracy, a mistake or a
// blunder), shared by the server's review and `kibitz analyse`: the explainer's sentences,
// always with the sentence on why the best move is better, and its JSON for the review object.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>

#include "explain/explain.h"

namespace kibitz::explain {

// The explainer setting of a review: depth 8, each search capped at this many nodes, so that
// one labelled move costs at most about two short searches however sharp the position.
inline constexpr int kReviewDepth = 8;
inline constexpr std::uint64_t kReviewNodes = 200000;
Options review_options();

// Explains move m of before for a review that labelled it: the explainer's explanation, whose
// text ends with best_text (appended when the explainer's own sentences do not say it; when
// the explainer judged the move good, best_text alone). best: the review's best move, which
// the explanation then compares m with (none: the explainer's own).
Explanation explain_labelled(Explainer& explainer, const chess::Position& before, chess::Move m,
                             chess::Move best = chess::Move::none());

// The review's "explanation" object: text, motifs (theme names), line (UCI from the played
// move), line_san (the same in SAN), terms ([{term, cp, words}]) and best_text.
nlohmann::json review_json(const Explanation& e, const chess::Position& before);

}  // namespace kibitz::explain
