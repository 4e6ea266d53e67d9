// `kibitz othello perft DEPTH [--board TEXT] [--divide]`: Othello move-generator counts and
// speed (a pass is a ply; a finished game counts as a leaf, as in the published numbers).
#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include "app/commands.h"
#include "core/timer.h"
#include "othello/perft.h"

using namespace kibitz;

void register_othello_perft(CLI::App& othello) {
    struct Args {
        int depth = 0;
        std::string board;
        bool divide = false;
    };
    auto a = std::make_shared<Args>();
    CLI::App* cmd = othello.add_subcommand("perft", "Count the leaves of the game tree to DEPTH");
    cmd->add_option("depth", a->depth, "Plies (a pass is one)")
        ->required()
        ->check(CLI::Range(0, 30));
    cmd->add_option("--board", a->board,
                    "Position: 64 squares A1..H8 (X black, O white, - empty) and the side to "
                    "move, e.g. '---...--- X' (default: the start)");
    cmd->add_flag("--divide", a->divide, "The count below each move");
    cmd->callback([a] {
        othello::Board board = othello::Board::start();
        if (!a->board.empty()) {
            auto parsed = othello::Board::from_text(a->board);
            if (!parsed) throw std::runtime_error("--board: " + parsed.error());
            board = *parsed;
        }
        core::Stopwatch clock;
        std::uint64_t nodes = 0;
        if (a->divide && a->depth >= 1) {
            for (const auto& [move, count] : othello::perft_divide(board, a->depth)) {
                std::printf("%s: %llu\n", othello::move_name(move).c_str(),
                            (unsigned long long)count);
                nodes += count;
            }
            std::printf("\n");
        } else {
            nodes = othello::perft(board, a->depth);
        }
        const std::int64_t ns = clock.elapsed_ns();
        std::printf("Nodes: %llu\nTime: %.3f s\nNPS: %llu\n", (unsigned long long)nodes, ns / 1e9,
                    (unsigned long long)core::per_second(nodes, ns));
    });
}
