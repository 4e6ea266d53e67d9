// The lines an explanation is built on: a short search of a position gives the best move, its
// score and its principal variation, played out on a copy of the position.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "chess/position.h"
#include "search/score.h"

namespace kibitz::explain {

// How hard each search of an explanation looks. A depth limit alone keeps the answer the same
// on every machine; nodes and movetime_ms (0: none) cap slow positions.
struct SearchSetting {
    int depth = 10;
    std::uint64_t nodes = 0;
    int movetime_ms = 0;
    int hash_mb = 8;
};

// One searched line: the score from the side to move's view, the principal variation (legal
// from the searched position; empty when the position has no legal move).
struct Line {
    search::Score score = 0;
    std::vector<chess::Move> pv;
};

// A single-threaded engine kept between searches (its table helps the second search of an
// explanation). Not thread-safe: use one per thread.
class LineSearcher {
public:
    explicit LineSearcher(SearchSetting setting = {});
    ~LineSearcher();
    LineSearcher(const LineSearcher&) = delete;
    LineSearcher& operator=(const LineSearcher&) = delete;

    // Searches pos under the setting. A mated or stalemated position is scored without a search
    // (mated: -kMate, stalemate: 0) and has an empty PV.
    Line search(const chess::Position& pos);
    // The best `count` lines of pos (MultiPV), best first; fewer where pos has fewer legal moves
    // (none when it has none).
    std::vector<Line> search_lines(const chess::Position& pos, int count);
    // Forgets the table and the move-ordering memory (so that the next answer does not depend
    // on what was searched before).
    void clear();
    const SearchSetting& setting() const { return setting_; }

private:
    struct Impl;
    SearchSetting setting_;
    std::unique_ptr<Impl> impl_;
};

}  // namespace kibitz::explain
