// `kibitz othello gtp [--depth N] [--movetime MS] [--solve-empties N] [--hash MB] [--eval LEVEL]`:
// the Othello engine over GTP on stdin/stdout, in gtp-rhino's dialect (for GTP controllers and
// matches against GRhino).
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "app/commands.h"
#include "nboard/gtp.h"

using namespace kibitz;

void register_othello_gtp(CLI::App& othello) {
    struct Args {
        nboard::PlayOptions options;
        std::string eval = "mobility";
    };
    auto a = std::make_shared<Args>();
    CLI::App* cmd = othello.add_subcommand("gtp", "Othello engine over GTP on stdin/stdout");
    cmd->add_option("--depth", a->options.depth,
                    "Midgame search depth of a move (default: none; the clock or a second)")
        ->check(CLI::Range(0, 60));
    cmd->add_option("--movetime", a->options.movetime_ms, "Time of a move in ms (default: none)")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--solve-empties", a->options.solve_empties,
                    "Solve exactly at this many empty squares or fewer (0: never)")
        ->capture_default_str()
        ->check(CLI::Range(0, 64));
    cmd->add_option("--hash", a->options.hash_mb,
                    "Megabytes of the search's table, and as many of the solver's")
        ->capture_default_str()
        ->check(CLI::Range(1, 65536));
    cmd->add_option("--eval", a->eval, "Evaluation: discs, table or mobility (the full one)")
        ->capture_default_str();
    cmd->callback([a] {
        const auto level = eval::parse_othello_eval_level(a->eval);
        if (!level) throw std::runtime_error("--eval: " + level.error());
        a->options.eval = *level;
        nboard::GtpSession session(std::cout, a->options, KIBITZ_VERSION);
        std::string line;
        while (std::getline(std::cin, line))
            if (!session.handle(line)) break;
    });
}
