// Bench positions: openings, middlegames with tactics, endgames, positions with mates.
#include <cstdint>
#include <ostream>

#include "chess/notation.h"
#include "core/timer.h"
#include "engine/chess_engine.h"

namespace kibitz::engine {

namespace {

constexpr const char* kBenchFens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "rnbq1rk1/ppp1bppp/4pn2/3p4/2PP4/2N2N2/PP2PPPP/R1BQKB1R w KQ - 4 6",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
    "r1bq1rk1/4bppp/p1np1n2/1p2p3/4P3/1BP2N1P/PP1P1PP1/RNBQR1K1 w - - 1 10",
    "2rq1rk1/pp1bppbp/3p1np1/4n3/3NP2P/1BN1BP2/PPPQ2P1/2KR3R w - - 1 13",
    "r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2NB4/PPP1Q1PP/R4RK1 w - - 0 14",
    "2r2rk1/1bqnbppp/pp1ppn2/8/2PNP3/1PN1B3/P3BPPP/2RQ1RK1 w - - 0 14",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "6k1/5pp1/p3p2p/3bP3/1pp5/1P4P1/P1B2PKP/8 w - - 0 32",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15",
    "1r3rk1/p4ppp/2p1pn2/2Pp4/1P1P4/P3PN2/5PPP/R3KB1R w KQ - 0 16",
    "6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/3N4 b - - 0 1",
    "3b4/5kp1/1p1p1p1p/pP1PpP1P/P1P1P3/3KN3/8/8 w - - 0 1",
    "2K5/p7/7P/5pR1/8/5k2/r7/8 w - - 0 1",
    "8/6pk/1p6/8/PP3p1p/5P2/4KP1q/3Q4 w - - 0 1",
    "7k/3p2pp/4q3/8/4Q3/5Kp1/P6b/8 w - - 0 1",
    "8/2p5/8/2kPKp1p/2p4P/2P5/3P4/8 w - - 0 1",
    "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
};

}  // namespace

BenchResult run_bench(int depth, std::ostream& log, const eval::Weights* weights, BenchStop* stop) {
    BenchResult result;
    // Only the searches are timed: each position's fresh 16 MB table (allocated and cleared,
    // a third of the wall time) is no part of the search's speed.
    std::int64_t search_ns = 0;
    int index = 0;
    for (const char* fen : kBenchFens) {
        ChessEvaluator eval;
        if (weights) eval.set_weights(*weights);
        ChessEngine engine(eval);  // fresh table and history: every run counts the same nodes
        engine.set_position(ChessGame(chess::Position::from_fen(fen).value()));
        search::Limits limits;
        limits.depth = depth;
        // A stop before the search, or during it (it cancels the attached engine, even when
        // it comes just before the search begins): this position does not count.
        if (stop && !stop->attach(&engine)) {
            result.stopped = true;
            break;
        }
        const core::Stopwatch clock;
        const chess::Move best = engine.search_now(limits);
        search_ns += clock.elapsed_ns();
        if (stop && !stop->attach(nullptr)) {
            result.stopped = true;
            break;
        }
        const std::uint64_t nodes = engine.stats().nodes;
        result.nodes += nodes;
        ++result.positions;
        log << "position " << ++index << ": " << nodes << " nodes, best "
            << chess::move_to_uci(engine.game().position(), best) << "  " << fen << '\n';
    }
    result.time_ms = search_ns / 1'000'000;
    result.nps = core::per_second(result.nodes, search_ns);
    return result;
}

}  // namespace kibitz::engine
