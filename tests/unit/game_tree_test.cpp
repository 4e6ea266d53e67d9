// The move tree: adding moves and variations, promotion, deletion, truncation, comments, NAGs,
// stable ids, illegal moves; the JSON for the page; rows for the store and back.
#include "server/game_tree.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "chess/movegen.h"
#include "chess/notation.h"

namespace kibitz::server::game_tree_test {
namespace {

// Plays the moves (UCI or SAN) from `at`, each after the previous; the last node's id.
NodeId play(GameTree& tree, NodeId at, std::vector<std::string> moves) {
    for (const auto& m : moves) {
        const auto id = tree.add_move(at, m);
        EXPECT_TRUE(id.ok()) << m << ": " << id.error();
        if (!id) return at;
        at = *id;
    }
    return at;
}

// The SAN of the nodes, space-separated (the root as "*").
std::string sans(const GameTree& tree, const std::vector<NodeId>& ids) {
    std::string s;
    for (const NodeId id : ids) s += (s.empty() ? "" : " ") + (id ? tree.node(id).san : "*");
    return s;
}

TEST(GameTree, MainLineVariationsAndStableIds) {
    GameTree tree;
    EXPECT_EQ(tree.size(), 1u);
    EXPECT_EQ(tree.node(kRootNode).fen, std::string(chess::kStartFen));
    const NodeId e5 = play(tree, kRootNode, {"e2e4", "e5", "Nf3"});
    EXPECT_EQ(e5, 3);
    EXPECT_EQ(sans(tree, tree.mainline()), "* e4 e5 Nf3");
    // The same move again is the same node; another one starts a variation.
    EXPECT_EQ(*tree.add_move(kRootNode, "e4"), 1);
    const NodeId d4 = *tree.add_move(kRootNode, "d2d4");
    EXPECT_EQ(d4, 4);
    EXPECT_EQ(tree.node(kRootNode).children, (std::vector<NodeId>{1, 4}));
    EXPECT_EQ(sans(tree, tree.mainline()), "* e4 e5 Nf3");
    EXPECT_EQ(sans(tree, tree.path(play(tree, d4, {"d5", "c4"}))), "* d4 d5 c4");
    EXPECT_EQ(tree.node(6).ply, 3);
    EXPECT_EQ(tree.node(6).uci, "c2c4");
    EXPECT_EQ(tree.node(6).fen, "rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2");
    EXPECT_TRUE(tree.on_mainline(3));
    EXPECT_FALSE(tree.on_mainline(5));
    EXPECT_EQ(tree.nesting(6), 1);
    EXPECT_EQ(tree.mainline_end(), 3);
    EXPECT_EQ(tree.where(2), "the position after 1... e5");
    EXPECT_EQ(tree.where(3), "the position after 2. Nf3");
    EXPECT_EQ(tree.position(6).fen(), tree.node(6).fen);
}

TEST(GameTree, IllegalMovesAndUnknownNodesAreNamed) {
    GameTree tree;
    const NodeId e4 = play(tree, kRootNode, {"e4"});
    auto bad = tree.add_move(e4, "e2e4");
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().find("e2e4"), std::string::npos) << bad.error();
    EXPECT_NE(bad.error().find("after 1. e4"), std::string::npos) << bad.error();
    bad = tree.add_move(e4, "Qh5");
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().find("Qh5"), std::string::npos) << bad.error();
    bad = tree.add_move(e4, chess::Move(chess::kE7, chess::kE4));
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().find("e7e4 is illegal"), std::string::npos) << bad.error();
    bad = tree.add_move(42, "e5");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error(), "no node 42 in this game");
    EXPECT_EQ(tree.add_move(e4, "").error(), "no move given");
    EXPECT_FALSE(tree.remove(kRootNode).ok());
    EXPECT_FALSE(tree.toggle_nag(kRootNode, 1).ok());
    EXPECT_FALSE(tree.set_comment(kRootNode, "x", true).ok());
    EXPECT_FALSE(GameTree::create("8/8/8/8 w - - 0 1").ok());
    EXPECT_EQ(tree.size(), 2u);
}

