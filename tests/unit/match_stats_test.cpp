// Match statistics: logistic Elo, error bars, LOS, the GSPRT (trinomial and pentanomial) and
// cutechess-cli's result block. Expected numbers were worked out by hand (see each test).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "match/stats.h"

namespace kibitz::match {
namespace {

Tally tally(int wins, int losses, int draws) {
    Tally t;
    t.wins = wins;
    t.losses = losses;
    t.draws = draws;
    return t;
}

TEST(MatchStats, EloFromScore) {
    EXPECT_EQ(elo_from_score(0.5), 0.0);
    EXPECT_NEAR(elo_from_score(0.75), 190.85, 0.01);  // 400 * log10(3)
    EXPECT_NEAR(elo_from_score(0.25), -190.85, 0.01);
    EXPECT_TRUE(std::isfinite(elo_from_score(0.0)));
    EXPECT_TRUE(std::isfinite(elo_from_score(1.0)));
    EXPECT_NEAR(elo_from_score(1.0), 1600.0, 0.1);  // clamped at 1 - 1e-4
    EXPECT_NEAR(elo_from_score(0.0), -1600.0, 0.1);
}

TEST(MatchStats, TallyScore) {
    EXPECT_EQ(Tally{}.games(), 0);
    EXPECT_EQ(Tally{}.score(), 0.5);
    const Tally t = tally(60, 40, 100);
    EXPECT_EQ(t.games(), 200);
    EXPECT_DOUBLE_EQ(t.score(), 0.55);
}

// 60 W / 40 L / 100 D: score 0.55, Elo -400 log10(1/0.55 - 1) = 34.86; per-game variance
// (60*0.45^2 + 40*0.55^2 + 100*0.05^2) / 200 = 0.1225, stderr sqrt(0.1225/200) = 0.024749;
// score +/- 1.96 stderr = 0.50149 .. 0.59851 -> 1.04 .. 69.35 Elo, half-width 34.16;
// LOS = Phi(20 / sqrt(100)) = Phi(2) = 0.97725.
TEST(MatchStats, EstimateTrinomial) {
    const EloEstimate e = estimate_elo(tally(60, 40, 100));
    EXPECT_NEAR(e.elo, 34.86, 0.01);
    EXPECT_NEAR(e.error95, 34.16, 0.01);
    EXPECT_NEAR(e.los, 0.97725, 1e-4);
    EXPECT_DOUBLE_EQ(e.draw_ratio, 0.5);
}

TEST(MatchStats, EstimateEmptyAndEven) {
    const EloEstimate none = estimate_elo(Tally{});
    EXPECT_EQ(none.elo, 0.0);
    EXPECT_EQ(none.error95, 0.0);
    EXPECT_EQ(none.los, 0.5);
    const EloEstimate even = estimate_elo(tally(10, 10, 5));
    EXPECT_EQ(even.elo, 0.0);
    EXPECT_NEAR(even.los, 0.5, 1e-12);
    EXPECT_GT(even.error95, 0.0);
}

TEST(MatchStats, ErrorBarsShrinkWithMoreGames) {
    const double small = estimate_elo(tally(60, 40, 100)).error95;
    const double large = estimate_elo(tally(600, 400, 1000)).error95;
    const double huge = estimate_elo(tally(6000, 4000, 10000)).error95;
    EXPECT_LT(large, small);
    EXPECT_LT(huge, large);
    // The standard error falls as 1/sqrt(n): ten times the games, about 1/sqrt(10) the width.
    EXPECT_NEAR(large / small, 1.0 / std::sqrt(10.0), 0.01);
}

// Pairs that are mostly draws or win/loss splits have less variance per game than the
// trinomial model assumes, so the pentanomial error bar is narrower on the same games.
TEST(MatchStats, PentanomialErrorBars) {
    Tally t = tally(60, 40, 100);  // 100 pairs
    t.pairs = {0, 10, 60, 30, 0};  // 0*0 + 10*1 + 60*2 + 30*3 = 220 half-points = 110 points
    const EloEstimate penta = estimate_elo(t);
    const EloEstimate tri = estimate_elo(tally(60, 40, 100));
    EXPECT_NEAR(penta.elo, tri.elo, 1e-12);
    EXPECT_LT(penta.error95, tri.error95);
    EXPECT_GT(penta.los, 0.5);
    // Pair scores 0.25/0.5/0.75 with frequencies .1/.6/.3: mean 0.55, variance 0.0225,
    // stderr 0.015 per pair; 0.55 +/- 0.0294 -> 14.32 .. 55.64 Elo, half-width 20.66.
    EXPECT_NEAR(penta.error95, 20.66, 0.01);
    EXPECT_NEAR(penta.los, 0.5 * std::erfc(-(0.05 / 0.015) / std::sqrt(2.0)), 1e-9);
}

TEST(MatchStats, SprtBounds) {
    const SprtState s = sprt(Tally{}, SprtParams{});
    EXPECT_NEAR(s.lower, -2.944, 0.001);
    EXPECT_NEAR(s.upper, 2.944, 0.001);
    EXPECT_EQ(s.llr, 0.0);
    EXPECT_EQ(s.verdict, SprtState::Verdict::kContinue);
}

TEST(MatchStats, SprtVerdicts) {
    const SprtParams p{0, 5, 0.05, 0.05};
    EXPECT_EQ(sprt(tally(1200, 800, 2000), p).verdict, SprtState::Verdict::kAcceptH1);
    EXPECT_EQ(sprt(tally(800, 1200, 2000), p).verdict, SprtState::Verdict::kAcceptH0);
    const SprtState even = sprt(tally(10, 10, 20), p);
    EXPECT_EQ(even.verdict, SprtState::Verdict::kContinue);
    EXPECT_GT(even.llr, even.lower);
    EXPECT_LT(even.llr, even.upper);
    // Only wins: zero counts are regularised to 1e-3, so the LLR stays finite (2.858 after
    // 200 wins, 4.29 after 300).
    EXPECT_NEAR(sprt(tally(200, 0, 0), p).llr, 2.858, 0.001);
    const SprtState all_wins = sprt(tally(300, 0, 0), p);
    EXPECT_TRUE(std::isfinite(all_wins.llr));
    EXPECT_EQ(all_wins.verdict, SprtState::Verdict::kAcceptH1);
}

// The exact MLE LLR for 60/40/100 with elo0 = 0, elo1 = 5 was checked independently by
// maximising the constrained trinomial log-likelihood numerically: 0.53494.
TEST(MatchStats, SprtTrinomialValue) {
    EXPECT_NEAR(sprt(tally(60, 40, 100), SprtParams{}).llr, 0.53494, 1e-4);
}

TEST(MatchStats, SprtPentanomialAgreesInSign) {
    const SprtParams p{0, 5, 0.05, 0.05};
    Tally winning = tally(60, 40, 100);
    winning.pairs = {0, 10, 60, 30, 0};
    Tally losing = tally(40, 60, 100);
    losing.pairs = {0, 30, 60, 10, 0};
    // Above the midpoint of elo0 and elo1 (2.5 Elo) the LLR is positive, below it negative.
    EXPECT_GT(sprt(winning, p).llr, 0.0);
    EXPECT_GT(sprt(tally(60, 40, 100), p).llr, 0.0);
    EXPECT_LT(sprt(losing, p).llr, 0.0);
    EXPECT_LT(sprt(tally(40, 60, 100), p).llr, 0.0);
    // The pentanomial model sees less variance here, so it is more confident.
    EXPECT_GT(sprt(winning, p).llr, sprt(tally(60, 40, 100), p).llr);
}

// The numbers are those of EstimateTrinomial and SprtTrinomialValue: llr 0.535 is 18.2% of
// the upper bound 2.944.
TEST(MatchStats, ResultBlock) {
    const Tally t = tally(60, 40, 100);
    EXPECT_EQ(result_block("A", "B", t, nullptr),
              "Score of A vs B: 60 - 40 - 100  [0.550] 200\n"
              "Elo difference: 34.9 +/- 34.2, LOS: 97.7 %, DrawRatio: 50.0 %\n");
    const SprtParams p{};
    EXPECT_EQ(result_block("Kibitz", "Kibitz-old", t, &p),
              "Score of Kibitz vs Kibitz-old: 60 - 40 - 100  [0.550] 200\n"
              "Elo difference: 34.9 +/- 34.2, LOS: 97.7 %, DrawRatio: 50.0 %\n"
              "SPRT: llr 0.535 (18.2%), lbound -2.94, ubound 2.94\n");
}

TEST(MatchStats, ResultBlockVerdicts) {
    const SprtParams p{};
    const std::string h1 = result_block("A", "B", tally(1200, 800, 2000), &p);
    EXPECT_NE(h1.find(" - H1 was accepted\n"), std::string::npos) << h1;
    const std::string h0 = result_block("A", "B", tally(800, 1200, 2000), &p);
    EXPECT_NE(h0.find(" - H0 was accepted\n"), std::string::npos) << h0;
}

}  // namespace
}  // namespace kibitz::match
