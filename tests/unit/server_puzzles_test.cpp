// The puzzle mode of the web app (server/puzzles.h, docs/api.md): reading puzzle files, good
// and malformed, and GET /api/puzzles, /next, /ID and /ID/explain with their errors.
#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "server/puzzles.h"
#include "service_harness.h"
#include "temp_dir.h"

namespace kibitz::server::server_puzzles_test {
namespace {

using testing::call;

constexpr const char* kHeader = "PuzzleId,FEN,Moves,Rating,Themes\n";
// A mate in one: after 1. h2g3 (the setup move) Black mates with Qh5.
constexpr const char* kMate =
    "r3k2r/pb1p1ppp/1b4q1/1Q2P3/8/2NP1Pn1/PP4PP/R1B2R1K w kq - 1 17,h2g3 g6h5";
// A fork: after 1. Qa7 Qg5+ 2. Kb1 Qh6 wins the rook of h6.
constexpr const char* kFork =
    "6k1/3bqr1p/2rpp1pR/p7/Pp1QP3/1B3P2/1PP3P1/2KR4 w - - 6 22,d4a7 e7g5 c1b1 g5h6";

void write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

// 20 puzzles P0 … P19 rated 100, 200, … 2000, alternately the mate and the fork.
std::string twenty() {
    std::string text = kHeader;
    for (int i = 0; i < 20; ++i)
        text += "P" + std::to_string(i) + "," + (i % 2 ? kFork : kMate) + "," +
                std::to_string(100 * (i + 1)) + "," + (i % 2 ? "fork middlegame" : "mateIn1") +
                "\n";
    return text;
}

std::unique_ptr<Service> service_with(const std::string& puzzles) {
    Service::Options o;
    o.puzzles = puzzles;
    return testing::make_service(":memory:", o);
}

TEST(ServerPuzzles, TheBundledFileIsReadWhole) {
    const auto file =
        read_puzzle_file(std::string(KIBITZ_SOURCE_DIR) + "/data/puzzles/puzzles.csv");
    ASSERT_TRUE(file.ok()) << file.error();
    EXPECT_EQ(file->puzzles.size(), 3000u);
    EXPECT_EQ(file->skipped_count, 0) << (file->skipped.empty() ? "" : file->skipped[0]);
}

TEST(ServerPuzzles, AMalformedFileIsNamedRowByRowAndItsGoodRowsKept) {
    const test::TempDir dir("kibitz_puzzles_test");
    const std::string path = dir.file("p.csv");
    // Columns in another order, with one the server does not read: found by the header.
    write(
        path,
        "Rating,Themes,PuzzleId,Popularity,Moves,FEN\n"
        "1200,fork,good1,90,d4a7 e7g5 c1b1 g5h6,"
        "6k1/3bqr1p/2rpp1pR/p7/Pp1QP3/1B3P2/1PP3P1/2KR4 w - - 6 22\n"
        "1200,fork,badfen,90,d4a7 e7g5,not a fen\n"
        "1200,fork,illegal,90,d4a7 e7e1,6k1/3bqr1p/2rpp1pR/p7/Pp1QP3/1B3P2/1PP3P1/2KR4 w - - 6 22\n"
        "abc,fork,badrating,90,d4a7 e7g5,6k1/3bqr1p/2rpp1pR/p7/Pp1QP3/1B3P2/1PP3P1/2KR4 w - - 6 "
        "22\n"
        "1200,fork,short\n"
        "\n"
        "1300,fork,good1,90,d4a7 e7g5,6k1/3bqr1p/2rpp1pR/p7/Pp1QP3/1B3P2/1PP3P1/2KR4 w - - 6 22\n"
        "1300,fork,bad-id,90,d4a7 e7g5,6k1/3bqr1p/2rpp1pR/p7/Pp1QP3/1B3P2/1PP3P1/2KR4 w - - 6 "
        "22\n");
    const auto file = read_puzzle_file(path);
    ASSERT_TRUE(file.ok()) << file.error();
    ASSERT_EQ(file->puzzles.size(), 1u);
    EXPECT_EQ(file->puzzles[0].puzzle.id, "good1");
    EXPECT_EQ(file->puzzles[0].rating, 1200);
    EXPECT_EQ(file->skipped_count, 6);
    ASSERT_EQ(file->skipped.size(), std::size_t(kMaxSkippedShown));
    EXPECT_NE(file->skipped[0].find(path + ":3: puzzle badfen: FEN"), std::string::npos)
        << file->skipped[0];
    EXPECT_NE(file->skipped[1].find(":4: puzzle illegal: move 2"), std::string::npos)
        << file->skipped[1];
    EXPECT_NE(file->skipped[2].find(":5: puzzle badrating: the Rating 'abc'"), std::string::npos)
        << file->skipped[2];
    EXPECT_NE(file->skipped[3].find(":6: expected 6 comma-separated fields, found 3"),
              std::string::npos)
        << file->skipped[3];
    EXPECT_NE(file->skipped[4].find(":8: puzzle good1 is there twice (first on line 2)"),
              std::string::npos)
        << file->skipped[4];

    // A file without the columns, an empty one, one without a good row, a missing one.
    write(path, "PuzzleId,FEN,Moves\nx,y,z\n");
    auto bad = read_puzzle_file(path);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().find("it lacks Rating, Themes"), std::string::npos) << bad.error();
    write(path, "");
    bad = read_puzzle_file(path);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().find("is empty"), std::string::npos) << bad.error();
    write(path, std::string(kHeader) + "x,not a fen,e2e4 e7e5,1500,fork\n");
    bad = read_puzzle_file(path);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().find("has no puzzle that could be read: " + path + ":2: puzzle x: FEN"),
              std::string::npos)
        << bad.error();
    bad = read_puzzle_file(dir.file("missing.csv"));
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().find("missing.csv"), std::string::npos) << bad.error();
}

