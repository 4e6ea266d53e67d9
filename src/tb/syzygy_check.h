// Syzygy tables checked against Kibitz's own distance-to-mate tables, position by position:
// 1. WDL agrees with the own table: a win (or cursed win) where the own table mates, a draw
//    where it draws, a loss (or blessed loss) where it is mated.
// 2. DTZ agrees with the successors: the probe's DTZ equals the best over the legal moves of
//    one more than the successor's DTZ (1 for a zeroing move, 101 when it is cursed), the
//    fastest for the winner, the slowest for the loser. Tables that store DTZ in moves rather
//    than plies round it: a probe of n plies may mean n or n + 1, so a position (or a
//    successor) may be one ply off; those positions are counted, not failed.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/result.h"
#include "tb/material.h"
#include "tb/syzygy.h"

namespace kibitz::tb {

struct SyzygyCheckReport {
    std::uint64_t checked = 0;          // legal positions compared (both sides to move)
    std::uint64_t cursed = 0;           // cursed wins and blessed losses among them
    std::uint64_t wdl_mismatches = 0;   // WDL against the own table
    std::uint64_t dtz_mismatches = 0;   // DTZ against the successors
    std::uint64_t dtz_rounded = 0;      // DTZ one ply off the successors' (rounded tables)
    std::vector<std::string> examples;  // the first few mismatches, with their FEN
};

// Compares table m (any orientation) of the Syzygy set with the own table in own_dir (which
// must hold m and the tables its captures lead to). Every `stride`-th index of the own table
// is taken (1: every position); threads split the work (0: all cores). Fails when a table is
// missing or unreadable, or when stopped.
core::Result<SyzygyCheckReport> check_syzygy(
    const std::string& own_dir, const syzygy::Tablebase& syzygy, const Material& m,
    std::uint64_t stride, int threads, const std::atomic<bool>* stop = nullptr,
    const std::function<void(const std::string&)>& progress = {});

}  // namespace kibitz::tb
