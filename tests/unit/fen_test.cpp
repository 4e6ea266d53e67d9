// FEN input: every malformed FEN is refused with a message that names the field, and the
// accepted variants (EPD, Shredder-FEN, X-FEN, Chess960, odd counters) read as they should.
#include <gtest/gtest.h>

#include <initializer_list>
#include <iterator>
#include <set>
#include <string>
#include <string_view>

#include "chess/chess960.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "core/rng.h"

namespace kibitz::chess {
namespace {

// Expects fen to be refused with a message containing every one of the given parts.
void expect_error(std::string_view fen, std::initializer_list<std::string_view> parts,
                  bool chess960 = false) {
    const auto pos = Position::from_fen(fen, chess960);
    ASSERT_FALSE(pos.ok()) << "accepted: '" << fen << "' as " << pos->fen();
    for (const std::string_view part : parts)
        EXPECT_NE(pos.error().find(part), std::string::npos)
            << "FEN '" << fen << "'\n  message: " << pos.error() << "\n  lacks: " << part;
}

// Expects fen to be accepted; returns the position.
Position expect_ok(std::string_view fen, bool chess960 = false) {
    auto pos = Position::from_fen(fen, chess960);
    EXPECT_TRUE(pos.ok()) << "refused: '" << fen << "': " << (pos.ok() ? "" : pos.error());
    return pos.ok() ? *pos : Position();
}

// ---- Refused ------------------------------------------------------------------------------

TEST(FenErrors, FieldCount) {
    expect_error("", {"0 fields", "at least 4"});
    expect_error("   \t  ", {"0 fields", "at least 4"});
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", {"1 field", "at least 4"});
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", {"2 fields", "at least 4"});
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", {"3 fields"});
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
                 {"7 fields", "at most 6", "'extra'"});
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ; comment",
                 {"8 fields", "at most 6"});
}

TEST(FenErrors, Kings) {
    expect_error("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
                 {"placement", "Black has 0 kings"});
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
                 {"placement", "White has 0 kings"});
    expect_error("rnbqkbnr/pppkpppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
                 {"placement", "Black has 2 kings"});
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNKQKBNR w - - 0 1",
                 {"placement", "White has 2 kings"});
    expect_error("8/8/8/8/8/8/8/8 w - - 0 1", {"placement", "0 kings"});
}

TEST(FenErrors, RankCount) {
    expect_error("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                 {"placement", "7 ranks", "expected 8"});
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                 {"placement", "more than 8 ranks"});
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1",
                 {"placement", "more than 8 ranks"});
    expect_error("/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                 {"placement", "rank 8 has 0 squares"});
    expect_error("rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                 {"placement", "rank 6 has 0 squares"});
}

TEST(FenErrors, SquaresPerRank) {
    expect_error("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                 {"placement", "rank 7", "more than 8 squares"});
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR1 w KQkq - 0 1",
                 {"placement", "rank 1", "more than 8 squares"});
    expect_error("rnbqkbnr/pppppppp/54/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                 {"placement", "rank 6", "more than 8 squares"});
    expect_error("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                 {"placement", "rank 7 has 7 squares", "expected 8"});
    expect_error("rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                 {"placement", "rank 6 has 7 squares"});
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
                 {"placement", "rank 1 has 7 squares"});
}

TEST(FenErrors, UnknownPieceLetters) {
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
                 {"placement", "unknown character 'X'"});
    expect_error("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                 {"placement", "unknown character '9'"});
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN0 w KQkq - 0 1",
                 {"placement", "unknown character '0'"});
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR-w KQkq - 0 1",
                 {"placement", "unknown character '-'"});
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR. w KQkq - 0 1",
                 {"placement", "unknown character '.'"});
}

