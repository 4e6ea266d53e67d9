// The state file of `kibitz othello match --state FILE`: the games of the pairs played so far,
// so that a stopped match (Ctrl-C, the end of a session) resumes where it stopped. It is
// rewritten after every pair, atomically (core::write_file), so a crash leaves the old file or
// the new one, never half of one. Plain text, in this order:
//
//   kibitz-othello-match-state 1          the format and its version
//   setting first = kibitz:depth=8        the fingerprint: what decides the games (the players'
//   setting seed = 25                     specs, the openings); the number of pairs and SPRT
//   ...                                   may change between runs
//   game 1 = 1 12 4100 3900 4000 3800 30 30 f5d6c3...   first_black, score for the first
//                                         player, wall ms and CPU ms of first and second, their
//                                         moves, the game's moves ("-" for none), an error
//   end                                   written last; a file without it was cut short
//
// Which opening a pair played follows from the settings, so the games alone rebuild the tally.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "match/othello_match.h"
#include "match/state.h"

namespace kibitz::match {

// The settings a resumed match must share with the run that wrote the file.
Fingerprint othello_match_fingerprint(const std::string& first, const std::string& second,
                                      const OthelloMatchOptions& options,
                                      const std::string& openings_file);

// Writes the fingerprint and the games (an even number: whole pairs) to file, atomically; the
// error names the file.
core::Status write_othello_state(const std::string& file, const Fingerprint& fingerprint,
                                 const std::vector<OthelloGameRecord>& games);

// The games of file when its fingerprint is `now`; none when the file does not exist. A file
// written for other settings, cut short or with a bad line is an error that names the file,
// the line and what is wrong.
core::Result<std::vector<OthelloGameRecord>> read_othello_state(const std::string& file,
                                                                const Fingerprint& now);

}  // namespace kibitz::match
