// `kibitz othello nboard [--depth N] [--movetime MS] [--solve-empties N] [--hash MB]
// [--eval LEVEL]`: the Othello engine over the NBoard protocol on stdin/stdout, for the NBoard
// GUI (which sends "set depth", overriding --depth).
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <string>

#include "app/commands.h"
#include "app/othello_options.h"
#include "core/files.h"
#include "nboard/nboard.h"

using namespace kibitz;

void register_othello_nboard(CLI::App& othello) {
    struct Args {
        nboard::PlayOptions options;
        std::string eval = "mobility";
    };
    auto a = std::make_shared<Args>();
    a->options.depth = nboard::Session::kDefaultDepth;
    CLI::App* cmd =
        othello.add_subcommand("nboard", "Othello engine over the NBoard protocol on stdin/stdout");
    cmd->add_option("--depth", a->options.depth,
                    "Midgame search depth until the GUI sends 'set depth'")
        ->capture_default_str()
        ->check(CLI::Range(1, 60));
    cmd->add_option("--movetime", a->options.movetime_ms,
                    "Most time of a search in ms (default: none, the depth decides)")
        ->check(CLI::NonNegativeNumber);
    add_othello_engine_options(*cmd, a->options, a->eval);
    cmd->callback([a] {
        apply_othello_eval(a->options, a->eval);
        check_othello_hash(a->options);
        nboard::Session session(std::cout, a->options);
        // Lines are bounded (core::kMaxLineBytes): a longer one is refused, the session goes on.
        std::string line;
        bool quit = false;
        for (core::CommandLine got;
             !quit && (got = core::read_command(std::cin, line)) != core::CommandLine::kEnd;) {
            if (got == core::CommandLine::kTooLong)
                session.refuse_line("input line ignored: longer than " +
                                    core::size_text(core::kMaxLineBytes));
            else
                quit = !session.handle(line);
        }
        // At the end of the input a running search still sends its answer: a short one in
        // full, a long one after kInputEndGrace, stopped.
        if (!quit) session.end_of_input();
    });
}
