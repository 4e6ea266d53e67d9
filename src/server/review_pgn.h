// The parts of a review object (docs/api.md, POST /api/games/{id}/review) that the web app's
// review and `kibitz analyse` share: a position's best line and a game-over position's entry,
// the players' numbers, and the finished review written into a game's PGN export ([%eval] of
// every position, the label's NAG ($6 ?!, $2 ?, $4 ??) and the explanation as the comment
// after a labelled move, and the best line as a variation of every move not the best one).
#pragma once

#include "server/eval.h"
#include "server/game_tree.h"

namespace kibitz::server {

// The first moves of a review's best line: at most this many plies are stored (docs/api.md).
inline constexpr std::size_t kReviewLinePlies = 8;

// {"best_line": [SAN...], "best_line_uci": [UCI...]}: the legal prefix of pv from root, at most
// kReviewLinePlies moves.
Json best_line_json(const chess::Position& root, const std::vector<chess::Move>& pv);

// A reviewed position without a legal move (mate or stalemate): eval null, White's winning
// chance 0, 1 or 0.5, no best move and empty best lines.
Json game_over_assessment(const chess::Position& pos);

// Both sides' accuracy, average centipawn loss and label counts (explain/accuracy.h) from a
// review whose every position is assessed, as {"white": {...}, "black": {...}}; accuracy and
// acpl rounded to one decimal, null for a side that made no move. `white_first` says who made
// the first move.
Json review_players(const Json& review, bool white_first);

// Annotates game's main line from review (the review object of docs/api.md) and switches on
// options.best_lines; false, with nothing changed, when the review is unfinished or does not
// cover exactly the main line. A NAG of the move's assessment (1..6) the move already has is
// kept instead of the label's; the comment stays free of braces, which PGN comments cannot nest.
bool annotate_review(TreeGame& game, const Json& review, PgnExportOptions& options);

}  // namespace kibitz::server
