// The move tree in the web app (issue 22): the store keeps a game's whole tree, the chess
// commands explore and annotate variations, and a PGN import keeps everything for its export.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "chess/pgn.h"
#include "server/api.h"
#include "service_harness.h"
#include "temp_dir.h"

namespace kibitz::server::server_tree_test {
namespace {

namespace fs = std::filesystem;

using testing::call;

// A service whose untimed engine moves take 100 ms.
std::unique_ptr<Service> make_service(const std::string& db = ":memory:") {
    return testing::make_service(db, 100);
}

struct Made {
    std::string id, token;
    Json game;
};

Made create(Service& s, const Json& body) {
    const Reply r = call(s, "POST", "/api/games", body);
    EXPECT_EQ(r.status, 201) << r.body.dump();
    if (r.status != 201) return {};
    return {r.body["game"]["id"], r.body["token"], r.body["game"]};
}

std::string at(const Made& m, const std::string& action) {
    return "/api/games/" + m.id + "/" + action;
}

// The SAN of every move of the main line.
std::vector<std::string> line_of(const Json& game) {
    std::vector<std::string> san;
    for (const Json& m : game["moves"]) san.push_back(m["san"]);
    return san;
}

// GET path?node=N.
Reply get_at_node(Service& s, const std::string& path, int node) {
    Request q;
    q.method = "GET";
    q.path = path;
    q.node = std::to_string(node);
    return handle(s, q);
}

// The tree's node of a game object by id.
Json node_of(const Json& game, int id) {
    for (const Json& n : game["tree"]["nodes"])
        if (n["id"] == id) return n;
    return nullptr;
}

TEST(ServerTree, StoreKeepsTheWholeTreeAndTheTags) {
    test::TempDir dir("kibitz-tree-");
    const std::string path = dir.file("games.db");
    Game g;
    g.id = "00000000000000aa";
    g.mode = Mode::kAnalysis;
    ASSERT_TRUE(g.start(chess::kStartFen).ok());
    for (const char* m : {"e4", "e5", "Nf3", "Nc6"}) g.play(*g.parse_move(m), 0);
    g.tags = {{"Event", "Café"}, {"White", "Ann"}, {"Black", "Bob"}};
    // 1... c5 (a variation of node 2) with a nested 2. c3 in it, comments and NAGs.
    const NodeId c5 = *g.add_move(1, *g.parse_move_at(1, "c5"));
    const NodeId nf3 = *g.add_move(c5, *g.parse_move_at(c5, "Nf3"));
    const NodeId c3 = *g.add_move(c5, *g.parse_move_at(c5, "c3"));
    ASSERT_TRUE(g.edit_tree([&](GameTree& t) {
                     (void)t.set_comment(c5, "the Sicilian");
                     (void)t.set_comment(c3, "Alapin", true);
                     (void)t.toggle_nag(nf3, 1);
                     (void)t.toggle_nag(nf3, 14);
                     (void)t.set_comment(kRootNode, "a test");
                     return t.remove(4);  // 2... Nc6 goes: its id is never given again
                 }).ok());
    EXPECT_EQ(g.moves().size(), 3u);
    {
        auto store = Store::open(path);
        ASSERT_TRUE(store.ok()) << store.error();
        (*store)->save(g, 0);
    }
    auto store = Store::open(path);
    ASSERT_TRUE(store.ok()) << store.error();
    std::vector<std::string> problems;
    const auto games = (*store)->load_all(problems);
    ASSERT_TRUE(problems.empty()) << problems.front();
    ASSERT_EQ(games.size(), 1u);
    const Game& back = games[0];
    EXPECT_EQ(tree_rows(back.tree()), tree_rows(g.tree()));
    EXPECT_EQ(back.tree().next_id(), g.tree().next_id());
    EXPECT_EQ(back.tags, g.tags);
    EXPECT_EQ(back.moves().size(), 3u);
    EXPECT_EQ(back.tree().node(nf3).nags, (std::vector<int>{1, 14}));
    EXPECT_EQ(back.tree().node(c3).comment_before, "Alapin");
}

TEST(ServerTree, AnalysisBoardKeepsItsLineAndGrowsVariations) {
    auto s = make_service();
    const auto c = create(*s, {{"mode", "analysis"}});
    for (const char* m : {"e4", "e5", "Nf3"})
        ASSERT_EQ(call(*s, "POST", at(c, "move"), {{"move", m}}, c.token).status, 200);
    // From node 1 (after 1. e4), 1... c5 starts a variation; the main line stays.
    Reply r = call(*s, "POST", at(c, "move"), {{"move", "c5"}, {"node", 1}}, c.token);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    const int c5 = r.body["node"];
    EXPECT_EQ(line_of(r.body), (std::vector<std::string>{"e4", "e5", "Nf3"}));
    EXPECT_EQ(node_of(r.body, 1)["children"], (Json{2, c5}));
    // The same move again uses the existing child; "ply" no longer cuts the line.
    r = call(*s, "POST", at(c, "move"), {{"move", "c7c5"}, {"ply", 1}}, c.token);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["node"], c5);
    EXPECT_EQ(r.body["tree"]["next_id"], c5 + 1);
    EXPECT_EQ(r.body["moves"].size(), 3u);
    // The variation goes on from its own node; legal moves and the book there by node.
    r = call(*s, "POST", at(c, "move"), {{"move", "Nf3"}, {"node", c5}}, c.token);
    ASSERT_EQ(r.status, 200);
    const Reply legal = get_at_node(*s, at(c, "legal"), c5);
    ASSERT_EQ(legal.status, 200) << legal.body.dump();
    EXPECT_EQ(legal.body["node"], c5);
    EXPECT_EQ(legal.body["ply"], 2);
    EXPECT_NE(legal.body["fen"].get<std::string>().find("2p5"), std::string::npos);
    EXPECT_EQ(get_at_node(*s, at(c, "knowledge"), c5).status, 200);
    EXPECT_EQ(get_at_node(*s, at(c, "knowledge"), 999).status, 404);
    Request q;
    q.method = "GET";
    q.path = at(c, "knowledge");
    q.node = "x";
    EXPECT_EQ(handle(*s, q).status, 400);
    // Promoting the variation makes it the main line.
    r = call(*s, "POST", at(c, "annotate"), {{"node", c5}, {"action", "promote"}}, c.token);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(line_of(r.body), (std::vector<std::string>{"e4", "c5", "Nf3"}));
}

TEST(ServerTree, AnnotationsOnAnAnalysisBoard) {
    auto s = make_service();
    const auto c = create(*s, {{"mode", "analysis"}});
    for (const char* m : {"d4", "d5", "c4"})
        ASSERT_EQ(call(*s, "POST", at(c, "move"), {{"move", m}}, c.token).status, 200);
    Reply r = call(*s, "POST", at(c, "annotate"),
                   {{"node", 3}, {"action", "comment"}, {"text", "the Queen's Gambit"}}, c.token);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(node_of(r.body, 3)["comment"], "the Queen's Gambit");
    r = call(*s, "POST", at(c, "annotate"), {{"node", 3}, {"action", "nag"}, {"nag", 1}}, c.token);
    r = call(*s, "POST", at(c, "annotate"), {{"node", 3}, {"action", "nag"}, {"nag", 3}}, c.token);
    EXPECT_EQ(node_of(r.body, 3)["nags"], Json{3});  // ! and !! exclude each other
    const std::string pgn = call(*s, "GET", at(c, "pgn")).text;
    EXPECT_NE(pgn.find("2. c4 $3 {the Queen's Gambit}"), std::string::npos) << pgn;
    r = call(*s, "POST", at(c, "annotate"), {{"node", 2}, {"action", "delete"}}, c.token);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(line_of(r.body), std::vector<std::string>{"d4"});
    EXPECT_EQ(r.body["turn"], "black");
}

TEST(ServerTree, BadAnnotationsAreRefusedPlainly) {
    auto s = make_service();
    const auto c = create(*s, {{"mode", "analysis"}});
    ASSERT_EQ(call(*s, "POST", at(c, "move"), {{"move", "e4"}}, c.token).status, 200);
    const auto status = [&](const Json& body, const std::string& token) {
        const Reply r = call(*s, "POST", at(c, "annotate"), body, token);
        EXPECT_TRUE(r.body.contains("error")) << r.body.dump();
        return r.status;
    };
    EXPECT_EQ(status({{"node", 1}, {"action", "comment"}, {"text", "x"}}, ""), 403);
    EXPECT_EQ(status({{"node", 7}, {"action", "comment"}, {"text", "x"}}, c.token), 404);
    EXPECT_EQ(status({{"node", -1}, {"action", "delete"}}, c.token), 404);
    EXPECT_EQ(status({{"node", 1e30}, {"action", "delete"}}, c.token), 400);
    EXPECT_EQ(status({{"node", "1"}, {"action", "delete"}}, c.token), 400);
    EXPECT_EQ(status({{"node", 1}, {"action", "shout"}}, c.token), 400);
    EXPECT_EQ(status({{"node", 1}}, c.token), 400);
    EXPECT_EQ(status({{"action", "delete"}}, c.token), 400);
    EXPECT_EQ(status({{"node", 1}, {"action", "nag"}, {"nag", 0}}, c.token), 400);
    EXPECT_EQ(status({{"node", 1}, {"action", "nag"}, {"nag", 256}}, c.token), 400);
    EXPECT_EQ(status({{"node", 1}, {"action", "nag"}, {"nag", "!"}}, c.token), 400);
    EXPECT_EQ(status({{"node", 1}, {"action", "comment"}, {"text", 5}}, c.token), 400);
    EXPECT_EQ(
        status({{"node", 1}, {"action", "comment"}, {"text", std::string(70000, 'a')}}, c.token),
        413);  // over the body limit
    EXPECT_EQ(status({{"node", 0}, {"action", "delete"}}, c.token), 400);
    EXPECT_EQ(status({{"node", 1}, {"action", "promote"}, {"to_mainline", 1}}, c.token), 400);
    const Reply move = call(*s, "POST", at(c, "move"), {{"move", "e5"}, {"node", 42}}, c.token);
    EXPECT_EQ(move.status, 404);
    EXPECT_EQ(move.body["error"], "There is no such move in this game.");
    EXPECT_EQ(call(*s, "POST", at(c, "move"), {{"move", "e5"}, {"node", "1"}}, c.token).status,
              400);
}

TEST(ServerTree, AFinishedGameKeepsItsMovesAndExploresVariations) {
    auto s = make_service();
    const Reply made = call(*s, "POST", "/api/games", {{"mode", "humans"}});
    const std::string id = made.body["game"]["id"];
    const std::string white = made.body["token"], black = made.body["invite"]["token"];
    const Made g{id, white, made.body["game"]};
    ASSERT_EQ(call(*s, "POST", at(g, "move"), {{"move", "f3"}}, white).status, 200);
    // While the game is played: no variation, no annotation.
    Reply r = call(*s, "POST", at(g, "move"), {{"move", "d5"}, {"node", 0}}, black);
    EXPECT_EQ(r.status, 409);
    EXPECT_EQ(r.body["error"], "Variations can be explored once the game is over.");
    EXPECT_EQ(call(*s, "POST", at(g, "annotate"),
                   {{"node", 1}, {"action", "comment"}, {"text", "?"}}, white)
                  .status,
              409);
    for (const auto& [m, t] : {std::pair{"e5", black}, {"g4", white}, {"Qh4", black}})
        ASSERT_EQ(call(*s, "POST", at(g, "move"), {{"move", m}}, t).status, 200);
    ASSERT_EQ(call(*s, "GET", "/api/games/" + id).body["reason"], "checkmate");
    // Over: a variation from an earlier move, by either seat; the game as played stays.
    r = call(*s, "POST", at(g, "move"), {{"move", "e4"}, {"node", 2}}, black);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    const int e4 = r.body["node"];
    EXPECT_EQ(line_of(r.body), (std::vector<std::string>{"f3", "e5", "g4", "Qh4#"}));
    EXPECT_EQ(r.body["result"], "0-1");
    // The game's last position takes no move; a played move cannot go or be outranked.
    r = call(*s, "POST", at(g, "move"), {{"move", "a3"}}, white);
    EXPECT_EQ(r.status, 409);
    EXPECT_NE(r.body["error"].get<std::string>().find("The game is over (checkmate)"),
              std::string::npos);
    EXPECT_EQ(call(*s, "POST", at(g, "move"), {{"move", "a3"}, {"node", 2}}, white).status, 200);
    EXPECT_EQ(
        call(*s, "POST", at(g, "annotate"), {{"node", e4}, {"action", "promote"}}, white).status,
        409);
    EXPECT_EQ(
        call(*s, "POST", at(g, "annotate"), {{"node", 3}, {"action", "delete"}}, white).status,
        409);
    r = call(*s, "POST", at(g, "annotate"), {{"node", e4}, {"action", "delete"}}, white);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    r = call(*s, "POST", at(g, "annotate"), {{"node", 4}, {"action", "nag"}, {"nag", 1}}, black);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(node_of(r.body, 4)["nags"], Json{1});
    EXPECT_EQ(r.body["result"], "0-1");
}

// The text of a file of the project.
std::string file_text(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Imports a PGN game through the service, exports it, imports the export and exports again:
// both exports are the same, and the first keeps the file's moves, comments and variations.
void check_lossless(Service& s, const chess::PgnGame& game, const std::string& where) {
    const std::string text = chess::write_pgn(game);
    const auto a = create(s, {{"pgn", text}});
    ASSERT_FALSE(a.id.empty()) << where;
    EXPECT_EQ(a.game["mode"], "analysis") << where;
    const std::string out = call(s, "GET", at(a, "pgn")).text;
    const auto b = create(s, {{"pgn", out}});
    ASSERT_FALSE(b.id.empty()) << where;
    EXPECT_EQ(call(s, "GET", at(b, "pgn")).text, out) << where;
    const auto read = tree_from_pgn(game);
    ASSERT_TRUE(read.ok()) << where;
    EXPECT_EQ(out, tree_pgn_text(*read, {.book = true})) << where;
    EXPECT_EQ(b.game["tree"], a.game["tree"]) << where;
    EXPECT_EQ(b.game["tags"], a.game["tags"]) << where;
    EXPECT_EQ(b.game["result"], game.result) << where;
}

TEST(ServerTree, ImportExportImportIsLossless) {
    auto s = make_service();
    const std::string annotated =
        "[Event \"Test\"]\n[Site \"Here\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n"
        "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[Annotator \"Me\"]\n\n"
        "{Opening words} 1. e4 {[%clk 0:05:00]} e5 $2 {[%eval 0.35,12] [%clk 0:04:58] after}"
        " (1... c5 {Sicilian} 2. Nf3 (2. c3 d5 (2... Nf6 $1)) d6) (1... e6) 2. Nf3 $1 $14 Nc6"
        " {[%eval #-3]} 3. Bb5 1-0\n";
    chess::PgnReader reader(annotated);
    auto g = reader.next();
    ASSERT_TRUE(g && *g);
    check_lossless(*s, **g, "annotated");
    const auto made = create(*s, {{"pgn", annotated}});
    EXPECT_EQ(made.game["result"], "1-0");
    EXPECT_EQ(made.game["tags"][7], (Json{"Annotator", "Me"}));
    EXPECT_EQ(node_of(made.game, 1)["clock"], 300000);
    EXPECT_EQ(node_of(made.game, 2)["eval"], (Json{{"cp", 35}}));
    EXPECT_EQ(node_of(made.game, 2)["nags"], Json{2});
    // The players are the tags' in the game and in the saved-games list.
    EXPECT_EQ(made.game["players"], (Json{{"white", "A"}, {"black", "B"}}));
    Request mine;
    mine.method = "GET";
    mine.path = "/api/games";
    mine.tokens = made.token;
    const Reply list = handle(*s, mine);
    bool listed = false;
    for (const Json& row : list.body["games"])
        if (row["id"] == made.id) {
            listed = true;
            EXPECT_EQ(row["white"], "A");
            EXPECT_EQ(row["black"], "B");
        }
    EXPECT_TRUE(listed) << list.body.dump();

    const fs::path dir = fs::path(KIBITZ_SOURCE_DIR) / "data" / "games";
    if (!fs::is_directory(dir)) GTEST_SKIP() << "skipped: no data/games/";
    int games = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() != ".pgn") continue;
        const std::string text = file_text(entry.path());
        chess::PgnReader r(text);
        for (int n = 0; n < 3; ++n) {  // the first games of each file
            auto next = r.next();
            if (!next) break;
            if (!*next) continue;
            check_lossless(*s, **next, entry.path().filename().string());
            ++games;
        }
    }
    EXPECT_GT(games, 5);
}

