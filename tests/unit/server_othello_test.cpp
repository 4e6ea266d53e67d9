// The web app's Othello API (docs/api.md, "Othello") through its handlers: games against the
// engine and between two people, moves, passes, errors that name the problem, the end of a game,
// takebacks, the game's text out and in, and a restart that keeps everything.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <thread>

#include "server/api.h"
#include "server/othello_service.h"
#include "service_harness.h"
#include "temp_dir.h"

namespace kibitz::server::server_othello_test {
namespace {

using namespace std::chrono_literals;
using othello::Board;

// White on A1, black on B1, black to move: black must pass, then white's C1 ends the game.
const std::string kBlackMustPass = "OX" + std::string(62, '-') + " X";

using testing::call;
using testing::list_all;
using testing::make_service;
using testing::wait_for;

struct Created {
    std::string id, token;
    Json game;
};

Created create(Service& s, const Json& body) {
    const Reply r = call(s, "POST", "/api/othello/games", body);
    EXPECT_EQ(r.status, 201) << r.body.dump();
    if (r.status != 201) return {};
    return {r.body["game"]["id"], r.body["token"], r.body["game"]};
}

std::string at(const Created& c, const std::string& action = "") {
    return "/api/othello/games/" + c.id + (action.empty() ? "" : "/" + action);
}

Json game(Service& s, const Created& c) { return call(s, "GET", at(c)).body; }

Reply move(Service& s, const Created& c, const std::string& m) {
    return call(s, "POST", at(c, "move"), {{"move", m}}, c.token);
}

std::string error_of(const Reply& r) { return r.body.value("error", std::string()); }

// The moves of a game object as one string ("f5d6pass...").
std::string moves_of(const Json& g) {
    std::string s;
    for (const Json& m : g["moves"]) s += m["move"].get<std::string>();
    return s;
}

TEST(ServerOthello, NewGameShowsTheStartAndTheFourMoves) {
    auto s = make_service();
    const Created c = create(*s, {{"mode", "engine"}, {"color", "black"}, {"level", 1}});
    EXPECT_EQ(c.game["game"], "othello");
    EXPECT_EQ(c.game["board"], Board::start().to_text());
    EXPECT_EQ(c.game["turn"], "black");
    EXPECT_EQ(c.game["legal"], Json::array({"d3", "c4", "f5", "e6"}));
    EXPECT_EQ(c.game["discs"], Json({{"black", 2}, {"white", 2}}));
    EXPECT_EQ(c.game["seats"]["white"], "engine");
    EXPECT_FALSE(c.game["over"].get<bool>());
    EXPECT_FALSE(c.game["must_pass"].get<bool>());
    EXPECT_EQ(c.token.size(), 32u);
    const Json info = call(*s, "GET", "/api/othello/info").body;
    EXPECT_EQ(info["levels"].size(), std::size_t(kOthelloLevels));
    // Every level says what it scored against another engine, in games played.
    for (const Json& level : info["levels"]) {
        ASSERT_FALSE(level["measured"].empty()) << level.dump();
        for (const Json& r : level["measured"]) {
            EXPECT_FALSE(r["opponent"].get<std::string>().empty());
            EXPECT_GT(r["wins"].get<int>() + r["losses"].get<int>() + r["draws"].get<int>(), 0)
                << level.dump();
        }
    }
}

TEST(ServerOthello, TheEngineRepliesWithItsSearch) {
    auto s = make_service();
    const Created c = create(*s, {{"color", "black"}, {"level", 2}});
    const Reply r = move(*s, c, "F5");
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["moves"][0]["move"], "f5");
    EXPECT_EQ(r.body["moves"][0]["flipped"], Json::array({"e5"}));
    EXPECT_EQ(r.body["moves"][0]["color"], "black");
    EXPECT_EQ(r.body["discs"], Json({{"black", 4}, {"white", 1}}));
    ASSERT_TRUE(wait_for([&] { return game(*s, c)["moves"].size() == 2; }));
    const Json g = game(*s, c);
    EXPECT_EQ(g["moves"][1]["color"], "white");
    EXPECT_EQ(g["moves"][1]["flipped"].size(), 1u);
    EXPECT_EQ(g["turn"], "black");
    EXPECT_FALSE(g["engine"]["thinking"].get<bool>());
    const Json& search = g["moves"][1]["search"];
    EXPECT_GE(search["depth"].get<int>(), 1);
    EXPECT_TRUE(search["eval"].is_number());
    EXPECT_EQ(search["pv"][0], g["moves"][1]["move"]);
    EXPECT_EQ(g["engine"]["search"]["ply"], 1);
}

TEST(ServerOthello, TheEngineMovesFirstWithBlack) {
    auto s = make_service();
    const Created c = create(*s, {{"color", "white"}, {"level", 1}});
    ASSERT_TRUE(wait_for([&] { return game(*s, c)["moves"].size() == 1; }));
    EXPECT_EQ(game(*s, c)["turn"], "white");
    EXPECT_EQ(game(*s, c)["moves"][0]["color"], "black");
}

TEST(ServerOthello, BadRequestsNameTheProblem) {
    auto s = make_service();
    const Created c = create(*s, {{"mode", "humans"}});
    Reply r = move(*s, c, "a1");
    EXPECT_EQ(r.status, 422);
    EXPECT_NE(error_of(r).find("a1 is not a legal move for Black here"), std::string::npos)
        << error_of(r);
    EXPECT_NE(error_of(r).find("d3, c4, f5, e6"), std::string::npos) << error_of(r);
    r = move(*s, c, "e4");
    EXPECT_EQ(r.status, 422);
    EXPECT_NE(error_of(r).find("taken"), std::string::npos) << error_of(r);
    r = move(*s, c, "pass");
    EXPECT_EQ(r.status, 422);
    EXPECT_NE(error_of(r).find("Black cannot pass while there is a legal move"), std::string::npos)
        << error_of(r);
    r = move(*s, c, "z9");
    EXPECT_EQ(r.status, 422);
    EXPECT_NE(error_of(r).find("z9"), std::string::npos) << error_of(r);
    EXPECT_EQ(call(*s, "POST", at(c, "move"), {{"mov", "f5"}}, c.token).status, 400);
    EXPECT_EQ(call(*s, "POST", at(c, "move"), {{"move", "f5"}}).status, 403);
    EXPECT_EQ(call(*s, "POST", at(c, "move"), {{"move", "f5"}}, std::string(32, 'a')).status, 403);
    EXPECT_EQ(call(*s, "GET", "/api/othello/games/0123456789abcdef").status, 404);
    EXPECT_EQ(call(*s, "GET", "/api/othello/games/../etc").status, 404);
    EXPECT_EQ(call(*s, "GET", "/api/othello/nothing").status, 404);
    EXPECT_EQ(call(*s, "PUT", "/api/othello/games").status, 405);
    EXPECT_EQ(call(*s, "GET", at(c, "move")).status, 405);
    r = call(*s, "POST", "/api/othello/games", {{"level", 99}});
    EXPECT_EQ(r.status, 400);
    EXPECT_NE(error_of(r).find("'level'"), std::string::npos);
    r = call(*s, "POST", "/api/othello/games", {{"color", "red"}});
    EXPECT_EQ(r.status, 400);
    EXPECT_NE(error_of(r).find("red"), std::string::npos);
    r = call(*s, "POST", "/api/othello/games", {{"mode", "chess"}});
    EXPECT_EQ(r.status, 400);
    r = call(*s, "POST", "/api/othello/games", {{"start", "XO"}});
    EXPECT_EQ(r.status, 422);
    EXPECT_NE(error_of(r).find("squares"), std::string::npos) << error_of(r);
    // The engine's turn: the person's move waits.
    const Created e = create(*s, {{"color", "white"}, {"level", 6}});
    r = move(*s, e, "f5");
    EXPECT_EQ(r.status, 409);
    EXPECT_EQ(error_of(r), "It is Kibitz's turn; your move comes after its reply.");
    EXPECT_EQ(call(*s, "DELETE", at(e), nullptr, e.token).status, 200);
}

TEST(ServerOthello, APassIsAMoveOnlyWhenForcedAndTheGameEndsWithAResult) {
    auto s = make_service();
    const Created c = create(*s, {{"mode", "humans"}, {"start", kBlackMustPass}});
    EXPECT_EQ(c.game["legal"], Json::array({"pass"}));
    EXPECT_TRUE(c.game["must_pass"].get<bool>());
    Reply r = move(*s, c, "c1");
    EXPECT_EQ(r.status, 422);
    r = move(*s, c, "PA");
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["moves"][0]["move"], "pass");
    EXPECT_EQ(r.body["turn"], "white");
    r = move(*s, c, "c1");
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_TRUE(r.body["over"].get<bool>());
    EXPECT_EQ(r.body["result"], "white");
    EXPECT_EQ(r.body["score"], Json({{"black", 0}, {"white", 64}}));
    EXPECT_EQ(r.body["result_text"], "White wins 64-0");
    EXPECT_TRUE(r.body["turn"].is_null());
    EXPECT_TRUE(r.body["legal"].empty());
    r = move(*s, c, "d1");
    EXPECT_EQ(r.status, 409);
    EXPECT_NE(error_of(r).find("over"), std::string::npos);
}

