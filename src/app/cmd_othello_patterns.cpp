// `kibitz othello pattern-fit generate|fit`: self-play data for the pattern evaluation, and the
// per-phase regression that writes src/eval/othello_pattern_weights.inc.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>

#include "app/commands.h"
#include "app/interrupt.h"
#include "core/files.h"
#include "tune/othello_patterns.h"

using namespace kibitz;

namespace {

void register_generate(CLI::App& parent) {
    struct Args {
        tune::PatternGenOptions gen;
        std::string eval = "mobility";
    };
    auto a = std::make_shared<Args>();
    CLI::App* cmd = parent.add_subcommand(
        "generate", "Self-play games labelled with their exact final score, appended to a file");
    cmd->add_option("--out", a->gen.out, "Data file (resumed when it exists)")->required();
    cmd->add_option("--games", a->gen.games, "Games the file should hold")
        ->capture_default_str()
        ->check(CLI::Range(1, 100000000));
    cmd->add_option("--depth", a->gen.depth, "Search depth before the solver")
        ->capture_default_str()
        ->check(CLI::Range(1, 20));
    cmd->add_option("--random-plies", a->gen.random_plies, "Random opening moves per game")
        ->capture_default_str()
        ->check(CLI::Range(0, 40));
    cmd->add_option("--solve-empties", a->gen.solve_empties, "Perfect play from this many empties")
        ->capture_default_str()
        ->check(CLI::Range(0, 24));
    cmd->add_option("--threads", a->gen.threads, "Games played in parallel")
        ->capture_default_str()
        ->check(CLI::Range(1, 256));
    cmd->add_option("--eval", a->eval, "Evaluation of the searches (discs, table, mobility, ...)")
        ->capture_default_str();
    cmd->add_option("--seed", a->gen.seed, "Random seed of the openings")->capture_default_str();
    cmd->callback([a] {
        const auto level = eval::parse_othello_eval_level(a->eval);
        if (!level) throw std::runtime_error("--eval: " + level.error());
        a->gen.eval = *level;
        const StopOnInterrupt interrupt;
        const auto r = tune::generate_pattern_data(a->gen, std::cerr, &interrupt.flag());
        if (!r) throw std::runtime_error(r.error());
        std::printf(
            "generated %llu games, %llu positions in %.1f s; %s holds %llu games, %llu "
            "positions%s\n",
            (unsigned long long)r->games, (unsigned long long)r->positions, r->seconds,
            a->gen.out.c_str(), (unsigned long long)(r->games_before + r->games),
            (unsigned long long)(r->positions_before + r->positions),
            interrupt.stopped() ? " (interrupted: run again to resume)" : "");
    });
}

void register_fit(CLI::App& parent) {
    struct Args {
        std::string data, out, note;
        tune::PatternFitOptions fit;
    };
    auto a = std::make_shared<Args>();
    CLI::App* cmd = parent.add_subcommand(
        "fit", "Fit the pattern weights by phase on a data file; write them as a .inc file");
    cmd->add_option("--data", a->data, "Data file written by `generate`")->required();
    cmd->add_option("--out", a->out, "Write src/eval/othello_pattern_weights.inc here");
    cmd->add_option("--l2", a->fit.l2, "Ridge penalty per pattern weight")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 1e6));
    cmd->add_option("--iterations", a->fit.iterations, "Conjugate-gradient steps per phase")
        ->capture_default_str()
        ->check(CLI::Range(1, 10000));
    cmd->add_option("--holdout", a->fit.holdout, "Hold out every N-th game for the test error")
        ->capture_default_str()
        ->check(CLI::Range(0, 1000000));
    cmd->add_option("--margin", a->fit.margin,
                    "Also train a phase on positions this many "
                    "empties beyond it")
        ->capture_default_str()
        ->check(CLI::Range(0, 30));
    cmd->add_option("--max-positions", a->fit.max_positions, "Use the first N positions only");
    cmd->add_option("--note", a->note, "A line for the .inc header (how the data was made)");
    cmd->callback([a] {
        if (!a->out.empty() && core::same_file(a->data, a->out))
            throw std::runtime_error("--out '" + a->out + "' is the data file '" + a->data +
                                     "': write the weights to another file");
        const StopOnInterrupt interrupt;
        auto samples = tune::read_pattern_data(a->data);
        if (!samples) throw std::runtime_error(samples.error());
        eval::PatternWeights weights;
        const auto r = tune::fit_patterns(*samples, a->fit, weights, std::cerr, &interrupt.flag());
        if (interrupt.stopped()) throw std::runtime_error("interrupted: nothing written");
        char line[200];
        std::string table = "phase empties    train     test  error(0)  train-mae  test-mae\n";
        for (std::size_t ph = 0; ph < r.phases.size(); ++ph) {
            const auto& p = r.phases[ph];
            std::snprintf(line, sizeof line, "%5zu  %2d-%-2d  %8llu %8llu  %8.2f  %9.2f  %8.2f\n",
                          ph, p.empties_max, p.empties_min, (unsigned long long)p.train,
                          (unsigned long long)p.test, p.start_mae, p.train_mae, p.test_mae);
            table += line;
        }
        std::snprintf(line, sizeof line,
                      "all: %llu games, %llu positions, train %.2f, test %.2f "
                      "discs mean absolute error\n",
                      (unsigned long long)r.games, (unsigned long long)r.positions, r.train_mae,
                      r.test_mae);
        table += line;
        std::cout << table;
        if (a->out.empty()) return;
        std::string header =
            "Fitted pattern weights of eval/othello_patterns.h, in a compact code (see\n"
            "encode_pattern_weights). Generated; do not edit. Made by\n"
            "  kibitz othello pattern-fit fit --data " +
            a->data + " --l2 " + std::to_string(a->fit.l2) + " --iterations " +
            std::to_string(a->fit.iterations) + " --holdout " + std::to_string(a->fit.holdout) +
            " --margin " + std::to_string(a->fit.margin) + "\n";
        if (!a->note.empty()) header += a->note + "\n";
        header += "Mean absolute error in discs (train / held-out) by phase:\n" + table;
        if (const auto s = core::write_file(a->out, tune::pattern_weights_to_cpp(weights, header));
            !s)
            throw std::runtime_error(s.error());
        std::cout << "wrote " << a->out << "\n";
    });
}

}  // namespace

void register_othello_pattern_fit(CLI::App& othello) {
    CLI::App* cmd = othello.add_subcommand(
        "pattern-fit", "Fit the pattern evaluation: self-play data, then regression by phase");
    cmd->require_subcommand(1);
    register_generate(*cmd);
    register_fit(*cmd);
}