TEST(ServerTree, NullMovesLiveOnAnalysisBoardsOnly) {
    test::TempDir dir("kibitz-tree-null-");
    const std::string db = dir.file("games.db");
    const std::string pgn =
        file_text(fs::path(KIBITZ_SOURCE_DIR) / "tests" / "data" / "pgn" / "edge-cases.pgn");
    const std::string second = pgn.substr(pgn.find("[Event \"Null moves in the main line\"]"));
    std::string id;
    int pass = 0;
    {
        auto s = make_service(db);
        // An analysis board takes the null moves of a main line and of variations.
        const auto made = create(*s, {{"pgn", pgn}});
        ASSERT_FALSE(made.id.empty());
        chess::PgnReader reader(pgn);
        reader.allow_null_moves(true);
        while (auto g = reader.next()) {
            ASSERT_TRUE(*g) << g->error();
            check_lossless(*s, **g, "edge-cases.pgn");
        }
        const auto c = create(*s, {{"pgn", second}});
        ASSERT_FALSE(c.id.empty());
        id = c.id;
        EXPECT_EQ(line_of(c.game),
                  (std::vector<std::string>{"d4", "d5", "--", "Nf6", "--", "e6", "c4"}));
        pass = c.game["tree"]["mainline"][3];
        EXPECT_EQ(node_of(c.game, pass)["uci"], "0000");
        EXPECT_EQ(c.game["tree"]["nodes"][0]["nags"], Json{1});
        // The position after it: legal moves, analysis (the engine searches it), moves on.
        const Reply legal = get_at_node(*s, at(c, "legal"), pass);
        ASSERT_EQ(legal.status, 200) << legal.body.dump();
        EXPECT_EQ(legal.body["fen"],
                  "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 1 2");
        int status = 0;
        auto stream = s->open_stream(c.id, status);
        ASSERT_TRUE(stream);
        Reply r = call(*s, "POST", at(c, "analysis"), {{"node", pass}}, c.token);
        ASSERT_EQ(r.status, 200) << r.body.dump();
        EXPECT_TRUE(testing::wait_for([&] {
            const auto data = stream->next(std::chrono::milliseconds(100));
            return data && data->find("\"type\":\"analysis\"") != std::string::npos;
        }));
        EXPECT_EQ(call(*s, "POST", at(c, "analysis"), {{"on", false}}, c.token).status, 200);
        s->close_stream(c.id, stream);
        r = call(*s, "POST", at(c, "move"), {{"move", "Nc6"}, {"node", pass}}, c.token);
        ASSERT_EQ(r.status, 200) << r.body.dump();
        // A new game from a node after a null move starts from that node's position.
        r = call(*s, "POST", "/api/games",
                 {{"mode", "engine"},
                  {"from", {{"game", c.id}, {"node", r.body["node"]}}},
                  {"level", {{"kind", "depth"}, {"depth", 1}}}});
        ASSERT_EQ(r.status, 201) << r.body.dump();
        EXPECT_EQ(r.body["game"]["moves"].size(), 1u);
        // A game played on from the file cannot hold one.
        r = call(*s, "POST", "/api/games", {{"pgn", second}, {"mode", "humans"}});
        EXPECT_EQ(r.status, 422);
        EXPECT_EQ(r.body["error"],
                  "Move 2. -- is a null move: open the game as an analysis board, or play on "
                  "from a move before it.")
            << r.body.dump();
    }
    // The store keeps the null moves and the root's NAGs.
    auto s = make_service(db);
    const Json back = call(*s, "GET", "/api/games/" + id).body;
    EXPECT_EQ(line_of(back), (std::vector<std::string>{"d4", "d5", "--", "Nf6", "--", "e6", "c4"}));
    EXPECT_EQ(back["tree"]["nodes"][0]["nags"], Json{1});
    EXPECT_EQ(node_of(back, pass)["children"].size(), 2u);
}

