// A match between two external UCI engines, the way cutechess-cli runs one: openings from a
// file played with both colours, several games at once, SPRT, adjudication, a PGN file, and a
// result block after every game.
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
    EngineConfig first, second;
    std::vector<Opening> openings;  // empty = the standard start position
    bool random_order = false;      // openings shuffled with srand instead of in file order
    std::uint64_t srand = 0;
    int games = 1;   // games per round
    int rounds = 1;  // total games = games * rounds
    // Consecutive games 2k and 2k+1 play the same opening with colours swapped and count as a
    // pair in Tally::pairs: set by -repeat, or when games is even.
    bool repeat = false;
    int concurrency = 1;
    std::optional<SprtParams> sprt;  // stop once H0 or H1 is accepted
    DrawAdjudication draw;
    ResignAdjudication resign;
    int maxmoves = 0;
    std::string pgnout;    // "" = no PGN file; otherwise games are appended as they finish
    bool recover = false;  // restart a crashed engine instead of ending the match
    std::string event = "?";
};

struct MatchResult {
    Tally tally;  // the first engine's view
    std::string first_name, second_name;
    int games_played = 0;
    std::string error;  // why the match ended early ("" when it ran to its end or was stopped)
};

// True when games 2k and 2k+1 are a pair (see MatchOptions::repeat).
bool paired(const MatchOptions& options);

// Runs the match: "Started game …" / "Finished game N (A vs B): 1-0 {White mates}" and the
// result block after each game, on out. Stops starting games once *stop becomes true (Ctrl-C),
// SPRT decides, or an engine fails without recover; the games under way finish first.
MatchResult run_match(const MatchOptions& options, std::ostream& out,
                      const std::atomic<bool>* stop = nullptr);

}  // namespace kibitz::match
