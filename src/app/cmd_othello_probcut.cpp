// `kibitz othello probcut-fit`: measures the Multi-ProbCut models of the Othello search on
// self-play positions and prints them (as src/engine/othello_probcut.inc with --cpp).
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>

#include "app/commands.h"
#include "app/interrupt.h"
#include "core/files.h"
#include "engine/othello_engine.h"
#include "eval/othello_eval.h"
#include "tune/othello_probcut.h"

using namespace kibitz;

void register_othello_probcut_fit(CLI::App& othello) {
    struct Args {
        tune::ProbCutFitOptions fit;
        bool cpp = false;
        std::string out;
    };
    auto a = std::make_shared<Args>();
    CLI::App* cmd = othello.add_subcommand(
        "probcut-fit", "Fit the Multi-ProbCut models (deep vs shallow search values) by stage");
    cmd->add_option("--positions", a->fit.positions, "Positions per stage")
        ->check(CLI::Range(20, 100000));
    cmd->add_option("--max-depth", a->fit.max_depth, "Deepest search fitted")
        ->check(CLI::Range(3, engine::kProbCutMaxDepth));
    cmd->add_option("--random-plies", a->fit.random_plies, "Random opening moves per game")
        ->check(CLI::Range(0, 30));
    cmd->add_option("--seed", a->fit.seed, "Random seed of the openings");
    cmd->add_flag("--cpp", a->cpp, "Print the table as src/engine/othello_probcut.inc");
    cmd->add_option("--out", a->out, "Write the output to this file (default: standard output)");
    cmd->callback([a] {
        const StopOnInterrupt interrupt;
        engine::ProbCutTable table;
        const auto report = tune::fit_othello_probcut(a->fit, table, std::cerr, &interrupt.flag());
        std::string text;
        if (a->cpp) {
            text = tune::probcut_table_to_cpp(
                table,
                "(" + std::to_string(a->fit.positions) + " positions per stage, depths to " +
                    std::to_string(a->fit.max_depth) + ", seed " + std::to_string(a->fit.seed) +
                    ", evaluation " +
                    std::string(eval::othello_eval_level_name(engine::OthelloEvaluator().level())) +
                    ")");
        } else {
            // The pairs the engine checks with (probcut_shallow, check 2 and 3).
            char line[160];
            text = "stage empties depth shallow samples  slope  offset   sigma  correlation\n";
            for (int st = 0; st < engine::kProbCutStages; ++st)
                for (int d = engine::kProbCutMinDepth; d <= a->fit.max_depth; ++d)
                    for (int sh = 1; sh < d; ++sh) {
                        const auto& f = table[st][d][sh];
                        if (f.sigma <= 0 || (sh != engine::probcut_shallow(d, 2) &&
                                             sh != engine::probcut_shallow(d, 3)))
                            continue;
                        std::snprintf(line, sizeof line,
                                      "%5d %2d-%-4d %5d %7d %7d %6.3f %7.1f %7.1f %8.3f\n", st,
                                      60 - 10 * st, 51 - 10 * st, d, sh, report.samples[st][d][sh],
                                      f.slope, f.offset, f.sigma, report.correlation[st][d][sh]);
                        text += line;
                    }
        }
        if (a->out.empty()) {
            std::cout << text;
        } else if (const auto s = core::write_file(a->out, text); !s) {
            throw std::runtime_error(s.error());
        }
    });
}
