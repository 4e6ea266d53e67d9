// Tactical motifs found in a line of play, named as the Lichess puzzle themes name them. The
// definitions follow the published meaning of each theme (lichess.org/training/themes) and the
// rules the Lichess puzzle tagger applies to a solution line, re-derived here on our own board:
// a motif belongs to the attacker, the side whose tactic the line shows.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "chess/position.h"

namespace kibitz::explain {

// A line of play: start is the position before moves[0]; the attacker makes moves[first],
// moves[first + 2], ... (first = 1 when moves[0] is the defender's mistake that allows the
// tactic, 0 when the line starts with the attacker's own move). mate_moves > 0 says the attacker
// mates in that many of its own moves (from the search score) even where the PV stops short.
// forced_end, where known (-1: not known), is the index of the first attacker's move after
// moves[first] that is not the only good move: a puzzle of the line would end before it (see
// forced_end in explain.h).
struct TacticLine {
    chess::Position start;
    std::vector<chess::Move> moves;
    int first = 1;
    int mate_moves = 0;
    int forced_end = -1;
};

// One motif: its Lichess theme name, the index in moves of the move that makes it, and words
// naming the pieces and squares ("forking the king on e1 and the rook on f2").
struct Motif {
    Motif() = default;
    Motif(std::string n, int at, std::string words, std::string piece = {})
        : name(std::move(n)), ply(at), detail(std::move(words)), object(std::move(piece)) {}

    std::string name;
    int ply = 0;
    std::string detail;
    std::string object;  // the piece it wins, in words ("the knight on f3"), where one is named
};

// Every motif of the line, each theme at most once, in the order of the line. Only the first
// tactic_window(line) moves are looked at. The line's moves must be legal.
std::vector<Motif> find_motifs(const TacticLine& line);

// How many moves of the line the tactic takes: to the mate when the line mates, else to the
// first attacker's move that keeps a gain of two pawns or more after the reply, else to the
// first moment the attacker's material gain peaks, else the attacker's first two moves.
int tactic_window(const TacticLine& line);

// The index of the attacker's first promotion among its first kMaxPromotionMoves moves of the
// line, or -1.
inline constexpr int kMaxPromotionMoves = 6;
int first_promotion(const TacticLine& line);

// True when the attacker, after some move of its own and the reply, is two pawns or more up
// on the position before its first move.
bool wins_material(const TacticLine& line);

// Material of colour c minus the other side's, in pawns (1, 3, 3, 5, 9).
int material_balance(const chess::Position& pos, chess::Color c);

// "knight", "queen", ... for a piece type.
const char* piece_word(chess::PieceType pt);

// "the rook on f2" for the piece on s (s must hold a piece).
std::string piece_on(const chess::Position& pos, chess::Square s);

// True when the piece on s has no defender, counting defenders behind an attacking slider
// (x-rays). s must hold a piece.
bool is_hanging(const chess::Position& pos, chess::Square s);

// True when the piece on s is attacked and either hanging or attackable by a cheaper piece.
bool is_in_bad_spot(const chess::Position& pos, chess::Square s);

}  // namespace kibitz::explain
