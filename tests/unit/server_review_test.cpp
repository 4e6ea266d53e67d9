// Issue 23's review summary: a finished review gives each player's accuracy, average
// centipawn loss and label counts (explain/accuracy.h over the stored positions), and every
// ply the best line in SAN and UCI from the position before it.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "chess/notation.h"
#include "chess/pgn.h"
#include "chess/san.h"
#include "explain/accuracy.h"
#include "server/api.h"
#include "service_harness.h"

namespace kibitz::server::server_review_test {
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

TEST(ServerReview, LabelledPliesAreExplainedAndOthersNot) {
    auto s = testing::make_service();
    const auto [id, token] = reviewed_fools_mate(*s);
    const Json review = call(*s, "GET", "/api/games/" + id).body["review"];
    ASSERT_EQ(review["plies"].size(), 4u);
    for (const Json& ply : review["plies"]) {
        ASSERT_TRUE(ply.contains("explanation")) << ply.dump();
        EXPECT_EQ(ply["label"].is_null(), ply["explanation"].is_null()) << ply.dump();
    }
    // 2. g4?? allows the mate; the text says so and why the best move is better.
    const Json& g4 = review["plies"][2]["explanation"];
    ASSERT_TRUE(g4.is_object()) << review["plies"][2].dump();
    const std::string text = g4["text"];
    EXPECT_NE(text.find("2. g4"), std::string::npos) << text;
    EXPECT_NE(text.find("Qh4#"), std::string::npos) << text;
    EXPECT_TRUE(g4["motifs"].is_array());
    EXPECT_NE(std::find(g4["motifs"].begin(), g4["motifs"].end(), "mateIn1"), g4["motifs"].end())
        << g4.dump();
    ASSERT_GE(g4["line"].size(), 2u);
    EXPECT_EQ(g4["line"][0], "g2g4");
    EXPECT_EQ(g4["line"][1], "d8h4");
    EXPECT_EQ(g4["line_san"][0], "g4");
    EXPECT_EQ(g4["line_san"][1], "Qh4#");
    EXPECT_EQ(g4["line"].size(), g4["line_san"].size());
    EXPECT_TRUE(g4["terms"].is_array());
    const std::string best = g4["best_text"];
    EXPECT_EQ(best.rfind("Better is 2. ", 0), 0u) << best;
    EXPECT_NE(text.find(best), std::string::npos) << text;
    // It names the best move the review shows (its arrow and variation), not another one.
    for (const Json& ply : review["plies"])
        if (ply["explanation"].is_object() && ply["best_san"].is_string()) {
            const std::string said = ply["explanation"]["best_text"];
            EXPECT_NE(said.find(" " + ply["best_san"].get<std::string>() + " "), std::string::npos)
                << said << " / " << ply.dump();
        }
}

TEST(ServerReview, ExportOfAReviewedGameHasNagsExplanationsAndBestLines) {
    auto s = testing::make_service();
    const auto [id, token] = reviewed_fools_mate(*s);
    const Json review = call(*s, "GET", "/api/games/" + id).body["review"];
    const Reply pgn = call(*s, "GET", "/api/games/" + id + "/pgn");
    ASSERT_EQ(pgn.status, 200);
    std::string text = pgn.text;  // its lines joined: the writer wraps them at 80 columns
    std::replace(text.begin(), text.end(), '\n', ' ');
    // The NAG right after the move, then the comment: [%eval] first, then the explanation,
    // then the best line as a variation of several plies.
    const std::string explanation = review["plies"][2]["explanation"]["text"];
    const auto g4 = text.find("2. g4 $4 {[%eval #-1] ");
    ASSERT_NE(g4, std::string::npos) << text;
    const auto comment = text.find(explanation.substr(0, 12), g4);
    ASSERT_NE(comment, std::string::npos) << text;
    const auto close = text.find('}', g4);
    EXPECT_GT(close, comment);
    EXPECT_EQ(text.find('{', g4 + 1), text.find('{', g4));  // no brace inside the comment
    EXPECT_EQ(text[text.find_first_not_of(' ', close + 1)], '(') << text;
    // Imported again, the main line and the annotations are where they were.
    chess::PgnReader reader(pgn.text);
    auto game = reader.next();
    ASSERT_TRUE(game && game->ok()) << (game ? game->error() : "no game");
    const auto& moves = (*game)->moves;
    ASSERT_EQ(moves.size(), 4u);
    const char* sans[] = {"f3", "e5", "g4", "Qh4#"};
    chess::Position pos = chess::Position::from_fen(chess::kStartFen).value();
    for (std::size_t i = 0; i < moves.size(); ++i) {
        EXPECT_EQ(chess::move_to_san(pos, moves[i].move), sans[i]);
        pos.make(moves[i].move);
    }
    // Each labelled move has its NAG and its explanation, an unlabelled one neither; a move
    // other than the best has the best line as its variation.
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const Json& ply = review["plies"][i];
        const std::string label = ply["label"].is_string() ? ply["label"].get<std::string>() : "";
        const std::vector<int> nags = label == "blunder"      ? std::vector<int>{4}
                                      : label == "mistake"    ? std::vector<int>{2}
                                      : label == "inaccuracy" ? std::vector<int>{6}
                                                              : std::vector<int>{};
        EXPECT_EQ(moves[i].nags, nags) << i;
        if (label.empty())
            EXPECT_EQ(moves[i].comment_after.find("Better is"), std::string::npos) << i;
        else
            EXPECT_NE(moves[i].comment_after.find(ply["explanation"]["text"].get<std::string>()),
                      std::string::npos)
                << moves[i].comment_after;
    }
    EXPECT_EQ(moves[2].nags, std::vector<int>{4});
    ASSERT_EQ(moves[2].variations.size(), 1u);
    EXPECT_EQ(moves[2].variations[0].size(), review["plies"][2]["best_line"].size());
}

}  // namespace
}  // namespace kibitz::server::server_review_test
