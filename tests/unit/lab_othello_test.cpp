// The lab's invariants on Othello at small depths (never timings): every value-preserving
// configuration of the lab's search (minimax, alpha-beta with every ordering, NegaScout,
// MTD(f), with and without the table, iterative or direct) returns the same root value; searched
// to the end it is the exact solver's score; the self-play sample is reproducible; and the
// Othello experiments run (quick) and report that their searches agreed.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/rng.h"
#include "engine/othello_engine.h"
#include "lab/alphabeta.h"
#include "lab/lab.h"
#include "othello/solver.h"

using namespace kibitz;
using lab::Config;
using lab::Order;

namespace {

using OthelloAlphaBeta = lab::AlphaBeta<engine::OthelloGame, engine::OthelloEvaluator>;

othello::Board board_from(const char* text) { return othello::Board::from_text(text).value(); }

// A midgame position (after 14 random moves), two FFO endgame positions, and a position
// where the side to move must pass.
std::vector<othello::Board> positions() {
    std::vector<othello::Board> out;
    core::SplitMix64 rng(7);
    othello::Board b = othello::Board::start();
    for (int ply = 0; ply < 14; ++ply) {
        othello::MoveList list;
        b.generate(list);
        b.make(list[std::size_t(rng.below(list.size()))]);
    }
    out.push_back(b);
    out.push_back(
        board_from("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"));  // FFO 1
    out.push_back(board_from(
        "--OOOO--X-OOOOO-XXOOXOXXXOXOXXXXXXXOXXXX-XXOXOXX--OXXX-X----X--- O"));  // FFO 22
    // The first position of a seeded random game where the side to move must pass.
    for (int game = 0; game < 100 && out.size() < 4; ++game) {
        othello::Board g = othello::Board::start();
        while (!g.game_over()) {
            if (g.must_pass() && g.empty_count() > 4) {
                out.push_back(g);
                break;
            }
            othello::MoveList list;
            g.generate(list);
            g.make(list[std::size_t(rng.below(list.size()))]);
        }
    }
    return out;
}

lab::Outcome lab_search(const othello::Board& board, const Config& c, int depth) {
    engine::OthelloEvaluator eval(eval::OthelloEvalLevel::kMobility);
    search::TranspositionTable tt(1);
    engine::OthelloGame g(board);
    OthelloAlphaBeta ab(eval, c, &tt);
    return ab.run(g, depth);
}

Config minimax() {
    Config c;
    c.pruning = false;
    c.order = Order::kNone;
    return c;
}

}  // namespace

TEST(LabOthello, ValuePreservingVariantsAgreeWithMinimax) {
    const auto boards = positions();
    ASSERT_EQ(boards.size(), 4u);
    for (const auto& board : boards)
        for (int depth = 1; depth <= 4; ++depth) {
            const auto reference = lab_search(board, minimax(), depth);
            for (const auto& [name, config] : lab::value_preserving(-1, 50)) {
                const auto o = lab_search(board, config, depth);
                EXPECT_EQ(o.score, reference.score)
                    << name << ", depth " << depth << ", " << board.to_text();
                if (!config.pvs && !config.iterative && !config.mtdf) {
                    EXPECT_LE(o.stats.leaves, reference.stats.leaves) << name;
                }
            }
        }
}

TEST(LabOthello, AlphaBetaSavesWorkAndOrderingSavesMore) {
    const othello::Board board = positions()[0];
    const auto mm = lab_search(board, minimax(), 5);
    Config plain;
    plain.order = Order::kNone;
    const auto ab = lab_search(board, plain, 5);
    Config best;
    best.order = Order::kBestFirst;
    const auto ordered = lab_search(board, best, 5);
    EXPECT_EQ(ab.score, mm.score);
    EXPECT_EQ(ordered.score, mm.score);
    EXPECT_LT(ab.stats.leaves, mm.stats.leaves);
    EXPECT_LT(ordered.stats.leaves, ab.stats.leaves);
    EXPECT_GT(ordered.order_evals, 0u);
}

TEST(LabOthello, SearchedToTheEndItIsTheSolversScore) {
    // FFO-like endgames with few empties: a search as deep as the game can last is exact.
    othello::Solver solver(1);
    for (const char* text :
         {"OOOOOOOOXOOXXXOOXXOOXOOXXOXOOOXXXOOOOXX-XOOXOOX-XOOOOOX-XXXXX--- O",
          "--XXXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOOXOOOOOOXXOOOOOOOXOOOOOOO- X"}) {
        const othello::Board board = board_from(text);
        const int exact = solver.solve(board, -64, 64);
        const int depth = 2 * board.empty_count();
        for (const auto& [name, config] : lab::value_preserving(-1, 50)) {
            EXPECT_EQ(lab_search(board, config, depth).score, 100 * exact) << name << ", " << text;
        }
        EXPECT_EQ(lab_search(board, minimax(), depth).score, 100 * exact) << text;
    }
}

TEST(LabOthello, SelfPlaySampleIsReproducible) {
    lab::OthelloSample sample;
    sample.games = 2;
    const auto a = lab::sample_othello_positions(sample);
    const auto b = lab::sample_othello_positions(sample);
    ASSERT_FALSE(a.empty());
    EXPECT_EQ(a, b);
    EXPECT_LE(a.size(), 8u);
    for (const auto& board : a) {
        EXPECT_FALSE(board.game_over());
        EXPECT_GE(board.empty_count(), 20);  // after plies 16 to 40
        EXPECT_LE(board.empty_count(), 44);
    }
    sample.seed += 1;
    EXPECT_NE(lab::sample_othello_positions(sample), a);
    EXPECT_NE(lab::describe(sample).find("seed 2005"), std::string::npos);

    const auto ffo = lab::load_othello_positions(std::string(KIBITZ_SOURCE_DIR) +
                                                 "/data/othello/fforum-20-39.obf");
    ASSERT_TRUE(ffo.ok()) << ffo.error();
    EXPECT_EQ(ffo->size(), 20u);
    const auto missing = lab::load_othello_positions("/nonexistent/file.obf");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().find("/nonexistent/file.obf"), std::string::npos);
}

TEST(LabOthello, ExperimentsRunQuickAndAgree) {
    const std::string out = (std::filesystem::temp_directory_path() /
                             ("kibitz-lab-othello-test-" + std::to_string(::getpid())))
                                .string();
    std::filesystem::remove_all(out);
    lab::Options options;
    options.quick = true;
    options.depth = 3;
    options.out = out;
    options.command = "test";
    std::atomic<bool> stop{false};
    int othello = 0;
    for (const auto& e : lab::experiments()) {
        if (e.game != lab::GameKind::kOthello) continue;
        ++othello;
        EXPECT_EQ(e.name.rfind("othello-", 0), 0u) << e.name;
        std::ostringstream log;
        const auto status = lab::run_experiment(e, options, log, stop);
        ASSERT_TRUE(status.ok()) << e.name << ": " << status.error();
        std::ifstream in(out + "/" + e.name + "/README.md");
        std::stringstream text;
        text << in.rdbuf();
        EXPECT_NE(text.str().find("**yes**"), std::string::npos) << e.name;
        EXPECT_EQ(text.str().find("**NO**"), std::string::npos) << e.name;
        EXPECT_NE(text.str().find("seed 2004"), std::string::npos) << e.name;
    }
    EXPECT_EQ(othello, 4);
    std::filesystem::remove_all(out);
}
