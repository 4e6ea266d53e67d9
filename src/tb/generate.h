// Generating tables: the dependency closure, smaller tables first, each by retrograde
// analysis (retro.h) and written to <dir>/<NAME>.ktb. Tables already present and valid are
// skipped, so an interrupted run continues where it stopped.
#pragma once

#include <atomic>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "chess/types.h"
#include "core/result.h"
#include "tb/file.h"
#include "tb/index.h"
#include "tb/material.h"

namespace kibitz::tb {

struct GenerateOptions {
    std::string dir;
    int threads = 0;                          // 0: the hardware's concurrency
    const std::atomic<bool>* stop = nullptr;  // raised (Ctrl-C): stop cleanly, write nothing half
    std::ostream* log = nullptr;              // a line per table and progress lines, or nothing
};

struct TableReport {
    TableInfo info;
    bool skipped = false;  // already present and valid
    double seconds = 0;
    int levels = 0;
};

// Generates the tables (any orientation) and every table they need. Fails on the first table
// that cannot be made or written, or when stopped (the tables finished so far stay).
core::Result<std::vector<TableReport>> generate(const std::vector<Material>& tables,
                                                const GenerateOptions& options);

// The FEN of index idx of a table with `stm` to move (side 0 is White).
std::string fen_of(const Indexer& ix, std::uint64_t idx, chess::Color stm);

// A one-line summary of a table: positions, wins/draws/losses per side to move, the longest
// mate with an example FEN, and (when known) time and file size.
std::string describe_table(const TableReport& r);

}  // namespace kibitz::tb
