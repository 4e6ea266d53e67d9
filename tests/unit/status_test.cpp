// Game status: mate, stalemate, insufficient material, fifty moves, threefold repetition.
#include "chess/status.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "chess/notation.h"
#include "fen_helpers.h"

namespace kibitz::chess {
namespace {

using kibitz::test::from_fen;

// Plays space-separated UCI moves on pos.
void play(Position& pos, const std::string& moves) {
    std::istringstream in(moves);
    for (std::string text; in >> text;) {
        auto m = move_from_uci(pos, text);
        ASSERT_TRUE(m.ok()) << text << " in " << pos.fen();
        pos.make(*m);
    }
}

constexpr GameStatus kOngoing{Outcome::kOngoing, Reason::kNone};
constexpr GameStatus kThreefold{Outcome::kDraw, Reason::kThreefold};

TEST(GameStatus, StartPositionIsOngoing) { EXPECT_EQ(game_status(Position()), kOngoing); }

TEST(GameStatus, Checkmate) {
    Position pos;
    play(pos, "f2f3 e7e5 g2g4 d8h4");  // fool's mate
    EXPECT_EQ(game_status(pos), (GameStatus{Outcome::kBlackWins, Reason::kCheckmate}));
    const Position back_rank = from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1");
    EXPECT_EQ(game_status(back_rank), (GameStatus{Outcome::kWhiteWins, Reason::kCheckmate}));
}

TEST(GameStatus, Stalemate) {
    EXPECT_EQ(game_status(from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")),
              (GameStatus{Outcome::kDraw, Reason::kStalemate}));
    // The same position with White to move is no stalemate.
    EXPECT_EQ(game_status(from_fen("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1")), kOngoing);
}

TEST(InsufficientMaterial, DeadPositions) {
    for (const char* fen : {
             "8/8/8/4k3/8/8/8/4K3 w - - 0 1",      // K v K
             "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1",    // KB v K
             "8/8/8/4k3/8/8/8/1N2K3 b - - 0 1",    // KN v K
             "8/8/2n5/4k3/8/8/8/4K3 w - - 0 1",    // K v KN
             "8/8/8/2b1k3/8/8/8/2B1K3 w - - 0 1",  // KB v KB, both on dark squares
             "8/8/8/3bk3/8/8/8/3BK3 w - - 0 1",    // KB v KB, both on light squares
             "8/8/8/4k3/8/B7/8/2B1K3 w - - 0 1",   // KBB v K, bishops on one colour
         }) {
        const Position pos = from_fen(fen);
        EXPECT_TRUE(insufficient_material(pos)) << fen;
        EXPECT_EQ(game_status(pos), (GameStatus{Outcome::kDraw, Reason::kInsufficientMaterial}))
            << fen;
    }
}

TEST(InsufficientMaterial, NearMissesWhereMateIsPossible) {
    for (const char* fen : {
             "8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1",   // KNN v K
             "8/8/8/4k3/8/8/8/1N1BK3 w - - 0 1",   // KBN v K
             "8/8/2n5/4k3/8/8/8/2B1K3 w - - 0 1",  // KB v KN
             "8/8/8/3bk3/8/8/8/2B1K3 w - - 0 1",   // KB v KB, opposite colours
             "8/8/8/4k3/8/8/8/1BB1K3 w - - 0 1",   // KBB v K, both colours
             "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",    // KP v K
             "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",     // KR v K
             "8/8/8/4k3/8/8/8/3QK3 w - - 0 1",     // KQ v K
         }) {
        const Position pos = from_fen(fen);
        EXPECT_FALSE(insufficient_material(pos)) << fen;
        EXPECT_EQ(game_status(pos), kOngoing) << fen;
    }
}

TEST(GameStatus, FiftyMoveRule) {
    EXPECT_EQ(game_status(from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 100 80")),
              (GameStatus{Outcome::kDraw, Reason::kFiftyMoves}));
    EXPECT_EQ(game_status(from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 99 80")), kOngoing);

    // The 100th half-move reached by a quiet move: a draw.
    Position quiet = from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
    play(quiet, "g1f1");
    EXPECT_EQ(quiet.halfmove_clock(), 100);
    EXPECT_EQ(game_status(quiet), (GameStatus{Outcome::kDraw, Reason::kFiftyMoves}));

    // The 100th half-move gives mate: mate wins.
    Position mate = from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
    play(mate, "a1a8");
    EXPECT_EQ(mate.halfmove_clock(), 100);
    EXPECT_EQ(game_status(mate), (GameStatus{Outcome::kWhiteWins, Reason::kCheckmate}));
}

TEST(GameStatus, ThreefoldByKnightMoves) {
    Position pos;
    play(pos, "g1f3 g8f6 f3g1 f6g8");  // the start position, second time
    EXPECT_EQ(pos.repetition_count(), 2);
    EXPECT_EQ(game_status(pos), kOngoing);
    play(pos, "g1f3 g8f6 f3g1");
    EXPECT_EQ(game_status(pos), kOngoing);  // this position occurs only twice so far
    play(pos, "f6g8");                      // the start position, third time
    EXPECT_EQ(pos.repetition_count(), 3);
    EXPECT_EQ(game_status(pos), kThreefold);
    EXPECT_EQ(result_string(game_status(pos).outcome), "1/2-1/2");
}

TEST(GameStatus, RepetitionStartsAfterPawnMove) {
    Position pos;
    play(pos, "g1f3 g8f6 f3g1 f6g8 e2e4 e7e5");  // start twice, then pawn moves
    EXPECT_EQ(pos.halfmove_clock(), 0);
    EXPECT_EQ(pos.repetition_count(), 1);
    // The position right after the pawn move counts as the first occurrence.
    play(pos, "g1f3 g8f6 f3g1 f6g8");
    EXPECT_EQ(pos.repetition_count(), 2);
    EXPECT_EQ(game_status(pos), kOngoing);
    play(pos, "g1f3 g8f6 f3g1 f6g8");
    EXPECT_EQ(pos.repetition_count(), 3);
    EXPECT_EQ(game_status(pos), kThreefold);
}

TEST(GameStatus, RepetitionStartsAfterCapture) {
    // Knights dance twice, then Black's knight takes on e5 and a new count begins.
    Position pos = from_fen("4k1n1/8/2n5/4P3/8/8/8/4K1N1 w - - 7 30");
    play(pos, "g1h3 g8h6 h3g1 h6g8 g1h3 g8h6 h3g1 h6g8");  // third occurrence before capture
    EXPECT_EQ(game_status(pos), kThreefold);
    play(pos, "e1d1 c6e5");
    EXPECT_EQ(pos.halfmove_clock(), 0);
    EXPECT_EQ(pos.repetition_count(), 1);
    play(pos, "g1h3 g8h6 h3g1 h6g8");
    EXPECT_EQ(pos.repetition_count(), 2);
    play(pos, "g1h3 g8h6 h3g1 h6g8");
    EXPECT_EQ(game_status(pos), kThreefold);
}

TEST(GameStatus, LegalEnPassantMakesThePositionDifferent) {
    // After d7d5 White may take en passant: that position differs from the same placement
    // later, when the right has gone, so two knight dances make only two occurrences.
    Position pos = from_fen("k5n1/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1");
    play(pos, "d7d5");
    EXPECT_EQ(pos.ep_square(), kD6);
    play(pos, "g1f3 g8f6 f3g1 f6g8");
    EXPECT_EQ(pos.repetition_count(), 1);
    play(pos, "g1f3 g8f6 f3g1 f6g8");
    EXPECT_EQ(pos.repetition_count(), 2);
    EXPECT_EQ(game_status(pos), kOngoing);
}

TEST(GameStatus, IllegalEnPassantDoesNotMakeThePositionDifferent) {
    // The e5 pawn is pinned by the rook on e8, so exd6 is illegal: the position after d7d5
    // is the same position as after each knight dance.
    Position pos = from_fen("k3r1n1/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1");
    play(pos, "d7d5");
    EXPECT_EQ(pos.ep_square(), kNoSquare);
    EXPECT_EQ(pos.ep_target(), kD6);
    play(pos, "g1f3 g8f6 f3g1 f6g8");
    EXPECT_EQ(pos.repetition_count(), 2);
    play(pos, "g1f3 g8f6 f3g1 f6g8");
    EXPECT_EQ(pos.repetition_count(), 3);
    EXPECT_EQ(game_status(pos), kThreefold);
}

TEST(GameStatus, TextHelpers) {
    EXPECT_EQ(to_string(Reason::kNone), "");
    EXPECT_EQ(to_string(Reason::kCheckmate), "checkmate");
    EXPECT_EQ(to_string(Reason::kStalemate), "stalemate");
    EXPECT_EQ(to_string(Reason::kThreefold), "threefold repetition");
    EXPECT_EQ(to_string(Reason::kFiftyMoves), "fifty-move rule");
    EXPECT_EQ(to_string(Reason::kInsufficientMaterial), "insufficient material");
    EXPECT_EQ(result_string(Outcome::kWhiteWins), "1-0");
    EXPECT_EQ(result_string(Outcome::kBlackWins), "0-1");
    EXPECT_EQ(result_string(Outcome::kDraw), "1/2-1/2");
    EXPECT_EQ(result_string(Outcome::kOngoing), "*");
}

}  // namespace
}  // namespace kibitz::chess