TEST(ServerPuzzles, NextIsNearTheRatingAndNeverAnExcludedOne) {
    const test::TempDir dir("kibitz_puzzles_test");
    write(dir.file("p.csv"), twenty());
    auto s = service_with(dir.file("p.csv"));
    EXPECT_EQ(call(*s, "GET", "/api/puzzles").body["count"], 20);
    std::set<std::string> seen;
    for (int i = 0; i < 60; ++i) {
        Request r;
        r.method = "GET";
        r.path = "/api/puzzles/next";
        r.rating = "1000";
        const Reply reply = handle(*s, r);
        ASSERT_EQ(reply.status, 200) << reply.body.dump();
        // The 8 nearest of 1000: 700 … 1400 (the tie at 600/1400 goes up).
        const int rating = reply.body["rating"];
        EXPECT_GE(rating, 700);
        EXPECT_LE(rating, 1400);
        seen.insert(reply.body["id"].get<std::string>());
    }
    EXPECT_GT(seen.size(), 2u);  // drawn at random among them
    Request r;
    r.method = "GET";
    r.path = "/api/puzzles/next";
    r.rating = "100";
    r.exclude = "P0,P1,P2,P3,P4,P5,P6,P7,P8,P9,P10,P11,P12,P13,P14,P15,P16,P17,P18";
    Reply reply = handle(*s, r);
    ASSERT_EQ(reply.status, 200);
    EXPECT_EQ(reply.body["id"], "P19");
    r.exclude += ",P19";
    reply = handle(*s, r);
    EXPECT_EQ(reply.status, 404);
    EXPECT_NE(reply.body["error"].get<std::string>().find("every puzzle"), std::string::npos);
    // Without a rating: near 1500.
    reply = call(*s, "GET", "/api/puzzles/next");
    EXPECT_GE(reply.body["rating"].get<int>(), 1100) << reply.body.dump();
}

TEST(ServerPuzzles, APuzzleCarriesItsPositionsLegalMovesAndMates) {
    const test::TempDir dir("kibitz_puzzles_test");
    write(dir.file("p.csv"), twenty());
    auto s = service_with(dir.file("p.csv"));
    Reply r = call(*s, "GET", "/api/puzzles/P0");
    ASSERT_EQ(r.status, 200) << r.body.dump();
    const Json& p = r.body;
    EXPECT_EQ(p["rating"], 100);
    EXPECT_EQ(p["color"], "black");
    EXPECT_EQ(p["moves"], Json({"h2g3", "g6h5"}));
    EXPECT_EQ(p["san"], Json({"hxg3", "Qh5#"}));
    EXPECT_EQ(p["themes"], Json({"mateIn1"}));
    ASSERT_EQ(p["positions"].size(), 3u);
    EXPECT_FALSE(p["positions"][0].contains("legal"));  // the setup move is the opponent's
    const Json& turn = p["positions"][1];
    EXPECT_NE(std::find(turn["legal"].begin(), turn["legal"].end(), "g6h5"), turn["legal"].end());
    EXPECT_EQ(turn["mates"], Json({"g6h5"}));
    EXPECT_TRUE(p["positions"][2]["check"]);

    r = call(*s, "GET", "/api/puzzles/P1");
    ASSERT_EQ(r.body["positions"].size(), 5u);
    EXPECT_EQ(r.body["color"], "black");
    EXPECT_TRUE(r.body["positions"][2]["check"]);  // 2... Qg5+
    EXPECT_TRUE(r.body["positions"][3].contains("legal"));
    EXPECT_EQ(r.body["positions"][3]["mates"], Json::array());
}

