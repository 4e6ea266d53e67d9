// `kibitz othello`: the same search on Othello. Its subcommands live in cmd_othello_*.cpp.
#include <CLI/CLI.hpp>

#include "app/commands.h"

void register_othello(CLI::App& app) {
    CLI::App* othello = app.add_subcommand(
        "othello", "Othello on the same search: perft, endgame solver, GTP and NBoard engines");
    othello->require_subcommand(1);
    register_othello_perft(*othello);
    register_othello_bench(*othello);
    register_othello_probcut_fit(*othello);
    register_othello_pattern_fit(*othello);
    register_othello_match(*othello);
    register_othello_solve(*othello);
    register_othello_gtp(*othello);
    register_othello_nboard(*othello);
}
