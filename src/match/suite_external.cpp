// The external-engine suite runner.
#include "match/suite_external.h"

#include <chrono>
#include <string>

#include "match/uci_engine.h"

namespace kibitz::match {

namespace {

using std::chrono::milliseconds;

// Generous bounds: they only catch engines that hang, not slow ones.
constexpr milliseconds kHandshakeTimeout{10000};
constexpr milliseconds kReadyTimeout{30000};  // a large Hash may take a while to clear
constexpr milliseconds kStopGrace{2000};
constexpr milliseconds kDepthTimeout{600000};

// Starts the engine and sends the options; the error names the step that failed.
Status start_engine(UciEngine& engine, const engine::SuiteOptions& options) {
    if (auto r = engine.start(options.external_engine, kHandshakeTimeout); !r) return r;
    if (engine.has_option("Threads"))
        if (auto r = engine.set_option("Threads", std::to_string(options.threads)); !r) return r;
    if (engine.has_option("Hash"))
        if (auto r = engine.set_option("Hash", std::to_string(options.hash_mb)); !r) return r;
    for (const auto& [name, value] : options.engine_options)
        if (auto r = engine.set_option(name, value); !r) return r;
    return engine.is_ready(kReadyTimeout);
}

// One position: the engine's move, or an error naming the step that failed.
core::Result<GoResult> search(UciEngine& engine, const chess::EpdRecord& record,
                              const engine::SuiteOptions& options) {
    if (auto r = engine.new_game(); !r) return core::Error{r.error()};
    if (auto r = engine.is_ready(kReadyTimeout); !r) return core::Error{r.error()};
    if (auto r = engine.position(record.position); !r) return core::Error{r.error()};
    GoLimits limits;
    milliseconds timeout = kDepthTimeout;
    if (options.depth > 0) {
        limits.depth = options.depth;
    } else {
        limits.movetime = options.movetime_ms;
        timeout = milliseconds(options.movetime_ms + options.movetime_ms / 2 + 1000);
    }
    return engine.go(limits, timeout, kStopGrace);
}

}  // namespace

core::Result<engine::SuiteResult> run_suite_external(const std::vector<chess::EpdRecord>& records,
                                                     const engine::SuiteOptions& options,
                                                     std::ostream& log) {
    engine::SuiteResult result;
    UciEngine engine;
    if (auto r = start_engine(engine, options); !r) return core::Error{r.error()};
    log << "Engine: " << engine.name() << " (" << engine.command() << ")" << std::endl;
    int index = 0;
    for (const auto& record : records) {
        ++index;
        if (!engine::is_scored(record)) continue;
        // 1. A previous failure stopped the engine: start a fresh one.
        if (!engine.running())
            if (auto r = start_engine(engine, options); !r) return core::Error{r.error()};
        // 2. Search and score; after any failure the engine is stopped, to restart clean.
        const auto found = search(engine, record, options);
        if (found) {
            result.nodes += found->info.nodes;
            engine::score_position(record, index, found->bestmove, result, log);
        } else {
            engine::score_position(record, index, chess::Move::none(), result, log,
                                   "error: " + found.error());
            (void)engine.quit(milliseconds(500));
        }
    }
    if (auto r = engine.quit(milliseconds(2000)); !r) log << "note: " << r.error() << std::endl;
    return result;
}

}  // namespace kibitz::match
