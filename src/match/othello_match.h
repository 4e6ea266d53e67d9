// Othello matches: Kibitz configurations in process, external GTP engines (Debian's gtp-rhino,
// Edax) and NBoard engines (ntest), game pairs from random openings or an openings file with
// colours swapped, each side's thinking time on the clock and in CPU, W/D/L with Elo error bars
// and SPRT from match/stats.h.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "match/stats.h"
#include "othello/board.h"

namespace kibitz::match {

// One side of an Othello match.
class OthelloPlayer {
public:
    virtual ~OthelloPlayer() = default;
    virtual std::string name() const = 0;
    // A new game from board (after the opening moves `moves` from the start position).
    virtual core::Status new_game(const std::vector<othello::Move>& moves) = 0;
    // The opponent (or the opening) played m.
    virtual core::Status played(const othello::Board& before, othello::Move m) = 0;
    // This player's move in board; errors name what went wrong (an illegal move, a dead engine).
    virtual core::Result<othello::Move> choose(const othello::Board& board) = 0;
    // The CPU time (ms, user + system) this player has used so far: its searches in process,
    // or the external engine's processes.
    virtual std::int64_t cpu_ms() const = 0;
};

// "kibitz[:key=value,...]" with keys depth (default 6, or none with a movetime), movetime (ms),
// eval (an Othello evaluation level), patterns (the file of a pattern fit), probcut (on, off
// or deviations; on by default), check (ProbCut's shallow search about depth / 2 or / 3 deep),
// models (the file of a ProbCut fit, as `othello probcut-fit --cpp` writes it), solve (empties, 0 =
// no solver), hash (MB), name; or "gtp:COMMAND ARGS..." for an external GTP engine; or
// "nboard:COMMAND ARGS..." or "nboard:depth=N,name=NAME:COMMAND ARGS..." for an external NBoard
// engine searching to depth N (default 6). Errors name the bad part.
core::Result<std::unique_ptr<OthelloPlayer>> make_othello_player(const std::string& spec);

struct OthelloGameRecord {
    std::vector<othello::Move> moves;  // from the start, passes included
    int opening_plies = 0;
    int first_black = 0;  // 1 when the first player had black
    int score_first = 0;  // final disc score for the first player (empties to the winner)
    std::string error;    // set when a player failed (the game counts as its loss)
    // Thinking time (wall clock and CPU, ms) and moves chosen (passes included) of each player.
    std::int64_t ms_first = 0, ms_second = 0;
    std::int64_t cpu_ms_first = 0, cpu_ms_second = 0;
    int moves_first = 0, moves_second = 0;
};

struct OthelloMatchOptions {
    int pairs = 10;         // game pairs (each opening with both colours)
    int opening_plies = 8;  // random moves from the start
    std::uint64_t seed = 1;
    // When not empty, the openings in this order (pair i plays openings[i % size]) instead of
    // random ones: from read_othello_openings().
    std::vector<std::vector<othello::Move>> openings;
    const SprtParams* sprt = nullptr;  // stop early when decided
    // Resuming a stopped match: the games of the pairs already played, in order (whole pairs),
    // counted and not played again (a match with more of them than `pairs` counts them all).
    std::vector<OthelloGameRecord> done;
    // Called with every game so far after each pair played (to save the state); an error
    // ends the match.
    std::function<core::Status(const std::vector<OthelloGameRecord>&)> on_pair;
};

struct OthelloMatchResult {
    Tally tally;
    std::vector<OthelloGameRecord> games;
    std::int64_t ms_first = 0, ms_second = 0;  // thinking time over all games
    std::int64_t cpu_ms_first = 0, cpu_ms_second = 0;
    int moves_first = 0, moves_second = 0;
};

// Moves from the start as "f5d6c3..." ("PA" or "pass" for a pass), each legal where it is
// played; an error names the move ("move 2 'a1': ...").
core::Result<std::vector<othello::Move>> parse_othello_moves(std::string_view squares);

// Openings from a file, one a line: moves from the start as "f5d6c3d3c4f4c5b3" (the XOT
// lists' form), with or without blanks between the moves, either case; blank lines and lines
// starting with '#' are skipped. Errors name the file, the line and the move.
core::Result<std::vector<std::vector<othello::Move>>> read_othello_openings(
    const std::string& path);

// Plays the match, one line per game on log (the score, each side's mean time a move, the moves),
// the result block and the mean times at the end; stops between games once *stop is true.
OthelloMatchResult play_othello_match(OthelloPlayer& first, OthelloPlayer& second,
                                      const OthelloMatchOptions& options, std::ostream& log,
                                      const std::atomic<bool>* stop = nullptr);

// The moves as one string, "f5d6c3..." with "PA" for a pass.
std::string othello_moves_text(const std::vector<othello::Move>& moves);

}  // namespace kibitz::match
