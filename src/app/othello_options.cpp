#include "app/othello_options.h"

#include <CLI/CLI.hpp>
#include <stdexcept>

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
