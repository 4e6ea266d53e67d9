// The state file of `kibitz match -state FILE`: what a stopped match or tournament needs to
// resume. It is rewritten after every finished game, atomically, so that a crash or a power cut
// leaves either the old or the new file, never half of one.
//
// The format is plain text, one "KEY = VALUE" per line, in this order:
//
//   # kibitz match state; ...                 comments (#) and blank lines are ignored
//   kibitz-match-state 1                      the format and its version
//   setting games = 2                         the fingerprint: every setting that decides the
//   setting tc of engine 2 = 10+0.1           schedule, its openings or how a game is decided
//   ...
//   name 2 = Stockfish 16                     the name engine 2 reported (for the crosstable
//                                             when nothing is left to play)
//   game 7 = 1-0 White mates                  a finished game by its number: result, reason
//   end                                       written last; a file without it was cut short
//
// Values escape backslash, newline and carriage return as \\, \n and \r. Which engine played
// which colour and opening in game 7 follows from the settings (schedule.h), so the result
// alone rebuilds every tally, game pairs included.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "chess/status.h"
#include "core/result.h"
#include "match/match.h"

namespace kibitz::match {

// The settings of a match that must not change between a run and its resumption, as ordered
// (key, value) pairs such as ("tc of engine 2", "10+0.1").
using Fingerprint = std::vector<std::pair<std::string, std::string>>;

struct SavedGame {
    chess::Outcome outcome = chess::Outcome::kDraw;
    std::string reason;
    int line = 0;  // where read_state found it (0 when not read from a file)
};

struct MatchState {
    Fingerprint fingerprint;
    std::map<int, std::string> names;  // engine number (1-based) -> the name it reported
    std::map<int, SavedGame> games;    // game number (1-based) -> its result
};

// The fingerprint of options: engine commands, names, protocols, options and limits; the
// openings file (absolute path), its size, format, plies and order (srand when random); games,
// rounds, repeat, tournament type; draw and resign adjudication and maxmoves. Concurrency, the
// PGN file, -recover, SPRT and the event name are left out: they change no game.
Fingerprint match_fingerprint(const MatchOptions& options);

// The file's text (see above).
std::string state_text(const MatchState& state);

// Writes state_text to FILE.tmp, fsyncs it, renames it over file and fsyncs the directory.
// On error the old file is untouched; the error names the file.
Status write_state(const std::string& file, const MatchState& state);

// Reads a state file; a corrupt one gives an error "FILE:LINE: what is wrong".
core::Result<MatchState> read_state(const std::string& file);

// Done when saved equals now, or differs only in more rounds now (an extended match: the
// schedule's first games stay the same); otherwise the first setting that differs:
// "state file F was written for a different tc of engine 2: 10+0.1 vs 5+0.05 (saved vs now)".
Status check_fingerprint(const std::string& file, const Fingerprint& saved, const Fingerprint& now);

}  // namespace kibitz::match
