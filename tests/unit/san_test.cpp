// SAN: output for tricky cases, the input variants and errors, and a random-playout round trip.
#include "chess/san.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "core/rng.h"
#include "fen_helpers.h"

namespace kibitz::chess {
namespace {

using test::from_fen;

// SAN of the UCI move uci in the position fen.
std::string san_of(const std::string& fen, const std::string& uci) {
    const Position pos = from_fen(fen);
    auto m = move_from_uci(pos, uci);
    EXPECT_TRUE(m.ok()) << uci << " in " << fen;
    return m.ok() ? move_to_san(pos, *m) : "";
}

// UCI of the move that SAN text reads as in fen, or "error: <message>".
std::string uci_of(const std::string& fen, const std::string& san) {
    const Position pos = from_fen(fen);
    auto m = move_from_san(pos, san);
    return m.ok() ? move_to_uci(pos, *m) : "error: " + m.error();
}

const std::string kStart(kStartFen);
const std::string kTwoKnights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
const std::string kTwoRooks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
const std::string kThreeQueens = "8/8/8/7k/8/Q7/8/Q1Q4K w - - 0 1";

TEST(SanOut, PawnsPiecesAndCaptures) {
    EXPECT_EQ(san_of(kStart, "e2e4"), "e4");
    EXPECT_EQ(san_of(kStart, "g1f3"), "Nf3");
    const std::string open = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    EXPECT_EQ(san_of(open, "e4d5"), "exd5");
    EXPECT_EQ(san_of(open, "f1b5"), "Bb5+");
}

TEST(SanOut, Disambiguation) {
    EXPECT_EQ(san_of(kTwoKnights, "b1d2"), "Nbd2");  // by file
    EXPECT_EQ(san_of(kTwoKnights, "f1d2"), "Nfd2");
    EXPECT_EQ(san_of(kTwoKnights, "b1c3"), "Nc3");  // only one knight reaches c3
    EXPECT_EQ(san_of(kTwoRooks, "a1a3"), "R1a3");   // by rank
    EXPECT_EQ(san_of(kTwoRooks, "a5a3"), "R5a3");
    EXPECT_EQ(san_of(kTwoRooks, "a1b1"), "Rb1");
    EXPECT_EQ(san_of(kThreeQueens, "a1b2"), "Qa1b2");  // by both
    EXPECT_EQ(san_of(kThreeQueens, "a3b2"), "Q3b2");
    EXPECT_EQ(san_of(kThreeQueens, "c1b2"), "Qcb2");
    // A pinned knight is no rival: Nh2-g4 needs no disambiguation.
    EXPECT_EQ(san_of("4r1k1/8/8/8/8/4N3/7N/4K3 w - - 0 1", "h2g4"), "Ng4");
    // Captures with disambiguation.
    EXPECT_EQ(san_of("4k3/8/8/3p4/8/2N1N3/8/4K3 w - - 0 1", "c3d5"), "Ncxd5");
}

TEST(SanOut, PromotionsWithCheckAndMate) {
    const std::string back_rank = "6k1/P4ppp/8/8/8/8/8/4K3 w - - 0 1";
    EXPECT_EQ(san_of(back_rank, "a7a8q"), "a8=Q#");
    EXPECT_EQ(san_of(back_rank, "a7a8r"), "a8=R#");
    EXPECT_EQ(san_of(back_rank, "a7a8b"), "a8=B");
    EXPECT_EQ(san_of(back_rank, "a7a8n"), "a8=N");
    const std::string blocked = "1n4k1/P4ppp/8/8/8/8/8/4K3 w - - 0 1";
    EXPECT_EQ(san_of(blocked, "a7b8q"), "axb8=Q#");
    EXPECT_EQ(san_of(blocked, "a7a8q"), "a8=Q");
    EXPECT_EQ(san_of("8/5P1k/8/8/8/8/8/4K3 w - - 0 1", "f7f8n"), "f8=N+");
    EXPECT_EQ(san_of("4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a2a1q"), "a1=Q+");
}

TEST(SanOut, CastlingWithCheck) {
    EXPECT_EQ(san_of("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "O-O+");
    EXPECT_EQ(san_of("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1"), "O-O-O+");
    EXPECT_EQ(san_of("r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "e8g8"), "O-O");
    EXPECT_EQ(san_of("r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "e8c8"), "O-O-O");
}

TEST(SanOut, Chess960Castling) {
    // King f1, rooks b1 and g1: both castlings are "king takes rook" moves.
    const Position pos = from_fen("4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1", true);
    std::set<std::string> castles;
    for (const Move m : legal_moves(pos))
        if (m.kind() == Move::kCastling) castles.insert(move_to_san(pos, m));
    EXPECT_EQ(castles, (std::set<std::string>{"O-O", "O-O-O"}));
    EXPECT_EQ(move_to_uci(pos, *move_from_san(pos, "O-O")), "f1g1");
    EXPECT_EQ(move_to_uci(pos, *move_from_san(pos, "0-0-0")), "f1b1");
}

TEST(SanOut, EnPassantAndMate) {
    const std::string ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    EXPECT_EQ(san_of(ep, "e5d6"), "exd6");
    EXPECT_EQ(uci_of(ep, "exd6 e.p."), "e5d6");
    EXPECT_EQ(uci_of(ep, "exd6e.p."), "e5d6");
    EXPECT_EQ(uci_of(ep, "exd"), "e5d6");
    const std::string scholar =
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    EXPECT_EQ(san_of(scholar, "h5f7"), "Qxf7#");
    // Discovered check by a bishop when the knight moves away; double check.
    EXPECT_EQ(san_of("4k3/8/8/8/8/8/1N6/B3K3 w - - 0 1", "b2d3"), "Nd3");
    EXPECT_EQ(san_of("7k/8/8/8/8/8/1N6/B3K3 w - - 0 1", "b2d3"), "Nd3+");  // discovered
    EXPECT_EQ(move_to_san(Position(), Move::null()), "--");
}

TEST(SanIn, CastlingVariants) {
    const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    for (const char* s : {"O-O", "0-0", "o-o", "O-O+", "0-0!", "e1g1", "e1h1"})
        EXPECT_EQ(uci_of(fen, s), "e1g1") << s;
    for (const char* s : {"O-O-O", "0-0-0", "O-O-O#", "e1c1"})
        EXPECT_EQ(uci_of(fen, s), "e1c1") << s;
    EXPECT_NE(uci_of("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "O-O").find("illegal"), std::string::npos);
}

TEST(SanIn, PromotionVariants) {
    const std::string fen = "k7/4P3/8/8/8/8/8/4K3 w - - 0 1";
    for (const char* s :
         {"e8=Q", "e8Q", "e8q", "e8=q", "e8(Q)", "e8/Q", "e8=Q+", "e7e8q", "e7-e8=Q"})
        EXPECT_EQ(uci_of(fen, s), "e7e8q") << s;
    EXPECT_EQ(uci_of(fen, "e8=N"), "e7e8n");
    EXPECT_EQ(uci_of(fen, "e8b"), "e7e8b");
    EXPECT_NE(uci_of(fen, "e8").find("needs a promotion piece"), std::string::npos);
    EXPECT_NE(uci_of(fen, "e8=K").find("not a move in SAN"), std::string::npos);
    EXPECT_NE(uci_of(kStart, "e4=Q").find("illegal"), std::string::npos);
}

TEST(SanIn, AnnotationsCapturesAndLongForms) {
    for (const char* s : {"Nf3", "Nf3+", "Nf3!", "Nf3?", "Nf3!!", "Nf3??", "Nf3!?", "Nf3?!", "Nf3#",
                          "Ng1f3", "Ng1-f3", "Ngf3", "N1f3", "g1f3", "g1-f3", " Nf3 "})
        EXPECT_EQ(uci_of(kStart, s), "g1f3") << s;
    for (const char* s : {"e4", "e2-e4", "e2e4", "Pe4", "e4!"})
        EXPECT_EQ(uci_of(kStart, s), "e2e4");
    const std::string open = "rnbqkbnr/ppp1pppp/8/3p4/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 2";
    for (const char* s : {"exd5", "ed5", "e:d5", "exd", "ed", "e4xd5", "e4d5", "Pxd5"})
        EXPECT_EQ(uci_of(open, s), "e4d5") << s;
    EXPECT_EQ(uci_of("4k3/8/8/3p4/8/5N2/8/4K3 w - - 0 1", "Nd4"), "f3d4");
    EXPECT_EQ(uci_of("4k3/8/8/8/3p4/5N2/8/4K3 w - - 0 1", "Nd4"), "f3d4");  // 'x' left out
    EXPECT_EQ(uci_of("4k3/8/8/8/3p4/5N2/8/4K3 w - - 0 1", "Nxd4"), "f3d4");
}

TEST(SanIn, Errors) {
    auto err = move_from_san(Position(), "Ke2");
    ASSERT_FALSE(err.ok());
    EXPECT_EQ(err.error(), "move 'Ke2' is illegal in " + kStart);
    err = move_from_san(from_fen(kTwoKnights), "Nd2");
    ASSERT_FALSE(err.ok());
    EXPECT_EQ(err.error(), "move 'Nd2' is ambiguous in " + kTwoKnights + ": could be Nbd2, Nfd2");
    EXPECT_EQ(uci_of(kTwoRooks, "Ra3").substr(0, 30), "error: move 'Ra3' is ambiguous");
    err = move_from_san(Position(), "xyz");
    ASSERT_FALSE(err.ok());
    EXPECT_EQ(err.error(), "move 'xyz' is not a move in SAN (like e4, Nf3, exd5, O-O, e8=Q)");
    EXPECT_FALSE(move_from_san(Position(), "").ok());
    EXPECT_FALSE(move_from_san(Position(), "+").ok());
    EXPECT_FALSE(move_from_san(Position(), "e5").ok());
    EXPECT_FALSE(move_from_san(Position(), "exd").ok());
    EXPECT_FALSE(move_from_san(Position(), "Nf3x").ok());
    EXPECT_FALSE(move_from_san(Position(), "nf3").ok());  // piece letters are upper case
    // Rankless pawn captures only when unambiguous.
    const std::string two = "4k3/8/3p4/4P3/3p4/4P3/8/4K3 w - - 0 1";
    EXPECT_NE(uci_of(two, "exd").find("ambiguous"), std::string::npos);
    EXPECT_EQ(uci_of(two, "exd6"), "e5d6");
    EXPECT_EQ(move_from_san_reason(Position(), "Ke2").error(), "is illegal in " + kStart);
}

TEST(SanLine, NumbersForWhiteAndBlack) {
    Position pos;
    std::vector<Move> moves;
    for (const char* uci : {"e2e4", "e7e5", "g1f3", "b8c6"}) {
        moves.push_back(*move_from_uci(pos, uci));
        pos.make(moves.back());
    }
    EXPECT_EQ(line_to_san(Position(), moves), "1. e4 e5 2. Nf3 Nc6");
    Position after_e4;
    after_e4.make(moves[0]);
    EXPECT_EQ(line_to_san(after_e4, {moves.begin() + 1, moves.end()}), "1... e5 2. Nf3 Nc6");
    EXPECT_EQ(line_to_san(Position(), {moves[1]}), "<illegal: e7e5>");
    const Position late =
        from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 12");
    EXPECT_EQ(line_to_san(late, {*move_from_uci(late, "f1b5")}), "12. Bb5");
}

// Random games from several positions; in every visited position every legal move must read
// back from its SAN, the SANs must differ, and '+'/'#' must agree with making the move.
TEST(SanRoundTrip, RandomPlayouts) {
    const char* fens[] = {
        kStartFen.data(),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  // kiwipete
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",                            // promotions
        "7k/1Q6/8/2N5/8/2N1K3/8/2Q5 w - - 0 1",                               // rival pieces
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",  // Chess960
    };
    core::SplitMix64 rng(20240601);
    long positions = 0, moves_checked = 0;
    for (int game = 0; positions < 100000; ++game) {
        const std::string fen = fens[game % std::size(fens)];
        Position pos = from_fen(fen);
        for (int ply = 0; ply < 160; ++ply) {
            const MoveList legal = legal_moves(pos);
            if (legal.empty()) break;
            ++positions;
            std::set<std::string> seen;
            for (const Move m : legal) {
                const std::string san = move_to_san(pos, m);
                auto back = move_from_san(pos, san);
                ASSERT_TRUE(back.ok()) << san << " in " << pos.fen() << ": " << back.error();
                ASSERT_EQ(*back, m) << san << " in " << pos.fen();
                ASSERT_TRUE(seen.insert(san).second) << "two moves write " << san;
                const Undo u = pos.make(m);
                const char want = !pos.in_check() ? 0 : count_legal_moves(pos) == 0 ? '#' : '+';
                pos.unmake(m, u);
                const char got = san.back() == '+' || san.back() == '#' ? san.back() : 0;
                ASSERT_EQ(got, want) << san << " in " << pos.fen();
                ++moves_checked;
            }
            pos.make(legal[rng.below(legal.size())]);
        }
    }
    EXPECT_GE(positions, 100000);
    RecordProperty("moves_checked", std::to_string(moves_checked));
}

}  // namespace
}  // namespace kibitz::chess