TEST(ServerOthello, TheEnginePassesAtOnceWhenItMust) {
    auto s = make_service();
    const Created c = create(*s, {{"color", "white"}, {"start", kBlackMustPass}, {"level", 1}});
    EXPECT_EQ(moves_of(c.game), "pass");
    EXPECT_EQ(c.game["turn"], "white");
    EXPECT_EQ(move(*s, c, "c1").status, 200);
}

TEST(ServerOthello, TakeBackReturnsToThePersonsTurn) {
    auto s = make_service();
    const Created c = create(*s, {{"color", "black"}, {"level", 1}});
    EXPECT_EQ(call(*s, "POST", at(c, "takeback"), nullptr, c.token).status, 409);
    ASSERT_EQ(move(*s, c, "f5").status, 200);
    ASSERT_TRUE(wait_for([&] { return game(*s, c)["moves"].size() == 2; }));
    ASSERT_EQ(move(*s, c, game(*s, c)["legal"][0]).status, 200);
    ASSERT_TRUE(wait_for([&] { return game(*s, c)["moves"].size() == 4; }));
    Reply r = call(*s, "POST", at(c, "takeback"), nullptr, c.token);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["moves"].size(), 2u);
    EXPECT_EQ(r.body["turn"], "black");
    r = call(*s, "POST", at(c, "takeback"), nullptr, c.token);
    EXPECT_EQ(r.body["moves"].size(), 0u);
    EXPECT_EQ(r.body["board"], Board::start().to_text());
    EXPECT_EQ(call(*s, "POST", at(c, "takeback"), nullptr, "").status, 403);

    // Two people: c1 ends the game, and a finished game is not taken back (issue 22).
    const Created h = create(*s, {{"mode", "humans"}, {"start", kBlackMustPass}});
    ASSERT_EQ(move(*s, h, "pass").status, 200);
    ASSERT_EQ(move(*s, h, "c1").status, 200);
    r = call(*s, "POST", at(h, "takeback"), nullptr, h.token);
    EXPECT_EQ(r.status, 409);
    EXPECT_EQ(r.body["error"], "The game is over; its moves can no longer be taken back.");
    EXPECT_TRUE(game(*s, h)["over"].get<bool>());
    EXPECT_EQ(moves_of(game(*s, h)), "passc1");
}

