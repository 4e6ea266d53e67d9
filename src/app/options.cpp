// Helpers shared by the subcommands' option handling.
#include "app/options.h"

#include <CLI/CLI.hpp>
#include <stdexcept>

#include "eval/weights_io.h"

namespace {

// value as one word of a shell command line.
std::string shell_word(const std::string& value) {
    return value.empty() || value.find(' ') != std::string::npos ? "'" + value + "'" : value;
}

}  // namespace

std::string command_line(const std::string& program, const CLI::App& cmd) {
    std::string positional, named;
    for (const auto* opt : cmd.get_options()) {
        if (!opt->count() || opt->get_name() == "--help") continue;
        if (opt->get_positional()) {
            for (const auto& r : opt->results()) positional += " " + shell_word(r);
            continue;
        }
        named += " " + opt->get_name();
        if (opt->get_expected_max() == 0) continue;  // a flag
        std::string value;
        for (const auto& r : opt->results()) value += (value.empty() ? "" : ",") + r;
        named += " " + shell_word(value);
    }
    return program + positional + named;
}

kibitz::eval::Weights load_weights_or_throw(const std::string& path) {
    auto w = kibitz::eval::load_weights(path);
    if (!w) throw std::runtime_error(w.error());
    return *w;
}