TEST(FenErrors, PawnsOnFirstOrLastRank) {
    expect_error("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", {"placement", "pawn on a8"});
    expect_error("4k2p/8/8/8/8/8/8/4K3 w - - 0 1", {"placement", "pawn on h8"});
    expect_error("4k3/8/8/8/8/8/8/p3K3 b - - 0 1", {"placement", "pawn on a1"});
    expect_error("4k3/8/8/8/8/8/8/4K2P w - - 0 1", {"placement", "pawn on h1"});
}

TEST(FenErrors, TooManyPawnsOrPieces) {
    expect_error("rnbqkbnp/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qq - 0 1",
                 {"placement", "Black has more than 8 pawns"});
    expect_error("4k3/pppppppp/8/8/8/N7/PPPPPPPP/NNNNKNNN w - - 0 1",
                 {"placement", "White has more than 16 pieces"});
    expect_ok("4k3/pppppppp/8/8/8/8/PPPPPPPP/NNNNKNNN w - - 0 1");  // 16 is fine
}

TEST(FenErrors, SideToMoveField) {
    const char* base = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR ";
    for (const char* side : {"x", "W", "B", "white", "ww", "-", "0"})
        expect_error(std::string(base) + side + " KQkq - 0 1",
                     {"side to move", "expected 'w' or 'b'", std::string("'") + side + "'"});
}

TEST(FenErrors, SideNotToMoveInCheck) {
    expect_error("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", {"White is to move", "Black's king", "check"});
    expect_error("4k3/8/8/8/8/8/3q4/4K3 b - - 0 1", {"Black is to move", "White's king", "check"});
    expect_error("8/8/8/8/8/8/8/3Kk3 w - - 0 1", {"to move", "check"});  // kings side by side
    expect_ok("4k3/4Q3/8/8/8/8/8/4K3 b - - 0 1");
}

TEST(FenErrors, MoreThanTwoCheckers) {
    expect_error("QQQQkQQQ/QQQQQQQQ/8/8/8/8/8/4K3 b - - 0 1", {"attacked by", "pieces"});
    expect_error("4k3/8/8/8/1b6/5n2/8/4K2r w - - 0 1", {"attacked by 3 pieces"});
    expect_error("4k3/8/8/8/1b6/5n2/5p2/4K2r w - - 0 1", {"attacked by 4 pieces"});
    expect_ok("4k3/8/8/8/8/5n2/8/4K2r w - - 0 1");  // rook and knight: a double check
}