// Plays a whole game between two people, always the first legal move, and returns it.
Json play_out(Service& s, const Created& c) {
    Json g = game(s, c);
    for (int i = 0; i < 130 && !g["over"].get<bool>(); ++i) {
        const Reply r = move(s, c, g["legal"][0]);
        EXPECT_EQ(r.status, 200) << r.body.dump();
        g = r.body;
    }
    return g;
}

TEST(ServerOthello, ExportAndImportRoundTrip) {
    auto s = make_service();
    const Created c = create(*s, {{"mode", "humans"}});
    const Json g = play_out(*s, c);
    ASSERT_TRUE(g["over"].get<bool>());
    const int b = g["score"]["black"], w = g["score"]["white"];
    EXPECT_EQ(g["result"], b > w ? "black" : w > b ? "white" : "draw");
    const Reply ex = call(*s, "GET", at(c, "export"));
    ASSERT_EQ(ex.status, 200);
    EXPECT_EQ(ex.content_type.rfind("text/plain", 0), 0u);
    EXPECT_NE(ex.text.find(moves_of(g)), std::string::npos) << ex.text;
    EXPECT_NE(ex.text.find(g["result_text"].get<std::string>()), std::string::npos);
    const Created back = create(*s, {{"mode", "humans"}, {"text", ex.text}});
    EXPECT_EQ(moves_of(back.game), moves_of(g));
    EXPECT_EQ(back.game["board"], g["board"]);
    EXPECT_EQ(back.game["result"], g["result"]);

    // A custom start travels with the text; written apart, with numbers, passes left out.
    const Created p = create(*s, {{"mode", "humans"}, {"start", kBlackMustPass}});
    move(*s, p, "pass");
    move(*s, p, "c1");
    const std::string text = call(*s, "GET", at(p, "export")).text;
    EXPECT_NE(text.find(kBlackMustPass), std::string::npos) << text;
    EXPECT_EQ(moves_of(create(*s, {{"mode", "humans"}, {"text", text}}).game), "passc1");
    EXPECT_EQ(
        moves_of(create(*s, {{"mode", "humans"}, {"start", kBlackMustPass}, {"text", "c1"}}).game),
        "passc1");
    EXPECT_EQ(moves_of(create(*s, {{"mode", "humans"}, {"text", "1. F5 2. d6\n3. C3"}}).game)
                  .substr(0, 6),
              "f5d6c3");
}

