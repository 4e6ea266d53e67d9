// The game schedule; see schedule.h.
#include "match/schedule.h"

#include <algorithm>
#include <tuple>

namespace kibitz::match {

std::string tournament_name(Tournament t) {
    return t == Tournament::kGauntlet ? "gauntlet" : "round-robin";
}

Schedule make_schedule(int engines, Tournament tournament, int games, int rounds, bool paired) {
    Schedule schedule;
    for (int a = 0; a < engines; ++a)
        for (int b = a + 1; b < engines; ++b)
            if (tournament == Tournament::kRoundRobin || a == 0)
                schedule.pairings.push_back({a, b});
    const int per_pairing = std::max(0, games) * std::max(0, rounds);

    // 1. Every pairing's own sequence of games; s is the game's place in that sequence.
    struct Entry {
        std::tuple<int, int, int, int> order;  // round, opening slot, pairing, s
        ScheduledGame game;
    };
    std::vector<Entry> entries;
    for (int p = 0; p < static_cast<int>(schedule.pairings.size()); ++p) {
        const auto [a, b] = schedule.pairings[p];
        for (int s = 0; s < per_pairing; ++s) {
            ScheduledGame g;
            g.round = s / games;
            g.pairing = p;
            g.first_is_white = (s + p) % 2 == 0;
            g.white = g.first_is_white ? a : b;
            g.black = g.first_is_white ? b : a;
            g.opening = paired ? s / 2 : s;
            // A last game without its partner (an odd number of games) is not a pair.
            const bool complete = (s | 1) < per_pairing;
            g.pair = paired && complete ? p * ((per_pairing + 1) / 2) + s / 2 : -1;
            entries.push_back({{g.round, g.opening, p, s}, g});
        }
    }

    // 2. Interleaved: round by round, one opening slot (a pair or one game) of every pairing.
    std::sort(entries.begin(), entries.end(),
              [](const Entry& x, const Entry& y) { return x.order < y.order; });
    for (const auto& e : entries) schedule.games.push_back(e.game);
    return schedule;
}

}  // namespace kibitz::match
