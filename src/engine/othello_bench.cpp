// The Othello bench: positions from seeded random play, searched to a fixed depth.
#include <ostream>

#include "core/rng.h"
#include "core/timer.h"
#include "engine/othello_engine.h"

namespace kibitz::engine {

namespace {

// 24 positions: for each of six seeds, the positions after 8, 18, 28 and 38 random moves (a
// finished game or a forced pass stops a line early; such a line gives fewer positions).
std::vector<othello::Board> bench_positions() {
    std::vector<othello::Board> out;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        core::SplitMix64 rng(seed);
        othello::Board b = othello::Board::start();
        for (int ply = 1; ply <= 38; ++ply) {
            othello::MoveList list;
            b.generate(list);
            if (list.empty() || list[0].is_pass()) break;
            b.make(list[rng.below(list.size())]);
            if (ply % 10 == 8) out.push_back(b);
        }
    }
    return out;
}

}  // namespace

BenchResult run_othello_bench(int depth, std::ostream& log) {
    BenchResult result;
    core::Stopwatch clock;
    int index = 0;
    for (const othello::Board& board : bench_positions()) {
        OthelloEngine engine;  // fresh table and history: every run counts the same nodes
        engine.set_position(OthelloGame(board));
        search::Limits limits;
        limits.depth = depth;
        const othello::Move best = engine.search_now(limits);
        const std::uint64_t nodes = engine.stats().nodes;
        result.nodes += nodes;
        log << "position " << ++index << ": " << nodes << " nodes, best "
            << (best.is_pass() ? std::string("PA") : othello::square_name(best.square())) << "  "
            << board.to_text() << '\n';
    }
    result.time_ms = clock.elapsed_ms();
    result.nps = core::per_second(result.nodes, clock.elapsed_ns());
    return result;
}

}  // namespace kibitz::engine
