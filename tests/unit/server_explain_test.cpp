// POST /api/explain and GET /api/eval (server/explain_service.h, docs/api.md): the answers, every
// refusal with its sentence, and the bounded queue (503 when it is full or the answer is late).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "server/explain_service.h"
#include "service_harness.h"

namespace kibitz::server::server_explain_test {
namespace {

using testing::call;

// Black to move; 1... Bb1?? allows 2. Ra8#, a back-rank mate.
constexpr const char* kBackRank = "6k1/5ppp/8/8/4b3/8/7K/R7 b - - 0 1";
constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

Reply eval_of(Service& s, const std::string& fen) {
    Request r;
    r.method = "GET";
    r.path = "/api/eval";
    r.fen = fen;
    return handle(s, r);
}

TEST(ServerExplain, AMoveIsExplainedWithItsLineInSan) {
    auto s = testing::make_service();
    const Reply r = call(*s, "POST", "/api/explain", Json{{"fen", kBackRank}, {"move", "Bb1"}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["move"], "e4b1");
    EXPECT_EQ(r.body["verdict"], "blunder");
    EXPECT_NE(r.body["text"].get<std::string>().find("Ra8#"), std::string::npos) << r.body;
    const auto motifs = r.body["motifs"].get<std::vector<std::string>>();
    EXPECT_NE(std::find(motifs.begin(), motifs.end(), "backRankMate"), motifs.end());
    ASSERT_GE(r.body["line"].size(), 2u);
    EXPECT_EQ(r.body["line"][0], "e4b1");
    EXPECT_EQ(r.body["line_san"][0], "Bb1");
    EXPECT_EQ(r.body["line_san"][1], "Ra8#");
    EXPECT_EQ(r.body["line_san"].size(), r.body["line"].size());
    EXPECT_EQ(r.body["best_line_san"].size(), r.body["best_line"].size());
    EXPECT_FALSE(r.body["best_san"].get<std::string>().empty());
    EXPECT_GT(r.body["loss_cp"].get<int>(), 1000);
    EXPECT_EQ(r.body["fen"], kBackRank);
}

TEST(ServerExplain, ThePreviousMoveIsPlayedFirst) {
    auto s = testing::make_service();
    // 1. e4 then Black's 1... e5, given in SAN: the answer is about the position after e4.
    const Reply r = call(*s, "POST", "/api/explain",
                         Json{{"fen", kStart}, {"previous", "e2e4"}, {"move", "e5"}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["move"], "e7e5");
    EXPECT_EQ(r.body["fen"], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(r.body["line_san"][0], "e5");
    EXPECT_NE(r.body["text"].get<std::string>().find("1... e5"), std::string::npos);
}

TEST(ServerExplain, EveryBadRequestIsA400ThatNamesIt) {
    auto s = testing::make_service();
    const auto refused = [&](const Json& body, const std::string& words) {
        const Reply r = call(*s, "POST", "/api/explain", body);
        EXPECT_EQ(r.status, 400) << body;
        const std::string error = r.body.value("error", "");
        EXPECT_NE(error.find(words), std::string::npos) << error;
    };
    refused(Json::array({1, 2}), "JSON object");
    refused(Json{{"move", "e4"}}, "'fen' is missing");
    refused(Json{{"fen", 7}, {"move", "e4"}}, "'fen' must be a string");
    refused(Json{{"fen", kStart}}, "'move' is missing");
    refused(Json{{"fen", kStart}, {"move", true}}, "'move' must be a string");
    refused(Json{{"fen", "8/8/8 w - - 0 1"}, {"move", "e4"}}, "FEN '8/8/8 w - - 0 1'");
    refused(Json{{"fen", kStart}, {"move", "e5"}}, "'move'");
    refused(Json{{"fen", kStart}, {"move", "e2e5"}}, "e2e5");
    refused(Json{{"fen", kStart}, {"previous", 3}, {"move", "e5"}}, "'previous' must be");
    refused(Json{{"fen", kStart}, {"previous", "e7e5"}, {"move", "e4"}}, "'previous'");
    refused(Json{{"fen", kStart}, {"move", "e4"}, {"chess960", "yes"}}, "'chess960'");
    // A position without moves: nothing to explain.
    refused(Json{{"fen", "7k/5QQ1/8/8/8/8/8/K7 b - - 0 1"}, {"move", "Kh7"}}, "'move'");
    const Reply text = testing::call(*s, "POST", "/api/explain", "{\"fen\": ");
    EXPECT_EQ(text.status, 400);
    EXPECT_EQ(call(*s, "GET", "/api/explain").status, 405);
    EXPECT_EQ(call(*s, "POST", "/api/eval").status, 405);
}

TEST(ServerExplain, AFullQueueAnswers503AndTheWaitingRequestIsStillAnswered) {
    ExplainService::Options o;
    o.max_waiting = 1;
    o.search.depth = 2;
    ExplainService service(o);
    service.hold(true);
    Reply first;
    std::thread waiting([&] { first = service.explain(Json{{"fen", kStart}, {"move", "e4"}}); });
    while (service.waiting() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    const Reply busy = service.explain(Json{{"fen", kStart}, {"move", "d4"}});
    EXPECT_EQ(busy.status, 503);
    EXPECT_NE(busy.body.value("error", "").find("busy"), std::string::npos);
    service.hold(false);
    waiting.join();
    EXPECT_EQ(first.status, 200) << first.body.dump();
    EXPECT_EQ(first.body["move"], "e2e4");
    // The queue has room again.
    EXPECT_EQ(service.explain(Json{{"fen", kStart}, {"move", "d4"}}).status, 200);
}

TEST(ServerExplain, AnAnswerThatTakesTooLongIsA503) {
    ExplainService::Options o;
    o.wait = std::chrono::milliseconds(50);
    ExplainService service(o);
    service.hold(true);
    const Reply late = service.explain(Json{{"fen", kStart}, {"move", "e4"}});
    EXPECT_EQ(late.status, 503);
    EXPECT_NE(late.body.value("error", "").find("too long"), std::string::npos);
    service.hold(false);
}

TEST(ServerExplain, TheEvaluationIsGivenTermByTermForBothSides) {
    auto s = testing::make_service();
    const Reply start = eval_of(*s, kStart);
    ASSERT_EQ(start.status, 200) << start.body.dump();
    ASSERT_GE(start.body["terms"].size(), 10u);
    EXPECT_EQ(start.body["terms"][0]["term"], "material");
    EXPECT_FALSE(start.body["terms"][0]["title"].get<std::string>().empty());
    // The start is symmetric: each term is the same for both sides but the side to move's
    // tempo.
    for (const auto& t : start.body["terms"]) {
        if (t["term"] != "tempo") {
            EXPECT_EQ(t["white"], t["black"]) << t;
        }
    }
    EXPECT_EQ(start.body["phase"], 24);
    EXPECT_EQ(start.body["phase_max"], 24);
    // White a queen up: material favours White, and the score is White's view either side.
    const Reply up = eval_of(*s, "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    ASSERT_EQ(up.status, 200);
    const auto& material = up.body["terms"][0];
    EXPECT_GT(material["white"].get<int>() - material["black"].get<int>(), 700);
    EXPECT_GT(up.body["score"].get<int>(), 500);
    EXPECT_EQ(up.body["phase"], 20);
    EXPECT_EQ(up.body["total"]["white"].get<int>() - up.body["total"]["black"].get<int>() > 500,
              true);
}

TEST(ServerExplain, TheEvaluationRefusesAMissingOrBadFen) {
    auto s = testing::make_service();
    const Reply none = eval_of(*s, "");
    EXPECT_EQ(none.status, 400);
    EXPECT_NE(none.body.value("error", "").find("'fen' is missing"), std::string::npos);
    const Reply bad = eval_of(*s, "rnbqkbnr/pppppppp w");
    EXPECT_EQ(bad.status, 400);
    EXPECT_NE(bad.body.value("error", "").find("FEN 'rnbqkbnr/pppppppp w'"), std::string::npos);
    const Reply utf = eval_of(*s, "\xff");
    EXPECT_EQ(utf.status, 400);
    EXPECT_NE(utf.body.value("error", "").find("'fen' parameter"), std::string::npos);
}

}  // namespace
}  // namespace kibitz::server::server_explain_test
