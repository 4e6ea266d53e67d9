// `kibitz tune`: evaluation weights by the genetic algorithm (cmd_tune_ga.cpp), by Texel
// regression (cmd_tune_texel.cpp), and `kibitz tune weights` to write a weights file.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "app/commands.h"
#include "app/options.h"
#include "core/files.h"
#include "eval/weights_io.h"

namespace {

// `kibitz tune weights [--hand] [--out FILE] [--cpp]`: the built-in or hand weights as a file.
void register_tune_weights(CLI::App& tune) {
    struct Args {
        bool hand = false, cpp = false;
        std::string in, out;
    };
    auto a = std::make_shared<Args>();
    CLI::App* cmd = tune.add_subcommand(
        "weights", "Write evaluation weights as JSON (or as default_weights.inc with --cpp)");
    cmd->add_flag("--hand", a->hand, "The hand-set weights instead of the built-in defaults");
    cmd->add_option("--in", a->in, "Read this weights file instead (JSON or text form)");
    cmd->add_flag("--cpp", a->cpp, "The C++ form of src/eval/default_weights.inc");
    cmd->add_option("--out", a->out, "File to write (default: standard output)");
    cmd->callback([a] {
        using namespace kibitz::eval;
        Weights w = a->hand ? hand_weights() : default_weights();
        std::string origin = a->hand ? "the hand-set weights of weights.cpp" : "the defaults";
        if (!a->in.empty()) {
            if (!a->out.empty() && kibitz::core::same_file(a->in, a->out))
                throw std::runtime_error("--out '" + a->out + "' is the input file '" + a->in +
                                         "': write the weights to another file");
            w = load_weights_or_throw(a->in);
            origin = "from " + a->in;
        }
        const std::string text = a->cpp ? weights_to_cpp(w, origin) : weights_to_json(w);
        if (a->out.empty()) {
            std::cout << text;
            return;
        }
        if (const auto s = kibitz::core::write_file(a->out, text); !s)
            throw std::runtime_error(s.error());
    });
}

}  // namespace

void register_tune(CLI::App& app) {
    CLI::App* tune = app.add_subcommand(
        "tune", "Tune the evaluation: genetic algorithm (ga), Texel regression (texel)");
    tune->require_subcommand(1);
    register_tune_ga(*tune);
    register_tune_texel(*tune);
    register_tune_weights(*tune);
}
