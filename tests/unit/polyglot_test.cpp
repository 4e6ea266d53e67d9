// Polyglot keys against the test positions of the spec, and the move encoding round trip.
#include "chess/polyglot.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "fen_helpers.h"

namespace kibitz::chess {
namespace {

using test::from_fen;

// Plays space-separated UCI moves from the start position.
Position play(const std::string& moves) {
    Position pos;
    std::istringstream in(moves);
    for (std::string text; in >> text;) {
        auto m = move_from_uci(pos, text);
        EXPECT_TRUE(m.ok()) << text;
        if (!m.ok()) break;
        pos.make(*m);
    }
    return pos;
}

struct SpecCase {
    const char* moves;
    const char* fen;
    std::uint64_t key;
};

// "Test data" of book_format.html: moves from the start, the FEN reached, its key.
const SpecCase kSpecCases[] = {
    {"", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9cULL},
    {"e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196ULL},
    {"e2e4 d7d5", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
     0x0756b94461c50fb0ULL},
    {"e2e4 d7d5 e4e5", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
     0x662fafb965db29d4ULL},
    {"e2e4 d7d5 e4e5 f7f5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
     0x22a48b5a8e47ff78ULL},
    {"e2e4 d7d5 e4e5 f7f5 e1e2", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3",
     0x652a607ca3f242c1ULL},
    {"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4",
     0x00fdd303c946bdd9ULL},
    {"a2a4 b7b5 h2h4 b5b4 c2c4", "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
     0x3c8123ea7b067637ULL},
    {"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3",
     "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4", 0x5c3f9b829b279560ULL},
};

TEST(PolyglotKey, SpecTestPositionsByMoves) {
    for (const auto& c : kSpecCases) {
        const Position pos = play(c.moves);
        EXPECT_EQ(polyglot_key(pos), c.key) << "after '" << c.moves << "'";
        EXPECT_TRUE(pos.same_position(from_fen(c.fen))) << "after '" << c.moves << "'";
    }
}

TEST(PolyglotKey, SpecTestPositionsByFen) {
    for (const auto& c : kSpecCases) EXPECT_EQ(polyglot_key(from_fen(c.fen)), c.key) << c.fen;
}

TEST(PolyglotKey, EnPassantFileCountsEvenWhenTheCaptureIsIllegal) {
    // After ...d7d5 the e5 pawn stands beside d5 but is pinned by the rook on e8: Polyglot
    // still adds the d file, while our own key ignores the illegal capture.
    const Position pinned = from_fen("4r1k1/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    const Position no_ep = from_fen("4r1k1/8/8/3pP3/8/8/8/4K3 w - - 0 2");
    EXPECT_EQ(pinned.ep_square(), kNoSquare);
    EXPECT_EQ(pinned.ep_target(), kD6);
    EXPECT_EQ(polyglot_key(pinned) ^ polyglot_key(no_ep),
              kPolyglotRandom[kPolyglotEnPassantOffset + 3]);
    EXPECT_EQ(pinned.key(), no_ep.key());
}

TEST(PolyglotKey, CastlingFlagsAndTurn) {
    const Position all = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    const Position none = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    const Position black = from_fen("r3k2r/8/8/8/8/8/8/R3K2R b - - 0 1");
    EXPECT_EQ(polyglot_key(all) ^ polyglot_key(none), kPolyglotRandom[768] ^ kPolyglotRandom[769] ^
                                                          kPolyglotRandom[770] ^
                                                          kPolyglotRandom[771]);
    EXPECT_EQ(polyglot_key(none) ^ polyglot_key(black), kPolyglotRandom[kPolyglotTurnOffset]);
}

TEST(PolyglotMove, SpecEncoding) {
    // e2e4: to e4 (file 4, row 3), from e2 (file 4, row 1).
    const Position start;
    EXPECT_EQ(move_to_polyglot(Move(kE2, kE4)), 4 | 3 << 3 | 4 << 6 | 1 << 9);
    EXPECT_EQ(polyglot_to_move(start, 4 | 3 << 3 | 4 << 6 | 1 << 9), Move(kE2, kE4));
    // Promotion pieces: knight 1, bishop 2, rook 3, queen 4.
    EXPECT_EQ(move_to_polyglot(Move(kA7, kA8, Move::kPromotion, kQueen)) >> 12, 4);
    EXPECT_EQ(move_to_polyglot(Move(kA7, kB8, Move::kPromotion, kKnight)) >> 12, 1);
    // Castling as king takes rook: white short e1h1, black long e8a8.
    EXPECT_EQ(move_to_polyglot(Move(kE1, kH1, Move::kCastling)), 7 | 0 << 3 | 4 << 6 | 0 << 9);
    EXPECT_EQ(move_to_polyglot(Move(kE8, kA8, Move::kCastling)), 0 | 7 << 3 | 4 << 6 | 7 << 9);
}

TEST(PolyglotMove, RejectsCodesThatAreNotLegalMoves) {
    const Position start;
    EXPECT_EQ(polyglot_to_move(start, 0), Move::none());                             // a1a1
    EXPECT_EQ(polyglot_to_move(start, 4 | 4 << 3 | 4 << 6 | 1 << 9), Move::none());  // e2e5
    EXPECT_EQ(polyglot_to_move(start, 4 | 3 << 3 | 4 << 6 | 1 << 9 | 4 << 12), Move::none());
    EXPECT_EQ(polyglot_to_move(start, 7 | 4 << 6), Move::none());  // e1h1 blocked
    // A promotion needs its piece, and a bad promotion code is refused.
    const Position promo = from_fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(polyglot_to_move(promo, 0 | 7 << 3 | 0 << 6 | 6 << 9), Move::none());
    EXPECT_EQ(polyglot_to_move(promo, 0 | 7 << 3 | 0 << 6 | 6 << 9 | 5 << 12), Move::none());
    EXPECT_EQ(polyglot_to_move(promo, 0 | 7 << 3 | 0 << 6 | 6 << 9 | 2 << 12),
              Move(kA7, kA8, Move::kPromotion, kBishop));
}

TEST(PolyglotMove, RoundTripsEveryLegalMove) {
    const std::vector<std::pair<std::string, bool>> fens = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
        // Kiwipete: both castlings, en passant after a double push.
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/Pp2P3/2N2Q1p/1PPBBPPP/R3K2R b KQkq a3 0 1", false},
        // Promotions with and without capture, for both sides.
        {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false},
        {"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", false},
        {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", false},
        {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1", false},
        // Chess960: king and rook castling moves on unusual files.
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
        {"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", true},
        {"1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", true},  // king stays on g1 for O-O
        {"rk5r/8/8/8/8/8/8/RK5R b AHah - 0 1", true},    // king b8 moves right for O-O-O
        {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", false},
    };
    int castlings = 0, promotions = 0;
    for (const auto& [fen, chess960] : fens) {
        const Position pos = from_fen(fen, chess960);
        const MoveList moves = legal_moves(pos);
        ASSERT_FALSE(moves.empty()) << fen;
        for (const Move m : moves) {
            const std::uint16_t code = move_to_polyglot(m);
            EXPECT_EQ(polyglot_to_move(pos, code), m) << fen << " " << move_to_uci(pos, m);
            castlings += m.kind() == Move::kCastling;
            promotions += m.kind() == Move::kPromotion;
        }
    }
    EXPECT_GE(castlings, 11);
    EXPECT_GE(promotions, 24);
}

}  // namespace
}  // namespace kibitz::chess
