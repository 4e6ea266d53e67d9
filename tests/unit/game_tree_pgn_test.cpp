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
    reader.allow_null_moves(true);  // as the server's import does
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

const fs::path kEdgeCases =
    fs::path(KIBITZ_SOURCE_DIR) / "tests" / "data" / "pgn" / "edge-cases.pgn";

// The node of a line that has this SAN, after `from` (children[0] after children[0]).
NodeId find_san(const GameTree& t, NodeId from, const std::string& san) {
    for (const NodeId id : t.mainline(from))
        if (t.node(id).san == san) return id;
    return kNoNode;
}

TEST(GameTreePgn, NullMovesAreReadKeptAndWrittenBack) {
    const auto games = read_games(file_text(kEdgeCases));
    ASSERT_EQ(games.size(), 3u);
    // 2. Nc3 -- (a variation of 2. Nf3): Black passes; then 3. f4 exf4.
    const TreeGame game = tree_of(games[0]);
    const GameTree& t = game.tree;
    const NodeId e5 = t.mainline()[2];
    ASSERT_EQ(t.node(e5).children.size(), 3u);
    const NodeId nc3 = t.node(e5).children[1];
    ASSERT_EQ(t.node(nc3).children.size(), 1u);
    const TreeNode& pass = t.node(t.node(nc3).children[0]);
    EXPECT_EQ(pass.move, chess::Move::null());
    EXPECT_EQ(pass.san, "--");
    EXPECT_EQ(pass.uci, "0000");
    EXPECT_EQ(pass.comment_after, "What if Black passes?");
    EXPECT_EQ(t.where(pass.id), "the position after 2... --");
    // No piece moves, White is to move again, the clock counts the half-move.
    const chess::Position before = t.position(nc3), after = t.position(pass.id);
    EXPECT_EQ(after.side_to_move(), chess::kWhite);
    EXPECT_EQ(after.halfmove_clock(), before.halfmove_clock() + 1);
    EXPECT_EQ(after.game_ply(), before.game_ply() + 1);
    EXPECT_EQ(after.fen().substr(0, after.fen().find(' ')),
              before.fen().substr(0, before.fen().find(' ')));
    EXPECT_EQ(pass.fen, after.fen());
    EXPECT_NE(find_san(t, pass.id, "exf4"), kNoNode);
    // Z0 in the variation of 3. Bb5 and 0000 / @@@@ in a main line: all written as "--".
    const std::string text = movetext(tree_pgn_text(game));
    EXPECT_NE(text.find("(2. Nc3 -- {What if Black passes?} 3. f4 exf4)"), std::string::npos)
        << text;
    EXPECT_NE(text.find("(3. -- Nf6 4. Nc3 -- 5. d4)"), std::string::npos) << text;
    const TreeGame main_line = tree_of(games[1]);
    EXPECT_EQ(movetext(tree_pgn_text(main_line)), "$1 1. d4 d5 2. -- Nf6 3. -- e6 4. c4 *");
    EXPECT_EQ(main_line.tree.position(main_line.tree.mainline_end()).fen(),
              "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 4");
    // A null move clears the en-passant square (2... f5 allowed 3. exf6).
    const TreeGame ep = tree_of(games[2]);
    const auto line = ep.tree.mainline();
    EXPECT_NE(ep.tree.node(line[4]).fen.find(" w KQkq f6 0 3"), std::string::npos);
    EXPECT_NE(ep.tree.node(line[5]).fen.find(" b KQkq - 1 3"), std::string::npos);
    EXPECT_EQ(ep.tree.node(line[5]).children.size(), 1u);  // 3... Nc6
    // Every game round-trips through PGN, JSON and the store's rows.
    for (std::size_t i = 0; i < games.size(); ++i) {
        check_round_trip(games[i], "edge-case game " + std::to_string(i + 1));
        const TreeGame g = tree_of(games[i]);
        const auto rows = tree_from_rows(g.tree.start_fen(), false, tree_rows(g.tree));
        ASSERT_TRUE(rows.ok()) << rows.error();
        EXPECT_EQ(tree_json(*rows), tree_json(g.tree));
    }
    // The page cannot play a null move: only an import brings one.
    GameTree played;
    EXPECT_FALSE(played.add_move(kRootNode, chess::Move::null()).ok());
    EXPECT_FALSE(played.add_move(kRootNode, "--").ok());
}

