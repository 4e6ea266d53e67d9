// kibitz epd: run a test suite (WAC, Bratko-Kopec, ECM, Arasan …) at a fixed time per position,
// on Kibitz or on an external UCI engine (--engine).
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "app/commands.h"
#include "engine/epd_suite.h"
#include "match/suite_external.h"

namespace {

struct EpdArgs {
    std::string file;
    kibitz::engine::SuiteOptions options;
    std::vector<std::string> engine_options;  // NAME=VALUE
};

}  // namespace

void register_epd(CLI::App& app) {
    auto args = std::make_shared<EpdArgs>();
    auto* cmd = app.add_subcommand("epd",
                                   "Solve a test suite: best move (bm) / avoid move (am) "
                                   "per position, at a fixed time per move");
    cmd->add_option("file", args->file, "EPD file")->required();
    cmd->add_option("--movetime", args->options.movetime_ms, "Milliseconds per position")
        ->check(CLI::Range(1, 3600000));
    cmd->add_option("--depth", args->options.depth, "Fixed depth instead of time")
        ->check(CLI::Range(1, 100));
    cmd->add_option("--threads", args->options.threads, "Search threads")
        ->check(CLI::Range(1, 256));
    cmd->add_option("--hash", args->options.hash_mb, "Hash table MB")->check(CLI::Range(1, 65536));
    cmd->add_option("--engine", args->options.external_engine,
                    "Score this external UCI engine instead of Kibitz (a command, split at "
                    "blanks; --threads and --hash become its Threads and Hash)");
    cmd->add_option("--option", args->engine_options,
                    "NAME=VALUE: a UCI option for the --engine (repeatable)")
        ->allow_extra_args(false);
    cmd->callback([args] {
        for (const auto& text : args->engine_options) {
            const auto eq = text.find('=');
            if (eq == std::string::npos || eq == 0) {
                std::cerr << "kibitz epd: --option '" << text << "' is not NAME=VALUE\n";
                throw CLI::RuntimeError(2);
            }
            args->options.engine_options.emplace_back(text.substr(0, eq), text.substr(eq + 1));
        }
        if (!args->options.engine_options.empty() && args->options.external_engine.empty()) {
            std::cerr << "kibitz epd: --option needs --engine\n";
            throw CLI::RuntimeError(2);
        }
        const auto records = kibitz::engine::read_epd_file(args->file);
        if (!records) {
            std::cerr << "kibitz epd: " << records.error() << '\n';
            throw CLI::RuntimeError(2);
        }
        kibitz::engine::SuiteResult r;
        if (args->options.external_engine.empty()) {
            r = kibitz::engine::run_suite(*records, args->options, std::cout);
        } else {
            auto external = kibitz::match::run_suite_external(*records, args->options, std::cout);
            if (!external) {
                std::cerr << "kibitz epd: " << external.error() << '\n';
                throw CLI::RuntimeError(2);
            }
            r = std::move(*external);
        }
        std::cout << "\nSolved " << r.solved << " of " << r.total << "\nFailures:\n";
        for (const auto& f : r.failures) std::cout << "  " << f << '\n';
        std::cout << "Nodes: " << r.nodes << std::endl;
    });
}
