// A deliberately simple reference move generator, for tests only. It shares no logic with the
// fast generator: it reads the board square by square (mailbox), steps through each piece's
// directions, and keeps a pseudo-legal move when the own king is not attacked after making it
// on a copy of the position. Slow on purpose; never use it outside tests.
#pragma once

#include <vector>

#include "chess/position.h"

namespace kibitz::test {

// A plain 8x8 board read from a Position with piece_on (index = square).
struct Mailbox {
    chess::Piece at[64];
};

// The board of pos, square by square.
Mailbox mailbox_of(const chess::Position& pos);

// The squares of the pieces of colour by that attack s on board b (found by stepping rays and
// leaper offsets outwards from s), as a bitboard.
chess::Bitboard reference_attackers(const Mailbox& b, chess::Square s, chess::Color by);

// True when a piece of colour by attacks s on board b.
bool reference_attacked(const Mailbox& b, chess::Square s, chess::Color by);

// Pseudo-legal moves of the side to move: the own king may be left attacked, everything else
// follows the rules (castling conditions, en passant from the last double push, promotions).
std::vector<chess::Move> reference_pseudo_legal_moves(const chess::Position& pos);

// The legal moves of pos, sorted by Move::raw().
std::vector<chess::Move> reference_legal_moves(const chess::Position& pos);

}  // namespace kibitz::test
