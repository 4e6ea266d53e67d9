// What the match runner asks of an engine, whatever protocol it speaks: UCI (uci_engine.h) or
// xboard/CECP (xboard_engine.h). Each implementation runs the engine as a child process, bounds
// every wait with a time-out and turns every failure into an error naming the engine.
//
// The errors of go() follow one convention that play_game relies on to score the game: a search
// that did not end in time says "timed out"; an illegal or unparsable move is quoted as
// "bestmove 'e2e5'"; anything else (the engine exited, a pipe broke) is a disconnection.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/position.h"
#include "core/result.h"
#include "match/process.h"

namespace kibitz::match {

// Search limits of one move; unset fields are not sent.
struct GoLimits {
    std::optional<std::int64_t> wtime, btime, winc, binc;  // milliseconds
    std::optional<int> movestogo;
    std::optional<std::int64_t> movetime;  // milliseconds
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    bool infinite = false;
};

// The latest values the engine reported during one search (its main line only).
struct SearchInfo {
    int depth = 0;
    int seldepth = 0;
    std::optional<int> score_cp;    // centipawns, side to move
    std::optional<int> score_mate;  // moves to mate (negative: getting mated)
    bool lowerbound = false;
    bool upperbound = false;
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    std::string pv;  // as sent, moves separated by blanks
};

struct GoResult {
    chess::Move bestmove;               // Move::none() only when no move is legal
    std::optional<chess::Move> ponder;  // when sent and legal after bestmove
    std::string bestmove_text;          // the engine's move line as sent
    SearchInfo info;
    bool stopped = false;         // the deadline passed and the engine was told to stop
    std::int64_t elapsed_ms = 0;  // from the search command to the move
};

class Player {
public:
    virtual ~Player() = default;

    // Starts the command (split at blanks, no shell) and completes the handshake within timeout.
    virtual Status start(std::string_view command,
                         std::chrono::milliseconds timeout = std::chrono::milliseconds(5000)) = 0;
    // Sets one engine option (UCI setoption; xboard `option` or a few standard commands).
    virtual Status set_option(std::string_view name, std::string_view value) = 0;
    // Waits until the engine has processed everything sent so far.
    virtual Status is_ready(
        std::chrono::milliseconds timeout = std::chrono::milliseconds(5000)) = 0;
    // Tells the engine a new game begins.
    virtual Status new_game() = 0;
    // The position to search next: start plus moves. Error when a move is illegal.
    virtual Status position(const chess::Position& start,
                            const std::vector<chess::Move>& moves) = 0;
    // Searches the position with the limits and returns a legal move; after timeout the engine is
    // told to stop and gets grace more (see the error convention above).
    virtual core::Result<GoResult> go(
        const GoLimits& limits, std::chrono::milliseconds timeout,
        std::chrono::milliseconds grace = std::chrono::milliseconds(1000)) = 0;
    // Asks the engine to exit, waits up to grace, then kills it. Error when it had to be killed.
    virtual Status quit(std::chrono::milliseconds grace = std::chrono::milliseconds(1000)) = 0;
    // True while the engine process runs.
    virtual bool running() = 0;
    // The engine's own name from the handshake (the command when it sent none).
    virtual const std::string& name() const = 0;
};

// A player for the protocol "uci" or "xboard"; nullptr for any other name.
std::unique_ptr<Player> make_player(std::string_view protocol);

}  // namespace kibitz::match
