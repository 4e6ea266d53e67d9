// `kibitz uci` (also `kibitz` with no arguments): the UCI engine on stdin/stdout.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "app/commands.h"
#include "app/options.h"
#include "eval/weights_io.h"
#include "uci/session.h"

void register_uci(CLI::App& app) {
    CLI::App* cmd = app.add_subcommand("uci", "UCI engine on stdin/stdout (the default)");
    auto weights = std::make_shared<std::string>();
    cmd->add_option("--weights", *weights,
                    "Evaluation weights file of `kibitz tune` (same as the option WeightsFile)");
    cmd->callback([weights] {
        if (const int status = run_uci(*weights); status != 0) throw CLI::RuntimeError(status);
    });
}

int run_uci(const std::string& weights_file) {
    // GUIs ignore text before "uci"; a person at a terminal learns what to type.
    std::cout << "Kibitz " KIBITZ_VERSION
                 " (UCI chess engine): type uci, position startpos, "
                 "go movetime 1000, d, eval, bench, quit"
              << std::endl;
    kibitz::uci::Session session(std::cout);
    if (!weights_file.empty()) {
        // Checked here so that a bad file stops the engine before a GUI relies on it.
        load_weights_or_throw(weights_file);
        session.handle("setoption name WeightsFile value " + weights_file);
    }
    kibitz::uci::serve(session, std::cin);
    return 0;
}
