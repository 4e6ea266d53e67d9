// The search's clock without a search: the soft limit stretched, shrunk and scaled as the
// iterations go, the hard limit, infinite searches and ponderhit.
#include "search/time_control.h"

#include <gtest/gtest.h>

#include <cstdint>

using kibitz::search::SearchParams;
using kibitz::search::TimeControl;

namespace {

SearchParams params() {
    SearchParams p;  // time_unstable 160, time_stable 60 after 4, time_score_drop 150
    p.score_drop = 30;
    return p;
}

}  // namespace

TEST(TimeControl, AChangedBestMoveStretchesTheSoftLimit) {
    TimeControl t;
    t.start(1000, 4000, false, 7);
    // Iteration 1 keeps the first move (stable once): the soft limit as planned.
    EXPECT_FALSE(t.stop_after_iteration_at(999, 7, 10, params()));
    EXPECT_TRUE(t.stop_after_iteration_at(1000, 7, 10, params()));
    // A new best move: 1.6 times as long.
    TimeControl u;
    u.start(1000, 4000, false, 7);
    EXPECT_FALSE(u.stop_after_iteration_at(1500, 9, 10, params()));
    EXPECT_EQ(u.stable_iterations(), 0);
    u.start(1000, 4000, false, 7);
    EXPECT_TRUE(u.stop_after_iteration_at(1600, 9, 10, params()));
}

TEST(TimeControl, AStableBestMoveShrinksIt) {
    TimeControl t;
    t.start(1000, 4000, false, 7);
    for (int i = 0; i < 3; ++i) EXPECT_FALSE(t.stop_after_iteration_at(100, 7, 10, params()));
    EXPECT_EQ(t.stable_iterations(), 3);
    EXPECT_TRUE(t.stop_after_iteration_at(600, 7, 10, params()));  // 4th: 0.6 x 1000
    EXPECT_EQ(t.stable_iterations(), 4);
}

TEST(TimeControl, AFallingScoreStretchesIt) {
    TimeControl t;
    t.start(1000, 4000, false, 7);
    EXPECT_FALSE(t.stop_after_iteration_at(100, 7, 50, params()));
    // Down 31 (more than score_drop 30), same move: 1.5 x 1000.
    EXPECT_FALSE(t.stop_after_iteration_at(1400, 7, 19, params()));
    TimeControl u;
    u.start(1000, 4000, false, 7);
    EXPECT_FALSE(u.stop_after_iteration_at(100, 7, 50, params()));
    EXPECT_TRUE(u.stop_after_iteration_at(1500, 7, 19, params()));
    // Down only 30: no stretch.
    TimeControl v;
    v.start(1000, 4000, false, 7);
    EXPECT_FALSE(v.stop_after_iteration_at(100, 7, 50, params()));
    EXPECT_TRUE(v.stop_after_iteration_at(1000, 7, 20, params()));
}

TEST(TimeControl, TheBestMovesShareOfTheNodesScalesIt) {
    using Effort = kibitz::search::SearchEffort;
    // From depth 6 on: (60 + 160 · (1 − share)) percent of the soft limit.
    SearchParams p = params();
    p.time_node_base = 60;
    p.time_node_factor = 160;
    auto stops_at = [&](double share, kibitz::search::Depth depth) {
        for (std::int64_t now = 0;; now += 10) {
            TimeControl t;
            t.start(1000, 4000, false, 7);
            if (t.stop_after_iteration_at(now, 7, 10, p, Effort{depth, share})) return now;
        }
    };
    EXPECT_EQ(stops_at(1.0, 6), 600);    // the best move took all the nodes: 0.6
    EXPECT_EQ(stops_at(0.75, 6), 1000);  // a quarter went elsewhere: 1.0
    EXPECT_EQ(stops_at(0.25, 6), 1800);  // strong rivals: 1.8
    EXPECT_EQ(stops_at(0.25, 5), 1000);  // too shallow to count
    EXPECT_EQ(stops_at(-1, 12), 1000);   // not known
}

TEST(TimeControl, TheHardLimitAndNoLimits) {
    TimeControl t;
    t.start(1000, 4000, false);
    EXPECT_FALSE(t.out_of_time_at(3999));
    EXPECT_TRUE(t.out_of_time_at(4000));
    TimeControl none;  // depth, nodes or mate only
    none.start(0, 0, false);
    EXPECT_FALSE(none.out_of_time_at(1'000'000));
    EXPECT_FALSE(none.stop_after_iteration_at(1'000'000, 1, 0, params()));
}

TEST(TimeControl, InfiniteUntilPonderhitThenCountedFromIt) {
    TimeControl t;
    t.start(1000, 4000, true, 7);
    EXPECT_FALSE(t.out_of_time_at(10'000));
    EXPECT_FALSE(t.stop_after_iteration_at(10'000, 7, 10, params()));  // counted all the same
    EXPECT_FALSE(t.stop_after_iteration_at(10'000, 7, 10, params()));
    t.ponderhit_at(10'000, 1000, 4000);
    EXPECT_FALSE(t.infinite());
    EXPECT_FALSE(t.out_of_time_at(13'999));
    EXPECT_TRUE(t.out_of_time_at(14'000));
    // Two stable iterations while pondering, so the third after ponderhit runs to 1.0 x.
    EXPECT_FALSE(t.stop_after_iteration_at(10'999, 7, 10, params()));
    EXPECT_TRUE(t.stop_after_iteration_at(11'000, 7, 10, params()));
}
