// With only value-preserving features, every search algorithm returns the same root value:
// minimax, alpha-beta, negamax, negamax alpha-beta, NegaScout and MTD(f), on chess positions at
// depths 1-4 and on tic-tac-toe searched to the end.
#include <gtest/gtest.h>

#include "chess/position.h"
#include "engine/chess_game.h"
#include "material_eval.h"
#include "search/mtdf.h"
#include "search/reference.h"
#include "tictactoe.h"

using namespace kibitz;
using search::Score;
using search::Stats;

namespace {

using test::MaterialEval;

struct ZeroEval {
    template <class G>
    Score operator()(const G&) const {
        return 0;
    }
};

template <class G, class E>
void expect_all_equal(G& g, E& eval, int depth, const std::string& what) {
    Stats st;
    const Score mm = search::minimax(g, eval, depth, true, 0, st);
    const Score ab =
        search::alphabeta(g, eval, -search::kInfinite, search::kInfinite, depth, true, 0, st);
    const Score nm = search::negamax(g, eval, depth, 0, st);
    const Score nab =
        search::negamax_alphabeta(g, eval, -search::kInfinite, search::kInfinite, depth, 0, st);
    const Score ns =
        search::negascout(g, eval, -search::kInfinite, search::kInfinite, depth, 0, st);
    search::TranspositionTable tt(1);
    const Score mtd = search::mtdf(g, eval, tt, 0, depth, st);
    EXPECT_EQ(ab, mm) << what;
    EXPECT_EQ(nm, mm) << what;
    EXPECT_EQ(nab, mm) << what;
    EXPECT_EQ(ns, mm) << what;
    EXPECT_EQ(mtd, mm) << what;
}

}  // namespace

TEST(SearchEquivalence, TicTacToeToTheEnd) {
    test::TicTacToe g;
    ZeroEval eval;
    expect_all_equal(g, eval, 9, "empty board");
    Stats st;
    EXPECT_EQ(search::negamax(g, eval, 9, 0, st), search::kDraw);  // perfect play draws
    // After X corner, O edge-adjacent (a known loss for O): X to move wins.
    g.make({0});
    g.make({1});
    expect_all_equal(g, eval, 7, "corner / edge");
    EXPECT_GT(search::negamax(g, eval, 7, 0, st), search::kMateBound);
}

TEST(SearchEquivalence, ChessPositionsDepth1To4) {
    const struct {
        const char* fen;
        int max_depth;
    } cases[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4},
        {"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 3},  // Qxf7#
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4},
        {"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 4},  // back-rank mate in 1
        {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 4},
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2},
        {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 3},  // stalemate: no moves
    };
    MaterialEval eval;
    for (const auto& c : cases) {
        engine::ChessGame g(chess::Position::from_fen(c.fen).value());
        for (int depth = 1; depth <= c.max_depth; ++depth)
            expect_all_equal(g, eval, depth,
                             std::string(c.fen) + " depth " + std::to_string(depth));
    }
}

TEST(SearchEquivalence, MateScoresCarryTheDistance) {
    MaterialEval eval;
    Stats st;
    engine::ChessGame mate1(
        chess::Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").value());
    chess::Move best;
    EXPECT_EQ(search::negamax(mate1, eval, 2, 0, st, &best), search::mate_in(1));
    EXPECT_EQ(best, chess::Move(chess::kD1, chess::kD8));
    engine::ChessGame stalemate(
        chess::Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").value());
    EXPECT_EQ(search::negamax(stalemate, eval, 3, 0, st), search::kDraw);
}

TEST(SearchEquivalence, AlphaBetaVisitsFewerNodes) {
    MaterialEval eval;
    engine::ChessGame g(chess::Position::from_fen(chess::kStartFen).value());
    Stats mm, ab;
    search::negamax(g, eval, 4, 0, mm);
    search::negamax_alphabeta(g, eval, -search::kInfinite, search::kInfinite, 4, 0, ab);
    // perft(4) = 197,281 positions at ply 4; 8 are checkmates and 16 repeat the start
    // position (knights out and back), so the evaluator scores the other 197,257.
    EXPECT_EQ(mm.leaves, 197257u);
    EXPECT_LT(ab.nodes, mm.nodes);
}
