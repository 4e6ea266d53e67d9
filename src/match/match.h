// A match between two external engines, or a tournament between more, the way cutechess-cli
// runs one: openings from a file played with both colours, several games at once, SPRT (two
// engines), adjudication, a PGN file, a result block or standings line after every game, and a
// state file to resume a stopped run.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "chess/position.h"
#include "core/result.h"
#include "match/game.h"
#include "match/ratings.h"
#include "match/schedule.h"
#include "match/stats.h"

namespace kibitz::match {

// One player: how to start it, its UCI options, its limits.
struct EngineConfig {
    std::string name;                                          // "" = the engine's `id name`
    std::string command;                                       // split at blanks, no shell
    std::vector<std::pair<std::string, std::string>> options;  // setoption name/value
    TimeControl tc;
    std::string protocol = "uci";  // "uci" or "xboard"
};

// A start position and the moves played from it before the engines take over.
struct Opening {
    chess::Position start;
    std::vector<chess::Move> moves;
};

// Reads openings: "epd" (one position per line, the first 4 to 6 FEN fields; blank lines and
// '#' comments skipped) or "pgn" (each game's first `plies` half-moves; 0 = all). The error
// names the file and the line or game.
core::Result<std::vector<Opening>> load_openings(const std::string& file, const std::string& format,
                                                 int plies);

struct MatchOptions {
    std::vector<EngineConfig> engines;  // in -engine order; two for a match, more for a tournament
    Tournament tournament = Tournament::kRoundRobin;
    std::vector<Opening> openings;  // empty = the standard start position
    bool random_order = false;      // openings shuffled with srand instead of in file order
    std::uint64_t srand = 0;
    // Where the openings came from; only for the state file's fingerprint (state.h).
    std::string openings_file;
    std::string openings_format = "epd";
    int openings_plies = 0;
    int games = 1;   // games per pairing and round
    int rounds = 1;  // total games = games * rounds * pairings (schedule.h)
    // Consecutive games 2k and 2k+1 of a pairing play the same opening with colours swapped
    // and count as a pair in Tally::pairs: set by -repeat, or when games is even.
    bool repeat = false;
    int concurrency = 1;
    std::optional<SprtParams> sprt;  // stop once H0 or H1 is accepted; two engines only
    DrawAdjudication draw;
    ResignAdjudication resign;
    int maxmoves = 0;
    std::string pgnout;    // "" = no PGN file; otherwise games are appended as they finish
    bool recover = false;  // restart a crashed engine instead of ending the match
    std::string event = "?";
    // "" = none; otherwise the state file (state.h): read at the start to skip the games it
    // has, rewritten after every game.
    std::string state_file;
};

struct MatchResult {
    Tally tally;  // the first engine's view of its games against the second
    std::string first_name, second_name;
    int games_played = 0;            // games played in this run
    int games_restored = 0;          // games read from the state file
    int total = 0;                   // games in the schedule
    std::vector<std::string> names;  // every engine's name, in -engine order
    std::vector<ScoredGame> games;   // every finished game, restored ones included
    std::string error;  // why the match ended early ("" when it ran to its end or was stopped)
    // The error came before any game could start: a state file that does not fit, a PGN file
    // that cannot be opened, SPRT with more than two engines.
    bool setup_failed = false;
};

// True when games 2k and 2k+1 of a pairing are a pair (see MatchOptions::repeat).
bool paired(const MatchOptions& options);

// The ratings' origin: the first engine in a gauntlet, the average in a round-robin.
Anchor anchor_of(const MatchOptions& options);

// Runs the match or tournament: "Started game k of T (A vs B)" / "Finished game k (A vs B):
// 1-0 {White mates}" and, after each game, the result block (two engines) or a standings line
// (more), on out. With a state file whose games are already known it first prints "Resuming:
// N of T games already played" and skips them. Stops starting games once *stop becomes true
// (Ctrl-C), SPRT decides, or an engine fails without recover; the games under way finish first.
// Fewer than two engines, or a state file that does not fit the options, is an error before
// any game is played.
MatchResult run_match(const MatchOptions& options, std::ostream& out,
                      const std::atomic<bool>* stop = nullptr);

}  // namespace kibitz::match
