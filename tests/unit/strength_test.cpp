// Limited strength: choices stay within the rating's tolerance, vary at low ratings, and the
// weakened engine still sees what is obvious.
#include "engine/strength.h"

#include <gtest/gtest.h>

#include <set>

#include "chess/notation.h"
#include "engine/chess_engine.h"

using namespace kibitz;

TEST(Strength, ChoiceStaysWithinTolerance) {
    core::SplitMix64 rng(3);
    for (int i = 0; i < 2000; ++i) {
        EXPECT_LT(engine::choose_line(2200, {100, 90, -500}, rng), 2);
        EXPECT_EQ(engine::choose_line(2200, {100, 50, -50}, rng), 0);  // 50 cp is too much at 2200
        EXPECT_NE(engine::choose_line(1000, {300, 250, -400, -900}, rng), 3);
    }
}

TEST(Strength, LowRatingsVary) {
    core::SplitMix64 rng(5);
    std::set<int> seen;
    for (int i = 0; i < 500; ++i) seen.insert(engine::choose_line(1000, {0, -10, -20, -30}, rng));
    EXPECT_EQ(seen.size(), 4u);
}

TEST(Strength, BudgetGrowsWithRating) {
    search::Limits low, high;
    engine::limit_for_elo(1400, low);
    engine::limit_for_elo(2200, high);
    EXPECT_LT(low.nodes, high.nodes);
    EXPECT_LT(low.depth, high.depth);
    search::Limits capped;
    capped.nodes = 100;
    engine::limit_for_elo(2200, capped);
    EXPECT_EQ(capped.nodes, 100u);  // a smaller limit from "go nodes" stays
}

TEST(Strength, FewerLinesNearTheTop) {
    EXPECT_EQ(engine::strength_lines(1400), 4);
    EXPECT_GE(engine::strength_lines(1800), engine::strength_lines(2100));
    EXPECT_EQ(engine::strength_lines(engine::kMaxElo), 1);  // the top level plays its best move
}

TEST(Strength, WeakEngineStillTakesAHangingQueen) {
    // Black's queen hangs to the knight; even at 1400 Elo the capture is far better than the
    // rest and is always played.
    engine::ChessEngine e;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        e.set_strength(1400, seed);
        const auto pos = chess::Position::from_fen(
                             "rnb1kbnr/pppp1ppp/8/4p1q1/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
                             .value();
        e.set_position(engine::ChessGame(pos));
        chess::Move played;
        e.on_bestmove = [&](chess::Move best, chess::Move) { played = best; };
        e.go(engine::GoParams{}, pos.side_to_move());
        e.wait();
        EXPECT_EQ(chess::move_to_uci(pos, played), "f3g5") << "seed " << seed;
    }
}

TEST(Strength, TheGuiSeesTheLinesItAskedForAndTheMovePlayedFirst) {
    // At 1400 Elo the engine searches four lines and often plays another than the best; a GUI
    // that asked for one line sees only "multipv 1", and the last one is the move played.
    engine::ChessEngine e;
    int other_than_best = 0;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        e.set_strength(1400, seed);
        const auto pos = chess::Position::from_fen(
                             "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
                             .value();
        e.set_position(engine::ChessGame(pos));
        std::vector<search::Iteration<chess::Move>> infos;
        chess::Move played;
        e.on_info = [&](const search::Iteration<chess::Move>& it) { infos.push_back(it); };
        e.on_bestmove = [&](chess::Move best, chess::Move) { played = best; };
        e.go(engine::GoParams{}, pos.side_to_move());
        e.wait();
        ASSERT_FALSE(infos.empty());
        for (const auto& it : infos) EXPECT_EQ(it.multipv, 1) << "seed " << seed;
        ASSERT_FALSE(infos.back().pv.empty());
        EXPECT_EQ(infos.back().pv.front(), played) << "seed " << seed;
        // The search's own best line at the last depth, before the choice was said.
        const auto depth = infos.back().depth;
        for (const auto& it : infos)
            if (it.depth == depth && it.pv.front() != played) {
                ++other_than_best;
                break;
            }
    }
    EXPECT_GT(other_than_best, 0) << "no seed chose another line: the test tests nothing";
}
