// Issue 23's review summary: a finished review gives each player's accuracy, average
// centipawn loss and label counts (explain/accuracy.h over the stored positions), and every
// ply the best line in SAN and UCI from the position before it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "explain/accuracy.h"
#include "server/api.h"
#include "service_harness.h"

namespace kibitz::server {
namespace {

using testing::call;
using testing::wait_for;

// An analysis board with 1. f3 e5 2. g4?? Qh4# played and reviewed; its id and token.
std::pair<std::string, std::string> reviewed_fools_mate(Service& s) {
    const Reply c = call(s, "POST", "/api/games", R"({"mode": "analysis"})");
    EXPECT_EQ(c.status, 201) << c.body.dump();
    const std::string id = c.body["game"]["id"], token = c.body["token"];
    for (const char* m : {"f3", "e5", "g4", "Qh4#"})
        EXPECT_EQ(
            call(s, "POST", "/api/games/" + id + "/move", Json{{"move", m}}.dump(), token).status,
            200);
    EXPECT_EQ(call(s, "POST", "/api/games/" + id + "/review", R"({"movetime": 50})", token).status,
              202);
    EXPECT_TRUE(wait_for([&] {
        const Json g = call(s, "GET", "/api/games/" + id).body;
        return g["review"].is_object() && g["review"]["done"] == g["review"]["total"];
    }));
    return {id, token};
}

TEST(ServerReview, PlayersSummaryComesFromThePositions) {
    auto s = testing::make_service();
    const auto [id, token] = reviewed_fools_mate(*s);
    const Json review = call(*s, "GET", "/api/games/" + id).body["review"];
    ASSERT_TRUE(review["players"].is_object()) << review.dump();
    const Json& white = review["players"]["white"];
    const Json& black = review["players"]["black"];
    EXPECT_EQ(white["moves"], 2);
    EXPECT_EQ(black["moves"], 2);
    EXPECT_EQ(white["blunders"], 1);  // 2. g4??
    EXPECT_EQ(black["blunders"].get<int>() + black["mistakes"].get<int>(), 0);
    // g4 goes from about equal to mated (−1000 capped): over 800 cp lost on one of two moves.
    EXPECT_GT(white["acpl"].get<double>(), 400.0);
    EXPECT_GT(black["accuracy"].get<double>(), white["accuracy"].get<double>());
    // The same numbers from the stored positions, computed here independently of the server's
    // JSON plumbing: the final position is a mate of White (−1000).
    std::vector<int> cps;
    for (const Json& p : review["positions"])
        cps.push_back(p["eval"].is_object()
                          ? explain::capped_cp(p["eval"].value("cp", 0), p["eval"].value("mate", 0))
                          : -explain::kAccuracyCpCap);
    const explain::GameSummary sum = explain::summarise_game(cps, true);
    EXPECT_NEAR(white["accuracy"].get<double>(), *sum.white.accuracy, 0.051);
    EXPECT_NEAR(black["acpl"].get<double>(), *sum.black.acpl, 0.051);
}

TEST(ServerReview, EveryPlyHasTheBestLineFromThePositionBeforeIt) {
    auto s = testing::make_service();
    const auto [id, token] = reviewed_fools_mate(*s);
    const Json review = call(*s, "GET", "/api/games/" + id).body["review"];
    const Json& g4 = review["plies"][2];
    ASSERT_TRUE(g4["best_line"].is_array()) << g4.dump();
    ASSERT_FALSE(g4["best_line"].empty());
    EXPECT_LE(g4["best_line"].size(), 8u);
    EXPECT_EQ(g4["best_line"].size(), g4["best_line_uci"].size());
    EXPECT_EQ(g4["best_line"][0], g4["best_san"]);
    EXPECT_EQ(g4["best_line_uci"][0], g4["best"]);
    // The position after the mate has no best move: its line is empty.
    EXPECT_TRUE(review["positions"].back()["best_line"].empty());
    // A take-back leaves the numbers of the whole game behind.
    const Reply r = call(*s, "POST", "/api/games/" + id + "/takeback", "", token);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_FALSE(r.body["review"].contains("players"));
}

}  // namespace
}  // namespace kibitz::server