TEST(ServerPuzzles, TheExplanationNamesTheSolutionMoveAndIsKept) {
    const test::TempDir dir("kibitz_puzzles_test");
    write(dir.file("p.csv"), twenty());
    auto s = service_with(dir.file("p.csv"));
    const Reply r = call(*s, "GET", "/api/puzzles/P0/explain");
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["id"], "P0");
    EXPECT_EQ(r.body["move"], "g6h5");
    EXPECT_NE(r.body["text"].get<std::string>().find("Qh5#"), std::string::npos) << r.body.dump();
    EXPECT_EQ(call(*s, "GET", "/api/puzzles/P0/explain").body, r.body);
}

TEST(ServerPuzzles, BadRequestsGetAnErrorThatNamesTheProblem) {
    const test::TempDir dir("kibitz_puzzles_test");
    write(dir.file("p.csv"), twenty());
    auto s = service_with(dir.file("p.csv"));
    const auto next = [&](const std::string& rating, const std::string& exclude) {
        Request r;
        r.method = "GET";
        r.path = "/api/puzzles/next";
        r.rating = rating;
        r.exclude = exclude;
        return handle(*s, r);
    };
    const auto error = [](const Reply& r) { return r.body.value("error", std::string()); };
    for (const char* bad : {"abc", "-1", "4001", "+5", "15.5", "99999999999999"}) {
        const Reply r = next(bad, "");
        EXPECT_EQ(r.status, 400) << bad;
        EXPECT_NE(error(r).find("'rating' must be a whole number from 0 to 4000"),
                  std::string::npos)
            << error(r);
    }
    for (const char* bad : {"P1,,P2", "P1;P2", "x/y", "abcdefghijklmnopq"}) {
        const Reply r = next("", bad);
        EXPECT_EQ(r.status, 400) << bad;
        EXPECT_NE(error(r).find("'exclude' must be puzzle ids"), std::string::npos) << error(r);
    }
    std::string many = "a";
    for (int i = 0; i < 500; ++i) many += ",a";
    EXPECT_NE(error(next("", many)).find("carries 501 ids; at most 500"), std::string::npos);
    EXPECT_EQ(call(*s, "POST", "/api/puzzles/next").status, 405);
    EXPECT_EQ(call(*s, "DELETE", "/api/puzzles/P1").status, 405);
    Reply r = call(*s, "GET", "/api/puzzles/no-such");
    EXPECT_EQ(r.status, 400);
    EXPECT_NE(error(r).find("'no-such' is not a puzzle id"), std::string::npos) << error(r);
    r = call(*s, "GET", "/api/puzzles/Nope");
    EXPECT_EQ(r.status, 404);
    EXPECT_EQ(error(r), "no puzzle 'Nope'");
    EXPECT_EQ(call(*s, "GET", "/api/puzzles/Nope/explain").status, 404);
    EXPECT_EQ(call(*s, "GET", "/api/puzzles/P1/other").status, 404);
    EXPECT_EQ(call(*s, "GET", "/api/puzzlesX").status, 404);  // not the puzzles' path

    // A server whose file could not be read says so, and its other routes work.
    auto none = service_with(dir.file("missing.csv"));
    r = call(*none, "GET", "/api/puzzles/next");
    EXPECT_EQ(r.status, 503);
    EXPECT_NE(error(r).find("This server has no puzzles: "), std::string::npos) << error(r);
    EXPECT_NE(error(r).find("missing.csv"), std::string::npos) << error(r);
    EXPECT_EQ(call(*none, "GET", "/api/puzzles").body["count"], 0);
    EXPECT_EQ(call(*none, "GET", "/api/info").status, 200);
}

}  // namespace
}  // namespace kibitz::server::server_puzzles_test