TEST(GameTree, PromoteOneLevelAndToTheMainLine) {
    GameTree tree;
    play(tree, kRootNode, {"e4", "e5", "Nf3", "Nc6"});  // 1..4
    const NodeId c5 = play(tree, 1, {"c5"});            // 5: 1... c5
    const NodeId d6 = play(tree, c5, {"Nf3", "d6"});    // 6, 7
    const NodeId e6 = play(tree, 6, {"e6"});            // 8: 2... e6 inside the c5 line
    EXPECT_EQ(tree.nesting(e6), 2);
    // One level: the nearest branching point only.
    ASSERT_TRUE(tree.promote(e6, false).ok());
    EXPECT_EQ(tree.node(6).children, (std::vector<NodeId>{e6, d6}));
    EXPECT_EQ(tree.nesting(e6), 1);
    EXPECT_EQ(sans(tree, tree.mainline()), "* e4 e5 Nf3 Nc6");
    // To the main line: every branching point on the way.
    ASSERT_TRUE(tree.promote(d6).ok());
    EXPECT_EQ(sans(tree, tree.mainline()), "* e4 c5 Nf3 d6");
    EXPECT_EQ(tree.node(1).children, (std::vector<NodeId>{c5, 2}));
    EXPECT_EQ(tree.node(6).children, (std::vector<NodeId>{d6, e6}));
    EXPECT_EQ(tree.nesting(4), 1);
    // Promoting a main-line node changes nothing.
    ASSERT_TRUE(tree.promote(d6).ok());
    EXPECT_EQ(sans(tree, tree.mainline()), "* e4 c5 Nf3 d6");
    EXPECT_FALSE(tree.promote(99).ok());
}

TEST(GameTree, RemoveAndTruncateNeverReuseIds) {
    GameTree tree;
    play(tree, kRootNode, {"e4", "e5", "Nf3", "Nc6", "Bb5"});  // 1..5
    play(tree, 2, {"Bc4", "Bc5"});                             // 6, 7
    play(tree, 1, {"c5", "Nf3"});                              // 8, 9
    EXPECT_EQ(tree.size(), 10u);
    ASSERT_TRUE(tree.remove(8).ok());  // the Sicilian with its continuation
    EXPECT_FALSE(tree.contains(8));
    EXPECT_FALSE(tree.contains(9));
    EXPECT_EQ(tree.node(1).children, (std::vector<NodeId>{2}));
    EXPECT_EQ(tree.size(), 8u);
    EXPECT_FALSE(tree.remove(8).ok());
    // Take back to after 2. Nf3: the main line and the variation there go.
    ASSERT_TRUE(tree.truncate(2).ok());
    EXPECT_EQ(sans(tree, tree.mainline()), "* e4 e5");
    EXPECT_EQ(tree.size(), 3u);
    EXPECT_EQ(tree.ids(), (std::vector<NodeId>{0, 1, 2}));
    EXPECT_EQ(*tree.add_move(2, "Nf3"), 10);  // a new id, not 3
    EXPECT_EQ(tree.next_id(), 11);
    // Removing a main-line move makes the next variation the main line.
    play(tree, 1, {"c5"});  // 11
    ASSERT_TRUE(tree.remove(2).ok());
    EXPECT_EQ(sans(tree, tree.mainline()), "* e4 c5");
}

TEST(GameTree, CommentsAndNags) {
    GameTree tree;
    const NodeId e4 = play(tree, kRootNode, {"e4"});
    ASSERT_TRUE(tree.set_comment(e4, "Best by test.").ok());
    ASSERT_TRUE(tree.set_comment(e4, "Now:", true).ok());
    ASSERT_TRUE(tree.set_comment(kRootNode, "A game.").ok());
    EXPECT_EQ(tree.node(e4).comment_after, "Best by test.");
    EXPECT_EQ(tree.node(e4).comment_before, "Now:");
    EXPECT_EQ(tree.node(kRootNode).comment_after, "A game.");
    const auto bad = tree.set_comment(e4, "\xff");
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().find("not UTF-8"), std::string::npos) << bad.error();
    EXPECT_FALSE(tree.set_comment(e4, std::string(chess::kMaxPgnCommentBytes + 1, 'x')).ok());
    EXPECT_EQ(tree.node(e4).comment_after, "Best by test.");

    using Nags = std::vector<int>;
    ASSERT_TRUE(tree.toggle_nag(e4, 1).ok());   // !
    ASSERT_TRUE(tree.toggle_nag(e4, 14).ok());  // +=
    ASSERT_TRUE(tree.toggle_nag(e4, 36).ok());  // initiative: no group
    EXPECT_EQ(tree.node(e4).nags, (Nags{1, 14, 36}));
    ASSERT_TRUE(tree.toggle_nag(e4, 3).ok());  // !! replaces !
    EXPECT_EQ(tree.node(e4).nags, (Nags{14, 36, 3}));
    ASSERT_TRUE(tree.toggle_nag(e4, 18).ok());  // +- replaces +=
    EXPECT_EQ(tree.node(e4).nags, (Nags{36, 3, 18}));
    ASSERT_TRUE(tree.toggle_nag(e4, 3).ok());  // off again
    EXPECT_EQ(tree.node(e4).nags, (Nags{36, 18}));
    EXPECT_FALSE(tree.toggle_nag(e4, 0).ok());
    EXPECT_FALSE(tree.toggle_nag(e4, 256).ok());
    ASSERT_TRUE(tree.set_nags(e4, {2, 4}).ok());
    EXPECT_EQ(tree.node(e4).nags, (Nags{2, 4}));
    EXPECT_FALSE(tree.set_nags(e4, {300}).ok());
}

