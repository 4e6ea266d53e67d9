// The explainer end to end at a small depth: sentences that name the pieces and moves, the JSON
// fields, errors that name the bad input; and the puzzle CSV reader and motif table.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "chess/notation.h"
#include "explain/explain.h"
#include "explain/puzzles.h"
#include "fen_helpers.h"

using namespace kibitz;

namespace {

explain::Explainer shallow() {
    explain::Options options;
    options.search.depth = 4;
    return explain::Explainer(options);
}

bool contains(const std::vector<std::string>& list, const std::string& s) {
    return std::find(list.begin(), list.end(), s) != list.end();
}

}  // namespace

TEST(ExplainText, HangingKnightIsNamedWithItsCapture) {
    auto explainer = shallow();
    const auto e = explainer.explain("4k3/8/8/2n5/8/8/8/1R2K3 b - - 0 1", "c5b3");
    ASSERT_TRUE(e.ok()) << e.error();
    EXPECT_EQ(e->verdict, "blunder");
    EXPECT_TRUE(contains(explain::motif_names(e->motifs), "hangingPiece"));
    EXPECT_NE(e->text.find("1... Nb3 hangs the knight on b3: 2. Rxb3 wins it."), std::string::npos)
        << e->text;
    ASSERT_GE(e->line.size(), 2u);
    EXPECT_EQ(e->line[0], "c5b3");
    EXPECT_EQ(e->line[1], "b1b3");
    const auto j = explain::to_json(*e);
    EXPECT_EQ(j["text"], e->text);
    EXPECT_TRUE(j["motifs"].is_array());
    EXPECT_EQ(j["line"][1], "b1b3");
}

TEST(ExplainText, MateAllowedAndMateMade) {
    auto explainer = shallow();
    const auto allowed = explainer.explain("6k1/5ppp/8/8/4b3/8/7K/R7 b - - 0 1", "Bb1");
    ASSERT_TRUE(allowed.ok()) << allowed.error();
    EXPECT_TRUE(contains(explain::motif_names(allowed->motifs), "backRankMate"));
    EXPECT_NE(allowed->text.find("allows mate in 1: 2. Ra8#"), std::string::npos) << allowed->text;
    const auto made = explainer.explain("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8");
    ASSERT_TRUE(made.ok()) << made.error();
    EXPECT_EQ(made->verdict, "best");
    EXPECT_TRUE(contains(explain::motif_names(made->motifs), "mateIn1"));
    EXPECT_NE(made->text.find("1. Ra8# is checkmate."), std::string::npos) << made->text;
}