TEST(FenErrors, CastlingWithoutKingOrRook) {
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/";
    expect_error(start + "RNBQKBN1 w KQkq - 0 1", {"castling", "'K'", "no White rook"});
    expect_error(start + "1NBQKBNR w KQkq - 0 1", {"castling", "'Q'", "no White rook"});
    expect_error("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                 {"castling", "'k'", "no Black rook"});
    expect_error("1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                 {"castling", "'q'", "no Black rook"});
    expect_error("4k3/8/8/8/8/8/8/R3K3 b K - 0 1", {"castling", "'K'", "king side"});
    expect_error("r3k2r/8/8/8/8/8/8/4K3 w KQ - 0 1", {"castling", "'K'", "no White rook"});
    expect_error("4k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1", {"castling", "'k'", "no Black rook"});
    // The king is not on its first rank.
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPKPPP/RNBQ1BNR b KQkq - 0 1",
                 {"castling", "'K'", "White's king is not on its first rank"});
    expect_error("rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                 {"castling", "'k'", "Black's king is not on its first rank"});
    // A rook of the other colour does not count; a file letter must name a rook.
    expect_error("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNr w KQq - 0 1",
                 {"castling", "'K'", "no White rook"});
    expect_error(start + "RNBQKBNR w Ee - 0 1", {"castling", "'E'", "no White rook on e1"});
    expect_error(start + "RNBQKBNR w Bb - 0 1", {"castling", "'B'", "no White rook on b1"});
    expect_error(start + "RNBQKBNR w KQkg - 0 1", {"castling", "'g'", "no Black rook on g8"});
}

TEST(FenErrors, CastlingUnknownOrRepeated) {
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ";
    expect_error(start + "KQkqX - 0 1", {"castling", "unknown character 'X'"});
    expect_error(start + "KQkq- - 0 1", {"castling", "unknown character '-'"});
    expect_error(start + "-- - 0 1", {"castling", "unknown character '-'"});
    expect_error(start + "1 - 0 1", {"castling", "unknown character '1'"});
    expect_error(start + "w - 0 1", {"castling", "unknown character 'w'"});
    expect_error(start + "KKkq - 0 1", {"castling", "'K'", "given twice"});
    expect_error(start + "KHkq - 0 1", {"castling", "'H'", "given twice"});
    expect_error(start + "KQkqq - 0 1", {"castling", "'q'", "given twice"});
}

// An unknown castling character must be reported as such, also when the king of the colour its
// case suggests is off its first rank. (Fails today: the parser looks at the king first and
// says "'x': Black's king is not on its first rank".)
TEST(FenErrors, UnknownCastlingCharacterNamedEvenWhenTheKingHasMoved) {
    expect_error("rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQx - 0 1",
                 {"castling", "unknown character 'x'"});
    expect_error("rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ- - 0 1",
                 {"castling", "unknown character '-'"});
}

TEST(FenErrors, EnPassantSquare) {
    // Not a square at all.
    const std::string after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq ";
    for (const char* ep : {"e9", "i3", "e33", "E3", "3e", "e", "--", "0"})
        expect_error(after_e4 + ep + " 0 1",
                     {"en passant", std::string("'") + ep + "'", "not a square"});
    // Wrong rank for the side to move.
    expect_error(after_e4 + "e6 0 1", {"en passant", "e6", "not on rank 3", "Black to move"});
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
                 {"en passant", "not on rank 6", "White to move"});
    expect_error("4k3/8/8/4pP2/8/8/8/4K3 w - e5 0 1", {"en passant", "not on rank 6"});
    // No pawn that just moved two squares.
    expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
                 {"en passant", "needs a White pawn on e4"});
    expect_error("4k3/8/8/4pP2/8/8/8/4K3 w - d6 0 1", {"en passant", "needs a Black pawn on d5"});
    expect_error("4k3/8/8/4PP2/8/8/8/4K3 w - e6 0 1", {"en passant", "needs a Black pawn on e5"});
    expect_error("4k3/8/8/4nP2/8/8/8/4K3 w - e6 0 1", {"en passant", "needs a Black pawn on e5"});
    // The passed square or the pawn's start square is occupied.
    expect_error("rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1",
                 {"en passant", "e3", "must be empty"});
    expect_error("rnbqkbnr/pppppppp/8/8/4P3/8/PPPPNPPP/RNBQKB1R b KQkq e3 0 1",
                 {"en passant", "e2", "must be empty"});
    expect_error("4k3/8/4n3/4pP2/8/8/8/4K3 w - e6 0 1", {"en passant", "must be empty"});
    expect_error("4k3/4n3/8/4pP2/8/8/8/4K3 w - e6 0 1", {"en passant", "must be empty"});
}

TEST(FenErrors, Counters) {
    const std::string base = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ";
    for (const char* hm :
         {"-1", "x", "1.5", "+3", "99999999999999999999", "0x10", "1e3", "1000000001"})
        expect_error(base + hm + " 1",
                     {"halfmove clock", std::string("'") + hm + "'", "not a number"});
    for (const char* fm : {"-1", "x", "1.5", "1000000001", "2147483648", "99999999999999999999"})
        expect_error(base + "0 " + fm,
                     {"fullmove number", std::string("'") + fm + "'", "not a number"});
    // An EPD operation where the counters belong is not a counter.
    expect_error("4k3/8/8/8/8/8/8/R3K2R w Q - bm O-O-O;", {"halfmove clock", "'bm'"});
}

