// The review's accuracy numbers (explain/accuracy.h) against values worked out by hand from
// lichess's published formulas.
#include <gtest/gtest.h>

#include <vector>

#include "explain/accuracy.h"

using namespace kibitz::explain;

TEST(ExplainAccuracy, CapsEvaluationsAndMates) {
    EXPECT_EQ(capped_cp(35, 0), 35);
    EXPECT_EQ(capped_cp(-2500, 0), -1000);
    EXPECT_EQ(capped_cp(1400, 0), 1000);
    EXPECT_EQ(capped_cp(0, 3), 1000);    // White mates in 3
    EXPECT_EQ(capped_cp(0, -1), -1000);  // White is mated next move
}

TEST(ExplainAccuracy, WinPercentFollowsTheLogisticCurve) {
    EXPECT_DOUBLE_EQ(win_percent(0), 50.0);
    // 50 + 50·(2/(1+e^−0.368208) − 1) = 50 + 50·0.182052 = 59.1026
    EXPECT_NEAR(win_percent(100), 59.1026, 1e-4);
    EXPECT_NEAR(win_percent(-100), 100.0 - 59.1026, 1e-4);  // symmetric
    // e^−3.68208 = 0.025183: 50 + 50·(2/1.025183 − 1) = 97.5447
    EXPECT_NEAR(win_percent(1000), 97.5447, 1e-4);
}

TEST(ExplainAccuracy, MoveAccuracyFromTheDropInWinPercent) {
    EXPECT_NEAR(move_accuracy(50, 50), 99.9999, 1e-9);  // 103.1668 − 3.1669
    // A drop of 10: 103.1668·e^−0.4354 − 3.1669 = 103.1668·0.647018 − 3.1669 = 63.5826
    EXPECT_NEAR(move_accuracy(60, 50), 63.5826, 1e-4);
    EXPECT_DOUBLE_EQ(move_accuracy(40, 60), 100.0);  // a gain is clamped to 100
    EXPECT_DOUBLE_EQ(move_accuracy(100, 0), 0.0);    // 103.1668·e^−4.354 < 3.1669
}

TEST(ExplainAccuracy, HarmonicMean) {
    EXPECT_NEAR(harmonic_mean({40, 60}), 48.0, 1e-12);  // 2 / (1/40 + 1/60)
    EXPECT_DOUBLE_EQ(harmonic_mean({0, 90}), 0.0);
    EXPECT_DOUBLE_EQ(harmonic_mean({}), 0.0);
}

TEST(ExplainAccuracy, PerfectPlayScoresFullMarks) {
    const GameSummary s = summarise_game({20, 20, 20, 20}, true);
    ASSERT_TRUE(s.white.accuracy && s.black.accuracy);
    EXPECT_NEAR(*s.white.accuracy, 99.9999, 1e-9);
    EXPECT_NEAR(*s.black.accuracy, 99.9999, 1e-9);
    EXPECT_DOUBLE_EQ(*s.white.acpl, 0.0);
    EXPECT_EQ(s.white.moves, 2);
    EXPECT_EQ(s.black.moves, 1);
}

TEST(ExplainAccuracy, OneBadMoveIsWeightedByVolatilityAndHarmonicMean) {
    // Four moves, window of 2 positions. Black's first move gives White +300: Black's Win%
    // falls from 50 to 100 − 75.1126 = 24.8874, accuracy 103.1668·e^−0.04354·25.1126 − 3.1669
    // = 31.4017, weight = sd(50, 75.1126) = 12.556 clamped to 12. Black's second move keeps
    // +300: 99.9999, weight sd(75.11, 75.11) = 0 clamped to 0.5.
    // weighted = (31.4017·12 + 99.9999·0.5) / 12.5 = 34.1457
    // harmonic = 2 / (1/31.4017 + 1/99.9999) = 47.7950; accuracy = (34.1457 + 47.7950)/2
    const GameSummary s =
        summarise_game({0, 0, 300, 300, 300}, true, {MoveLabel::kNone, MoveLabel::kMistake});
    ASSERT_TRUE(s.black.accuracy);
    EXPECT_NEAR(*s.black.accuracy, 40.9703, 1e-3);
    EXPECT_NEAR(*s.white.accuracy, 99.9999, 1e-9);
    EXPECT_DOUBLE_EQ(*s.black.acpl, 150.0);  // (300 + 0) / 2
    EXPECT_DOUBLE_EQ(*s.white.acpl, 0.0);
    EXPECT_EQ(s.black.mistakes, 1);
    EXPECT_EQ(s.black.inaccuracies + s.black.blunders + s.white.mistakes, 0);
}

TEST(ExplainAccuracy, BlackFirstAndLossCappedAtAThousand) {
    // Black moves first (from a FEN) and throws away a mate: +1000 for Black (−1000 for White)
    // to +1000 for White, a drop of 2000 that counts as 1000.
    const GameSummary s = summarise_game({capped_cp(0, -2), capped_cp(0, 4), capped_cp(0, 3)},
                                         false, {MoveLabel::kBlunder});
    EXPECT_DOUBLE_EQ(*s.black.acpl, 1000.0);
    EXPECT_EQ(s.black.blunders, 1);
    EXPECT_EQ(s.black.moves, 1);
    EXPECT_EQ(s.white.moves, 1);
    // Black's Win% falls from 97.5447 to 2.4553: a drop of 95.09 gives accuracy 0.
    EXPECT_DOUBLE_EQ(*s.black.accuracy, 0.0);
    EXPECT_DOUBLE_EQ(*s.white.acpl, 0.0);
}

TEST(ExplainAccuracy, NoMovesGivesNoNumbers) {
    const GameSummary s = summarise_game({15}, true);
    EXPECT_FALSE(s.white.accuracy);
    EXPECT_FALSE(s.black.acpl);
    EXPECT_EQ(s.white.moves, 0);
}
