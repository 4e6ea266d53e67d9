// Square and move notation: algebraic square names and UCI long algebraic moves.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "chess/position.h"
#include "core/result.h"

namespace kibitz::chess {

// "e4" for kE4.
std::string square_name(Square s);

// kE4 for "e4"; nullopt for anything else.
std::optional<Square> parse_square(std::string_view s);

// UCI long algebraic: e2e4, e7e8q; castling as e1g1, or king-takes-rook (e1h1) in Chess960.
std::string move_to_uci(const Position& pos, Move m);

// Reads a UCI move and checks that it is legal here. Castling is accepted both as the king's
// two-square step and as king-takes-rook. The error names the move and why it was refused.
core::Result<Move> move_from_uci(const Position& pos, std::string_view text);

}  // namespace kibitz::chess
