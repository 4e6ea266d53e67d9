// Polyglot opening-book keys and move encoding, per "Polyglot book format"
// (/usr/share/doc/polyglot/book_format.html in Debian's polyglot package).
#pragma once

#include <array>
#include <cstdint>

#include "chess/position.h"

namespace kibitz::chess {

// The spec's 781 Random64 numbers (polyglot_random.cpp, generated from the spec).
extern const std::array<std::uint64_t, 781> kPolyglotRandom;
inline constexpr int kPolyglotCastleOffset = 768;     // 4 entries: K, Q, k, q
inline constexpr int kPolyglotEnPassantOffset = 772;  // 8 entries: files a..h
inline constexpr int kPolyglotTurnOffset = 780;       // XORed when White is to move

// The Polyglot key of the position: pieces, KQkq castling flags, the en-passant file when a
// pawn of the side to move stands beside the double-pushed pawn (ep_target()), White to move.
std::uint64_t polyglot_key(const Position& pos);

// The 16-bit Polyglot code of m: to file/rank, from file/rank, promotion piece (N=1 .. Q=4);
// castling stays king-takes-rook (e1h1), as Polyglot writes it.
std::uint16_t move_to_polyglot(Move m);

// The legal move of pos that the Polyglot code stands for; Move::none() when there is none
// (including the code 0, a1a1, and unknown promotion codes).
Move polyglot_to_move(const Position& pos, std::uint16_t code);

}  // namespace kibitz::chess
