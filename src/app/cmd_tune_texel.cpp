// `kibitz tune texel`: fit every evaluation weight to game results (tune/texel.h).
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "app/commands.h"
#include "app/interrupt.h"
#include "app/options.h"
#include "core/files.h"
#include "eval/weights_io.h"
#include "tune/texel.h"

void register_tune_texel(CLI::App& tune) {
    struct Args {
        kibitz::tune::TexelOptions o;
        std::string start, write_defaults;
        bool hand = false;
    };
    auto a = std::make_shared<Args>();
    CLI::App* cmd = tune.add_subcommand(
        "texel", "Fit all evaluation weights to game results on labelled positions (Texel)");
    cmd->footer(
        "Data: files of `kibitz datagen`, or EPD lines labelled c9 \"1-0\" / [1.0]. Writes "
        "weights.json, curve.csv, curve.svg and README.md into --out; Ctrl-C stops after the "
        "current epoch and --resume continues.");
    cmd->add_option("files", a->o.files, "Labelled positions")
        ->required()
        ->check(CLI::ExistingFile);
    cmd->add_option("--out", a->o.out, "Output directory")->required();
    cmd->add_option("--epochs", a->o.epochs, "Adam steps over all positions")
        ->check(CLI::Range(1, 1000000));
    cmd->add_option("--lr", a->o.learning_rate, "Adam's step size in centipawns")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--k", a->o.k, "Sigmoid scale K (default: fitted to the start weights)");
    cmd->add_option("--lambda", a->o.lambda,
                    "Share of the game result in the target; the rest is the search score")
        ->check(CLI::Range(0.0, 1.0));
    cmd->add_option("--l2", a->o.l2, "Ridge penalty per squared centipawn away from the start")
        ->check(CLI::Range(0.0, 1.0));
    cmd->add_option("--validation", a->o.validation, "Share of positions held out")
        ->check(CLI::Range(0.0, 0.5));
    cmd->add_option("--max-positions", a->o.max_positions, "Read at most this many per file");
    cmd->add_option("--freeze", a->o.freeze, "Weights (name prefixes) kept at their start value")
        ->delimiter(',');
    cmd->add_option("--start", a->start, "Start from this weights file (default: the defaults)");
    cmd->add_flag("--hand", a->hand, "Start from the hand-set weights");
    cmd->add_option("--threads", a->o.threads, "Threads")->check(CLI::Range(1, 256));
    cmd->add_flag("--resume", a->o.resume, "Continue from --out's checkpoint");
    cmd->add_option("--write-defaults", a->write_defaults,
                    "Also write the result as C++ defaults (src/eval/default_weights.inc)");
    cmd->callback([a, cmd] {
        using namespace kibitz;
        if (a->hand) a->o.start = eval::hand_weights();
        if (!a->start.empty()) a->o.start = load_weights_or_throw(a->start);
        a->o.command = command_line("kibitz tune texel", *cmd);
        // Ctrl-C: the epoch under way finishes, the checkpoint is written, --resume goes on.
        const StopOnInterrupt interrupt;
        const auto r = tune::run_texel(a->o, std::cerr, &interrupt.flag());
        if (!r) throw std::runtime_error(r.error());
        char line[300];
        std::snprintf(line, sizeof line,
                      "K %.4f; error %.6f -> %.6f (training), %.6f -> %.6f (held out); "
                      "%d epochs; weights in %s/weights.json\n",
                      r->k, r->train_before, r->train_after, r->validation_before,
                      r->validation_after, r->epochs, a->o.out.c_str());
        std::cout << line;
        if (!a->write_defaults.empty()) {
            const std::string origin = "Texel-tuned: " + a->o.command;
            if (const auto s =
                    core::write_file(a->write_defaults, eval::weights_to_cpp(r->weights, origin));
                !s)
                throw std::runtime_error(s.error());
        }
        if (r->stopped) throw CLI::RuntimeError(130);
    });
}
