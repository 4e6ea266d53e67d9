// kibitz: one binary with subcommands, the way git does; no subcommand runs the UCI engine.
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <string>

#include "app/commands.h"

int main(int argc, char** argv) {
    try {
        CLI::App app{"Kibitz: a chess engine that explains itself.", "kibitz"};
        app.set_version_flag("--version", "kibitz " KIBITZ_VERSION);
        app.require_subcommand(0, 1);
        app.footer("Without a subcommand, kibitz runs the UCI engine (same as `kibitz uci`).");
        std::string weights;
        app.add_option("--weights", weights,
                       "Without a subcommand: the UCI engine's weights file (see `kibitz uci`)");

        register_uci(app);
        register_perft(app);
        register_bench(app);
        register_epd(app);
        register_explain(app);
        register_analyse(app);
        register_pgn(app);
        register_match(app);
        register_play(app);
        register_datagen(app);
        register_tune(app);
        register_book(app);
        register_tb(app);
        register_othello(app);
#if KIBITZ_WITH_LAB
        register_lab(app);
#endif

        try {
            app.parse(argc, argv);
        } catch (const CLI::ParseError& e) {
            return app.exit(e);
        }
        if (app.get_subcommands().empty()) return run_uci(weights);
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "kibitz: error: " << e.what() << '\n';
        return 2;
    }
}
