// Othello on the shared search: every reference algorithm and the engine's Searcher (with
// only value-preserving features) agree on Othello positions; with the solver, the search
// returns the exact final score; the engine plays legal moves to the end of a game.
#include <gtest/gtest.h>

#include "core/rng.h"
#include "engine/othello_engine.h"
#include "exact_features.h"
#include "search/mtdf.h"
#include "search/reference.h"
#include "search/searcher.h"

using namespace kibitz;
using engine::OthelloEvaluator;
using engine::OthelloGame;
using othello::Board;
using search::Score;

namespace {

constexpr search::Features kExact = test::kExactFeatures;

// A position after `plies` random moves from the start.
Board random_position(std::uint64_t seed, int plies) {
    core::SplitMix64 rng(seed);
    Board b = Board::start();
    for (int i = 0; i < plies && !b.game_over(); ++i) {
        othello::MoveList list;
        b.generate(list);
        b.make(list[rng.below(list.size())]);
    }
    return b;
}

// A search of g to depth by the engine's features with a fresh table: its nodes and counters.
std::pair<std::uint64_t, search::Stats> engine_search(OthelloGame g, int depth) {
    search::TranspositionTable tt(4);
    std::atomic<bool> stop{false};
    search::Searcher<OthelloGame, OthelloEvaluator, engine::kOthelloFeatures> s(tt, stop);
    search::Limits limits;
    limits.depth = depth;
    EXPECT_TRUE(g.board().is_legal(s.think(g, limits)));
    return {s.nodes(), s.stats()};
}

template <search::Features F>
std::pair<othello::Move, Score> searcher_result(OthelloGame g, int depth) {
    search::TranspositionTable tt(4);
    std::atomic<bool> stop{false};
    search::Searcher<OthelloGame, OthelloEvaluator, F> s(tt, stop);
    search::Limits limits;
    limits.depth = depth;
    const othello::Move m = s.think(g, limits);
    return {m, s.score()};
}

}  // namespace

TEST(OthelloSearch, AllAlgorithmsAgree) {
    OthelloEvaluator eval;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        OthelloGame g(random_position(seed, int(seed * 7)));
        for (int depth = 1; depth <= 4; ++depth) {
            search::Stats st;
            const Score mm = search::minimax(g, eval, depth, true, 0, st);
            const Score nab = search::negamax_alphabeta(g, eval, -search::kInfinite,
                                                        search::kInfinite, depth, 0, st);
            const Score ns =
                search::negascout(g, eval, -search::kInfinite, search::kInfinite, depth, 0, st);
            search::TranspositionTable tt(1);
            const Score mtd = search::mtdf(g, eval, tt, 0, depth, st);
            EXPECT_EQ(nab, mm) << g.board().to_text() << " depth " << depth;
            EXPECT_EQ(ns, mm) << g.board().to_text() << " depth " << depth;
            EXPECT_EQ(mtd, mm) << g.board().to_text() << " depth " << depth;
            EXPECT_EQ(searcher_result<kExact>(g, depth).second, mm)
                << g.board().to_text() << " depth " << depth;
        }
    }
}

// With the solver for the last empties the engine's search gives the exact final score, the
// same as a plain negamax to the end of the game.
TEST(OthelloSearch, SolverGivesTheExactScore) {
    OthelloEvaluator eval;
    int checked = 0;
    for (std::uint64_t seed = 10; checked < 8; ++seed) {
        const Board b = random_position(seed, 53);
        if (b.game_over() || b.empty_count() > 8) continue;
        OthelloGame plain(b);
        search::Stats st;
        const Score exact = search::negamax_alphabeta(plain, eval, -search::kInfinite,
                                                      search::kInfinite, 64, 0, st);
        const OthelloGame solving = engine::make_othello_game(b, 20, 1);
        const auto [move, score] = searcher_result<engine::kOthelloFeatures>(solving, 30);
        EXPECT_EQ(score, exact) << b.to_text();
        EXPECT_TRUE(b.is_legal(move)) << b.to_text();
        // The chosen move keeps the exact score.
        Board after = b;
        after.make(move);
        OthelloGame next(after);
        EXPECT_EQ(-search::negamax_alphabeta(next, eval, -search::kInfinite, search::kInfinite, 64,
                                             0, st),
                  exact)
            << b.to_text() << " " << othello::move_name(move);
        ++checked;
    }
}

TEST(OthelloSearch, EnginePlaysAGameToTheEnd) {
    engine::OthelloEngine black, white;
    Board b = Board::start();
    int moves = 0;
    while (!b.game_over()) {
        engine::OthelloEngine& e = b.side_to_move() == othello::kBlack ? black : white;
        e.set_position(engine::make_othello_game(b, 12, 1));
        search::Limits limits;
        limits.depth = 3;
        const othello::Move m = e.search_now(limits);
        ASSERT_TRUE(b.is_legal(m)) << b.to_text() << " " << othello::move_name(m);
        b.make(m);
        ++moves;
    }
    EXPECT_GE(moves, 30);  // the shortest possible game has 9 moves; real ones near 60
}

// Multi-ProbCut has fitted models in the midgame and cuts: the same depth takes fewer nodes.
TEST(OthelloSearch, ProbCutCutsInTheMidgame) {
    search::ProbCutModel model;
    EXPECT_FALSE(engine::othello_probcut_model(40, 2, model)) << "depth 2 is never cut";
    ASSERT_TRUE(engine::othello_probcut_model(40, 6, model));
    EXPECT_GT(model.sigma, 0);
    EXPECT_EQ(model.shallow, engine::probcut_shallow(6));
    std::uint64_t nodes[2];
    for (int on = 0; on < 2; ++on) {
        OthelloGame g(random_position(5, 16));
        g.set_probcut(on == 1 ? engine::kProbCutThreshold : 0);
        nodes[on] = engine_search(g, 7).first;
    }
    EXPECT_LT(nodes[1], nodes[0]);
}

// With `pre`, a ProbCut check runs only where the static evaluation lies near its bound: far
// from both bounds of a node nothing is checked, so the search makes fewer checks, and cuts
// still happen near them.
TEST(OthelloSearch, ProbCutChecksOnlyNearTheStaticEvaluationWithPre) {
    search::Stats stats[2];
    for (int pre = 0; pre < 2; ++pre) {
        OthelloGame g(random_position(5, 16));
        g.set_probcut_pre(pre == 1 ? 0.5 : 0);
        stats[pre] = engine_search(g, 8).second;
    }
    EXPECT_GT(stats[0].mpc_checks, 0u);
    EXPECT_LT(stats[1].mpc_checks, stats[0].mpc_checks);
    EXPECT_GT(stats[1].mpc_cuts, 0u);
}
