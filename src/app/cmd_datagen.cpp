// `kibitz datagen`: self-play games that label quiet positions with results, for tuning.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <memory>

#include "app/commands.h"
#include "app/interrupt.h"
#include "dist/dist.h"
#include "tune/datagen.h"

void register_datagen(CLI::App& app) {
    auto o = std::make_shared<kibitz::tune::DatagenOptions>();
    CLI::App* cmd = app.add_subcommand(
        "datagen",
        "Self-play games from random openings; quiet positions with results, for tuning");
    cmd->footer(
        "Each position is stored in 32 bytes with the game's result and the search score. Stop "
        "with Ctrl-C; the same command again extends the file until it holds --positions. Games "
        "are written in the order they were started, so the file is the same for any --threads. "
        "Under mpirun or srun, rank 0 writes the file and the other ranks play (docs/scale.md).");
    cmd->add_option("--out", o->out, "Data file (created or extended)")->required();
    cmd->add_option("--positions", o->positions, "Stop when the file holds this many positions")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--threads", o->threads, "Games at once (one engine each)")
        ->check(CLI::Range(1, 256));
    cmd->add_option("--nodes", o->play.nodes, "Nodes per move (0: none)");
    cmd->add_option("--depth", o->play.depth, "Depth per move (0: none)")->check(CLI::Range(0, 64));
    cmd->add_option("--random-plies", o->random_plies, "Random opening moves")
        ->check(CLI::Range(0, 40));
    cmd->add_option("--balance", o->balance_cp,
                    "Draw a new opening while its score is beyond this (centipawns)");
    cmd->add_option("--max-score", o->max_score_cp, "Keep positions scored within this");
    cmd->add_option("--hash", o->hash_mb, "Hash per engine in MB")->check(CLI::Range(1, 4096));
    cmd->add_option("--seed", o->seed, "Random seed of the openings");
    cmd->add_option("--resign", o->play.resign_cp,
                    "Adjudicate a win when both sides' scores agree for 4 moves (0: never)");
    cmd->add_option("--draw", o->play.draw_cp,
                    "Adjudicate a draw from ply 80 when 8 moves score within this (0: never)");
    cmd->callback([o] {
        // Under mpirun or srun, rank 0 writes the file and the other ranks play the games,
        // each --threads at once.
        const kibitz::dist::Session mpi;
        if (kibitz::dist::worker()) {
            kibitz::dist::serve(o->threads, kibitz::tune::datagen_handler);
            return;
        }
        // Ctrl-C: the games under way are dropped; the file keeps every finished game.
        const StopOnInterrupt interrupt;
        const auto report = kibitz::tune::run_datagen(*o, std::cerr, &interrupt.flag());
        if (!report) throw std::runtime_error(report.error());
        char line[200];
        std::snprintf(line, sizeof line,
                      "%llu positions written in %llu games, %.0f s: %.2fM positions/h; %s holds "
                      "%llu\n",
                      static_cast<unsigned long long>(report->written),
                      static_cast<unsigned long long>(report->games), report->seconds,
                      report->per_hour() / 1e6, o->out.c_str(),
                      static_cast<unsigned long long>(report->positions));
        std::cout << line;
        if (interrupt.stopped()) throw CLI::RuntimeError(130);
    });
}
