// The lab's invariants at small depths (never timings): every value-preserving variant of the
// lab's search returns the minimax value; alpha-beta never scores more leaves than minimax;
// perfectly ordered alpha-beta on a uniform tree scores exactly W^ceil(D/2) + W^floor(D/2) - 1
// leaves.
#include "lab/lab.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "engine/chess_engine.h"
#include "lab/alphabeta.h"
#include "lab/tree.h"
#include "lab/variants.h"

using namespace kibitz;
using lab::Config;
using lab::Order;

namespace {

const char* const kFens[] = {
    "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",  // mate in one
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2NB4/PPP1Q1PP/R4RK1 w - - 0 14",
};

lab::Outcome lab_search(const char* fen, const Config& c, int depth,
                        eval::Preset preset = eval::Preset::kFull) {
    engine::ChessEvaluator eval(preset);
    search::TranspositionTable tt(1);
    engine::ChessGame g(chess::Position::from_fen(fen).value());
    lab::AlphaBeta<engine::ChessGame, engine::ChessEvaluator> ab(eval, c, &tt);
    return ab.run(g, depth);
}

}  // namespace

TEST(LabSearch, ValuePreservingVariantsAgreeWithMinimax) {
    for (const char* fen : kFens)
        for (int quiescence : {-1, 2}) {
            for (int depth = 1; depth <= 3; ++depth) {
                Config minimax;
                minimax.pruning = false;
                minimax.order = Order::kNone;
                minimax.quiescence = quiescence;
                const auto reference = lab_search(fen, minimax, depth);
                for (const auto& [name, config] : lab::value_preserving(quiescence, 10)) {
                    const auto o = lab_search(fen, config, depth);
                    EXPECT_EQ(o.score, reference.score)
                        << name << ", depth " << depth << ", q " << quiescence << ", " << fen;
                    // Alpha-beta never scores more leaves than minimax (ordering evaluations
                    // are counted apart).
                    if (!config.pvs && !config.iterative && !config.mtdf) {
                        EXPECT_LE(o.stats.leaves, reference.stats.leaves) << name << ", " << fen;
                    }
                }
            }
        }
}

TEST(LabSearch, FranaszczukPresetAndOrderingAgreeWithMinimax) {
    for (const char* fen : kFens) {
        Config minimax;
        minimax.pruning = false;
        minimax.order = Order::kNone;
        minimax.quiescence = 2;
        Config his;
        his.order = Order::kFranaszczuk;
        his.quiescence = 2;
        const auto mm = lab_search(fen, minimax, 2, eval::Preset::kFranaszczuk);
        const auto ab = lab_search(fen, his, 2, eval::Preset::kFranaszczuk);
        EXPECT_EQ(mm.score, ab.score) << fen;
        EXPECT_LE(ab.stats.leaves, mm.stats.leaves) << fen;
        EXPECT_GT(ab.order_evals, 0u);
    }
}

TEST(LabSearch, MateInOneIsFoundWithItsDistance) {
    Config c;
    c.quiescence = 4;
    const auto o = lab_search("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", c, 2);
    EXPECT_EQ(o.score, search::mate_in(1));
    EXPECT_EQ(chess::Move::from_raw(o.best), chess::Move(chess::kD1, chess::kD8));
}

TEST(LabTree, PerfectOrderingMeetsTheKnuthMooreBoundExactly) {
    for (int width = 2; width <= 6; ++width)
        for (int depth = 1; depth <= 6; ++depth) {
            if (std::pow(width, depth) > 60000) continue;
            lab::UniformTree tree(width, depth);
            lab::TreeValue value;
            Config perfect;
            perfect.order = Order::kOracle;
            lab::AlphaBeta<lab::UniformTree, lab::TreeValue> ab(value, perfect);
            const auto o = ab.run(tree, depth);
            const auto bound =
                std::uint64_t(std::pow(width, (depth + 1) / 2) + std::pow(width, depth / 2) - 1);
            EXPECT_EQ(o.stats.leaves, bound) << "W " << width << " D " << depth;

            Config minimax;
            minimax.pruning = false;
            minimax.order = Order::kNone;
            lab::AlphaBeta<lab::UniformTree, lab::TreeValue> mm(value, minimax);
            const auto full = mm.run(tree, depth);
            EXPECT_EQ(full.stats.leaves, std::uint64_t(std::pow(width, depth)));
            EXPECT_EQ(full.score, o.score);

            // Any other order does at least as much work, and worst-first much more.
            Config worst;
            worst.order = Order::kWorstFirst;
            lab::AlphaBeta<lab::UniformTree, lab::TreeValue> bad(value, worst);
            const auto w = bad.run(tree, depth);
            EXPECT_EQ(w.score, o.score);
            EXPECT_GE(w.stats.leaves, bound);
        }
}

TEST(LabTree, LeafValuesAreDistinct) {
    lab::UniformTree tree(4, 5);
    lab::TreeValue value;
    std::vector<int> seen;
    std::vector<lab::UniformTree::Undo> stack;
    // Walk all 4^5 leaves.
    for (int id = 0; id < 1024; ++id) {
        int rest = id;
        std::vector<lab::UniformTree::Move> path;
        for (int d = 0; d < 5; ++d, rest /= 4) path.push_back({std::uint16_t(rest % 4)});
        for (auto m : path) stack.push_back(tree.make(m));
        seen.push_back(value(tree));
        for (int d = 4; d >= 0; --d) tree.unmake(path[std::size_t(d)], stack[std::size_t(d)]);
        stack.clear();
    }
    std::sort(seen.begin(), seen.end());
    EXPECT_EQ(std::adjacent_find(seen.begin(), seen.end()), seen.end());
}

TEST(LabVariants, EveryVariantSearchesAndTheFullOneMatchesTheEngine) {
    const auto pos = chess::Position::from_fen(kFens[1]).value();
    search::Limits limits;
    limits.depth = 5;
    for (const auto& v : lab::engine_variants()) {
        const auto s = lab::search_with_variant(v.name, pos, limits);
        EXPECT_EQ(s.depth, 5) << v.name;
        EXPECT_NE(s.best, chess::Move{}) << v.name;
        EXPECT_EQ(s.nodes_by_depth.size(), 5u) << v.name;
    }
    engine::ChessEngine e;
    e.set_position(engine::ChessGame(pos));
    e.search_now(limits);
    EXPECT_EQ(lab::search_with_variant("full", pos, limits).stats.nodes, e.stats().nodes);
    EXPECT_FALSE(lab::is_engine_variant("no-such-variant"));
}

TEST(LabPositions, DefaultSetAndPgnSampling) {
    const auto positions = lab::load_positions(lab::default_positions_file());
    ASSERT_TRUE(positions.ok()) << positions.error();
    EXPECT_EQ(positions->size(), 40u);
    const auto from_pgn = lab::load_positions(std::string(KIBITZ_SOURCE_DIR) +
                                              "/data/games/pgnviewer_WorldChamp1972.pgn");
    ASSERT_TRUE(from_pgn.ok()) << from_pgn.error();
    EXPECT_GT(from_pgn->size(), 40u);
    const auto missing = lab::load_positions("/nonexistent/file.epd");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().find("/nonexistent/file.epd"), std::string::npos);
}
