// `kibitz uci` (also `kibitz` with no arguments): the UCI engine on stdin/stdout.
#include <CLI/CLI.hpp>
#include <iostream>
#include <string>

#include "app/commands.h"
#include "uci/session.h"

void register_uci(CLI::App& app) {
    CLI::App* cmd = app.add_subcommand("uci", "UCI engine on stdin/stdout (the default)");
    cmd->callback([] {
        if (const int status = run_uci(); status != 0) throw CLI::RuntimeError(status);
    });
}

int run_uci() {
    // GUIs ignore text before "uci"; a person at a terminal learns what to type.
    std::cout << "Kibitz " KIBITZ_VERSION
                 " (UCI chess engine): type uci, position startpos, "
                 "go movetime 1000, d, eval, bench, quit"
              << std::endl;
    kibitz::uci::Session session(std::cout);
    std::string line;
    while (std::getline(std::cin, line))
        if (!session.handle(line)) break;
    return 0;
}
