// What bounds a search: depth, nodes, time, mate; and how the caller learns of progress.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "search/score.h"
#include "search/tt.h"

namespace kibitz::search {

struct Limits {
    Depth depth = kMaxPly - 1;  // deepest iteration
    std::uint64_t nodes = 0;    // stop after about this many nodes (0: no limit)
    std::int64_t soft_ms = 0;   // do not start another iteration after this (0: none)
    std::int64_t hard_ms = 0;   // stop the search at this time (0: none)
    int mate = 0;               // stop when a mate in this many moves is found (0: no)
    bool infinite = false;      // never stop by itself (go infinite, ponder)
};

// One finished iteration (or a fail high/low inside one), for UCI "info" lines.
template <class Move>
struct Iteration {
    Depth depth = 0;
    int seldepth = 0;
    int multipv = 1;
    Score score = 0;
    Bound bound = kBoundExact;  // kBoundLower: fail high, kBoundUpper: fail low
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    int hashfull = 0;
    std::uint64_t tb_hits = 0;  // this thread's endgame-table hits
    std::vector<Move> pv;
};

}  // namespace kibitz::search
