// Test suites: search each EPD position for a fixed time and check the best move against the
// record's `bm` (best moves) and `am` (moves to avoid).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "chess/epd.h"
#include "core/result.h"

namespace kibitz::engine {

struct SuiteOptions {
    std::int64_t movetime_ms = 1000;
    int depth = 0;  // if > 0: fixed depth instead of time
    int threads = 1;
    std::size_t hash_mb = 16;
    // An external UCI engine to score instead of Kibitz (a command, split at blanks), and
    // options sent to it as `setoption name N value V` (after Threads and Hash).
    std::string external_engine;
    std::vector<std::pair<std::string, std::string>> engine_options;
};

struct SuiteResult {
    int total = 0;
    int solved = 0;
    std::uint64_t nodes = 0;
    std::vector<std::string> failures;  // one line each: id, expected, played
};

// Reads an EPD file; records without bm or am are kept (they are just not scored). The error
// names the file, line and problem.
core::Result<std::vector<chess::EpdRecord>> read_epd_file(const std::string& path);

// True when the record has a bm or am operation (the runner skips the others).
bool is_scored(const chess::EpdRecord& record);

// Scores played (Move::none() when nothing was played) on record, the index-th of the file
// (1-based, names records without id): updates result and writes the position's log line,
// "<id>: ok|FAIL played <san>, bm <san>… [solved/total]", with note after the move if any.
void score_position(const chess::EpdRecord& record, int index, chess::Move played,
                    SuiteResult& result, std::ostream& log, const std::string& note = "");

// Runs the suite with a fresh hash table per position; writes one line per position to log.
// Kibitz only: external engines are run by match::run_suite_external.
SuiteResult run_suite(const std::vector<chess::EpdRecord>& records, const SuiteOptions& options,
                      std::ostream& log);

}  // namespace kibitz::engine