TEST(GameTree, ClocksEvalsBookAndBestLines) {
    GameTree tree;
    const NodeId e4 = play(tree, kRootNode, {"e4"});
    ASSERT_TRUE(tree.set_clock(e4, 298000, 2000).ok());
    ASSERT_TRUE(tree.set_eval(e4, Eval{35, 0}, 18).ok());
    ASSERT_TRUE(tree.set_book(e4, true).ok());
    ASSERT_TRUE(tree.set_best(e4, {"d2d4", "d7d5"}).ok());
    const TreeNode& n = tree.node(e4);
    EXPECT_EQ(n.clock, 298000);
    EXPECT_EQ(n.think, 2000);
    EXPECT_EQ(n.eval, (Eval{35, 0}));
    EXPECT_EQ(n.depth, 18);
    EXPECT_TRUE(n.book);
    EXPECT_EQ(n.best, (std::vector<std::string>{"d2d4", "d7d5"}));
    const auto bad = tree.set_best(e4, {"d2d4", "d2d4"});
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().find("move 2"), std::string::npos) << bad.error();
}

TEST(GameTree, PositionsKeepTheirHistoryForRepetitions) {
    GameTree tree;
    const NodeId last =
        play(tree, kRootNode, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"});
    EXPECT_EQ(tree.position(last).repetition_count(), 3);
    const NodeId side = play(tree, 4, {"e4"});
    EXPECT_EQ(tree.position(side).repetition_count(), 1);
}

TEST(GameTree, StartsFromFenAndChess960) {
    auto tree = GameTree::create("4k3/8/8/8/8/8/8/4K2R w K - 0 30");
    ASSERT_TRUE(tree.ok()) << tree.error();
    EXPECT_EQ(tree->node(kRootNode).ply, 58);
    const NodeId castle = play(*tree, kRootNode, {"O-O"});
    EXPECT_EQ(tree->node(castle).uci, "e1g1");
    EXPECT_EQ(tree->where(castle), "the position after 30. O-O");

    auto c960 = GameTree::create("3k4/8/8/8/8/8/8/1R1K2R1 w GB - 0 1", true);
    ASSERT_TRUE(c960.ok()) << c960.error();
    EXPECT_TRUE(c960->chess960());
    const NodeId id = play(*c960, kRootNode, {"d1g1"});  // O-O in Chess960: king takes rook
    EXPECT_EQ(c960->node(id).san, "O-O");
    EXPECT_EQ(c960->node(id).uci, "d1g1");
    EXPECT_EQ(c960->node(id).fen, "3k4/8/8/8/8/8/8/1R3RK1 b - - 1 1");
}

// ---------------------------------------------------------------------------------------
// JSON and rows.

GameTree annotated_tree() {
    GameTree tree;
    play(tree, kRootNode, {"e4", "e5", "Nf3", "Nc6"});  // 1..4
    play(tree, 1, {"c5", "Nf3"});                       // 5, 6
    play(tree, 3, {"Nf6"});                             // 7
    EXPECT_TRUE(tree.remove(6).ok());                   // a gap in the ids
    play(tree, 5, {"Nc3"});                             // 8
    EXPECT_TRUE(tree.promote(7, false).ok());           // 2... Nf6 is the main line now
    EXPECT_TRUE(tree.set_comment(kRootNode, "Opening remark").ok());
    EXPECT_TRUE(tree.set_comment(2, "Solid.").ok());
    EXPECT_TRUE(tree.set_comment(5, "Sharper:", true).ok());
    EXPECT_TRUE(tree.set_nags(5, {5, 14}).ok());
    EXPECT_TRUE(tree.set_clock(1, 179500, 500).ok());
    EXPECT_TRUE(tree.set_eval(1, Eval{0, -3}, 22).ok());
    EXPECT_TRUE(tree.set_eval(2, Eval{-20, 0}, 0).ok());
    EXPECT_TRUE(tree.set_book(3, true).ok());
    EXPECT_TRUE(tree.set_best(4, {"g8f6", "d2d4"}).ok());
    return tree;
}

TEST(GameTreeJson, CompactNodes) {
    const GameTree tree = annotated_tree();
    const Json j = tree_json(tree);
    EXPECT_EQ(j["mainline"], Json({0, 1, 2, 3, 7}));
    EXPECT_EQ(j["next_id"], 9);
    ASSERT_EQ(j["nodes"].size(), 8u);
    const Json& root = j["nodes"][0];
    EXPECT_EQ(root["id"], 0);
    EXPECT_TRUE(root["parent"].is_null());
    EXPECT_EQ(root["comment"], "Opening remark");
    EXPECT_EQ(root["children"], Json({1}));
    EXPECT_EQ(j["nodes"][3]["children"], Json({7, 4}));
    EXPECT_FALSE(root.contains("uci"));
    const Json& e4 = j["nodes"][1];
    EXPECT_EQ(e4, Json::parse(R"({"id":1,"parent":0,"ply":1,"uci":"e2e4","san":"e4",
        "fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","children":[2,5],
        "clock":179500,"think":500,"eval":{"mate":-3},"depth":22})"));
    const Json& c5 = j["nodes"][5];
    EXPECT_EQ(c5["id"], 5);
    EXPECT_EQ(c5["comment_before"], "Sharper:");
    EXPECT_EQ(c5["nags"], Json({5, 14}));
    EXPECT_EQ(c5["children"], Json({8}));
    EXPECT_EQ(j["nodes"][3]["book"], true);
    EXPECT_EQ(j["nodes"][4]["best"], Json({"g8f6", "d2d4"}));
    EXPECT_FALSE(j["nodes"][4].contains("comment"));
}

TEST(GameTreeRows, RowsTreeRowsKeepsEverything) {
    const GameTree tree = annotated_tree();
    const auto rows = tree_rows(tree);
    ASSERT_EQ(rows.size(), 8u);
    EXPECT_EQ(rows[0].id, 0);
    EXPECT_EQ(rows[0].comment_after, "Opening remark");
    const NodeRow& c5 = rows[5];
    EXPECT_EQ(c5.id, 5);
    EXPECT_EQ(c5.parent, 1);
    EXPECT_EQ(c5.order, 1);
    EXPECT_EQ(c5.uci, "c7c5");
    EXPECT_EQ(c5.nags, "5 14");
    EXPECT_EQ(rows[4].best, "g8f6 d2d4");

    // Rows in any order rebuild the same tree; next_id keeps the deleted ids unused.
    std::vector<NodeRow> shuffled(rows.rbegin(), rows.rend());
    const auto again = tree_from_rows("", false, shuffled, tree.next_id());
    ASSERT_TRUE(again.ok()) << again.error();
    EXPECT_EQ(tree_rows(*again), rows);
    EXPECT_EQ(tree_json(*again), tree_json(tree));
    EXPECT_EQ(again->next_id(), 9);
    EXPECT_FALSE(again->contains(6));
    // Without next_id, the ids after the largest one are free again.
    EXPECT_EQ(tree_from_rows("", false, rows)->next_id(), 9);
}

TEST(GameTreeRows, ErrorsNameTheFirstBadNode) {
    const auto rows = tree_rows(annotated_tree());
    const auto error_of = [](const std::vector<NodeRow>& r) {
        const auto t = tree_from_rows("", false, r);
        return t.ok() ? std::string("ok") : t.error();
    };
    auto bad = rows;
    bad[3].uci = "e2e4";  // node 3: 2. e4 is not a move after 1... e5 (the pawn stands on e4)
    EXPECT_EQ(error_of(bad).rfind("node 3: ", 0), 0u) << error_of(bad);
    EXPECT_NE(error_of(bad).find("e2e4"), std::string::npos) << error_of(bad);
    bad = rows;
    bad[4].parent = 6;  // a deleted node
    EXPECT_EQ(error_of(bad).rfind("node 4: its parent, node 6,", 0), 0u) << error_of(bad);
    bad = rows;
    bad[2].id = 1;
    EXPECT_EQ(error_of(bad), "node 1: two rows have this id");
    bad = rows;
    bad.erase(bad.begin());
    EXPECT_EQ(error_of(bad), "node 0, the start position, has no row");
    bad = rows;
    bad[5].nags = "5 x";
    EXPECT_EQ(error_of(bad), "node 5: NAG 'x' is not a number");
    bad = rows;
    bad[5].order = 0;  // like node 2's
    EXPECT_NE(error_of(bad).find("order 0 is also that of node"), std::string::npos)
        << error_of(bad);
    bad = rows;
    bad[4].best = "g8f6 e7e5";
    EXPECT_EQ(error_of(bad).rfind("node 4: best line of node 4, move 2:", 0), 0u) << error_of(bad);
    bad = rows;
    bad[1].clock = -7;
    EXPECT_EQ(error_of(bad), "node 1: clock -7 is negative");
    EXPECT_FALSE(tree_from_rows("not a fen", false, rows).ok());
}

// The PGN text of a tree alone.
std::string pgn_of(const GameTree& tree) {
    TreeGame game;
    game.tree = tree;
    return tree_pgn_text(game);
}

// Checks what every tree must satisfy, and that rows and PGN give it back.
void check_tree(const GameTree& tree, const std::string& where) {
    const auto ids = tree.ids();
    ASSERT_EQ(ids.size(), tree.size()) << where;
    for (const NodeId id : ids) {
        const TreeNode& n = tree.node(id);
        ASSERT_EQ(n.id, id) << where;
        for (const NodeId c : n.children) {
            ASSERT_TRUE(tree.contains(c)) << where;
            ASSERT_EQ(tree.node(c).parent, id) << where;
            ASSERT_GT(c, id) << where;
        }
    }
    const auto again = tree_from_rows("", false, tree_rows(tree), tree.next_id());
    ASSERT_TRUE(again.ok()) << where << ": " << again.error();
    ASSERT_EQ(tree_json(*again), tree_json(tree)) << where;
    const std::string text = pgn_of(tree);
    chess::PgnReader reader(text);
    auto read = reader.next();
    ASSERT_TRUE(read && read->ok()) << where << "\n" << text;
    const auto imported = tree_from_pgn(**read);
    ASSERT_TRUE(imported.ok()) << where;
    ASSERT_EQ(imported->tree.size(), tree.size()) << where;
    ASSERT_EQ(pgn_of(imported->tree), text) << where;
}

TEST(GameTree, RandomEditsKeepRowsAndPgnFaithful) {
    std::mt19937 rng(2024);
    const auto pick = [&](std::size_t n) { return std::size_t(rng() % n); };
    GameTree tree;
    for (int step = 0; step < 600; ++step) {
        const auto ids = tree.ids();
        const NodeId at = ids[pick(ids.size())];
        const std::string where = "step " + std::to_string(step) + " at node " + std::to_string(at);
        switch (pick(10)) {
            case 0: ASSERT_TRUE(tree.promote(at, pick(2) == 0).ok()) << where; break;
            case 1:
                if (at != kRootNode && pick(4) == 0) {
                    ASSERT_TRUE(tree.remove(at).ok()) << where;
                } else if (pick(4) == 0) {
                    ASSERT_TRUE(tree.truncate(at).ok()) << where;
                }
                break;
            case 2: {
                const bool before = at != kRootNode && pick(2) == 0;
                ASSERT_TRUE(tree.set_comment(at, "c" + std::to_string(step), before).ok());
                break;
            }
            case 3:
                if (at != kRootNode) {
                    ASSERT_TRUE(tree.toggle_nag(at, 1 + int(pick(20))).ok()) << where;
                }
                break;
            case 4:
                if (at != kRootNode) {
                    ASSERT_TRUE(tree.set_clock(at, std::int64_t(pick(600000)), 0).ok());
                    ASSERT_TRUE(tree.set_eval(at, Eval{int(pick(400)) - 200, 0}, 0).ok());
                }
                break;
            default: {
                const auto moves = chess::legal_moves(tree.position(at));
                if (moves.size() == 0) break;
                const auto id = tree.add_move(at, moves[pick(moves.size())]);
                ASSERT_TRUE(id.ok()) << where << ": " << id.error();
            }
        }
        if (step % 50 == 49) check_tree(tree, where);
        if (HasFatalFailure()) return;
    }
    EXPECT_GT(tree.size(), 100u);
}

}  // namespace
}  // namespace kibitz::server::game_tree_test
