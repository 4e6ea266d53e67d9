// Issue 22's server-side rough edges: a review belongs to the moves it reviewed, a take-back
// between two people is asked for and answered, a finished game is never revived, the engine's
// panel shows the line of the move it played at a limited level, and a games list shows only
// the games whose token the asker holds (every game to the server's owner only).
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <iostream>
#include <map>
#include <set>
#include <thread>
#include <tuple>

#include "http_harness.h"
#include "server/api.h"
#include "server/http_server.h"
#include "service_harness.h"
#include "temp_dir.h"

namespace kibitz::server::server_rough_edges_test {
namespace {

using namespace std::chrono_literals;

using testing::call;
using testing::list;
using testing::wait_for;

struct Created {
    std::string id, token, invite_token;
};

Created create(Service& s, const Json& body, const std::string& path = "/api/games") {
    const Reply r = call(s, "POST", path, body.dump());
    EXPECT_EQ(r.status, 201) << r.body.dump();
    Created c;
    c.id = r.body["game"]["id"];
    c.token = r.body["token"];
    if (r.body.contains("invite") && r.body["invite"].is_object())
        c.invite_token = r.body["invite"]["token"];
    return c;
}

Json game(Service& s, const Created& c) { return call(s, "GET", "/api/games/" + c.id).body; }

std::string path(const Created& c, const std::string& action) {
    return "/api/games/" + c.id + "/" + action;
}

Reply move(Service& s, const Created& c, const std::string& m, const std::string& token) {
    return call(s, "POST", path(c, "move"), Json{{"move", m}}.dump(), token);
}

TEST(ServerRoughEdges, ATakebackCutsTheReviewToTheMovesLeft) {
    auto s = test::small_service();
    const auto c = create(*s, {{"mode", "analysis"}});
    for (const char* m : {"f3", "e5", "g4", "Qh4#"}) ASSERT_EQ(move(*s, c, m, c.token).status, 200);
    ASSERT_EQ(call(*s, "POST", path(c, "review"), R"({"movetime": 50})", c.token).status, 202);
    ASSERT_TRUE(wait_for([&] {
        const Json g = game(*s, c);
        return g["review"].is_object() && g["review"]["done"] == g["review"]["total"];
    }));
    // Taking back the mate: its verdict and the position after it leave the review.
    Reply r = call(*s, "POST", path(c, "takeback"), "", c.token);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    Json review = r.body["review"];
    ASSERT_TRUE(review.is_object());
    EXPECT_EQ(review["total"], 4);
    EXPECT_EQ(review["done"], 4);
    EXPECT_EQ(review["positions"].size(), 4u);
    ASSERT_EQ(review["plies"].size(), 3u);
    EXPECT_EQ(review["plies"].back()["ply"], 3);
    // A new move in place of the old one is not judged by the old review.
    r = move(*s, c, "d5", c.token);
    ASSERT_EQ(r.status, 200);
    for (const Json& p : r.body["review"]["plies"]) EXPECT_LE(p["ply"].get<int>(), 3);
    // Back to the start: nothing reviewed is left.
    for (int i = 0; i < 3; ++i)
        ASSERT_EQ(call(*s, "POST", path(c, "takeback"), "", c.token).status, 200);
    r = call(*s, "POST", path(c, "takeback"), "", c.token);
    ASSERT_EQ(r.status, 200);
    EXPECT_TRUE(r.body["moves"].empty());
    EXPECT_TRUE(r.body["review"].is_null()) << r.body["review"].dump();
}

TEST(ServerRoughEdges, TwoPeopleTakeBackOnlyWhenTheOpponentAgrees) {
    auto s = test::small_service();
    const auto c = create(*s, {{"mode", "humans"}});  // the creator is White
    ASSERT_EQ(move(*s, c, "e4", c.token).status, 200);
    // White asks: nothing is taken back yet, and both seats see the request.
    Reply r = call(*s, "POST", path(c, "takeback"), "", c.token);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["moves"].size(), 1u);
    EXPECT_EQ(r.body["takeback_request"], "white");
    EXPECT_EQ(game(*s, c)["takeback_request"], "white");
    // Black did not make the last move, and White cannot answer its own request.
    EXPECT_EQ(call(*s, "POST", path(c, "takeback"), "", c.invite_token).status, 409);
    EXPECT_EQ(call(*s, "POST", path(c, "takeback"), R"({"answer": "accept"})", c.token).status,
              409);
    EXPECT_EQ(
        call(*s, "POST", path(c, "takeback"), R"({"answer": "maybe"})", c.invite_token).status,
        400);
    // Black declines: the move stays.
    r = call(*s, "POST", path(c, "takeback"), R"({"answer": "decline"})", c.invite_token);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_TRUE(r.body["takeback_request"].is_null());
    EXPECT_EQ(r.body["moves"].size(), 1u);
    EXPECT_EQ(
        call(*s, "POST", path(c, "takeback"), R"({"answer": "accept"})", c.invite_token).status,
        409);
    // Asked again and accepted: the move goes.
    ASSERT_EQ(call(*s, "POST", path(c, "takeback"), "", c.token).status, 200);
    r = call(*s, "POST", path(c, "takeback"), R"({"answer": "accept"})", c.invite_token);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_TRUE(r.body["moves"].empty());
    EXPECT_TRUE(r.body["takeback_request"].is_null());
    // The next move cancels a request.
    ASSERT_EQ(move(*s, c, "d4", c.token).status, 200);
    ASSERT_EQ(call(*s, "POST", path(c, "takeback"), "", c.token).status, 200);
    r = move(*s, c, "d5", c.invite_token);
    ASSERT_EQ(r.status, 200);
    EXPECT_TRUE(r.body["takeback_request"].is_null());
    EXPECT_EQ(call(*s, "POST", path(c, "takeback"), R"({"answer": "accept"})", c.token).status,
              409);
}

TEST(ServerRoughEdges, ATakebackRequestSurvivesARestartUntilItIsAnswered) {
    test::TempDir dir("kibitz-takeback-");
    const std::string db = dir.file("games.db");
    const auto open = [&] { return testing::make_service(db); };
    Created c;
    {
        auto s = open();
        c = create(*s, {{"mode", "humans"}});  // the creator is White
        ASSERT_EQ(move(*s, c, "e4", c.token).status, 200);
        ASSERT_EQ(move(*s, c, "e5", c.invite_token).status, 200);
        ASSERT_EQ(move(*s, c, "Nf3", c.token).status, 200);
        ASSERT_EQ(call(*s, "POST", path(c, "takeback"), "", c.token).status, 200);
    }
    {
        // After a restart the request is still pending, and Black can accept it.
        auto s = open();
        EXPECT_TRUE(s->load_problems().empty());
        EXPECT_EQ(game(*s, c)["takeback_request"], "white");
        const Reply r =
            call(*s, "POST", path(c, "takeback"), R"({"answer": "accept"})", c.invite_token);
        ASSERT_EQ(r.status, 200) << r.body.dump();
        EXPECT_EQ(r.body["moves"].size(), 2u);
        EXPECT_TRUE(r.body["takeback_request"].is_null());
        // Asked again, then declined: the answer is stored too.
        ASSERT_EQ(move(*s, c, "Nc3", c.token).status, 200);
        ASSERT_EQ(call(*s, "POST", path(c, "takeback"), "", c.token).status, 200);
        ASSERT_EQ(call(*s, "POST", path(c, "takeback"), R"({"answer": "decline"})", c.invite_token)
                      .status,
                  200);
    }
    {
        auto s = open();
        EXPECT_TRUE(game(*s, c)["takeback_request"].is_null());
        // A move clears a request, and that is stored as well.
        ASSERT_EQ(call(*s, "POST", path(c, "takeback"), "", c.token).status, 200);
        ASSERT_EQ(move(*s, c, "Nc6", c.invite_token).status, 200);
    }
    {
        auto s = open();
        const Json g = game(*s, c);
        EXPECT_TRUE(g["takeback_request"].is_null());
        EXPECT_EQ(g["moves"].size(), 4u);
        // So does the end of the game: Black asks, White resigns.
        ASSERT_EQ(call(*s, "POST", path(c, "takeback"), "", c.invite_token).status, 200);
        ASSERT_EQ(call(*s, "POST", path(c, "resign"), "", c.token).status, 200);
    }
    auto s = open();
    const Json g = game(*s, c);
    EXPECT_EQ(g["over"], true);
    EXPECT_TRUE(g["takeback_request"].is_null());
}

TEST(ServerRoughEdges, AFinishedGameIsNeverRevivedByATakeback) {
    auto s = test::small_service();
    const std::string over = "The game is over; you can analyse it, but not take moves back.";
    // Resigned, between two people.
    const auto resigned = create(*s, {{"mode", "humans"}});
    ASSERT_EQ(move(*s, resigned, "e4", resigned.token).status, 200);
    ASSERT_EQ(call(*s, "POST", path(resigned, "resign"), "", resigned.invite_token).status, 200);
    Reply r = call(*s, "POST", path(resigned, "takeback"), "", resigned.token);
    EXPECT_EQ(r.status, 409);
    EXPECT_EQ(r.body["error"], over);
    EXPECT_EQ(game(*s, resigned)["result"], "1-0");
    // Mated, between two people: neither the request nor an answer revives it.
    const auto mated = create(*s, {{"mode", "humans"}});
    int i = 0;
    for (const char* m : {"f3", "e5", "g4", "Qh4#"})
        ASSERT_EQ(move(*s, mated, m, i++ % 2 ? mated.invite_token : mated.token).status, 200);
    EXPECT_EQ(call(*s, "POST", path(mated, "takeback"), "", mated.invite_token).status, 409);
    EXPECT_EQ(game(*s, mated)["reason"], "checkmate");
    // Resigned against the engine.
    const auto engine = create(*s, {{"level", {{"kind", "depth"}, {"depth", 1}}}});
    ASSERT_EQ(move(*s, engine, "e4", engine.token).status, 200);
    ASSERT_TRUE(wait_for([&] { return game(*s, engine)["moves"].size() == 2; }));
    ASSERT_EQ(call(*s, "POST", path(engine, "resign"), "", engine.token).status, 200);
    r = call(*s, "POST", path(engine, "takeback"), "", engine.token);
    EXPECT_EQ(r.status, 409);
    EXPECT_EQ(r.body["error"], over);
    EXPECT_EQ(game(*s, engine)["moves"].size(), 2u);
    // An analysis board takes back its mate as before.
    const auto board = create(*s, {{"mode", "analysis"}});
    for (const char* m : {"f3", "e5", "g4", "Qh4#"})
        ASSERT_EQ(move(*s, board, m, board.token).status, 200);
    r = call(*s, "POST", path(board, "takeback"), "", board.token);
    EXPECT_EQ(r.status, 200);
    EXPECT_FALSE(r.body["over"].get<bool>());
}

TEST(ServerRoughEdges, ErrorsAreOnePlainSentenceAboutWhatWasTried) {
    auto s = test::small_service();
    const auto c = create(*s, {{"mode", "humans"}});  // the creator is White
    const auto error = [](const Reply& r) { return r.body.value("error", std::string()); };
    // A move: which one, never the position's FEN.
    Reply r = move(*s, c, "Ke2", c.token);
    EXPECT_EQ(r.status, 422);
    EXPECT_EQ(error(r), "Ke2 is not a legal move in this position.");
    r = move(*s, c, "xyz", c.token);
    EXPECT_EQ(r.status, 422);
    EXPECT_EQ(error(r), "'xyz' is not a move; write one like e4, Nf3 or e2e4.");
    r = move(*s, c, "e4", c.invite_token);
    EXPECT_EQ(r.status, 409);
    EXPECT_EQ(error(r), "It is White's turn, not yours.");
    // Another player's seat, and a game that is gone.
    r = move(*s, c, "e4", "");
    EXPECT_EQ(r.status, 403);
    EXPECT_EQ(error(r), "This game's seat belongs to another player; open it with your own link.");
    EXPECT_EQ(error(call(*s, "POST", path(c, "resign"), "", "f00")), error(r));
    r = call(*s, "GET", "/api/games/0123456789abcdef");
    EXPECT_EQ(r.status, 404);
    EXPECT_EQ(error(r), "This game no longer exists.");
    // Draws and resigning.
    r = call(*s, "POST", path(c, "draw"), R"({"action": "claim"})", c.token);
    EXPECT_EQ(r.status, 409);
    EXPECT_EQ(error(r), "No draw can be claimed in this position.");
    r = call(*s, "POST", path(c, "draw"), R"({"action": "accept"})", c.token);
    EXPECT_EQ(r.status, 409);
    EXPECT_EQ(error(r), "Your opponent has not offered a draw.");
    ASSERT_EQ(call(*s, "POST", path(c, "resign"), "", c.invite_token).status, 200);
    r = call(*s, "POST", path(c, "resign"), "", c.token);
    EXPECT_EQ(r.status, 409);
    EXPECT_EQ(error(r), "The game is already over: resignation.");
    const auto board = create(*s, {{"mode", "analysis"}});
    r = call(*s, "POST", path(board, "resign"), "", board.token);
    EXPECT_EQ(r.status, 409);
    EXPECT_EQ(error(r), "An analysis board has no player who could resign.");
    // A PGN that cannot be read says what and where, with "this position" for a FEN.
    r = call(*s, "POST", "/api/games", Json{{"pgn", "1. e4 e5 2. Ke3"}}.dump());
    EXPECT_EQ(r.status, 422);
    const std::string why = error(r);
    EXPECT_EQ(why.rfind("The PGN could not be read: ", 0), 0u) << why;
    EXPECT_NE(why.find("Ke3"), std::string::npos) << why;
    EXPECT_EQ(why.find('/'), std::string::npos) << why;
    EXPECT_EQ(why.back(), '.') << why;
    r = call(*s, "POST", "/api/games", Json{{"pgn", ""}}.dump());
    EXPECT_EQ(r.status, 422);
    EXPECT_EQ(error(r), "The PGN could not be read: it holds no game.");
    r = call(*s, "POST", "/api/games", Json{{"fen", "8/8/8/8/8/8/8/8 w - - 0 1"}}.dump());
    EXPECT_EQ(r.status, 422);
    EXPECT_EQ(error(r).rfind("The position could not be read: ", 0), 0u) << error(r);
}

TEST(ServerRoughEdges, ALimitedLevelShowsTheLineOfTheMoveItPlays) {
    auto s = test::small_service();
    const auto c = create(*s, {{"level", {{"kind", "elo"}, {"elo", 1000}}}});
    int status = 0;
    auto stream = s->open_stream(c.id, status);
    ASSERT_TRUE(stream);
    std::string text;
    auto read = [&] {
        while (stream->ready(1ms))
            if (auto chunk = stream->next(1ms)) text += *chunk;
    };
    for (const char* m : {"e4", "d4", "Nf3", "Bc4", "O-O"}) {
        const std::size_t plies = game(*s, c)["moves"].size();
        if (move(*s, c, m, c.token).status != 200) break;
        ASSERT_TRUE(wait_for([&] { return game(*s, c)["moves"].size() == plies + 2; }));
    }
    read();
    s->close_stream(c.id, stream);
    // The last thinking event of each engine move is about the move played.
    const Json g = game(*s, c);
    std::map<std::size_t, Json> last;
    for (std::size_t at = text.find("data: "); at != std::string::npos;
         at = text.find("data: ", at + 1)) {
        const Json ev = Json::parse(text.substr(at + 6, text.find("\n\n", at) - at - 6));
        if (ev["type"] == "thinking") last[ev["ply"].get<std::size_t>()] = ev;
    }
    int checked = 0, weaker = 0;
    for (std::size_t ply = 1; ply < g["moves"].size(); ply += 2) {
        ASSERT_TRUE(last.count(ply)) << ply;
        const Json& ev = last[ply];
        const std::string played = g["moves"][ply]["uci"];
        EXPECT_EQ(ev["played"], played) << ev.dump();
        ASSERT_FALSE(ev["pv"].empty()) << ev.dump();
        EXPECT_EQ(ev["pv"][0], played) << ev.dump();
        if (ev["note"].is_string()) {
            ++weaker;
            EXPECT_NE(ev["note"].get<std::string>().find("chose a weaker move on purpose"),
                      std::string::npos);
        }
        ++checked;
    }
    EXPECT_GE(checked, 3);
    std::cout << weaker << " of " << checked << " engine moves were weaker on purpose\n";
}

TEST(ServerRoughEdges, AListShowsOnlyTheGamesWhoseTokenIsPresented) {
    auto s = test::small_service();
    const auto engine = create(*s, {{"level", {{"kind", "depth"}, {"depth", 1}}}});
    const auto humans = create(*s, {{"mode", "humans"}});
    const auto empty_board = create(*s, {{"mode", "analysis"}});
    const auto board = create(*s, {{"mode", "analysis"}});
    ASSERT_EQ(move(*s, board, "e4", board.token).status, 200);
    const auto ids = [](const Reply& r) {
        std::set<std::string> out;
        for (const Json& g : r.body["games"]) out.insert(g["id"].get<std::string>());
        return out;
    };
    // No token: no game, from here or from elsewhere.
    EXPECT_TRUE(ids(list(*s, "/api/games", "")).empty());
    EXPECT_TRUE(ids(list(*s, "/api/games", "", "192.168.1.20")).empty());
    // Each seat's token lists its game; an empty analysis board is not listed.
    EXPECT_EQ(ids(list(*s, "/api/games", engine.token, "192.168.1.20")),
              std::set<std::string>{engine.id});
    EXPECT_EQ(ids(list(*s, "/api/games", humans.invite_token + ", " + board.token)),
              (std::set<std::string>{humans.id, board.id}));
    EXPECT_TRUE(ids(list(*s, "/api/games", empty_board.token)).empty());
    EXPECT_EQ(call(*s, "GET", "/api/games/" + empty_board.id).status, 200);
    // Every game for the owner only.
    for (const char* owner : {"127.0.0.1", "::1", "::ffff:127.0.0.1"})
        EXPECT_EQ(ids(list(*s, "/api/games", "", owner, "1")),
                  (std::set<std::string>{engine.id, humans.id, board.id}))
            << owner;
    for (const char* visitor : {"192.168.1.20", "10.0.0.1", "::ffff:10.0.0.1", "", "fe80::1"}) {
        const Reply r = list(*s, "/api/games", engine.token, visitor, "1");
        EXPECT_EQ(r.status, 403) << visitor;
        EXPECT_EQ(r.body["error"],
                  "Only the server's owner, on the computer it runs on, can list every game on "
                  "it.");
        EXPECT_EQ(list(*s, "/api/othello/games", "", visitor, "1").status, 403) << visitor;
    }
    // Bad headers and parameters are named.
    EXPECT_EQ(list(*s, "/api/games", "not-a-token").status, 400);
    EXPECT_EQ(list(*s, "/api/games", std::string(65, 'a')).status, 400);
    std::string many;
    for (std::size_t i = 0; i <= kMaxListTokens; ++i) many += "ab,";
    EXPECT_EQ(list(*s, "/api/games", many).status, 400);
    EXPECT_EQ(list(*s, "/api/games", "", "127.0.0.1", "yes").status, 400);
    // Othello's list follows the same rule.
    const auto othello = create(*s, {{"mode", "humans"}}, "/api/othello/games");
    EXPECT_TRUE(ids(list(*s, "/api/othello/games", engine.token)).empty());
    EXPECT_EQ(ids(list(*s, "/api/othello/games", othello.token, "10.1.2.3")),
              std::set<std::string>{othello.id});
    EXPECT_EQ(ids(list(*s, "/api/othello/games", "", "127.0.0.1", "1")),
              std::set<std::string>{othello.id});
    // Who is asking, in info.
    for (const char* info : {"/api/info", "/api/othello/info"}) {
        Request r;
        r.method = "GET";
        r.path = info;
        r.peer = "10.0.0.7";
        EXPECT_EQ(handle(*s, r).body["visitor"]["owner"], false) << info;
        r.peer = "127.0.0.1";
        EXPECT_EQ(handle(*s, r).body["visitor"]["owner"], true) << info;
    }
}

// Over HTTP, the address of the connection decides who the owner is, and the tokens header
// is read.
TEST(ServerRoughEdges, OverHttpANetworkVisitorGetsNoOneElsesGames) {
    auto s = test::small_service();
    const auto mine = create(*s, {{"mode", "humans"}});
    HttpOptions o;
    o.port = 0;
    o.web_dir = KIBITZ_SOURCE_DIR "/web";
    o.chessground_dir = KIBITZ_SOURCE_DIR "/node_modules/chessground";
    HttpServer http(*s, o);
    const auto get = [&](const std::string& target, const std::string& ip,
                         const std::string& headers = "") {
        const std::string reply = http.serve_raw(
            "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers + "\r\n", ip);
        const auto body = reply.find("\r\n\r\n");
        return std::make_pair(std::atoi(reply.substr(9, 3).c_str()),
                              body == std::string::npos
                                  ? Json()
                                  : Json::parse(reply.substr(body + 4), nullptr, false));
    };
    auto [status, body] = get("/api/games", "192.168.7.7");
    EXPECT_EQ(status, 200);
    EXPECT_TRUE(body["games"].empty()) << body.dump();
    std::tie(status, body) = get("/api/games?all=1", "192.168.7.7");
    EXPECT_EQ(status, 403);
    std::tie(status, body) =
        get("/api/games", "192.168.7.7", "X-Kibitz-Tokens: " + mine.token + "\r\n");
    ASSERT_EQ(body["games"].size(), 1u) << body.dump();
    std::tie(status, body) = get("/api/games?all=1", "127.0.0.1");
    EXPECT_EQ(status, 200);
    EXPECT_EQ(body["games"].size(), 1u);
    std::tie(status, body) = get("/api/info", "192.168.7.7");
    EXPECT_EQ(body["visitor"]["owner"], false);
    std::tie(status, body) = get("/api/info", "127.0.0.1");
    EXPECT_EQ(body["visitor"]["owner"], true);
}

}  // namespace
}  // namespace kibitz::server::server_rough_edges_test
