// Test suites for external UCI engines: the same positions, scoring and log lines as
// engine::run_suite, with the move chosen by another program.
#pragma once

#include <ostream>
#include <vector>

#include "chess/epd.h"
#include "core/result.h"
#include "engine/epd_suite.h"

namespace kibitz::match {

// Runs the suite on options.external_engine: Threads and Hash from options.threads and
// options.hash_mb when the engine has them, then options.engine_options; per position
// ucinewgame, isready, position fen, go movetime|depth. A failure on one position (time-out,
// illegal move, crash) fails that position with the error in its log line, and the engine is
// restarted. The error says when the engine cannot be started or configured.
core::Result<engine::SuiteResult> run_suite_external(const std::vector<chess::EpdRecord>& records,
                                                     const engine::SuiteOptions& options,
                                                     std::ostream& log);

}  // namespace kibitz::match
