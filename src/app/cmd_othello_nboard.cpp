// `kibitz othello nboard [--depth N] [--movetime MS] [--solve-empties N] [--hash MB]
// [--eval LEVEL]`: the Othello engine over the NBoard protocol on stdin/stdout, for the NBoard
// GUI (which sends "set depth", overriding --depth).
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "app/commands.h"
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
        nboard::Session session(std::cout, a->options);
        std::string line;
        bool quit = false;
        while (!quit && std::getline(std::cin, line)) quit = !session.handle(line);
        // At the end of the input a running search still sends its answer.
        if (!quit) session.wait();
    });
}