TEST(ServerOthello, ImportErrorsNameTheMove) {
    auto s = make_service();
    const auto import_error = [&](const Json& body) {
        Json b = body;
        b["mode"] = "humans";
        const Reply r = call(*s, "POST", "/api/othello/games", b);
        EXPECT_EQ(r.status, 422) << r.body.dump();
        return error_of(r);
    };
    std::string e = import_error({{"text", "f5d6x9"}});
    EXPECT_NE(e.find("move 3"), std::string::npos) << e;
    EXPECT_NE(e.find("x9"), std::string::npos) << e;
    e = import_error({{"text", "f5f5"}});
    EXPECT_NE(e.find("move 2 'f5'"), std::string::npos) << e;
    EXPECT_NE(e.find("taken"), std::string::npos) << e;
    e = import_error({{"text", "f5a1"}});
    EXPECT_NE(e.find("flips no disc"), std::string::npos) << e;
    EXPECT_NE(e.find("white"), std::string::npos) << e;
    e = import_error({{"text", "pass"}});
    EXPECT_NE(e.find("cannot pass"), std::string::npos) << e;
    e = import_error({{"start", kBlackMustPass}, {"text", "c1 d1"}});
    EXPECT_NE(e.find("over"), std::string::npos) << e;
    e = import_error({{"text", std::string(64, '-') + " Z\nf5"}});
    EXPECT_NE(e.find("side to move"), std::string::npos) << e;
    e = import_error({{"text", "f5 12 d6"}});
    EXPECT_NE(e.find("move 2: '12'"), std::string::npos) << e;
    EXPECT_EQ(call(*s, "POST", "/api/othello/games", {{"text", 5}}).status, 400);
    // Errors quoting text beyond ASCII stay valid UTF-8 (JSON can hold nothing else).
    e = import_error({{"text", "f5 \u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9"}});
    EXPECT_NE(e.find("'\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9'"), std::string::npos) << e;
    e = import_error({{"start", "\u00e9" + std::string(63, '-') + " X"}});
    EXPECT_NE(e.find("'?' at square A1"), std::string::npos) << e;
    const Reply r = call(*s, "POST", "/api/othello/games", {{"text", "\u4e00"}});
    EXPECT_EQ(r.status, 422);
    EXPECT_NO_THROW(r.body.dump());
}

