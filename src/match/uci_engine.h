// A client for an external UCI engine running as a child process: handshake, options,
// positions, searches with a deadline, and a quit that cannot hang.
//
// Every call that talks to the engine returns an error naming the engine and what happened
// (it exited, it did not answer in time, it sent an illegal move) instead of crashing or
// blocking: each wait has a time-out. One UciEngine is used by one thread at a time.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/position.h"
#include "core/result.h"
#include "match/player.h"
#include "match/process.h"

namespace kibitz::match {

// One `option name … type …` line of the engine's handshake.
struct UciOption {
    std::string name;
    std::string type;           // check, spin, combo, button, string
    std::string default_value;  // as sent, "" when none
};

class UciEngine : public Player {
public:
    UciEngine() = default;
    // Quits the engine if it still runs (grace 200 ms, then killed).
    ~UciEngine() override;
    UciEngine(const UciEngine&) = delete;
    UciEngine& operator=(const UciEngine&) = delete;

    // Starts the command (split at blanks, no shell), sends `uci` and waits up to timeout for
    // `uciok`, collecting `id name`, `id author` and the options. Errors: cannot start, exited,
    // no uciok in time.
    Status start(std::string_view command,
                 std::chrono::milliseconds timeout = std::chrono::milliseconds(5000)) override;
    Status start(const std::vector<std::string>& argv,
                 std::chrono::milliseconds timeout = std::chrono::milliseconds(5000));

    // Sends `setoption name N [value V]` (no value for buttons when value is empty). Error when
    // the engine did not declare the option (names are compared without case) or is dead.
    Status set_option(std::string_view name, std::string_view value) override;
    // True when the engine declared an option of this name (without case).
    bool has_option(std::string_view name) const;

    // Sends `isready` and waits up to timeout for `readyok`, skipping other output (such as a
    // late `bestmove` from a search that timed out).
    Status is_ready(std::chrono::milliseconds timeout = std::chrono::milliseconds(5000)) override;
    // Sends `ucinewgame`.
    Status new_game() override;

    // Sends `position startpos|fen <fen> [moves …]` in UCI notation and remembers the position
    // after the moves, against which go() checks the engine's move. Sends UCI_Chess960 when the
    // engine has it and the variant changes. Error when a move is illegal or the engine is dead.
    Status position(const chess::Position& start,
                    const std::vector<chess::Move>& moves = {}) override;

    // Sends `go` with the limits and waits for `bestmove`. After timeout it sends `stop` and
    // waits grace more; then the error names the time-out. bestmove must be legal in the
    // current position; an illegal or unparsable one is an error quoting it.
    core::Result<GoResult> go(
        const GoLimits& limits, std::chrono::milliseconds timeout,
        std::chrono::milliseconds grace = std::chrono::milliseconds(1000)) override;

    // Sends `quit` and waits up to grace for the engine to exit; then kills it. Error when it
    // had to be killed. Nothing happens when the engine is not running.
    Status quit(std::chrono::milliseconds grace = std::chrono::milliseconds(1000)) override;

    // True while the engine process runs.
    bool running() override { return process_.running(); }
    // From the handshake: `id name` (the command when none was sent), `id author`, options.
    const std::string& name() const override { return name_; }
    const std::string& author() const { return author_; }
    const std::vector<UciOption>& options() const { return options_; }
    // The command line the engine was started with.
    const std::string& command() const { return command_; }

private:
    Status send(std::string_view line);
    // An error "engine 'name' <what>", adding the exit status when the engine has exited.
    core::Error failure(const std::string& what);

    Process process_;
    std::string command_;
    std::string name_;
    std::string author_;
    std::vector<UciOption> options_;
    chess::Position position_;
    bool chess960_sent_ = false;
};

// Parses one `info …` line into info, updating only the fields the line has; lines of
// multipv > 1 and `info string` lines change nothing.
void parse_info(std::string_view line, SearchInfo& info);

// Parses one `option name … type … [default …]` line; nullopt when it is not one.
std::optional<UciOption> parse_option(std::string_view line);

}  // namespace kibitz::match
