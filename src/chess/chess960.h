// Chess960 (Fischer Random) start positions by their standard number 0..959.
#pragma once

#include <string>

namespace kibitz::chess {

// The FEN of start position `number` (0..959) in the standard numbering: 518 is the usual
// RNBQKBNR. Castling is written KQkq (the rooks are the outermost pieces of their wings).
std::string chess960_fen(int number);

}  // namespace kibitz::chess
