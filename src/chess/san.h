// Standard Algebraic Notation (SAN): writing moves the way PGN and people do, and reading the
// usual variants found in real files (0-0, e8Q, Ng1f3, e2-e4, exd, annotations).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "chess/position.h"
#include "core/result.h"

namespace kibitz::chess {

// SAN of the legal move m: minimal disambiguation (file, then rank, then both), 'x' for
// captures, "e8=Q", O-O / O-O-O (Chess960 too), '+' or '#' suffix. "--" for Move::null().
std::string move_to_san(const Position& pos, Move m);

// Reads a move in SAN and checks that it is legal here. Also accepts 0-0, e8Q / e8=q,
// trailing + # ! ? annotations and "e.p.", a missing or extra 'x', over-disambiguation (Ng1f3),
// long algebraic (e2-e4, e2e4, g1f3) and rankless pawn captures (exd) when unambiguous.
// The error names the move text and the reason (not SAN, illegal, ambiguous with candidates).
core::Result<Move> move_from_san(const Position& pos, std::string_view text);

// As move_from_san, but the error is only the reason ("is illegal in <fen>", ...) without the
// leading "move 'text'", so that callers such as the PGN reader can name the move their way.
core::Result<Move> move_from_san_reason(const Position& pos, std::string_view text);

// True when the legal move m gives check (computed without making the move).
bool gives_check(const Position& pos, Move m);

// The moves as a numbered SAN line from pos: "12. Nf3 Nc6 13. Bb5", or "12... Nc6 13. Bb5"
// when Black moves first. A move that is not legal ends the line with "<illegal: uci>".
std::string line_to_san(Position pos, const std::vector<Move>& moves);

}  // namespace kibitz::chess
