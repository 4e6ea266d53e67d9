// The move tree and PGN: [%clk] and [%eval] commands, import of everything a game holds, export
// options, and import -> export -> import without loss on every game of data/games/ and on the
// hand-annotated games of tests/data/pgn/ (nested variations, NAGs, clocks, evals, a FEN start,
// Chess960).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "server/game_tree.h"

namespace kibitz::server {
namespace {

namespace fs = std::filesystem;

std::vector<chess::PgnGame> read_games(std::string_view text) {
    std::vector<chess::PgnGame> games;
    chess::PgnReader reader(text);
    while (auto g = reader.next()) {
        EXPECT_TRUE(g->ok()) << g->error();
        if (*g) games.push_back(std::move(**g));
    }
    return games;
}

chess::PgnGame read_one(std::string_view text) {
    auto games = read_games(text);
    EXPECT_EQ(games.size(), 1u) << text;
    return games.empty() ? chess::PgnGame{} : games.front();
}

std::string file_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    EXPECT_TRUE(in) << path;
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The movetext of an exported game on one line (the export wraps at 80 columns).
std::string movetext(const std::string& pgn) {
    std::string s = pgn.substr(pgn.find("\n\n") + 2);
    std::replace(s.begin(), s.end(), '\n', ' ');
    return s.substr(0, s.size() - 1);
}

TreeGame tree_of(const chess::PgnGame& g) {
    auto t = tree_from_pgn(g);
    EXPECT_TRUE(t.ok()) << t.error();
    return t.ok() ? std::move(*t) : TreeGame{};
}

// Import -> export -> import -> export: the same text twice, the same tree (ids included) and
// the same tags (the export adds the roster's "?" defaults and nothing else). Returns the text.
std::string check_round_trip(const chess::PgnGame& g, const std::string& where) {
    const TreeGame first = tree_of(g);
    const std::string text = tree_pgn_text(first);
    const TreeGame second = tree_of(read_one(text));
    EXPECT_EQ(tree_pgn_text(second), text) << where;
    EXPECT_EQ(tree_json(second.tree), tree_json(first.tree)) << where;
    EXPECT_EQ(second.result, first.result) << where;
    for (const auto& tag : first.tags) {
        const bool kept =
            std::find(second.tags.begin(), second.tags.end(), tag) != second.tags.end();
        EXPECT_TRUE(kept || tag.first == "Result" || tag.first == "SetUp")
            << where << ": tag " << tag.first << " \"" << tag.second << "\" lost";
    }
    EXPECT_EQ(tree_rows(second.tree), tree_rows(first.tree)) << where;
    return text;
}

TEST(GameTreePgn, ClockAndEvalCommands) {
    auto c = split_commands("[%eval 0.35] [%clk 0:04:58] Good move.");
    EXPECT_EQ(c.clock, 298000);
    EXPECT_EQ(c.eval, (Eval{35, 0}));
    EXPECT_EQ(c.depth, 0);
    EXPECT_EQ(c.text, "Good move.");
    c = split_commands("Sharp [%clk 1:02:03.25][%eval #-3] line [%eval 1.5] [%csl Gd4]");
    EXPECT_EQ(c.clock, 3723250);
    EXPECT_EQ(c.eval, (Eval{0, -3}));
    EXPECT_EQ(c.text, "Sharp line [%eval 1.5] [%csl Gd4]");  // only the first of a kind
    c = split_commands("[%eval -1.205,24] [%clk 4:58]");
    EXPECT_EQ(c.eval, (Eval{-121, 0}));
    EXPECT_EQ(c.depth, 24);
    EXPECT_EQ(c.clock, 298000);
    EXPECT_EQ(c.text, "");
    // Malformed commands stay text.
    for (const char* bad : {"[%clk 1:60:00]", "[%clk x]", "[%clk 12]", "[%eval #0]",
                            "[%eval 1.2.3]", "[%eval]", "[%clk 0:01:00 extra]", "[%eval 0.3"}) {
        c = split_commands(bad);
        EXPECT_FALSE(c.clock) << bad;
        EXPECT_FALSE(c.eval) << bad;
        EXPECT_EQ(c.text, bad);
    }
    EXPECT_EQ(clock_command(298000), "[%clk 0:04:58]");
    EXPECT_EQ(clock_command(3723250), "[%clk 1:02:03.25]");
    EXPECT_EQ(clock_command(9500), "[%clk 0:00:09.5]");
    EXPECT_EQ(eval_command(Eval{35, 0}, 0), "[%eval 0.35]");
    EXPECT_EQ(eval_command(Eval{-120, 0}, 18), "[%eval -1.20,18]");
    EXPECT_EQ(eval_command(Eval{-5, 0}, 0), "[%eval -0.05]");
    EXPECT_EQ(eval_command(Eval{0, -3}, 0), "[%eval #-3]");
}

const fs::path kAnnotated =
    fs::path(KIBITZ_SOURCE_DIR) / "tests" / "data" / "pgn" / "annotated.pgn";

TEST(GameTreePgn, ImportKeepsEverything) {
    const auto games = read_games(file_text(kAnnotated));
    ASSERT_EQ(games.size(), 3u);
    const TreeGame game = tree_of(games[0]);
    const GameTree& t = game.tree;
    EXPECT_EQ(game.result, "1-0");
    EXPECT_EQ(game.tags.size(), 11u);
    EXPECT_EQ(game.tags.back(),
              (std::pair<std::string, std::string>{"CustomTag", "kept \"as is\""}));
    EXPECT_EQ(t.node(kRootNode).comment_after, "An opening comment.");
    const auto main = t.mainline();
    ASSERT_EQ(main.size(), 11u);
    const TreeNode& e4 = t.node(main[1]);
    EXPECT_EQ(e4.eval, (Eval{35, 0}));
    EXPECT_EQ(e4.clock, 300000);
    EXPECT_EQ(e4.comment_after, "");
    const TreeNode& c5 = t.node(main[2]);
    EXPECT_EQ(c5.clock, 298500);
    EXPECT_EQ(c5.eval, (Eval{41, 0}));
    EXPECT_EQ(c5.depth, 20);
    EXPECT_EQ(c5.nags, std::vector<int>{2});
    EXPECT_EQ(c5.comment_after, "A second-rate reply?");
    // 1... c5 has two variations: 1... e5 (with a nested one) and 1... e6.
    ASSERT_EQ(e4.children.size(), 3u);
    EXPECT_EQ(t.node(e4.children[1]).san, "e5");
    EXPECT_EQ(t.node(e4.children[1]).comment_after, "Solid.");
    EXPECT_EQ(t.node(e4.children[2]).san, "e6");
    const TreeNode& nf3 = t.node(main[3]);
    EXPECT_EQ(nf3.comment_after, "[%csl Gd4][%cal Gf3d4] arrows stay");
    EXPECT_EQ(t.node(main[4]).nags, std::vector<int>{4});
    EXPECT_EQ(t.node(main[4]).eval, (Eval{-120, 0}));
    EXPECT_EQ(t.node(main[6]).comment_after, "[%emt 0:00:03] time spent stays text");
    EXPECT_EQ(t.node(main[7]).nags, std::vector<int>{3});
    EXPECT_EQ(t.node(main[9]).clock, 3723000);
    EXPECT_EQ(t.node(main[10]).nags, (std::vector<int>{1, 18, 36}));
    // 2... d5 inside 2. f4 inside 1... e5: two variations deep.
    NodeId d5 = kNoNode;
    for (const NodeId id : t.ids())
        if (t.node(id).comment_after == "counter") d5 = id;
    ASSERT_NE(d5, kNoNode);
    EXPECT_EQ(t.nesting(d5), 3);  // 1... e5, then 2. f4, then 2... d5
    EXPECT_EQ(t.node(d5).eval, (Eval{0, -3}));
    EXPECT_EQ(t.where(d5), "the position after 2... d5");

    const std::string text = movetext(tree_pgn_text(game));
    EXPECT_NE(text.find("{An opening comment.} 1. e4 {[%eval 0.35] [%clk 0:05:00]} 1... c5 $2"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("{[%eval 0.41,20] [%clk 0:04:58.5] A second-rate reply?}"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("(2... d5 $5 {[%eval #-3] counter} 3. exd5)"), std::string::npos) << text;
    EXPECT_NE(tree_pgn_text(game).find("[CustomTag \"kept \\\"as is\\\"\"]"), std::string::npos);

    const TreeGame from_fen = tree_of(games[1]);
    EXPECT_EQ(from_fen.tree.start_fen(), "4k3/8/8/8/8/8/4P3/4K2R b K - 3 40");
    EXPECT_EQ(from_fen.tree.node(kRootNode).ply, 79);
    const std::string fen_text = movetext(tree_pgn_text(from_fen));
    EXPECT_NE(
        tree_pgn_text(from_fen).find("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K2R b K - 3 40\"]"),
        std::string::npos);
    EXPECT_NE(fen_text.find("40... Kd7 {Black first} 41. O-O (41. e4 {[%clk 0:00:09.5]} 41... "
                            "Ke6 (41... Kc6 {deeper} 42. e5 (42. Rh6+ Kd7) 42... Kd5)) 41... Ke6 "
                            "$10 1/2-1/2"),
              std::string::npos)
        << fen_text;

    const TreeGame c960 = tree_of(games[2]);
    EXPECT_TRUE(c960.tree.chess960());
    const auto first = c960.tree.node(kRootNode).children;
    ASSERT_EQ(first.size(), 2u);
    EXPECT_EQ(c960.tree.node(first[0]).uci, "d1g1");
    EXPECT_EQ(c960.tree.node(first[1]).san, "O-O-O");
    EXPECT_NE(movetext(tree_pgn_text(c960))
                  .find("1. O-O {[%eval 0.10]} (1. O-O-O O-O-O) 1... O-O 2. d4 *"),
              std::string::npos)
        << movetext(tree_pgn_text(c960));
}

TEST(GameTreePgn, AnnotatedGamesRoundTrip) {
    const auto games = read_games(file_text(kAnnotated));
    for (std::size_t i = 0; i < games.size(); ++i)
        check_round_trip(games[i], "annotated game " + std::to_string(i + 1));
}

TEST(GameTreePgn, Latin1TextBecomesUtf8) {
    const TreeGame game = tree_of(
        read_one("[Event \"Z\xfcrich 1953\"]\n\n{Gr\xfcnfeld} 1. d4 {caf\xe9 \xe2\x82\xac} *"));
    EXPECT_EQ(game.tags[0].second, "Z\xc3\xbcrich 1953");
    EXPECT_EQ(game.tree.node(kRootNode).comment_after, "Gr\xc3\xbcnfeld");
    // Valid UTF-8 stays as it is; a comment mixing both is read as ISO 8859-1 throughout.
    EXPECT_EQ(game.tree.node(1).comment_after, "caf\xc3\xa9 \xc3\xa2\xc2\x82\xc2\xac");
    const auto rows = tree_rows(game.tree);
    EXPECT_TRUE(tree_from_rows("", false, rows).ok());
    check_round_trip(read_one(tree_pgn_text(game)), "latin-1");
}

TEST(GameTreePgn, ExportOptions) {
    GameTree tree;
    const NodeId e4 = *tree.add_move(kRootNode, "e4");
    const NodeId e5 = *tree.add_move(e4, "e5");
    const NodeId qh5 = *tree.add_move(e5, "Qh5");
    ASSERT_TRUE(tree.set_clock(e4, 60000, 1000).ok());
    ASSERT_TRUE(tree.set_eval(e4, Eval{30, 0}, 12).ok());
    ASSERT_TRUE(tree.set_book(e5, true).ok());
    ASSERT_TRUE(tree.set_comment(e5, "Fine.").ok());
    ASSERT_TRUE(tree.set_best(qh5, {"g1f3", "b8c6"}).ok());
    ASSERT_TRUE(tree.set_best(e5, {"e7e5"}).ok());  // the move played: no variation
    TreeGame game;
    game.tree = tree;
    game.result = "*";
    const std::string plain = tree_pgn_text(game);
    EXPECT_EQ(movetext(plain), "1. e4 {[%eval 0.30,12] [%clk 0:01:00]} 1... e5 {Fine.} 2. Qh5 *");
    PgnExportOptions all;
    all.best_lines = all.book = true;
    const std::string text = tree_pgn_text(game, all);
    EXPECT_EQ(movetext(text),
              "1. e4 {[%eval 0.30,12] [%clk 0:01:00]} 1... e5 {book Fine.} 2. Qh5 (2. Nf3 Nc6) *");
    PgnExportOptions none;
    none.clocks = none.evals = false;
    const std::string bare = tree_pgn_text(game, none);
    EXPECT_EQ(movetext(bare), "1. e4 e5 {Fine.} 2. Qh5 *");
    // A comment before the first move joins the game comment: PGN has one place for both.
    ASSERT_TRUE(game.tree.set_comment(kRootNode, "Game.").ok());
    ASSERT_TRUE(game.tree.set_comment(e4, "Before e4.", true).ok());
    ASSERT_TRUE(game.tree.set_comment(e5, "Before e5.", true).ok());
    EXPECT_EQ(movetext(tree_pgn_text(game, none)),
              "{Game. Before e4.} 1. e4 {Before e5.} 1... e5 {Fine.} 2. Qh5 *");
    check_round_trip(read_one(tree_pgn_text(game)), "comment before the first move");
    // An exported best line is an ordinary variation when read back, and stays as it was.
    const TreeGame again = tree_of(read_one(text));
    EXPECT_EQ(tree_pgn_text(again, all), text);
}

TEST(GameTreePgn, VariationsOfAFirstMoveAreSiblings) {
    // In a tree the alternatives to 1... c5 inside the variation (1... c5 (1... e6)) are moves
    // from the same position as 1... e5 and 1... c5: they are written beside them.
    const TreeGame game = tree_of(read_one("1. e4 e5 (1... c5 {Sicilian} (1... e6) 2. Nf3) *"));
    const auto& replies = game.tree.node(1).children;
    ASSERT_EQ(replies.size(), 3u);
    EXPECT_EQ(game.tree.node(replies[2]).san, "e6");
    EXPECT_EQ(movetext(tree_pgn_text(game)), "1. e4 e5 (1... c5 {Sicilian} 2. Nf3) (1... e6) *");
    check_round_trip(read_one("1. e4 e5 (1... c5 (1... e6) 2. Nf3) *"), "siblings");
}

TEST(GameTreePgn, ProjectGamesRoundTrip) {
    const fs::path dir = fs::path(KIBITZ_SOURCE_DIR) / "data" / "games";
    if (!fs::is_directory(dir)) GTEST_SKIP() << "skipped: no data/games/";
    long games = 0, same_as_pgn_layer = 0, annotated = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() != ".pgn") continue;
        const std::string text = file_text(entry.path());
        chess::PgnReader reader(text);
        while (auto g = reader.next()) {
            if (!*g) continue;  // the one known damaged game (pgn_test.cpp's kKnownMalformed)
            ++games;
            const std::string where =
                entry.path().filename().string() + ":" + std::to_string((*g)->first_line);
            const std::string out = check_round_trip(**g, where);
            // The files hold no [%clk] or [%eval] commands and no alternatives to a variation's
            // own first move (VariationsOfAFirstMoveAreSiblings): the tree writes exactly what
            // the PGN layer writes.
            if (out == chess::write_pgn(**g)) ++same_as_pgn_layer;
            if (out.find('{') != std::string::npos || out.find('(') != std::string::npos)
                ++annotated;
            if (HasFailure()) return;
        }
    }
    EXPECT_EQ(games, 785);
    EXPECT_GT(annotated, 300);
    EXPECT_EQ(same_as_pgn_layer, games);
}

}  // namespace
}  // namespace kibitz::server
