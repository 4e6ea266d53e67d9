// The order of the games of a match or tournament: who meets whom, with which colours and
// which opening. It depends only on the settings, so a resumed match (state.h) finds every game
// again by its number.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace kibitz::match {

// cutechess-cli's -tournament: round-robin (every two engines meet) or gauntlet (the first
// engine meets each of the others). With two engines both are the same match.
enum class Tournament { kRoundRobin, kGauntlet };

// "round-robin" or "gauntlet".
std::string tournament_name(Tournament t);

struct ScheduledGame {
    int round = 0;               // 0-based
    int pairing = 0;             // index into Schedule::pairings
    int white = 0;               // engine indices
    int black = 0;               //
    int opening = 0;             // slot in the opening sequence; equal slots play the same opening
    int pair = -1;               // the two games of a pair share this id; -1 = not in a pair
    bool first_is_white = true;  // the pairing's first engine has White
};

struct Schedule {
    // The encounters: (a, b) with a < b, in the order round-robin or gauntlet lists them.
    std::vector<std::pair<int, int>> pairings;
    std::vector<ScheduledGame> games;  // by game number - 1, in the order they start
};

// The games of `engines` engines (>= 2): per pairing and round `games` games, `rounds` rounds.
// Every pairing plays the same sequence of opening slots, one slot per game or, when `paired`,
// per two consecutive games with colours swapped (a pair for the pentanomial model). Games of
// different pairings are interleaved, a pair (or a single game) at a time, so that concurrent
// games are mostly of different pairings and a stopped tournament is balanced. The pairing's
// first engine has White in the even games of its sequence, the other way round in odd
// pairings, which balances colours in round-robins even when `games` is odd. With two engines
// this is the classic match: game k (0-based) is game k of the sequence, first engine White
// in even games.
Schedule make_schedule(int engines, Tournament tournament, int games, int rounds, bool paired);

}  // namespace kibitz::match
