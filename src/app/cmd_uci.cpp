// `kibitz uci`: the UCI engine on stdin/stdout. Placeholder: answers the handshake only.
#include <CLI/CLI.hpp>
#include <iostream>
#include <string>

#include "app/commands.h"
#include "core/strings.h"

void register_uci(CLI::App& app) {
    CLI::App* cmd = app.add_subcommand("uci", "UCI engine on stdin/stdout (the default)");
    cmd->callback([] {
        if (const int status = run_uci(); status != 0) throw CLI::RuntimeError(status);
    });
}

int run_uci() {
    std::string line;
    while (std::getline(std::cin, line)) {
        const auto words = kibitz::core::split_words(line);
        if (words.empty()) continue;
        if (words[0] == "uci") {
            std::cout << "id name Kibitz\nid author the Kibitz developers\nuciok" << std::endl;
        } else if (words[0] == "isready") {
            std::cout << "readyok" << std::endl;
        } else if (words[0] == "quit") {
            break;
        }
    }
    return 0;
}
