// `kibitz othello gtp [--depth N] [--movetime MS] [--solve-empties N] [--hash MB] [--eval LEVEL]`:
// the Othello engine over GTP on stdin/stdout, in gtp-rhino's dialect (for GTP controllers and
// matches against GRhino).
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <string>

#include "app/commands.h"
#include "app/othello_options.h"
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
    add_othello_engine_options(*cmd, a->options, a->eval);
    cmd->callback([a] {
        apply_othello_eval(a->options, a->eval);
        check_othello_hash(a->options);
        nboard::GtpSession session(std::cout, a->options, KIBITZ_VERSION);
        session.serve(std::cin);
    });
}
