#include "app/othello_options.h"

#include <CLI/CLI.hpp>
#include <stdexcept>
#include <string>

#include "core/memory.h"
#include "engine/othello_engine.h"
#include "eval/othello_eval.h"

void add_othello_engine_options(CLI::App& cmd, kibitz::nboard::PlayOptions& options,
                                std::string& eval) {
    cmd.add_option("--solve-empties", options.solve_empties,
                   "Solve exactly at this many empty squares or fewer (0: never)")
        ->capture_default_str()
        ->check(CLI::Range(0, 64));
    cmd.add_option("--hash", options.hash_mb,
                   "Megabytes of the search's table, and as many of the solver's")
        ->capture_default_str()
        ->check(CLI::Range(1, 65536));
    // The default is the engine's (the fitted patterns), whatever the command set before.
    eval = std::string(
        kibitz::eval::othello_eval_level_name(kibitz::engine::OthelloEvaluator().level()));
    cmd.add_option("--eval", eval,
                   "Evaluation: discs, table, mobility (the seed's full one) or patterns (fitted)")
        ->capture_default_str();
}

void apply_othello_eval(kibitz::nboard::PlayOptions& options, const std::string& eval) {
    const auto level = kibitz::eval::parse_othello_eval_level(eval);
    if (!level) throw std::runtime_error("--eval: " + level.error());
    options.eval = *level;
}

void check_othello_hash(const kibitz::nboard::PlayOptions& options) {
    // Small tables are not worth the look (the allocation itself would fail cleanly).
    const std::size_t tables = options.solve_empties > 0 ? 2 : 1;
    const std::size_t needed = options.hash_mb * tables;
    if (needed <= 256) return;
    const std::size_t available = kibitz::core::available_memory_mb();
    if (needed > available)
        throw std::runtime_error(
            "--hash " + std::to_string(options.hash_mb) + ": " +
            (tables == 2 ? "the search's table and the solver's take " + std::to_string(needed) +
                               " MB together"
                         : "the search's table takes " + std::to_string(needed) + " MB") +
            ", but only " + std::to_string(available) + " MB of memory are available");
}
