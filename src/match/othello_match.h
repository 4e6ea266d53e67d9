// Othello matches: Kibitz configurations in process and external GTP engines (Debian's
// gtp-rhino, Edax), game pairs from random openings with colours swapped, W/D/L with Elo error
// bars and SPRT from match/stats.h.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
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
};

// "kibitz[:key=value,...]" with keys depth (default 6, or none with a movetime), movetime (ms),
// eval (an Othello evaluation level), probcut (on, off or deviations; on by default), solve
// (empties, 0 = no solver), hash (MB), name; or "gtp:COMMAND ARGS..." for an external GTP
// engine. Errors name the bad part.
core::Result<std::unique_ptr<OthelloPlayer>> make_othello_player(const std::string& spec);

struct OthelloMatchOptions {
    int pairs = 10;         // game pairs (each opening with both colours)
    int opening_plies = 6;  // random moves from the start
    std::uint64_t seed = 1;
    const SprtParams* sprt = nullptr;  // stop early when decided
};

struct OthelloGameRecord {
    std::vector<othello::Move> moves;  // from the start, passes included
    int opening_plies = 0;
    int first_black = 0;  // 1 when the first player had black
    int score_first = 0;  // final disc score for the first player (empties to the winner)
    std::string error;    // set when a player failed (the game counts as its loss)
    // Thinking time (wall clock, ms) and moves chosen (passes included) of each player.
    std::int64_t ms_first = 0, ms_second = 0;
    int moves_first = 0, moves_second = 0;
};

struct OthelloMatchResult {
    Tally tally;
    std::vector<OthelloGameRecord> games;
    std::int64_t ms_first = 0, ms_second = 0;  // thinking time over all games
    int moves_first = 0, moves_second = 0;
};

// Plays the match, one line per game on log (the score, each side's mean time a move, the moves),
// the result block and the mean times at the end; stops between games once *stop is true.
OthelloMatchResult play_othello_match(OthelloPlayer& first, OthelloPlayer& second,
                                      const OthelloMatchOptions& options, std::ostream& log,
                                      const std::atomic<bool>* stop = nullptr);

// The moves as one string, "f5d6c3..." with "PA" for a pass.
std::string othello_moves_text(const std::vector<othello::Move>& moves);

}  // namespace kibitz::match
