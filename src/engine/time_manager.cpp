// Time allocation per move.
#include "engine/time_manager.h"

#include <algorithm>

namespace kibitz::engine {

search::Limits plan_limits(const GoParams& go_in, int side, std::int64_t overhead_ms) {
    // 0. Every time within [0, kMaxClockMs], so that the sums and products below cannot
    // overflow; a clock overdrawn by the GUI's lag (negative) has 1 ms left.
    const auto sane = [](std::int64_t ms) { return std::clamp<std::int64_t>(ms, 0, kMaxClockMs); };
    GoParams go = go_in;
    for (int c = 0; c < 2; ++c) {
        go.time[c] = go.time[c] < 0 ? 1 : sane(go.time[c]);  // overdrawn: little time, not none
        go.inc[c] = sane(go.inc[c]);
    }
    go.movetime = sane(go.movetime);
    overhead_ms = sane(overhead_ms);
    search::Limits limits;
    if (go.depth > 0) limits.depth = std::min(go.depth, search::kMaxPly - 1);
    limits.nodes = go.nodes;
    limits.mate = go.mate;
    limits.infinite = go.infinite || go.ponder;
    // A fixed move time is used in full: no soft limit, so that no stable move or easy
    // position ends the search early (only a clock game stretches and shrinks its time).
    if (go.movetime > 0) {
        limits.hard_ms = std::max<std::int64_t>(1, go.movetime - overhead_ms);
        return limits;
    }
    const std::int64_t remaining = go.time[side];
    if (remaining <= 0) return limits;  // no clock: depth, nodes, mate or infinite only

    // 1. Usable time: the clock less the overhead for every move still to play at once.
    const int moves_to_go = go.movestogo > 0 ? std::min(go.movestogo, 50) : 30;
    const std::int64_t inc = go.inc[side];
    const std::int64_t usable = std::max<std::int64_t>(
        1, remaining - overhead_ms * std::min(moves_to_go, 10) + inc * (moves_to_go - 1));

    // 2. Soft limit: an even share plus most of this move's increment.
    std::int64_t soft = usable / moves_to_go + inc * 3 / 4;
    // 3. Hard limit: a few times the share, never more than a fraction of the clock.
    const std::int64_t cap =
        std::max<std::int64_t>(1, (remaining - overhead_ms) * (go.movestogo == 1 ? 8 : 4) / 10);
    std::int64_t hard = std::min(soft * 4, cap);
    soft = std::min(soft, hard);
    limits.soft_ms = std::max<std::int64_t>(1, soft);
    limits.hard_ms = std::max<std::int64_t>(1, hard);
    return limits;
}

}  // namespace kibitz::engine
