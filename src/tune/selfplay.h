// Fast games between two in-process engines at a fixed node count or depth, for datagen and the
// genetic algorithm: no clocks, no processes, the rules of src/chess refereeing every move, and
// adjudication by the engines' own scores so that decided games end early.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>

#include "chess/position.h"
#include "chess/status.h"
#include "core/rng.h"
#include "engine/chess_engine.h"

namespace kibitz::tune {

struct SelfPlayOptions {
    std::uint64_t nodes = 0;  // per move (0: none)
    int depth = 0;            // per move (0: none); at least one of nodes and depth must be set
    // Resign: a game ends once both engines' last `resign_moves` scores agree that one side is
    // at least resign_cp ahead (0 = never).
    int resign_cp = 1000;
    int resign_moves = 4;
    // Draw: from ply draw_ply on, once the last `draw_moves` scores (both sides) are all within
    // +-draw_cp (0 = never).
    int draw_cp = 10;
    int draw_moves = 8;
    int draw_ply = 80;
    int max_plies = 400;  // a draw after this many plies
};

// One move as played: the position before it, the move and the mover's search score (from the
// side to move's view; a mate score beyond +-search::kMateBound).
struct PlayedMove {
    const chess::Position& before;
    chess::Move move;
    int score = 0;
};

// Plays start to the end between white and black (the same engine may play both sides). Each
// engine's table is cleared first. on_move, when set, sees every move. Returns the outcome, or
// kOngoing when *stop became true first.
chess::Outcome play_selfplay(engine::ChessEngine& white, engine::ChessEngine& black,
                             const chess::Position& start, const SelfPlayOptions& options,
                             const std::function<void(const PlayedMove&)>& on_move = {},
                             const std::atomic<bool>* stop = nullptr);

// A start position after `plies` random legal moves from the standard position (a move that
// ends the game is never chosen; when one position has no move the walk starts over).
chess::Position random_opening(int plies, core::SplitMix64& rng);

}  // namespace kibitz::tune
