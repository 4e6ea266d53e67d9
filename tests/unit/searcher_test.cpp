// The engine search: finds mates and wins material, agrees with plain alpha-beta when only
// value-preserving features are on, stops at its limits, keeps mate distances.
#include "search/searcher.h"

#include <gtest/gtest.h>

#include "chess/notation.h"
#include "engine/chess_game.h"
#include "exact_features.h"
#include "material_eval.h"
#include "search/reference.h"

using namespace kibitz;
using search::Score;

namespace {

using test::MaterialEval;

constexpr search::Features kExact = test::kExactFeatures;

template <search::Features F = search::Features{}>
std::pair<std::string, Score> best(const char* fen, int depth) {
    engine::ChessGame g(chess::Position::from_fen(fen).value());
    search::TranspositionTable tt(4);
    std::atomic<bool> stop{false};
    search::Searcher<engine::ChessGame, MaterialEval, F> s(tt, stop);
    search::Limits limits;
    limits.depth = depth;
    const chess::Move m = s.think(g, limits);
    return {chess::move_to_uci(g.position(), m), s.score()};
}

}  // namespace

TEST(Searcher, FindsMates) {
    const auto [move, score] = best("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 4);
    EXPECT_EQ(move, "d1d8");
    EXPECT_EQ(score, search::mate_in(1));
    // Mate in 2: 1. Nf6+ gxf6 2. Bxf7#.
    const auto [m2, s2] =
        best("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 5);
    EXPECT_EQ(m2, "d5f6");
    EXPECT_EQ(s2, search::mate_in(3));
}

TEST(Searcher, WinsMaterial) {
    // The knight forks king and rook.
    const auto [move, score] = best("4k3/8/8/1N6/2r5/8/7P/4K3 w - - 0 1", 6);
    EXPECT_EQ(move, "b5d6");
    EXPECT_GT(score, 100);
}

TEST(Searcher, ExactFeaturesMatchAlphaBeta) {
    const char* fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    };
    MaterialEval eval;
    for (const char* fen : fens) {
        for (int depth = 1; depth <= 4; ++depth) {
            engine::ChessGame g(chess::Position::from_fen(fen).value());
            search::Stats st;
            const Score expected = search::negamax_alphabeta(g, eval, -search::kInfinite,
                                                             search::kInfinite, depth, 0, st);
            EXPECT_EQ(best<kExact>(fen, depth).second, expected) << fen << " depth " << depth;
        }
    }
}

TEST(Searcher, StopsAtNodeLimit) {
    engine::ChessGame g(chess::Position::from_fen(chess::kStartFen).value());
    search::TranspositionTable tt(4);
    std::atomic<bool> stop{false};
    search::Searcher<engine::ChessGame, MaterialEval> s(tt, stop);
    search::Limits limits;
    limits.nodes = 20000;
    const chess::Move m = s.think(g, limits);
    EXPECT_TRUE(g.position().is_legal(m));
    EXPECT_LT(s.nodes(), 40000u);
    EXPECT_EQ(g.position().fen(), std::string(chess::kStartFen));  // the position is restored
}

TEST(Searcher, NoLegalMoveGivesNoMove) {
    engine::ChessGame g(chess::Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").value());
    search::TranspositionTable tt(1);
    std::atomic<bool> stop{false};
    search::Searcher<engine::ChessGame, MaterialEval> s(tt, stop);
    EXPECT_EQ(s.think(g, search::Limits{}), chess::Move{});
}