TEST(ExplainText, AMissedMateIsNamedOnce) {
    // 1. f3 e5 2. g4, and Black plays 2... Nc6 instead of mating.
    auto explainer = shallow();
    const auto e =
        explainer.explain("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "b8c6");
    ASSERT_TRUE(e.ok()) << e.error();
    EXPECT_NE(e->text.find("Better is 2... Qh4# (mate in 1)."), std::string::npos) << e->text;
    EXPECT_EQ(e->text.find("mate in 1), mate in 1"), std::string::npos) << e->text;
}

TEST(ExplainText, QuietGoodMoveHasNoMotifs) {
    auto explainer = shallow();
    const auto e =
        explainer.explain("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4");
    ASSERT_TRUE(e.ok()) << e.error();
    EXPECT_TRUE(e->motifs.empty());
    EXPECT_FALSE(e->text.empty());
}

TEST(ExplainText, ErrorsNameTheBadInput) {
    auto explainer = shallow();
    const auto bad_fen = explainer.explain("8/8/8 w - - 0 1", "e2e4");
    ASSERT_FALSE(bad_fen.ok());
    EXPECT_NE(bad_fen.error().find("FEN '8/8/8 w - - 0 1'"), std::string::npos) << bad_fen.error();
    const auto bad_move = explainer.explain("6k1/5ppp/8/8/8/8/r7/R5K1 b - - 0 1", "Qd4");
    ASSERT_FALSE(bad_move.ok());
    EXPECT_NE(bad_move.error().find("Qd4"), std::string::npos) << bad_move.error();
}

TEST(ExplainPuzzles, ParsesARowAndRefusesBadOnes) {
    const auto p = explain::parse_puzzle(
        "001Wz,4r1k1/5ppp/r1p5/p1n1RP2/8/2P2N1P/2P3P1/3R2K1 b - - 0 21,e8e5 d1d8 e5e8 d8e8,1118,"
        "82,89,83,backRankMate endgame mate mateIn2 short,https://lichess.org/84RH3LaP/black#42,");
    ASSERT_TRUE(p.ok()) << p.error();
    EXPECT_EQ(p->id, "001Wz");
    EXPECT_EQ(p->moves.size(), 4u);
    EXPECT_TRUE(contains(p->themes, "mateIn2"));
    const auto short_row = explain::parse_puzzle("001Wz,4r1k1/5ppp/8/8/8/8/8/3R2K1 b - - 0 21");
    ASSERT_FALSE(short_row.ok());
    EXPECT_NE(short_row.error().find("found 2"), std::string::npos) << short_row.error();
    const auto illegal = explain::parse_puzzle(
        "x1,4r1k1/5ppp/r1p5/p1n1RP2/8/2P2N1P/2P3P1/3R2K1 b - - 0 21,e8e5 g1g3,1,1,1,1,mate,u,");
    ASSERT_FALSE(illegal.ok());
    EXPECT_NE(illegal.error().find("move 2"), std::string::npos) << illegal.error();
}

TEST(ExplainPuzzles, TableCountsRecallAndPrecision) {
    const auto p = explain::parse_puzzle(
        "001gi,r6r/1pNk1ppp/2np4/b3p3/4P1b1/N1Q5/P4PPP/R3KB1R w KQ - 3 18,c7a8 a5c3,819,119,69,"
        "265,bodenMate hangingPiece mate mateIn1 middlegame oneMove,u,");
    ASSERT_TRUE(p.ok()) << p.error();
    explain::MotifTable table;
    explain::PuzzleAnswer answer;
    answer.setup = {"mateIn1", "fork"};
    answer.solution = {"mateIn2"};
    explain::tally(*p, answer, table);
    const auto& mate1 = table.themes.at("mateIn1");
    EXPECT_EQ(mate1[0].tagged, 1);
    EXPECT_EQ(mate1[0].found, 1);
    EXPECT_EQ(mate1[1].found, 0);
    EXPECT_EQ(table.themes.at("fork")[0].reported, 1);
    EXPECT_EQ(table.themes.at("fork")[0].confirmed, 0);
    EXPECT_EQ(table.themes.at("mateIn2")[1].reported, 1);
    const std::string lines = explain::disagreements(*p, answer);
    EXPECT_NE(lines.find("001gi fork extra setup"), std::string::npos) << lines;
    EXPECT_NE(lines.find("001gi mateIn1 missed solution"), std::string::npos) << lines;
    EXPECT_NE(explain::format_table(table).find("Motif test on 1 puzzles"), std::string::npos);
}

TEST(ExplainText, APromotionTheDefenderDeclinesIsNamed) {
    // Lichess puzzle 01Nbh: after 24... Ra8 25. Rb8+ the search's defender plays 25... Kh7
    // (25... Rxb8 26. axb8=Q+ loses more), so its line never promotes; the threat is the point.
    explain::Explainer explainer;
    const auto e =
        explainer.explain("2r3k1/P4pp1/4p2p/3p4/4n3/2q3P1/2P1QP1P/1R5K b - - 2 24", "c8a8");
    ASSERT_TRUE(e.ok()) << e.error();
    EXPECT_TRUE(contains(explain::motif_names(e->motifs), "promotion")) << e->text;
    EXPECT_NE(e->text.find("25. Rb8+, threatening to promote: 25... Rxb8 26. axb8=Q+"),
              std::string::npos)
        << e->text;
    // A quiet move with no pawn near promotion has no such motif.
    const auto quiet = explainer.explain(chess::kStartFen, "g1f3");
    ASSERT_TRUE(quiet.ok());
    EXPECT_FALSE(contains(explain::motif_names(quiet->motifs), "promotion"));
}

TEST(ExplainText, AGivenBestMoveIsTheOneComparedWith) {
    // A review's search may prefer another good move than the explainer's: the explanation
    // then says "Better is" that move, so that the text and the review's arrow agree.
    const chess::Position start =
        test::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    explain::Explainer explainer;
    const chess::Move f3 = *chess::move_from_uci(start, "f2f3");
    const chess::Move c3 = *chess::move_from_uci(start, "b1c3");
    const explain::Explanation e = explainer.explain(start, f3, nullptr, chess::Move::none(), c3);
    EXPECT_EQ(e.best_uci, "b1c3");
    EXPECT_EQ(e.best_san, "Nc3");
    EXPECT_EQ(e.best_line.front(), "b1c3");
    EXPECT_NE(e.best_text.find("Better is 1. Nc3"), std::string::npos) << e.best_text;
    // An illegal or missing one leaves the explainer's own choice.
    const explain::Explanation own = explainer.explain(start, f3);
    EXPECT_EQ(
        explainer.explain(start, f3, nullptr, chess::Move::none(), chess::Move::none()).best_uci,
        own.best_uci);
}

TEST(ExplainText, OnlyGoodMoveFollowsTheLichessRule) {
    using explain::Line;
    const auto mate_in = [](int n) { return search::Score(search::kMate - (2 * n - 1)); };
    EXPECT_TRUE(explain::only_good_move({}));
    EXPECT_TRUE(explain::only_good_move({Line{50, {}}}));  // a single legal move
    EXPECT_TRUE(explain::only_good_move({Line{600, {}}, Line{50, {}}}));
    EXPECT_FALSE(explain::only_good_move({Line{600, {}}, Line{450, {}}}));
    EXPECT_FALSE(explain::only_good_move({Line{-100, {}}, Line{-150, {}}}));
    EXPECT_TRUE(explain::only_good_move({Line{mate_in(1), {}}, Line{mate_in(1), {}}}));
    EXPECT_TRUE(explain::only_good_move({Line{mate_in(2), {}}, Line{300, {}}}));
    EXPECT_FALSE(explain::only_good_move({Line{mate_in(2), {}}, Line{600, {}}}));
    EXPECT_FALSE(explain::only_good_move({Line{mate_in(3), {}}, Line{300, {}}}));
    EXPECT_FALSE(explain::only_good_move({Line{mate_in(5), {}}, Line{mate_in(6), {}}}));
}

TEST(ExplainText, SearchLinesGivesTheBestLinesInOrder) {
    explain::LineSearcher searcher({.depth = 4});
    // White takes the rook with the queen or the knight; a quiet move is far worse.
    const auto pos = test::from_fen("4k3/8/8/3r4/8/4N3/8/3QK3 w - - 0 1");
    const auto lines = searcher.search_lines(pos, 3);
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_GE(lines[0].score, lines[1].score);
    EXPECT_GE(lines[1].score, lines[2].score);
    EXPECT_NE(lines[0].pv.front(), lines[1].pv.front());
    EXPECT_EQ(lines[0].pv.front().to(), chess::Square(chess::make_square(3, 4)));  // takes on d5
    // One legal move: one line; none: no line.
    EXPECT_EQ(searcher.search_lines(test::from_fen("k7/8/1Q6/8/8/8/8/7K b - - 0 1"), 2).size(), 0u);
    EXPECT_EQ(searcher.search_lines(test::from_fen("7k/5K2/8/8/8/8/8/6R1 b - - 0 1"), 2).size(),
              1u);
    // The plain search is the first of these lines.
    EXPECT_EQ(searcher.search(pos).pv.front(), searcher.search_lines(pos, 2).front().pv.front());
}

TEST(ExplainText, AForcedLineEndsAtTheFirstMoveWithARival) {
    explain::LineSearcher searcher({.depth = 4});
    // White queens on b8 at its third move; at its second, with a queen already on the board,
    // every sensible move wins (mates), so a puzzle would have stopped there.
    const auto pos = test::from_fen("7k/8/1P6/8/8/8/8/2Q1K3 w - - 0 1");
    explain::TacticLine line{pos, {}, 0, 0};
    chess::Position at = pos;
    for (const char* uci : {"b6b7", "h8g8", "c1c2", "g8h8", "b7b8q"}) {
        line.moves.push_back(chess::move_from_uci(at, uci).value());
        at.make(line.moves.back());
    }
    EXPECT_EQ(explain::forced_end(searcher, line, 4), 2);
}

// Lichess puzzle 019uR: 49... Qxf3 50. Qxf3 e2 51. Qc3 e1=Q 52. Qxe1 Rxe1 wins. The search of
// the position stops short of the queen's return and prefers 49... Qd4; the search after
// 49... Qxf3 sees it, so the sacrifice is the best move (not a mistake that "hangs the queen").
TEST(ExplainText, ASacrificeThatScoresBetterIsTheBestMove) {
    explain::Explainer explainer;  // the default depth, where the two searches disagree
    const auto e = explainer.explain("8/4r2k/6p1/8/4qPPp/1P2pR1P/P3Q2K/8 b - - 0 49", "e4f3");
    ASSERT_TRUE(e.ok()) << e.error();
    EXPECT_EQ(e->verdict, "best");
    EXPECT_EQ(e->best_uci, "e4f3");
    EXPECT_EQ(e->loss_cp, 0);
    ASSERT_FALSE(e->best_line.empty());
    EXPECT_EQ(e->best_line.front(), "e4f3");
    // The line proves it with the promotion. (Until the 10 M-position refit the text also
    // named the promotion; with the refit's weights it does not, and the rule's recall is
    // measured over the Lichess puzzles in docs/explanations.md instead.)
    EXPECT_NE(std::find(e->line.begin(), e->line.end(), "e2e1q"), e->line.end()) << e->text;
    // Whatever the move, another best move means a loss.
    for (const char* move : {"e4d4", "e4e6", "h7g8"}) {
        const auto other = explainer.explain("8/4r2k/6p1/8/4qPPp/1P2pR1P/P3Q2K/8 b - - 0 49", move);
        ASSERT_TRUE(other.ok()) << other.error();
        if (other->best_uci != other->move_uci) {
            EXPECT_GT(other->loss_cp, 0) << move;
        }
    }
}
