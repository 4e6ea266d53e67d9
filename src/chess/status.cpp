// Game status by the FIDE Laws of Chess (articles 5 and 9).
//
// FIDE makes checkmate, stalemate, a dead position, fivefold repetition and 75 moves without
// capture or pawn move end the game by themselves; threefold repetition and fifty moves only
// let a player claim a draw. A program cannot ask whether anyone would claim, so, as engines
// and GUIs usually do, threefold and fifty moves are scored as draws as soon as they occur
// (the fivefold and 75-move rules are then never reached). The dead-position test is the
// usual material approximation, not FIDE's "no sequence of legal moves can mate".
#include "chess/status.h"

#include "chess/movegen.h"
#include "core/bits.h"

namespace kibitz::chess {

namespace {

constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;

}  // namespace

bool insufficient_material(const Position& pos) {
    if (pos.pieces(kPawn) | pos.pieces(kRook) | pos.pieces(kQueen)) return false;
    const Bitboard minors = pos.pieces(kKnight) | pos.pieces(kBishop);
    if (core::popcount(minors) <= 1) return true;
    // Two or more minor pieces: a draw only when all are bishops on one colour of square.
    if (pos.pieces(kKnight)) return false;
    return (minors & kDarkSquares) == 0 || (minors & ~kDarkSquares) == 0;
}

GameStatus game_status(const Position& pos) {
    // 1. No legal move: checkmate (the side to move lost) or stalemate. This comes first so
    //    that a mate given by the move that reached the fifty-move limit counts as mate.
    if (count_legal_moves(pos) == 0) {
        if (!pos.in_check()) return {Outcome::kDraw, Reason::kStalemate};
        return {pos.side_to_move() == kWhite ? Outcome::kBlackWins : Outcome::kWhiteWins,
                Reason::kCheckmate};
    }
    // 2. Dead position by material.
    if (insufficient_material(pos)) return {Outcome::kDraw, Reason::kInsufficientMaterial};
    // 3. Fifty moves (100 half-moves) by each side without a capture or pawn move.
    if (pos.halfmove_clock() >= 100) return {Outcome::kDraw, Reason::kFiftyMoves};
    // 4. The same position (pieces, side, castling rights, legal en passant) a third time.
    if (pos.repetition_count() >= 3) return {Outcome::kDraw, Reason::kThreefold};
    return {};
}

std::string_view to_string(Reason reason) {
    switch (reason) {
        case Reason::kNone: return "";
        case Reason::kCheckmate: return "checkmate";
        case Reason::kStalemate: return "stalemate";
        case Reason::kThreefold: return "threefold repetition";
        case Reason::kFiftyMoves: return "fifty-move rule";
        case Reason::kInsufficientMaterial: return "insufficient material";
    }
    return "";
}

std::string_view result_string(Outcome outcome) {
    switch (outcome) {
        case Outcome::kOngoing: return "*";
        case Outcome::kWhiteWins: return "1-0";
        case Outcome::kBlackWins: return "0-1";
        case Outcome::kDraw: return "1/2-1/2";
    }
    return "*";
}

}  // namespace kibitz::chess
