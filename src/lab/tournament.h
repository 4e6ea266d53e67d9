// Round-robin tournaments for the lab, played by the match runner (`kibitz match`): openings
// from data/openings/, both colours, a state file so that a stopped tournament resumes, and
// Elo ratings with 95% intervals.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "lab/lab.h"
#include "match/ratings.h"

namespace kibitz::lab {

struct Entrant {
    std::string name;
    std::string command;  // split at blanks
    std::vector<std::pair<std::string, std::string>> options;
};

struct Standings {
    std::vector<std::string> names;
    std::vector<match::Rating> ratings;  // anchored on the first entrant (0 Elo)
    std::vector<double> score;           // points per game, 0..1
    std::vector<int> games;
    int total_games = 0;
    std::string command;  // the equivalent `kibitz match` command
};

// Plays games_per_pairing games (an even number: each opening with both colours) between
// every two entrants at time control tc (as `tc=`), in ctx.dir (games.pgn, state.json).
core::Result<Standings> round_robin(Context& ctx, const std::vector<Entrant>& entrants,
                                    const std::string& tc, int games_per_pairing);

// The standings as a Markdown table and an Elo bar chart (SVG).
std::vector<std::vector<std::string>> standings_rows(const Standings& s);
std::string elo_chart(const Standings& s, const std::string& title);
// "name +12 ± 30, name -5 ± 28" for every entrant after the anchor.
std::string elo_list(const Standings& s);

// How to start `kibitz lab uci VARIANT` with this binary.
std::string variant_command(const Context& ctx, const std::string& variant);

}  // namespace kibitz::lab
