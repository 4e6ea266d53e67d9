// `kibitz othello bench [DEPTH]`: the Othello search signature (total nodes at a fixed depth,
// no solver) and its speed, for the "Bench:" line of Othello search and evaluation changes.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "app/commands.h"
#include "engine/othello_engine.h"

void register_othello_bench(CLI::App& othello) {
    auto depth = std::make_shared<int>(kibitz::engine::kOthelloBenchDepth);
    auto* cmd = othello.add_subcommand(
        "bench", "Search fixed Othello positions to a fixed depth (1 thread, 16 MB, no solver)");
    cmd->add_option("depth", *depth, "Depth in plies")->check(CLI::Range(1, 30));
    cmd->callback([depth] {
        const auto r = kibitz::engine::run_othello_bench(*depth, std::cerr);
        std::cout << "Nodes searched: " << r.nodes << "\nTime: " << r.time_ms
                  << " ms\nNodes/second: " << r.nps << std::endl;
    });
}
