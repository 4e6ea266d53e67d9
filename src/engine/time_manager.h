// Time control: turns the UCI clock (wtime btime winc binc movestogo movetime …) into the
// search's soft and hard limits.
#pragma once

#include <cstdint>

#include "search/limits.h"

namespace kibitz::engine {

// The longest time plan_limits takes from a clock, an increment or a movetime, in ms (about 35
// years): longer ones count as this long, so that no sum or product of them can overflow.
inline constexpr std::int64_t kMaxClockMs = std::int64_t(1) << 40;

// What "go" asked for.
struct GoParams {
    std::int64_t time[2] = {0, 0};  // remaining ms for White and Black (0: not given)
    std::int64_t inc[2] = {0, 0};
    int movestogo = 0;
    std::int64_t movetime = 0;
    int depth = 0;
    std::uint64_t nodes = 0;
    int mate = 0;
    bool infinite = false;
    bool ponder = false;
};

// Plans the limits of one search for the side to move (0 White, 1 Black), with the GUI's
// communication overhead in ms. Baseline from the thesis: the time for a move is the remaining
// time over the moves still to play (movestogo, else 30), plus most of the increment (the
// "accumulated spare"), minus a safety margin. That is the soft limit, after which no new
// iteration starts (the search stretches it when the best move changes and shrinks it when
// the best move is stable); the hard limit stops the search mid-iteration and never exceeds
// what the clock can bear. Times beyond kMaxClockMs count as kMaxClockMs; a negative clock as 1 ms,
// other negative times as 0.
search::Limits plan_limits(const GoParams& go, int side, std::int64_t overhead_ms);

}  // namespace kibitz::engine
