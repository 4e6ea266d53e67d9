// The web app's API (docs/api.md) through its handlers: games, moves, tokens, errors, draws,
// clocks, analysis, review, PGN, a restart that keeps everything, and what the opening book
// and the endgame tables know.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <functional>
#include <thread>
#include <tuple>

#include "book/book.h"
#include "chess/notation.h"
#include "chess/polyglot.h"
#include "engine/tablebases.h"
#include "search/score.h"
#include "server/api.h"
#include "service_harness.h"
#include "temp_dir.h"

namespace kibitz::server::server_api_test {
namespace {

using namespace std::chrono_literals;

using testing::call;
using testing::list_all;
using testing::make_service;
using testing::wait_for;

struct Created {
    std::string id, token, invite_token;
    Json game;
};

Created create(Service& s, const Json& body) {
    const Reply r = call(s, "POST", "/api/games", body.dump());
    EXPECT_EQ(r.status, 201) << r.body.dump();
    Created c;
    c.id = r.body["game"]["id"];
    c.token = r.body["token"];
    if (r.body["invite"].is_object()) c.invite_token = r.body["invite"]["token"];
    c.game = r.body["game"];
    return c;
}

Json game(Service& s, const std::string& id) { return call(s, "GET", "/api/games/" + id).body; }

std::string path(const Created& c, const std::string& action) {
    return "/api/games/" + c.id + "/" + action;
}

TEST(ServerApi, EngineAnswersAMoveAndTheGameObjectIsComplete) {
    auto s = make_service();
    const auto c = create(
        *s, {{"mode", "engine"}, {"color", "white"}, {"level", {{"kind", "depth"}, {"depth", 2}}}});
    EXPECT_EQ(c.game["turn"], "white");
    EXPECT_EQ(c.game["legal"].size(), 20u);
    EXPECT_EQ(c.game["seats"]["black"], "engine");
    const Reply r = call(*s, "POST", path(c, "move"), R"({"move": "Nf3"})", c.token);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["moves"][0]["uci"], "g1f3");
    EXPECT_EQ(r.body["moves"][0]["san"], "Nf3");
    ASSERT_TRUE(wait_for([&] { return game(*s, c.id)["moves"].size() == 2; }));
    const Json g = game(*s, c.id);
    EXPECT_TRUE(g["moves"][1].contains("eval"));
    EXPECT_EQ(g["moves"][1]["depth"], 2);
    EXPECT_EQ(g["turn"], "white");
    EXPECT_FALSE(g["engine"]["thinking"].get<bool>());
}

TEST(ServerApi, BadRequestsGetA4xxThatNamesTheProblem) {
    auto s = make_service();
    const auto c = create(*s, {{"mode", "humans"}});
    Reply r = call(*s, "POST", "/api/games", "{not json");
    EXPECT_EQ(r.status, 400);
    EXPECT_NE(r.body["error"].get<std::string>().find("bad JSON"), std::string::npos);
    EXPECT_EQ(call(*s, "GET", "/api/games/0123456789abcdef").status, 404);
    EXPECT_EQ(call(*s, "GET", "/api/games/../../etc/passwd").status, 404);
    EXPECT_EQ(call(*s, "GET", "/api/nothing").status, 404);
    EXPECT_EQ(call(*s, "PUT", "/api/games").status, 405);
    r = call(*s, "POST", path(c, "move"), R"({"move": "e5"})", c.token);
    EXPECT_EQ(r.status, 422);
    EXPECT_NE(r.body["error"].get<std::string>().find("e5"), std::string::npos);
    EXPECT_EQ(call(*s, "POST", path(c, "move"), R"({"move": "e4"})").status, 403);
    EXPECT_EQ(call(*s, "POST", path(c, "move"), R"({"move": "e4"})", "f00").status, 403);
    // Black's token cannot move for White.
    EXPECT_EQ(call(*s, "POST", path(c, "move"), R"({"move": "e4"})", c.invite_token).status, 409);
    EXPECT_EQ(call(*s, "POST", path(c, "move"), R"({"mov": "e4"})", c.token).status, 400);
    EXPECT_EQ(call(*s, "POST", path(c, "move"), std::string(70000, ' '), c.token).status, 413);
    r = call(*s, "POST", "/api/games", R"({"fen": "rnbqkbnr/pppppppp/8/8/8/8 w - - 0 1"})");
    EXPECT_EQ(r.status, 422);
    EXPECT_NE(r.body["error"].get<std::string>().find("FEN"), std::string::npos);
    r = call(*s, "POST", "/api/games", R"({"level": {"kind": "elo", "elo": 3000}})");
    EXPECT_EQ(r.status, 400);
    EXPECT_NE(r.body["error"].get<std::string>().find("elo"), std::string::npos);
    r = call(*s, "POST", "/api/games", R"({"clock": {"initial": 5}})");
    EXPECT_EQ(r.status, 400);
    // A number beyond int64 is named as sent, not wrapped (it read "-8446744073709551616").
    r = call(*s, "POST", "/api/games",
             R"({"clock": {"initial": 60000, "increment": 10000000000000000000}})");
    EXPECT_EQ(r.status, 400);
    EXPECT_NE(r.body["error"].get<std::string>().find("not 10000000000000000000"),
              std::string::npos)
        << r.body.dump();
    // Nothing of that changed the game.
    EXPECT_TRUE(game(*s, c.id)["moves"].empty());
}

TEST(ServerApi, TwoPeopleEachMoveOnlyTheirSide) {
    auto s = make_service();
    const auto c = create(*s, {{"mode", "humans"}, {"color", "black"}});
    ASSERT_FALSE(c.invite_token.empty());
    // The creator sits at Black; the invitation is for White.
    EXPECT_EQ(call(*s, "POST", path(c, "move"), R"({"move": "e4"})", c.token).status, 409);
    EXPECT_EQ(call(*s, "POST", path(c, "move"), R"({"move": "e4"})", c.invite_token).status, 200);
    EXPECT_EQ(call(*s, "POST", path(c, "move"), R"({"move": "e5"})", c.invite_token).status, 409);
    EXPECT_EQ(call(*s, "POST", path(c, "move"), R"({"move": "e7e5"})", c.token).status, 200);
    // A token proves its seat.
    Request r{"GET", "/api/games/" + c.id, c.token, "black", "", ""};
    EXPECT_EQ(handle(*s, r).status, 200);
    r.seat = "white";
    EXPECT_EQ(handle(*s, r).status, 403);
    // Draw offer and acceptance.
    EXPECT_EQ(call(*s, "POST", path(c, "draw"), R"({"action": "accept"})", c.token).status, 409);
    EXPECT_EQ(call(*s, "POST", path(c, "draw"), R"({"action": "offer"})", c.invite_token).status,
              200);
    EXPECT_EQ(game(*s, c.id)["draw_offer"], "white");
    const Reply accepted = call(*s, "POST", path(c, "draw"), R"({"action": "accept"})", c.token);
    EXPECT_EQ(accepted.body["result"], "1/2-1/2");
    EXPECT_EQ(accepted.body["reason"], "agreement");
}

TEST(ServerApi, TakebackUndoesThePersonsMoveAndTheEnginesReply) {
    auto s = make_service();
    const auto c = create(*s, {{"level", {{"kind", "depth"}, {"depth", 1}}}});
    ASSERT_EQ(call(*s, "POST", path(c, "move"), R"({"move": "d4"})", c.token).status, 200);
    ASSERT_TRUE(wait_for([&] { return game(*s, c.id)["moves"].size() == 2; }));
    const Reply r = call(*s, "POST", path(c, "takeback"), "", c.token);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_TRUE(r.body["moves"].empty());
    EXPECT_EQ(r.body["turn"], "white");
    EXPECT_EQ(call(*s, "POST", path(c, "takeback"), "", c.token).status, 409);
}

TEST(ServerApi, ResignationAndClaimsEndTheGame) {
    auto s = make_service();
    const auto c = create(*s, {{"mode", "humans"}});
    Reply r = call(*s, "POST", path(c, "resign"), "", c.invite_token);
    EXPECT_EQ(r.body["result"], "1-0");
    EXPECT_EQ(r.body["reason"], "resignation");
    EXPECT_EQ(call(*s, "POST", path(c, "move"), R"({"move": "e4"})", c.token).status, 409);
    // Fifty moves without a capture or a pawn move: the side to move may claim.
    const auto d = create(*s, {{"mode", "humans"}, {"fen", "4k3/8/8/8/8/8/4P3/R3K3 w Q - 99 80"}});
    EXPECT_EQ(call(*s, "POST", path(d, "draw"), R"({"action": "claim"})", d.token).status, 409);
    ASSERT_EQ(call(*s, "POST", path(d, "move"), R"({"move": "Ra2"})", d.token).status, 200);
    EXPECT_EQ(game(*s, d.id)["claimable"], "fifty-move rule");
    EXPECT_EQ(call(*s, "POST", path(d, "draw"), R"({"action": "claim"})", d.token).status, 409);
    r = call(*s, "POST", path(d, "draw"), R"({"action": "claim"})", d.invite_token);
    EXPECT_EQ(r.body["reason"], "fifty-move rule");
    EXPECT_EQ(r.body["result"], "1/2-1/2");
}

TEST(ServerApi, EnPassantIsAMoveToTheEmptySquare) {
    auto s = make_service();
    const auto c =
        create(*s, {{"mode", "humans"},
                    {"fen", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"}});
    const Json legal = c.game["legal"];
    EXPECT_NE(std::find(legal.begin(), legal.end(), "e5d6"), legal.end());
    const Reply r = call(*s, "POST", path(c, "move"), R"({"move": "e5d6"})", c.token);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["moves"][0]["san"], "exd6");
    EXPECT_EQ(r.body["fen"], "rnbqkbnr/ppp1pppp/3P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
}

TEST(ServerApi, RepetitionsAreClaimedAtThreeAndEndTheGameAtFive) {
    auto s = make_service();
    const auto c = create(*s, {{"mode", "humans"}});
    const char* shuffle[4] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    for (int ply = 0; ply < 16; ++ply) {
        const auto& token = ply % 2 == 0 ? c.token : c.invite_token;
        const Reply r =
            call(*s, "POST", path(c, "move"), Json{{"move", shuffle[ply % 4]}}.dump(), token);
        ASSERT_EQ(r.status, 200) << r.body.dump();
        // The start position: twice after 4 plies, three times after 8, five after 16.
        if (ply + 1 == 4) {
            EXPECT_EQ(r.body["claimable"], nullptr);
        } else if (ply + 1 == 8) {
            EXPECT_EQ(r.body["claimable"], "threefold repetition");
        }
        if (ply + 1 < 16) {
            EXPECT_FALSE(r.body["over"].get<bool>()) << ply;
        } else {
            EXPECT_EQ(r.body["reason"], "fivefold repetition");
            EXPECT_EQ(r.body["result"], "1/2-1/2");
        }
    }
}

TEST(ServerApi, TheEngineAcceptsADrawOnlyWhenItIsFair) {
    auto s = make_service();
    // Kibitz (Black) is a queen up: no.
    const auto c = create(*s, {{"fen", "3qk3/8/8/8/8/8/8/4K3 w - - 0 1"}});
    Reply r = call(*s, "POST", path(c, "draw"), R"({"action": "offer"})", c.token);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_FALSE(r.body["accepted"].get<bool>());
    EXPECT_FALSE(r.body["game"]["over"].get<bool>());
    // Kibitz is a queen down: yes.
    const auto d = create(*s, {{"fen", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"}});
    r = call(*s, "POST", path(d, "draw"), R"({"action": "offer"})", d.token);
    EXPECT_TRUE(r.body["accepted"].get<bool>());
    EXPECT_EQ(r.body["game"]["reason"], "agreement");
}

TEST(ServerApi, ATimedGameIsFlaggedByTheServer) {
    auto s = make_service();
    const auto c =
        create(*s, {{"mode", "humans"}, {"clock", {{"initial", 1000}, {"increment", 0}}}});
    ASSERT_EQ(call(*s, "POST", path(c, "move"), R"({"move": "e4"})", c.token).status, 200);
    const Json g = game(*s, c.id);
    EXPECT_EQ(g["clocks"]["running"], "black");
    EXPECT_EQ(g["moves"][0]["clock"], 1000);
    ASSERT_TRUE(wait_for([&] { return game(*s, c.id)["over"].get<bool>(); }, 3s));
    const Json over = game(*s, c.id);
    EXPECT_EQ(over["result"], "1-0");
    EXPECT_EQ(over["reason"], "time forfeit");
    EXPECT_EQ(over["clocks"]["black"], 0);
}

TEST(ServerApi, PgnExportsAndImportsFromAnyMove) {
    auto s = make_service();
    const auto c = create(*s, {{"mode", "analysis"}});
    for (const char* m : {"e4", "e5", "Nf3", "Nc6", "Bb5"})
        ASSERT_EQ(call(*s, "POST", path(c, "move"), Json{{"move", m}}.dump(), c.token).status, 200);
    const Reply pgn = call(*s, "GET", path(c, "pgn"));
    EXPECT_NE(pgn.text.find("1. e4 e5 2. Nf3 Nc6 3. Bb5"), std::string::npos) << pgn.text;
    EXPECT_FALSE(pgn.filename.empty());
    const auto d = create(*s, {{"mode", "engine"},
                               {"color", "black"},
                               {"pgn", pgn.text},
                               {"ply", 4},
                               {"level", {{"kind", "depth"}, {"depth", 1}}}});
    EXPECT_EQ(d.game["moves"].size(), 4u);
    // White to move after 4 plies: the engine plays it.
    ASSERT_TRUE(wait_for([&] { return game(*s, d.id)["moves"].size() == 5; }));
    EXPECT_EQ(call(*s, "POST", "/api/games", R"({"pgn": "1. e4 e5 2. Ke3"})").status, 422);
    EXPECT_EQ(call(*s, "POST", "/api/games", Json{{"pgn", pgn.text}, {"ply", 9}}.dump()).status,
              400);
}

TEST(ServerApi, AnAnalysisBoardKeepsItsLineAndAnalysesWithSeveralLines) {
    auto s = make_service();
    const auto c = create(*s, {{"mode", "analysis"}});
    for (const char* m : {"e4", "e5", "Nf3"})
        ASSERT_EQ(call(*s, "POST", path(c, "move"), Json{{"move", m}}.dump(), c.token).status, 200);
    // A move from an earlier ply starts a variation (issue 22): the line stays.
    Reply r = call(*s, "POST", path(c, "move"), R"({"move": "c5", "ply": 1})", c.token);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["moves"].size(), 3u);
    EXPECT_EQ(r.body["moves"][1]["san"], "e5");
    EXPECT_EQ(r.body["tree"]["nodes"][r.body["node"].get<int>()]["san"], "c5");
    // An illegal move from an earlier ply leaves the tree as it was.
    EXPECT_EQ(call(*s, "POST", path(c, "move"), R"({"move": "Ke2", "ply": 0})", c.token).status,
              422);
    EXPECT_EQ(game(*s, c.id)["tree"]["next_id"], 5);

    int status = 0;
    auto stream = s->open_stream(c.id, status);
    ASSERT_TRUE(stream);
    r = call(*s, "POST", path(c, "analysis"), R"({"multipv": 3, "ply": 2})", c.token);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    Json analysis;
    ASSERT_TRUE(wait_for([&] {
        const auto data = stream->next(100ms);
        if (!data) return false;
        for (std::size_t at = 0; (at = data->find("data: ", at)) != std::string::npos;) {
            const auto end = data->find("\n\n", at);
            const Json event = Json::parse(data->substr(at + 6, end - at - 6));
            if (event["type"] == "analysis" && event["lines"].size() == 3) analysis = event;
            at = end;
        }
        return analysis.is_object() && analysis["depth"].get<int>() >= 4;
    }));
    EXPECT_EQ(analysis["ply"], 2);
    EXPECT_EQ(analysis["lines"][0]["pv"].size() > 0, true);
    EXPECT_TRUE(analysis["lines"][0]["pv_san"].get<std::string>().rfind("2. ", 0) == 0)
        << analysis.dump();
    EXPECT_EQ(call(*s, "POST", path(c, "analysis"), R"({"on": false})", c.token).status, 200);
    s->close_stream(c.id, stream);
    EXPECT_EQ(call(*s, "POST", path(c, "analysis"), R"({"multipv": 9})", c.token).status, 400);
}

TEST(ServerApi, ReviewLabelsABlunderWithTheBetterMove) {
    auto s = make_service();
    const auto c = create(*s, {{"mode", "analysis"}});
    // 2. g4?? allows mate in one.
    for (const char* m : {"f3", "e5", "g4", "Qh4#"})
        ASSERT_EQ(call(*s, "POST", path(c, "move"), Json{{"move", m}}.dump(), c.token).status, 200);
    const Reply r = call(*s, "POST", path(c, "review"), R"({"movetime": 50})", c.token);
    ASSERT_EQ(r.status, 202) << r.body.dump();
    ASSERT_TRUE(wait_for([&] {
        const Json g = game(*s, c.id);
        return g["review"].is_object() && g["review"]["done"] == g["review"]["total"];
    }));
    const Json review = game(*s, c.id)["review"];
    ASSERT_EQ(review["plies"].size(), 4u);
    EXPECT_EQ(review["plies"][2]["label"], "blunder") << review.dump();
    EXPECT_NE(review["plies"][2]["best"], "g2g4");
    EXPECT_EQ(review["plies"][3]["label"], nullptr);
    EXPECT_EQ(review["plies"][3]["win"], 0.0);
    const Json list = list_all(*s, "/api/games").body;
    EXPECT_TRUE(list["games"][0]["reviewed"].get<bool>());
}

TEST(ServerApi, LegalMovesOfAnEarlierPlyAndChess960Starts) {
    auto s = make_service();
    const auto c = create(*s, {{"mode", "analysis"}});
    ASSERT_EQ(call(*s, "POST", path(c, "move"), R"({"move": "e4"})", c.token).status, 200);
    Request r{"GET", path(c, "legal"), "", "", "", ""};
    r.ply = "0";
    Reply legal = handle(*s, r);
    ASSERT_EQ(legal.status, 200);
    EXPECT_EQ(legal.body["legal"].size(), 20u);
    r.ply = "1";
    EXPECT_EQ(handle(*s, r).body["fen"], game(*s, c.id)["fen"]);
    r.ply = "2";
    EXPECT_EQ(handle(*s, r).status, 400);
    r.ply = "x";
    EXPECT_EQ(handle(*s, r).status, 400);

    const auto d = create(*s, {{"mode", "humans"}, {"chess960", true}});
    EXPECT_TRUE(d.game["chess960"].get<bool>());
    const std::string fen = d.game["start_fen"];
    EXPECT_EQ(fen.substr(fen.find(' ')), " w KQkq - 0 1") << fen;
}

TEST(ServerApi, ARestartLosesNothing) {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("kibitz_server_test_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string db = (dir / "games.db").string();
    Created c;
    {
        auto s = make_service(db);
        c = create(*s, {{"mode", "humans"}, {"clock", {{"initial", 600000}, {"increment", 5000}}}});
        for (const char* m : {"e4", "c5", "Nf3"}) {
            const auto& token = std::string(m) == "c5" ? c.invite_token : c.token;
            ASSERT_EQ(call(*s, "POST", path(c, "move"), Json{{"move", m}}.dump(), token).status,
                      200);
        }
        ASSERT_EQ(call(*s, "POST", path(c, "draw"), R"({"action": "offer"})", c.token).status, 200);
    }
    auto s = make_service(db);
    EXPECT_TRUE(s->load_problems().empty());
    // A second server on the same database is refused: it would overwrite this one's moves.
    const auto second = Store::open(db);
    ASSERT_FALSE(second.ok());
    EXPECT_NE(second.error().find("in use"), std::string::npos) << second.error();
    const Json g = game(*s, c.id);
    ASSERT_EQ(g["moves"].size(), 3u);
    EXPECT_EQ(g["moves"][2]["san"], "Nf3");
    EXPECT_EQ(g["moves"][0]["clock"].get<std::int64_t>() <= 605000, true);
    EXPECT_EQ(g["clocks"]["running"], "black");
    EXPECT_EQ(g["draw_offer"], "white");
    // The tokens still hold.
    EXPECT_EQ(call(*s, "POST", path(c, "move"), R"({"move": "d6"})", c.invite_token).status, 200);
    EXPECT_EQ(call(*s, "DELETE", "/api/games/" + c.id, "", "nope").status, 403);
    EXPECT_EQ(call(*s, "DELETE", "/api/games/" + c.id, "", c.token).status, 200);
    EXPECT_EQ(call(*s, "GET", "/api/games/" + c.id).status, 404);
    s.reset();
    auto again = make_service(db);
    EXPECT_EQ(list_all(*again, "/api/games").body["games"].size(), 0u);
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace kibitz::server::server_api_test

namespace kibitz::server::server_api_test {
namespace {

TEST(ServerGame, EvaluationsAreFromWhitesViewWithMateDistancesKept) {
    EXPECT_EQ(white_eval(31, chess::kWhite).cp, 31);
    EXPECT_EQ(white_eval(31, chess::kBlack).cp, -31);
    EXPECT_EQ(white_eval(search::mate_in(1), chess::kBlack).mate, -1);  // Black mates at once
    EXPECT_EQ(white_eval(search::mate_in(3), chess::kWhite).mate, 2);
    EXPECT_EQ(white_eval(search::mated_in(2), chess::kWhite).mate, -1);
    EXPECT_EQ(white_eval(search::mated_in(2), chess::kBlack).mate, 1);
}

}  // namespace
}  // namespace kibitz::server::server_api_test

namespace kibitz::server::server_api_test {
namespace {

TEST(ServerEvents, AClosedStreamSendsWhatWasQueuedFirst) {
    Stream s;
    s.push(R"({"type": "deleted"})");
    s.close();
    const auto last = s.next(std::chrono::milliseconds(10));
    ASSERT_TRUE(last.has_value());
    EXPECT_EQ(*last, "data: {\"type\": \"deleted\"}\n\n");
    EXPECT_FALSE(s.next(std::chrono::milliseconds(10)).has_value());
    Stream quiet;
    EXPECT_EQ(quiet.next(std::chrono::milliseconds(1)), std::optional<std::string>(": ping\n\n"));
}

}  // namespace
}  // namespace kibitz::server::server_api_test

// ---- The opening book and the endgame tables ----------------------------------------------

namespace kibitz::server::server_api_test {
namespace {

constexpr const char* kGaviotaDir = "/usr/share/gaviotatb/gtb4";

// The position after space-separated UCI moves from the start.
chess::Position after(const std::string& moves) {
    chess::Position pos;
    std::size_t at = 0;
    while (at < moves.size()) {
        const std::size_t end = std::min(moves.find(' ', at), moves.size());
        const auto m = chess::move_from_uci(pos, moves.substr(at, end - at));
        EXPECT_TRUE(m.ok()) << moves;
        if (!m.ok()) break;
        pos.make(*m);
        at = end + 1;
    }
    return pos;
}

// Writes a book of (moves before, book move, weight) entries to path.
void write_book(const std::string& path,
                const std::vector<std::tuple<std::string, std::string, int>>& entries) {
    std::vector<book::Entry> list;
    for (const auto& [before, move, weight] : entries) {
        const chess::Position pos = after(before);
        const auto m = chess::move_from_uci(pos, move);
        ASSERT_TRUE(m.ok()) << move;
        list.push_back(
            {chess::polyglot_key(pos), chess::move_to_polyglot(*m), std::uint16_t(weight), 0});
    }
    ASSERT_TRUE(book::Book::from_entries(list).save(path).ok()) << path;
}

// Reads the stream's events until `stop` holds for one (true) or the time is up (false).
bool read_events(Stream& stream, std::vector<Json>& seen,
                 const std::function<bool(const Json&)>& stop,
                 std::chrono::milliseconds limit = 20s) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < end) {
        const auto data = stream.next(100ms);
        if (!data) continue;
        for (std::size_t at = 0; (at = data->find("data: ", at)) != std::string::npos;) {
            const auto stop_at = data->find("\n\n", at);
            seen.push_back(Json::parse(data->substr(at + 6, stop_at - at - 6)));
            at = stop_at;
            if (stop(seen.back())) return true;
        }
    }
    return false;
}

Reply knowledge(Service& s, const std::string& id, const std::string& ply = "") {
    Request r{"GET", "/api/games/" + id + "/knowledge", "", "", ply, ""};
    return handle(s, r);
}

TEST(ServerKnowledge, TheEnginePlaysABookMoveAtOnceAndSaysSo) {
    const kibitz::test::TempDir dir("kibitz_server_knowledge");
    const std::string book_file = dir.file("tiny.bin");
    write_book(book_file, {{"", "e2e4", 2},
                           {"", "d2d4", 1},
                           {"", "g1f3", 1},
                           {"e2e4", "e7e5", 3},
                           {"e2e4", "c7c5", 1}});
    Service::Options o;
    o.untimed_ms = 200;
    o.book = book_file;
    const std::string db = dir.file("games.db");
    Created c;
    {
        auto s = make_service(db, o);
        const Json info = call(*s, "GET", "/api/info").body;
        EXPECT_EQ(info["book"]["file"], book_file);
        EXPECT_EQ(info["book"]["entries"], 5);
        EXPECT_EQ(info["tablebases"]["max_men"], 0);

        // A depth-1 engine answers 1. e4 from the book, in the reply to the move already.
        c = create(*s, {{"level", {{"kind", "depth"}, {"depth", 1}}}});
        int status = 0;
        auto stream = s->open_stream(c.id, status);
        ASSERT_TRUE(stream);
        const Reply r = call(*s, "POST", path(c, "move"), R"({"move": "e4"})", c.token);
        ASSERT_EQ(r.status, 200) << r.body.dump();
        ASSERT_EQ(r.body["moves"].size(), 2u) << r.body.dump();
        const Json reply = r.body["moves"][1];
        EXPECT_TRUE(reply["book"].get<bool>());
        EXPECT_FALSE(reply.contains("eval"));
        EXPECT_TRUE(reply["uci"] == "e7e5" || reply["uci"] == "c7c5") << reply.dump();
        // The streams hear of the person's move, the book's candidates, then the reply.
        std::vector<Json> events;
        ASSERT_TRUE(read_events(*stream, events, [](const Json& e) {
            return e["type"] == "state" && e["game"]["moves"].size() == 2;
        }));
        std::vector<std::string> order;
        Json thinking;
        for (const Json& e : events) {
            if (e["type"] == "thinking") thinking = e;
            if (e["type"] == "state")
                order.push_back("state " + std::to_string(e["game"]["moves"].size()));
            else
                order.push_back(e["type"].get<std::string>());
        }
        EXPECT_EQ(order, (std::vector<std::string>{"state 0", "state 1", "thinking", "state 2"}));
        ASSERT_TRUE(thinking.is_object());
        EXPECT_TRUE(thinking["book"].get<bool>());
        EXPECT_EQ(thinking["ply"], 1);
        EXPECT_EQ(thinking["move"], reply["uci"]);
        ASSERT_EQ(thinking["candidates"].size(), 2u) << thinking.dump();
        EXPECT_EQ(thinking["candidates"][0],
                  (Json{{"uci", "e7e5"}, {"san", "e5"}, {"weight", 3}, {"share", 0.75}}));
        EXPECT_EQ(thinking["candidates"][1]["san"], "c5");
        s->close_stream(c.id, stream);
        // Out of the book the engine searches again.
        const std::string next = reply["uci"] == "e7e5" ? "Nf3" : "Nc3";
        ASSERT_EQ(call(*s, "POST", path(c, "move"), Json{{"move", next}}.dump(), c.token).status,
                  200);
        ASSERT_TRUE(wait_for([&] { return game(*s, c.id)["moves"].size() == 4; }));
        EXPECT_TRUE(game(*s, c.id)["moves"][3].contains("eval"));
        EXPECT_FALSE(game(*s, c.id)["moves"][3].contains("book"));
        // The book's knowledge is for analysis and finished games, not during play.
        EXPECT_EQ(knowledge(*s, c.id).status, 409);

        // The engine with White plays its first move from the book at every level.
        const auto w = create(*s, {{"color", "black"}, {"level", {{"kind", "full"}}}});
        ASSERT_EQ(w.game["moves"].size(), 1u);
        EXPECT_TRUE(w.game["moves"][0]["book"].get<bool>());

        // Every book move of a position, highest weight first.
        const auto a = create(*s, {{"mode", "analysis"}});
        const Reply k = knowledge(*s, a.id, "0");
        ASSERT_EQ(k.status, 200) << k.body.dump();
        EXPECT_EQ(k.body["ply"], 0);
        EXPECT_EQ(k.body["fen"], chess::kStartFen);
        ASSERT_EQ(k.body["book"].size(), 3u);
        EXPECT_EQ(k.body["book"][0]["uci"], "e2e4");
        EXPECT_EQ(k.body["book"][0]["share"], 0.5);
        EXPECT_EQ(k.body["book"][1]["weight"], 1);
        EXPECT_EQ(k.body["tablebase"], nullptr);
        // Beyond the book: nothing.
        ASSERT_EQ(call(*s, "POST", path(a, "move"), R"({"move": "h4"})", a.token).status, 200);
        EXPECT_TRUE(knowledge(*s, a.id).body["book"].empty());
    }
    // The book move is remembered as one across a restart, and the PGN says so.
    auto s = make_service(db);
    const Json g = game(*s, c.id);
    ASSERT_EQ(g["moves"].size(), 4u);
    EXPECT_TRUE(g["moves"][1]["book"].get<bool>());
    EXPECT_FALSE(g["moves"][1].contains("eval"));
    EXPECT_TRUE(g["moves"][3].contains("eval"));
    EXPECT_NE(call(*s, "GET", path(c, "pgn")).text.find("{book}"), std::string::npos);
    EXPECT_EQ(call(*s, "GET", "/api/info").body["book"], nullptr);
}

TEST(ServerKnowledge, BadRequestsAndAnUnreadableBookAreNamed) {
    auto s = make_service();
    const auto a = create(*s, {{"mode", "analysis"}});
    ASSERT_EQ(call(*s, "POST", path(a, "move"), R"({"move": "e4"})", a.token).status, 200);
    EXPECT_EQ(knowledge(*s, "0123456789abcdef").status, 404);
    EXPECT_EQ(knowledge(*s, "nothex").status, 404);
    Reply r = knowledge(*s, a.id, "2");
    EXPECT_EQ(r.status, 400);
    EXPECT_NE(r.body["error"].get<std::string>().find("'ply'"), std::string::npos);
    EXPECT_EQ(knowledge(*s, a.id, "x").status, 400);
    EXPECT_EQ(knowledge(*s, a.id, "-1").status, 400);
    EXPECT_EQ(call(*s, "POST", path(a, "knowledge")).status, 405);
    // No book and no tables: nothing known.
    r = knowledge(*s, a.id, "1");
    ASSERT_EQ(r.status, 200);
    EXPECT_TRUE(r.body["book"].empty());
    EXPECT_EQ(r.body["tablebase"], nullptr);
    // A game being played answers after it ends.
    const auto h = create(*s, {{"mode", "humans"}});
    EXPECT_EQ(knowledge(*s, h.id).status, 409);
    ASSERT_EQ(call(*s, "POST", path(h, "resign"), "", h.token).status, 200);
    EXPECT_EQ(knowledge(*s, h.id).status, 200);

    Service::Options o;
    o.untimed_ms = 200;
    o.book = "/no/such/book.bin";
    try {
        make_service(":memory:", o);
        ADD_FAILURE() << "a missing book was accepted";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("/no/such/book.bin"), std::string::npos) << e.what();
    }
    o.book.clear();
    o.tables = "/no/such/tables";
    EXPECT_THROW(make_service(":memory:", o), std::runtime_error);
}

TEST(ServerKnowledge, GaviotaTablesGiveTheMateAndTheEnginePlaysIt) {
    if (!std::filesystem::is_directory(kGaviotaDir))
        GTEST_SKIP() << "Debian's gaviotatb tables not installed (" << kGaviotaDir << ")";
    Service::Options o;
    o.untimed_ms = 200;
    o.gaviota = kGaviotaDir;
    auto s = make_service(":memory:", o);
    const Json info = call(*s, "GET", "/api/info").body;
    EXPECT_EQ(info["tablebases"]["gaviota"], kGaviotaDir);
    EXPECT_EQ(info["tablebases"]["dir"], nullptr);
    EXPECT_EQ(info["tablebases"]["max_men"], 3);
    engine::Tablebases tables;
    ASSERT_TRUE(tables.set_gaviota_paths(kGaviotaDir).ok());

    // White mates; seen from Black, it is mated in as many moves.
    const std::string kqk = "8/8/8/4k3/8/8/8/KQ6 w - - 0 1";
    const auto v = tables.probe(chess::Position::from_fen(kqk).value());
    ASSERT_TRUE(v && v->kind == tb::Value::kWin);
    const int moves = (v->plies + 1) / 2;
    const auto a = create(*s, {{"mode", "analysis"}, {"fen", kqk}});
    Reply r = knowledge(*s, a.id);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    const Json t = r.body["tablebase"];
    ASSERT_TRUE(t.is_object()) << r.body.dump();
    EXPECT_EQ(t["result"], "win");
    EXPECT_EQ(t["mate"], moves);
    EXPECT_EQ(t["text"], "tablebase: mate in " + std::to_string(moves));
    ASSERT_TRUE(t["best"].is_string());
    EXPECT_FALSE(t["best_san"].get<std::string>().empty());
    EXPECT_TRUE(r.body["book"].empty());
    ASSERT_EQ(call(*s, "POST", path(a, "move"), Json{{"move", t["best"]}}.dump(), a.token).status,
              200);
    r = knowledge(*s, a.id, "1");
    EXPECT_EQ(r.body["tablebase"]["result"], "loss");
    EXPECT_EQ(r.body["tablebase"]["mate"], -(moves - 1));
    EXPECT_EQ(r.body["tablebase"]["text"], "tablebase: mated in " + std::to_string(moves - 1));

    // A lone knight cannot mate: a draw (and a finished game, by insufficient material).
    const auto d = create(*s, {{"mode", "analysis"}, {"fen", "8/8/8/4k3/8/8/8/KN6 w - - 0 1"}});
    r = knowledge(*s, d.id);
    EXPECT_EQ(r.body["tablebase"]["result"], "draw");
    EXPECT_EQ(r.body["tablebase"]["mate"], 0);
    EXPECT_EQ(r.body["tablebase"]["text"], "tablebase: draw");

    // Analysis events carry the same knowledge.
    int status = 0;
    auto stream = s->open_stream(a.id, status);
    ASSERT_TRUE(stream);
    ASSERT_EQ(call(*s, "POST", path(a, "analysis"), R"({"ply": 0})", a.token).status, 200);
    std::vector<Json> events;
    ASSERT_TRUE(
        read_events(*stream, events, [](const Json& e) { return e["type"] == "analysis"; }));
    EXPECT_EQ(events.back()["tablebase"], t);
    EXPECT_TRUE(events.back()["book"].empty());
    EXPECT_EQ(call(*s, "POST", path(a, "analysis"), R"({"on": false})", a.token).status, 200);
    s->close_stream(a.id, stream);

    // A depth-1 engine with White mates by the tables: exact mate score, one move nearer.
    const auto e = create(
        *s, {{"color", "black"}, {"fen", kqk}, {"level", {{"kind", "depth"}, {"depth", 1}}}});
    ASSERT_TRUE(wait_for([&] { return game(*s, e.id)["moves"].size() == 1; }));
    const Json played = game(*s, e.id)["moves"][0];
    EXPECT_EQ(played["eval"], (Json{{"mate", moves}})) << played.dump();
    const auto now =
        tables.probe(chess::Position::from_fen(played["fen"].get<std::string>()).value());
    ASSERT_TRUE(now.has_value());
    EXPECT_EQ(now->kind, tb::Value::kLoss);
    EXPECT_EQ(now->plies, v->plies - 1);
}

TEST(ServerKnowledge, SyzygyTablesGiveTheResultAndTheDtz) {
    Service::Options o;
    o.untimed_ms = 200;
    o.syzygy = std::string(KIBITZ_SOURCE_DIR) + "/tests/data/syzygy";
    auto s = make_service(":memory:", o);
    const Json info = call(*s, "GET", "/api/info").body;
    EXPECT_EQ(info["tablebases"]["syzygy"], o.syzygy);
    EXPECT_EQ(info["tablebases"]["max_men"], 3);
    // The rook wins; its DTZ from the probe; the best move keeps the win.
    const auto a = create(*s, {{"mode", "analysis"}, {"fen", "8/8/8/4k3/8/8/8/KR6 w - - 0 1"}});
    Reply r = knowledge(*s, a.id);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    const Json t = r.body["tablebase"];
    ASSERT_TRUE(t.is_object()) << r.body.dump();
    EXPECT_EQ(t["result"], "win");
    EXPECT_EQ(t["wdl"], 2);
    EXPECT_EQ(t["dtz"], 29);
    ASSERT_TRUE(t["best_san"].is_string());
    EXPECT_EQ(t["text"], "tablebase: win, DTZ 29");
    ASSERT_EQ(call(*s, "POST", path(a, "move"), Json{{"move", t["best"]}}.dump(), a.token).status,
              200);
    r = knowledge(*s, a.id, "1");
    EXPECT_EQ(r.body["tablebase"]["result"], "loss");
    EXPECT_EQ(r.body["tablebase"]["wdl"], -2);
    // A lone knight: a draw.
    const auto d = create(*s, {{"mode", "analysis"}, {"fen", "8/8/8/4k3/8/8/8/KN6 w - - 0 1"}});
    r = knowledge(*s, d.id);
    EXPECT_EQ(r.body["tablebase"]["text"], "tablebase: draw");
}

}  // namespace
}  // namespace kibitz::server::server_api_test
