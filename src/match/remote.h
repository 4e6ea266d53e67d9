// Games of `kibitz match` (and of the lab's tournaments) played by other MPI ranks (dist.h):
// rank 0 sends a worker everything one game needs, so a worker needs neither the command's
// options nor the openings file; the worker answers with the engines' names when the game
// starts and with the finished game. All three travel as JSON.
#pragma once

#include <memory>
#include <string>

#include "core/result.h"
#include "dist/dist.h"
#include "match/match.h"

namespace kibitz::match {

// One game to play: its number in the schedule (0-based), the engines by their -engine index
// (a worker keeps an engine running for the next games with the same index and settings), and
// the setup without the names, which the worker fills in.
struct GameJob {
    int number = 0;
    int white_index = 0, black_index = 0;
    EngineConfig white, black;
    GameSetup setup;
};

// Sent when both engines are up: the names the game is played under.
struct GameNote {
    int number = 0;
    std::string white_name, black_name;
};

// The finished game, or why it could not start (error: an engine failed to start or set up).
struct GameDone {
    int number = 0;
    chess::Outcome outcome = chess::Outcome::kOngoing;
    std::string reason;
    std::string pgn;  // write_pgn of the game, with the Rank and Host tags of the worker
    bool white_failed = false;
    bool black_failed = false;
    std::string error;
};

std::string to_json(const GameJob& job);
std::string to_json(const GameNote& note);
std::string to_json(const GameDone& done);
// The inverses; an error names what is missing or malformed.
core::Result<GameJob> game_job_from_json(const std::string& text);
core::Result<GameNote> game_note_from_json(const std::string& text);
core::Result<GameDone> game_done_from_json(const std::string& text);

// Starts the engine of config when it is not running, with its options.
Status start_engine(std::unique_ptr<Player>& engine, const EngineConfig& config);

// A worker slot (dist::serve): plays each GameJob it gets and keeps its engines running for the
// next ones (at most eight; the least recently used one is stopped beyond that).
dist::Handler game_handler();

}  // namespace kibitz::match
