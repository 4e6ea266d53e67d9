// `kibitz tune ga`: the thesis's genetic algorithm for piece values (tune/ga.h).
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "app/commands.h"
#include "app/interrupt.h"
#include "app/options.h"
#include "dist/dist.h"
#include "eval/weights_io.h"
#include "tune/ga.h"

void register_tune_ga(CLI::App& tune) {
    struct Args {
        kibitz::tune::GaOptions o;
        std::string fixed = "material.pawn=100,material.queen=1000";
    };
    auto a = std::make_shared<Args>();
    CLI::App* cmd = tune.add_subcommand(
        "ga", "Piece values by the thesis's genetic algorithm (tournament selection)");
    cmd->footer(
        "Chromosomes play matches until one side has --wins wins; each loser is replaced by a "
        "crossover of two survivors, mutated with probability --mutation-rate. Writes log.csv, "
        "population.csv, weights.svg, final.json, README.md and state.json into --out after "
        "every generation; Ctrl-C abandons the generation under way and --resume continues.");
    auto& o = a->o;
    cmd->add_option("--out", o.out, "Output directory")->required();
    cmd->add_option("--population", o.population, "Chromosomes")->check(CLI::Range(3, 10000));
    cmd->add_option("--generations", o.generations, "Generations to finish")
        ->check(CLI::Range(0, 1000000));
    cmd->add_option("--wins", o.wins, "Wins that end a match")->check(CLI::Range(1, 1000));
    cmd->add_option("--max-games", o.max_games,
                    "Games that end a match (then more points win, equal ones a coin)")
        ->check(CLI::Range(1, 10000));
    cmd->add_option("--nodes", o.nodes, "Nodes per move (0: none)");
    cmd->add_option("--depth", o.depth, "Depth per move (0: none)")->check(CLI::Range(0, 64));
    cmd->add_option("--random-plies", o.random_plies,
                    "Random opening moves (both games of a colour pair share the opening)")
        ->check(CLI::Range(0, 40));
    cmd->add_option("--mutation-rate", o.mutation_rate, "Probability that a child is mutated")
        ->check(CLI::Range(0.0, 1.0));
    cmd->add_option("--mutation-range", o.mutation_range,
                    "A mutation moves every gene by up to this")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--init-min", o.init_min, "Least start value of a material gene");
    cmd->add_option("--init-max", o.init_max, "Greatest start value of a material gene");
    cmd->add_option("--init-spread", o.init_spread, "Other genes start at their base value +- this")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--genes", o.genes,
                    "Weight name prefixes whose weights are genes (comma separated)")
        ->delimiter(',');
    cmd->add_flag("--tapered", o.tapered, "Separate middlegame and endgame genes");
    cmd->add_option("--fixed", a->fixed,
                    "Weights that never change: NAME=V or NAME=MG:EG, comma separated ('' or "
                    "none: no fixed weights)");
    cmd->add_option("--base", o.base_file, "Other weights from this file (default: built-in)")
        ->check(CLI::ExistingFile);
    cmd->add_option("--concurrency", o.concurrency, "Matches at once (two engines each)")
        ->check(CLI::Range(1, 256));
    cmd->add_option("--hash", o.hash_mb, "Hash per engine in MB")->check(CLI::Range(1, 4096));
    cmd->add_option("--seed", o.seed, "Random seed");
    cmd->add_flag("--resume", o.resume, "Continue the run whose state.json is in --out");
    cmd->callback([a, cmd] {
        using namespace kibitz;
        auto& o = a->o;
        // Under mpirun or srun, rank 0 runs the algorithm and writes every output; the other
        // ranks play the matches, each --concurrency at once.
        const dist::Session mpi;
        if (dist::worker()) {
            dist::serve(o.concurrency, tune::ga_handler);
            return;
        }
        const auto fixed = tune::parse_fixed(a->fixed);
        if (!fixed) throw std::runtime_error(fixed.error());
        o.fixed = *fixed;
        if (!o.base_file.empty()) o.base = load_weights_or_throw(o.base_file);
        o.command = command_line("kibitz tune ga", *cmd);

        // Ctrl-C: the generation under way is abandoned; the state stays at the last finished
        // one and --resume goes on from it.
        const StopOnInterrupt interrupt;
        const auto r = tune::run_ga(o, std::cerr, &interrupt.flag());
        if (!r) throw std::runtime_error(r.error());
        std::string values;
        for (std::size_t i = 0; i < r->genes.size(); ++i) {
            char v[96];
            std::snprintf(v, sizeof v, "%s%s %.0f (%.2f)", i ? ", " : "",
                          r->genes[i].label().c_str(), r->mean[i], r->mean[i] / 100);
            values += v;
            if (i == 11 && r->genes.size() > 12) {
                values += ", ...";
                break;
            }
        }
        std::printf(
            "Final population mean after %d generations, %llu games, %.0f s: %s; "
            "weights in %s/final.json\n",
            r->generation, static_cast<unsigned long long>(r->games), r->seconds, values.c_str(),
            o.out.c_str());
        std::fflush(stdout);
        if (r->stopped) throw CLI::RuntimeError(130);
    });
}