TEST(FenErrors, BinaryGarbage) {
    using namespace std::string_literals;
    expect_error("\x01\x02\x03"s, {"1 field", "at least 4"});
    expect_error("\0\0\0\0 \xff\xfe w - -"s, {"placement", "unknown character"});
    expect_error("\xc3\xa9k3/8/8/8/8/8/8/4K3 w - - 0 1"s, {"placement", "unknown character"});
    expect_error("4k3/8/8/8/8/8/8/4K3 w \xc3\xa9 - 0 1"s, {"castling", "unknown character"});
    expect_error("4k3/8/8/8/8/8/8/4K3 \x80 - - 0 1"s, {"side to move"});
    expect_error("4k3/8/8/8/8/8/8/4K3 w - \x80\x81 0 1"s, {"en passant"});
}

// Random mutations of valid FENs are either refused with a message or accepted as a position
// whose own FEN reads back to the same position (never a crash; also runs under sanitizers).
TEST(FenErrors, MutatedFensNeverCrash) {
    const char* seeds[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    };
    const std::string alphabet = "pnbrqkPNBRQK12345678/ wb-KQkqABCDEFGHabcdefgh0123456789\t\x01";
    core::SplitMix64 rng(7);
    int accepted = 0;
    for (int i = 0; i < 20000; ++i) {
        std::string fen = seeds[rng.below(std::size(seeds))];
        const int edits = 1 + int(rng.below(3));
        for (int e = 0; e < edits; ++e) {
            const std::size_t at = rng.below(fen.size() + 1);
            const char c = alphabet[rng.below(alphabet.size())];
            switch (rng.below(3)) {
                case 0: fen.insert(at, 1, c); break;
                case 1:
                    if (at < fen.size()) fen.erase(at, 1);
                    break;
                default:
                    if (at < fen.size()) fen[at] = c;
            }
        }
        const bool chess960 = rng.below(2) == 0;
        const auto pos = Position::from_fen(fen, chess960);
        if (!pos) {
            EXPECT_FALSE(pos.error().empty()) << fen;
            continue;
        }
        ++accepted;
        const auto again = Position::from_fen(pos->fen(), pos->chess960());
        ASSERT_TRUE(again.ok()) << fen << " -> " << pos->fen() << ": " << again.error();
        EXPECT_EQ(again->fen(), pos->fen()) << fen;
        EXPECT_EQ(again->key(), pos->key()) << fen;
        EXPECT_TRUE(again->same_position(*pos)) << fen;
        EXPECT_EQ(count_legal_moves(*pos), int(legal_moves(*pos).size())) << fen;
    }
    EXPECT_GT(accepted, 300);
}

// ---- Accepted -----------------------------------------------------------------------------

TEST(FenAccepted, StandardStartPosition) {
    const Position pos = expect_ok(kStartFen);
    EXPECT_EQ(pos.fen(), kStartFen);
    EXPECT_EQ(pos.key(), Position().key());
    EXPECT_FALSE(pos.chess960());
    EXPECT_EQ(pos.castling_rook(kWhiteOO), kH1);
    EXPECT_EQ(pos.castling_rook(kWhiteOOO), kA1);
    EXPECT_EQ(pos.castling_rook(kBlackOO), kH8);
    EXPECT_EQ(pos.castling_rook(kBlackOOO), kA8);
}