// The events of a stream, parsed ("data: {...}\n\n" each), waiting up to `limit` for `n`.
std::vector<Json> events(Stream& stream, std::size_t n, std::chrono::milliseconds limit = 30s) {
    std::vector<Json> out;
    const auto end = std::chrono::steady_clock::now() + limit;
    while (out.size() < n && std::chrono::steady_clock::now() < end) {
        const auto text = stream.next(50ms);
        if (!text) break;
        for (std::size_t at = 0; (at = text->find("data: ", at)) != std::string::npos;) {
            const auto stop = text->find("\n\n", at);
            out.push_back(Json::parse(text->substr(at + 6, stop - at - 6)));
            at = stop;
        }
    }
    return out;
}

TEST(ServerOthello, TheEventStreamFollowsMovesTheSearchAndDeletion) {
    auto s = make_service();
    OthelloService& o = s->othello();
    int status = 0;
    EXPECT_EQ(o.open_stream("0123456789abcdef", status), nullptr);
    EXPECT_EQ(status, 404);
    const Created c = create(*s, {{"color", "black"}, {"level", 2}});
    auto stream = o.open_stream(c.id, status);
    ASSERT_NE(stream, nullptr);
    EXPECT_EQ(status, 200);
    auto got = events(*stream, 1);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0]["type"], "state");
    EXPECT_EQ(got[0]["game"]["moves"].size(), 0u);
    ASSERT_EQ(move(*s, c, "f5").status, 200);
    // The person's move (Kibitz thinking), its search's iterations, then its reply.
    bool thought = false, replied = false;
    for (int i = 0; i < 200 && !replied; ++i) {
        for (const Json& ev : events(*stream, 1)) {
            ASSERT_EQ(ev["type"], "state");
            const Json& g = ev["game"];
            if (g["moves"].size() == 1 && g["engine"]["thinking"].get<bool>()) thought = true;
            if (g["moves"].size() == 2) {
                replied = true;
                EXPECT_FALSE(g["engine"]["thinking"].get<bool>());
            }
        }
    }
    EXPECT_TRUE(thought);
    EXPECT_TRUE(replied);
    EXPECT_EQ(call(*s, "GET", at(c, "events")).status, 400);  // only as a stream, over HTTP
    ASSERT_EQ(call(*s, "DELETE", at(c), nullptr, c.token).status, 200);
    got = events(*stream, 1);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0], Json({{"type", "deleted"}, {"id", c.id}}));
    EXPECT_FALSE(stream->next(50ms));  // and the stream ends
    o.close_stream(c.id, stream);
}

TEST(ServerOthello, ListAndDelete) {
    auto s = make_service();
    const Created a = create(*s, {{"mode", "humans"}});
    const Created b = create(*s, {{"color", "black"}, {"level", 1}});
    // A later millisecond than b's creation, so that the order is certain.
    std::this_thread::sleep_for(3ms);
    move(*s, a, "f5");
    Json list = list_all(*s, "/api/othello/games").body["games"];
    ASSERT_EQ(list.size(), 2u);
    EXPECT_EQ(list[0]["id"], a.id);  // the newest change first
    EXPECT_EQ(list[0]["moves"], 1);
    EXPECT_EQ(list[1]["white"], "Kibitz 1 (Beginner)");
    EXPECT_EQ(call(*s, "DELETE", at(b), nullptr, a.token).status, 403);
    EXPECT_EQ(call(*s, "DELETE", at(b), nullptr, b.token).status, 200);
    EXPECT_EQ(call(*s, "GET", at(b)).status, 404);
    EXPECT_EQ(list_all(*s, "/api/othello/games").body["games"].size(), 1u);
    // Chess games are elsewhere.
    EXPECT_EQ(list_all(*s, "/api/games").body["games"].size(), 0u);
}