TEST(ServerTree, AFinishedReviewGoesIntoTheExport) {
    auto s = make_service();
    const auto c = create(*s, {{"mode", "analysis"}});
    for (const char* m : {"f3", "e5", "g4", "Nc6"})
        ASSERT_EQ(call(*s, "POST", at(c, "move"), {{"move", m}}, c.token).status, 200);
    ASSERT_EQ(call(*s, "POST", at(c, "review"), {{"movetime", 50}}, c.token).status, 202);
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    Json review;
    while (std::chrono::steady_clock::now() < end) {
        review = call(*s, "GET", "/api/games/" + c.id).body["review"];
        if (review["done"] == review["total"]) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ASSERT_EQ(review["done"], 5) << review.dump();
    // Lines of movetext wrap where the text's length puts them: read it as one line.
    std::string pgn = call(*s, "GET", at(c, "pgn")).text;
    std::replace(pgn.begin(), pgn.end(), '\n', ' ');
    // Each move's evaluation, and instead of 2... Nc6 the engine's 2... Qh4# as a variation.
    EXPECT_NE(pgn.find("[%eval"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("(2... Qh4#"), std::string::npos)
        << pgn << call(*s, "GET", "/api/games/" + c.id).body["tree"].dump();
    // The tree itself is as it was: the review lives in the game's review.
    EXPECT_FALSE(node_of(call(*s, "GET", "/api/games/" + c.id).body, 1).contains("eval"));
}

TEST(ServerTree, AnEngineGameFromANode) {
    auto s = make_service();
    const auto c = create(*s, {{"pgn", "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *"}});
    const int c5 = node_of(c.game, 1)["children"][1];
    const int nf3 = node_of(c.game, c5)["children"][0];
    const Reply r = call(*s, "POST", "/api/games",
                         {{"mode", "engine"},
                          {"color", "white"},
                          {"from", {{"game", c.id}, {"node", nf3}}},
                          {"level", {{"kind", "depth"}, {"depth", 1}}}});
    ASSERT_EQ(r.status, 201) << r.body.dump();
    EXPECT_EQ(line_of(r.body["game"]).at(1), "c5");
    EXPECT_EQ(r.body["game"]["mode"], "engine");
    EXPECT_EQ(line_of(call(*s, "GET", "/api/games/" + c.id).body).size(), 3u);  // unchanged
    EXPECT_EQ(call(*s, "POST", "/api/games", {{"from", {{"game", c.id}, {"node", 99}}}}).status,
              404);
    EXPECT_EQ(call(*s, "POST", "/api/games", {{"from", {{"game", "0123456789abcdef"}}}}).status,
              404);
    EXPECT_EQ(call(*s, "POST", "/api/games", {{"from", 5}}).status, 400);
}

}  // namespace
}  // namespace kibitz::server::server_tree_test
