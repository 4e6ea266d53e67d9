// kibitz bench: the search signature (total nodes at a fixed depth) and its speed.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "app/commands.h"
#include "app/options.h"
#include "engine/chess_engine.h"
#include "eval/weights_io.h"

void register_bench(CLI::App& app) {
    auto depth = std::make_shared<int>(kibitz::engine::kBenchDepth);
    auto* cmd = app.add_subcommand(
        "bench",
        "Search fixed positions to a fixed depth (1 thread, 16 MB): total nodes and speed");
    cmd->add_option("depth", *depth, "Depth in plies")->check(CLI::Range(1, 30));
    auto weights = std::make_shared<std::string>();
    cmd->add_option("--weights", *weights, "Evaluation weights file (default: the built-in ones)");
    cmd->callback([depth, weights] {
        std::optional<kibitz::eval::Weights> w;
        if (!weights->empty()) w = load_weights_or_throw(*weights);
        const auto r = kibitz::engine::run_bench(*depth, std::cerr, w ? &*w : nullptr);
        std::cout << "Nodes searched: " << r.nodes << "\nTime: " << r.time_ms
                  << " ms\nNodes/second: " << r.nps << std::endl;
    });
}
