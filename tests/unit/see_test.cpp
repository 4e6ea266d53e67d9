// SEE on hand-checked exchanges, and gives_check against making the move.
#include "chess/see.h"

#include <gtest/gtest.h>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "core/rng.h"

using namespace kibitz::chess;

namespace {

int see_of(const char* fen, const char* uci) {
    const Position pos = Position::from_fen(fen).value();
    return see(pos, move_from_uci(pos, uci).value());
}

}  // namespace

TEST(See, SimpleExchanges) {
    // Rook takes an undefended pawn.
    EXPECT_EQ(see_of("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"), 100);
    // Knight takes a pawn defended by a pawn... and a queen x-ray behind: loses the knight.
    EXPECT_EQ(see_of("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5"), -220);
    // Pawn takes a knight: undefended, then defended by a pawn.
    EXPECT_EQ(see_of("4k3/8/3n4/4P3/8/8/8/4K3 w - - 0 1", "e5d6"), 320);
    EXPECT_EQ(see_of("4k3/2p5/3n4/4P3/8/8/8/4K3 w - - 0 1", "e5d6"), 320 - 100);
    // Quiet move to an attacked square loses the piece.
    EXPECT_EQ(see_of("4k3/8/8/3p4/8/8/8/2B1K3 w - - 0 1", "c1f4"), 0);
    EXPECT_EQ(see_of("4k3/8/8/4p3/8/8/8/2B1K3 w - - 0 1", "c1f4"), -330);
    // Rook takes a queen; the king recaptures only when the square is not defended.
    EXPECT_EQ(see_of("k2r4/8/8/8/8/8/8/3QK3 b - - 0 1", "d8d1"), 950 - 500);
    EXPECT_EQ(see_of("k2r4/8/8/7b/8/8/8/3QK3 b - - 0 1", "d8d1"), 950);
}

TEST(See, PromotionsAndEnPassant) {
    EXPECT_EQ(see_of("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"), 850);
    EXPECT_EQ(see_of("2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"), 850 - 950);
    EXPECT_EQ(see_of("2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7c8q"), 500 + 850);
    EXPECT_EQ(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
}

TEST(GivesCheck, MatchesMakingTheMove) {
    const char* fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    };
    kibitz::core::SplitMix64 rng(7);
    int checked = 0;
    for (const char* fen : fens) {
        for (int game = 0; game < 40; ++game) {
            Position pos = Position::from_fen(fen).value();
            for (int ply = 0; ply < 120; ++ply) {
                const MoveList moves = legal_moves(pos);
                if (moves.empty()) break;
                for (const Move m : moves) {
                    const bool predicted = pos.gives_check(m);
                    const Undo u = pos.make(m);
                    ASSERT_EQ(predicted, pos.in_check()) << fen << " " << move_to_uci(pos, m);
                    pos.unmake(m, u);
                    ++checked;
                }
                pos.make(moves[rng.below(moves.size())]);
            }
        }
    }
    EXPECT_GT(checked, 100000);
}
