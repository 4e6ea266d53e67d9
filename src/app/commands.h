// The subcommands of the kibitz binary: each lives in src/app/cmd_<name>.cpp.
#pragma once

#include <string>

namespace CLI {
class App;
}

// Each register_<name> adds subcommand <name> to app, with its options and a callback that
// runs it. A callback that must end with a non-zero exit status throws CLI::RuntimeError(code);
// any other std::exception ends the program with "kibitz: error: <what>" and status 2.
void register_uci(CLI::App& app);
void register_perft(CLI::App& app);
void register_bench(CLI::App& app);
void register_epd(CLI::App& app);
void register_explain(CLI::App& app);
void register_analyse(CLI::App& app);
void register_pgn(CLI::App& app);
void register_match(CLI::App& app);
void register_play(CLI::App& app);
void register_lab(CLI::App& app);
void register_datagen(CLI::App& app);
void register_book(CLI::App& app);
void register_tb(CLI::App& app);
void register_othello(CLI::App& app);
void register_tune(CLI::App& app);
// The subcommands of `kibitz tune` (cmd_tune_ga.cpp, cmd_tune_texel.cpp).
void register_tune_ga(CLI::App& tune);
void register_tune_texel(CLI::App& tune);
// The subcommands of `kibitz othello` (cmd_othello*.cpp).
void register_othello_perft(CLI::App& othello);
void register_othello_bench(CLI::App& othello);
void register_othello_probcut_fit(CLI::App& othello);
void register_othello_pattern_fit(CLI::App& othello);  // cmd_othello_patterns.cpp
void register_othello_match(CLI::App& othello);
void register_othello_solve(CLI::App& othello);
void register_othello_gtp(CLI::App& othello);
void register_othello_nboard(CLI::App& othello);

// Runs the UCI engine on stdin/stdout until "quit" or end of input; returns the exit status.
// This is what `kibitz` does when no subcommand is given. weights_file, when not empty, sets
// the option WeightsFile first (a file that cannot be loaded is an error).
int run_uci(const std::string& weights_file = "");