TEST(GameTreePgn, NullMovesAreRefusedInCheck) {
    // The reader names the move; without allow_null_moves it refuses every null move.
    chess::PgnReader reader("1. e4 f5 2. Qh5+ -- 3. Qe8# *");
    reader.allow_null_moves(true);
    auto g = reader.next();
    ASSERT_TRUE(g && !*g);
    EXPECT_EQ(
        g->error(),
        "line 1, column 18: move 2... --: a null move is illegal in check (Black is in check)");
    chess::PgnReader strict("1. e4 e5 (1... -- 2. d4) *");
    g = strict.next();
    ASSERT_TRUE(g && !*g);
    EXPECT_EQ(g->error(), "line 1, column 16: move 1... --: null moves are not supported");
    // A game built by hand, and the store's rows, are checked too.
    chess::PgnGame game = read_one("1. e4 f5 2. Qh5+ *");
    chess::PgnMove pass;
    pass.move = chess::Move::null();
    pass.san = "--";
    game.moves.push_back(pass);
    const auto tree = tree_from_pgn(game);
    ASSERT_FALSE(tree.ok());
    EXPECT_EQ(tree.error(),
              "move -- (a null move) is illegal in the position after 2. Qh5+: the side to move "
              "is in check");
    game.moves.pop_back();
    auto rows = tree_rows(tree_of(game).tree);
    NodeRow row;
    row.id = 4;
    row.parent = 3;
    row.uci = "0000";
    rows.push_back(row);
    const auto back = tree_from_rows("", false, rows);
    ASSERT_FALSE(back.ok());
    EXPECT_EQ(back.error(),
              "node 4: a null move (0000) is illegal in check (the position after 2. Qh5+)");
}

TEST(GameTreePgn, NagsBeforeAFirstMoveAreKept) {
    const auto games = read_games(file_text(kEdgeCases));
    ASSERT_EQ(games.size(), 3u);
    // Before the game's first move: the start position's comment and NAGs (the root's).
    const TreeGame game = tree_of(games[0]);
    const GameTree& t = game.tree;
    EXPECT_EQ(t.node(kRootNode).comment_after, "An opening comment.");
    EXPECT_EQ(t.node(kRootNode).nags, std::vector<int>{10});
    EXPECT_TRUE(t.node(t.mainline()[1]).nags_before.empty());
    // Before a variation's first move: its comment_before and nags_before.
    const TreeNode& d4 = t.node(t.node(t.mainline()[2]).children[2]);
    EXPECT_EQ(d4.san, "d4");
    EXPECT_EQ(d4.comment_before, "The idea:");
    EXPECT_EQ(d4.nags_before, (std::vector<int>{140, 36}));
    EXPECT_TRUE(d4.nags.empty());
    const Json json = tree_json(t);
    EXPECT_EQ(json["nodes"][0]["nags"], Json{10});
    EXPECT_EQ(json["nodes"][std::size_t(d4.id)]["nags_before"], (Json{140, 36}));
    EXPECT_EQ(tree_rows(t)[std::size_t(d4.id)].nags, "<140 <36");
    // Written back at the same places.
    const std::string text = movetext(tree_pgn_text(game));
    EXPECT_EQ(text.substr(0, 35), "{An opening comment.} $10 1. e4 e5 ") << text;
    EXPECT_NE(text.find("({The idea:} $140 $36 2. d4 exd4 3. Qxd4 Nc6)"), std::string::npos)
        << text;
    EXPECT_EQ(tree_of(games[1]).tree.node(kRootNode).nags, std::vector<int>{1});
    // A NAG alone in a variation goes to the move before it, as a comment alone does.
    const TreeGame lone = tree_of(read_one("1. e4 ( $5 {hm} ) e5 *"));
    EXPECT_EQ(lone.tree.node(1).nags, std::vector<int>{5});
    EXPECT_EQ(lone.tree.node(1).comment_after, "hm");
    // Bad NAGs in the store's rows are named.
    auto rows = tree_rows(t);
    rows[0].nags = "<3";
    EXPECT_EQ(tree_from_rows("", false, rows).error(),
              "node 0: NAG '<3': the start position has no move");
    rows[0].nags = "<x";
    EXPECT_EQ(tree_from_rows("", false, rows).error(), "node 0: NAG 'x' is not a number");
    rows[0].nags = "256";
    EXPECT_EQ(tree_from_rows("", false, rows).error(), "node 0: NAG 256 is not one from 0 to 255");
}

TEST(GameTreePgn, AResultInAVariationIsNotTheGames) {
    // PGN standard 8.2.6: a movetext has exactly one game termination marker, its last element.
    // One inside a variation (as some editors write) is read and left out; the game's result
    // is the main line's, and the variation's moves stay.
    const auto games = read_games(file_text(kEdgeCases));
    ASSERT_EQ(games.size(), 3u);
    const TreeGame game = tree_of(games[0]);
    EXPECT_EQ(game.result, "*");
    const std::string text = movetext(tree_pgn_text(game));
    EXPECT_NE(text.find("3. f4 exf4) ("), std::string::npos) << text;
    EXPECT_NE(text.find("Qxd4 Nc6) 2... Nc6"), std::string::npos) << text;
    EXPECT_EQ(text.substr(text.size() - 2), " *");
    const TreeGame won =
        tree_of(read_one("1. e4 e5 (1... c5 2. Nf3 0-1) (... 1/2-1/2) 2. Nf3 1-0"));
    EXPECT_EQ(won.result, "1-0");
    EXPECT_EQ(movetext(tree_pgn_text(won)), "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 1-0");
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
