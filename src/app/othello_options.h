// Options that `kibitz othello gtp` and `kibitz othello nboard` share: the solver's empties, the
// hash size and the evaluation level.
#pragma once

#include <string>

#include "nboard/nboard.h"

namespace CLI {
class App;
}

// Adds --solve-empties, --hash and --eval to cmd; --eval is kept as text in eval, which starts
// as the engine's default level (OthelloEvaluator).
void add_othello_engine_options(CLI::App& cmd, kibitz::nboard::PlayOptions& options,
                                std::string& eval);
// Sets options.eval from the --eval text; throws std::runtime_error naming a bad level.
void apply_othello_eval(kibitz::nboard::PlayOptions& options, const std::string& eval);
// Throws std::runtime_error naming --hash when the search's table and the solver's (hash_mb
// each) would take more memory than the machine has available (core::available_memory_mb).
void check_othello_hash(const kibitz::nboard::PlayOptions& options);
