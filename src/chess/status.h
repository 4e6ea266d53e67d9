// Game status: checkmate, stalemate and the draw rules (insufficient material, fifty moves,
// threefold repetition), and the result strings of PGN.
#pragma once

#include <string_view>

#include "chess/position.h"

namespace kibitz::chess {

enum class Outcome { kOngoing, kWhiteWins, kBlackWins, kDraw };
enum class Reason { kNone, kCheckmate, kStalemate, kThreefold, kFiftyMoves, kInsufficientMaterial };

struct GameStatus {
    Outcome outcome = Outcome::kOngoing;
    Reason reason = Reason::kNone;
    bool operator==(const GameStatus&) const = default;
};

// The status of the game in pos, checked in this order: checkmate or stalemate, insufficient
// material, fifty-move rule (halfmove clock >= 100), threefold repetition (history of pos).
// Fifty moves and threefold are scored as draws at once, as programs do (see status.cpp).
GameStatus game_status(const Position& pos);

// True when neither side can ever mate: no pawns, rooks or queens, and at most one minor piece
// in all or only bishops all on squares of one colour (KNN v K and KB v KN can mate).
bool insufficient_material(const Position& pos);

// "checkmate", "stalemate", "threefold repetition", "fifty-move rule",
// "insufficient material"; "" for Reason::kNone.
std::string_view to_string(Reason reason);

// The PGN result string: "1-0", "0-1", "1/2-1/2", or "*" while the game goes on.
std::string_view result_string(Outcome outcome);

}  // namespace kibitz::chess
