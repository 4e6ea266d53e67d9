// The seed papers' evaluation presets, checked against points counted by hand.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "chess/position.h"
#include "eval/presets.h"
#include "fen_helpers.h"

namespace kibitz::eval {
namespace {

using chess::Position;

using kibitz::test::from_fen;

TEST(ThesisEval, KingAndPawn) {
    // White: pawn 100; squares d1 f1 d2 e2 f2 (king) d3 f3 (pawn) = 7; e2 passed +5 -> 112.
    // Black: king squares d8 f8 d7 e7 f7 = 5. 112 - 5 = 107 for White to move.
    EXPECT_EQ(evaluate_thesis(from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")), 107);
    EXPECT_EQ(evaluate_thesis(from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1")), -107);
}

TEST(ThesisEval, EveryComponent) {
    // White Kg1, pawns c3 d2 d4:
    //   material 300; squares f1 h1 f2 g2 h2 b4 d4 c5 e5 c3 e3 = 11; d4 on a key square +4;
    //   three passed pawns +15; d-file doubled -4; castled (g1) +3; ranks advanced 1 + 2 + 0
    //   = 3; chain links d2-c3 and c3-d4 = 2. Total 334.
    // Black Kg8, pawns f7 g7 h7:
    //   material 300; squares f8 h8 f7 g7 h7 e6 g6 f6 h6 = 9; three passed pawns +15;
    //   castled (g8) +3. Total 327.
    EXPECT_EQ(evaluate_thesis(from_fen("6k1/5ppp/8/8/3P4/2P5/3P4/6K1 w - - 0 1")), 334 - 327);
    // Piece values from the weights.
    ThesisWeights w;
    w.knight = 280;
    EXPECT_EQ(evaluate_thesis(from_fen("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1"), w),
              280 + 7 /* d1 f1 d2 e2 f2, knight b1: a3 c3 */ - 5);
}

TEST(FranaszczukEval, KingAndPawn) {
    // White: pawn 100; pawn moves e3 e4 = 2 x 1; pawn e2 defended by the king +3 -> 105.
    // Black: bare king, king mobility weighs 0 -> 0.
    EXPECT_EQ(evaluate_franaszczuk(from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"),
                                   default_franaszczuk_weights()),
              105);
}

TEST(FranaszczukEval, KnightAgainstQueen) {
    // White: knight 320; 8 knight moves x 4 = 32; the knight attacks the queen +10 -> 362.
    // Black: queen 900; 27 queen moves x 1 -> 927.
    const Position pos = from_fen("4k3/8/8/3q4/8/2N5/8/4K3 w - - 0 1");
    EXPECT_EQ(evaluate_franaszczuk(pos, default_franaszczuk_weights()), 362 - 927);
    EXPECT_EQ(evaluate(pos, Preset::kFranaszczuk), 362 - 927);
}

TEST(FranaszczukEval, TwentyFiveWeights) {
    FranaszczukWeights w;
    std::set<std::string> names;
    for_each_param(w, [&](std::string_view name, int& v) {
        names.insert(std::string(name));
        v = 0;
    });
    EXPECT_EQ(names.size(), 25u);
    // All zero: every position scores 0.
    EXPECT_EQ(evaluate_franaszczuk(Position(), w), 0);
    // Only protection of pawns: in the start position each side defends its 8 pawns.
    w.protection[chess::kPawn] = 1;
    EXPECT_EQ(evaluate_franaszczuk(Position(), w), 0);
    w.mobility[chess::kKnight] = 1;
    EXPECT_EQ(evaluate_franaszczuk(from_fen("4k3/8/8/8/8/8/8/N3K3 w - - 0 1"), w), 2);
}

TEST(Presets, ParseAndName) {
    for (Preset p : {Preset::kFull, Preset::kThesis, Preset::kFranaszczuk}) {
        const auto parsed = parse_preset(to_string(p));
        ASSERT_TRUE(parsed.ok());
        EXPECT_EQ(*parsed, p);
    }
    EXPECT_EQ(*parse_preset("cornell"), Preset::kFranaszczuk);
    const auto bad = parse_preset("stockfish");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error(),
              "unknown evaluation preset 'stockfish' (expected full, thesis or franaszczuk)");
}

TEST(Presets, StartPositionIsLevel) {
    EXPECT_EQ(evaluate(Position(), Preset::kThesis), 0);
    EXPECT_EQ(evaluate(Position(), Preset::kFranaszczuk), 0);
    int visited = 0;
    ThesisWeights tw;
    for_each_param(tw, [&](std::string_view, int&) { ++visited; });
    EXPECT_EQ(visited, 3);
}

}  // namespace
}  // namespace kibitz::eval