TEST(ServerOthello, ARestartKeepsEveryGame) {
    test::TempDir dir("kibitz_othello_");
    const std::string db = dir.file("k.db");
    Created humans, engine;
    Json before;
    {
        auto s = make_service(db);
        humans = create(*s, {{"mode", "humans"}});
        move(*s, humans, "f5");
        move(*s, humans, "d6");
        before = game(*s, humans);
        engine = create(*s, {{"color", "black"}, {"level", 1}});
        move(*s, engine, "f5");
        ASSERT_TRUE(wait_for([&] { return game(*s, engine)["moves"].size() == 2; }));
    }
    auto s = make_service(db);
    EXPECT_TRUE(s->load_problems().empty());
    const Json after = game(*s, humans);
    EXPECT_EQ(moves_of(after), "f5d6");
    EXPECT_EQ(after["board"], before["board"]);
    EXPECT_EQ(after["updated"], before["updated"]);
    const Json e = game(*s, engine);
    EXPECT_EQ(e["moves"].size(), 2u);
    EXPECT_TRUE(e["moves"][1]["search"].is_object());
    EXPECT_EQ(e["engine"]["search"]["ply"], 1);
    Request r;
    r.method = "GET";
    r.path = at(humans);
    r.token = humans.token;
    r.seat = "both";
    EXPECT_EQ(handle(*s, r).status, 200);
    r.token = engine.token;
    EXPECT_EQ(handle(*s, r).status, 403);
    EXPECT_EQ(move(*s, humans, "c3").status, 200);
    EXPECT_EQ(move(*s, engine, game(*s, engine)["legal"][0]).status, 200);
    EXPECT_EQ(list_all(*s, "/api/othello/games").body["games"].size(), 2u);
}

TEST(ServerOthello, AnEngineTurnCutByARestartStartsAgain) {
    test::TempDir dir("kibitz_othello_");
    const std::string db = dir.file("k.db");
    OthelloService::Options o;
    o.hash_mb = 1;
    o.time_scale = 0.05;  // level 6 thinks 250 ms
    std::string id;
    {
        auto store = Store::open(db);
        ASSERT_TRUE(store.ok());
        OthelloService s(**store, o);
        const Reply r = s.create({{"color", "white"}, {"level", 6}});
        ASSERT_EQ(r.status, 201);
        id = r.body["game"]["id"];
        EXPECT_TRUE(r.body["game"]["engine"]["thinking"].get<bool>());
    }
    auto store = Store::open(db);
    ASSERT_TRUE(store.ok());
    OthelloService s(**store, o);
    EXPECT_TRUE(s.load_problems().empty());
    ASSERT_TRUE(wait_for([&] { return s.get(id, "", "").body["moves"].size() == 1; }));
    EXPECT_FALSE(s.busy());
}

TEST(ServerOthello, ABadStoredGameIsReportedAndTheOthersLoad) {
    auto store = Store::open(":memory:");
    ASSERT_TRUE(store.ok());
    OthelloRow row;
    row.id = "0123456789abcdef";
    row.mode = "humans";
    row.settings = R"({"color": "black", "level": 2})";
    row.start = Board::start().to_text();
    row.moves = R"([{"move": "f5"}, {"move": "f5"}])";  // the second is illegal
    (*store)->save_othello(row);
    row.id = "0123456789abcdee";
    row.settings = R"({"level": "high"})";  // a field of the wrong type
    row.moves = "[]";
    (*store)->save_othello(row);
    row.id = "0123456789abcded";
    row.settings = R"({"color": "white", "level": 2})";
    row.moves = R"([{"move": "f5", "think": 1200}])";
    (*store)->save_othello(row);
    OthelloService s(**store, {});
    ASSERT_EQ(s.load_problems().size(), 2u);
    const std::string problems = s.load_problems()[0] + "\n" + s.load_problems()[1];
    EXPECT_NE(problems.find("0123456789abcdef not loaded: stored move 2 'f5'"), std::string::npos)
        << problems;
    EXPECT_NE(problems.find("0123456789abcdee not loaded"), std::string::npos) << problems;
    const Json g = s.get("0123456789abcded", "", "").body;
    EXPECT_EQ(moves_of(g), "f5");
    EXPECT_EQ(g["moves"][0]["think"], 1200);
}

}  // namespace
}  // namespace kibitz::server::server_othello_test