TEST(FenAccepted, EpdWithFourFields) {
    const Position pos = expect_ok("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    EXPECT_EQ(pos.fen(), kStartFen);
    EXPECT_EQ(pos.epd(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    EXPECT_EQ(pos.halfmove_clock(), 0);
    EXPECT_EQ(pos.fullmove_number(), 1);
    const Position black = expect_ok("4k3/8/8/8/8/8/8/4K3 b - -");
    EXPECT_EQ(black.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    EXPECT_EQ(black.game_ply(), 1);
}

TEST(FenAccepted, Whitespace) {
    EXPECT_EQ(expect_ok("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq - 0 1 \r\n").fen(),
              kStartFen);
    EXPECT_EQ(expect_ok("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw\tKQkq\t-\t0\t1").fen(),
              kStartFen);
}

TEST(FenAccepted, ShredderFenOnAStandardPosition) {
    for (const char* castling : {"HAha", "AHah", "HAkq", "KQha"}) {
        const Position pos = expect_ok(
            std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ") + castling + " - 0 1");
        EXPECT_EQ(pos.fen(), kStartFen) << castling;
        EXPECT_FALSE(pos.chess960()) << castling;
        EXPECT_EQ(pos.key(), Position().key()) << castling;
    }
    const Position some = expect_ok("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Ah - 0 1");
    EXPECT_EQ(some.castling_rights(), kWhiteOOO | kBlackOO);
    EXPECT_EQ(some.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qk - 0 1");
}

TEST(FenAccepted, XFenInnerRooks) {
    // Two rooks on each wing: the file letter names the inner one, KQkq the outer one.
    const Position inner = expect_ok("rr2k1rr/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1");
    EXPECT_TRUE(inner.chess960());
    EXPECT_EQ(inner.castling_rook(kWhiteOO), kG1);
    EXPECT_EQ(inner.castling_rook(kWhiteOOO), kB1);
    EXPECT_EQ(inner.castling_rook(kBlackOO), kG8);
    EXPECT_EQ(inner.castling_rook(kBlackOOO), kB8);
    EXPECT_EQ(inner.fen(), "rr2k1rr/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1");

    const Position outer = expect_ok("rr2k1rr/8/8/8/8/8/8/RR2K1RR w KQkq - 0 1");
    EXPECT_EQ(outer.castling_rook(kWhiteOO), kH1);
    EXPECT_EQ(outer.castling_rook(kWhiteOOO), kA1);
    EXPECT_EQ(outer.fen(), "rr2k1rr/8/8/8/8/8/8/RR2K1RR w KQkq - 0 1");

    const Position mixed = expect_ok("rr2k1rr/8/8/8/8/8/8/RR2K1RR w KBkb - 0 1");
    EXPECT_EQ(mixed.castling_rook(kWhiteOO), kH1);
    EXPECT_EQ(mixed.castling_rook(kWhiteOOO), kB1);
    EXPECT_EQ(mixed.fen(), "rr2k1rr/8/8/8/8/8/8/RR2K1RR w KBkb - 0 1");
}

TEST(FenAccepted, Chess960CastlingFields) {
    const char* shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    const char* xfen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9";
    for (const bool flag : {false, true}) {
        const Position a = expect_ok(shredder, flag);
        const Position b = expect_ok(xfen, flag);
        EXPECT_TRUE(a.chess960());  // the king on g1 asks for it
        EXPECT_EQ(a.castling_rook(kWhiteOO), kH1);
        EXPECT_EQ(a.castling_rook(kWhiteOOO), kF1);
        EXPECT_EQ(a.castling_rook(kBlackOO), kH8);
        EXPECT_EQ(a.castling_rook(kBlackOOO), kF8);
        EXPECT_EQ(a.fen(), xfen);
        EXPECT_EQ(b.fen(), xfen);
        EXPECT_EQ(a.key(), b.key());
        EXPECT_EQ(a.fullmove_number(), 9);
        EXPECT_EQ(a.halfmove_clock(), 2);
    }
    // A Chess960 start position with the king on b1 and a rook on each side.
    const Position b1 = expect_ok("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1");
    EXPECT_TRUE(b1.chess960());
    EXPECT_EQ(b1.castling_rook(kWhiteOO), kC1);
    EXPECT_EQ(b1.castling_rook(kWhiteOOO), kA1);
    // The standard position read as Chess960 stays Chess960 and writes KQkq.
    const Position std960 = expect_ok(kStartFen, true);
    EXPECT_TRUE(std960.chess960());
    EXPECT_EQ(std960.fen(), kStartFen);
}

TEST(FenAccepted, EnPassantWithoutLegalCaptureIsDropped) {
    // No black pawn can capture on e3.
    const Position none = expect_ok("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    EXPECT_EQ(none.ep_square(), kNoSquare);
    EXPECT_EQ(none.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(none.key(),
              expect_ok("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").key());
    // A black pawn stands beside e4 but is pinned along the rank: the capture is illegal.
    const Position pinned = expect_ok("8/8/8/8/k2Pp2R/8/8/4K3 b - d3 0 1");
    EXPECT_EQ(pinned.ep_square(), kNoSquare);
    EXPECT_EQ(pinned.ep_target(), kD3);
    EXPECT_EQ(pinned.fen(), "8/8/8/8/k2Pp2R/8/8/4K3 b - - 0 1");
    // A legal capture keeps the square.
    const Position legal =
        expect_ok("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3");
    EXPECT_EQ(legal.ep_square(), kE3);
    EXPECT_EQ(legal.fen(), "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3");
    EXPECT_NE(legal.key(),
              expect_ok("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3").key());
}

TEST(FenAccepted, Counters) {
    const Position zero = expect_ok("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0");
    EXPECT_EQ(zero.fullmove_number(), 1);
    EXPECT_EQ(zero.fen(), kStartFen);
    const Position late = expect_ok("4k3/8/8/8/8/8/8/4K3 b - - 99 60");
    EXPECT_EQ(late.halfmove_clock(), 99);
    EXPECT_EQ(late.fullmove_number(), 60);
    EXPECT_EQ(late.game_ply(), 119);
    EXPECT_EQ(late.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 99 60");
    EXPECT_EQ(expect_ok("4k3/8/8/8/8/8/8/4K3 w - - 10000 100000").fen(),
              "4k3/8/8/8/8/8/8/4K3 w - - 10000 100000");
}

// A position reached by playing on from an accepted FEN writes a FEN that reads back.
TEST(FenAccepted, CountersBeyondTheLimitsReadBackAfterMoves) {
    Position pos = expect_ok("4k3/8/8/8/8/8/8/4K2R w K - 10000 100000");
    for (const Move m : {Move(kH1, kH2), Move(kE8, kD8)}) {
        ASSERT_TRUE(pos.is_legal(m));
        pos.make(m);
        const auto again = Position::from_fen(pos.fen(), pos.chess960());
        ASSERT_TRUE(again.ok()) << pos.fen() << ": " << again.error();
        EXPECT_EQ(again->fen(), pos.fen());
    }
    EXPECT_EQ(pos.fen(), "3k4/8/8/8/8/8/7R/4K3 w - - 10002 100001");
}

}  // namespace
}  // namespace kibitz::chess

TEST(Chess960, NumbersGiveTheStandardStartPositions) {
    using kibitz::chess::chess960_fen;
    EXPECT_EQ(chess960_fen(518), std::string(kibitz::chess::kStartFen));
    EXPECT_EQ(chess960_fen(0), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    EXPECT_EQ(chess960_fen(959), "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1");
    std::set<std::string> seen;
    for (int i = 0; i < 960; ++i) {
        const std::string fen = chess960_fen(i);
        seen.insert(fen);
        const auto pos = kibitz::chess::Position::from_fen(fen, true);
        ASSERT_TRUE(pos.ok()) << fen;
        const std::string back = fen.substr(fen.find('/') + 27, 8);
        EXPECT_LT(back.find('R'), back.find('K'));
        EXPECT_GT(back.rfind('R'), back.find('K'));
        EXPECT_NE(back.find('B') % 2, back.rfind('B') % 2) << fen;
    }
    EXPECT_EQ(seen.size(), 960u);
}
