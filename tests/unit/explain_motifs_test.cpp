// The motif detectors on hand-made lines (no search): each theme is found with its pieces and
// squares, and does not show up where the line has no such tactic.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "chess/notation.h"
#include "explain/motifs.h"
#include "fen_helpers.h"

using namespace kibitz;
using kibitz::explain::Motif;

namespace {

// The motifs of the line given as UCI moves from fen; first = index of the attacker's first move.
std::vector<Motif> motifs_of(const std::string& fen, const std::vector<std::string>& uci,
                             int first) {
    explain::TacticLine line{test::from_fen(fen), {}, first, 0};
    chess::Position pos = line.start;
    for (const auto& text : uci) {
        const auto m = chess::move_from_uci(pos, text);
        EXPECT_TRUE(m.ok()) << text << " in " << pos.fen();
        if (!m.ok()) return {};
        line.moves.push_back(*m);
        pos.make(*m);
    }
    return explain::find_motifs(line);
}

const Motif* find(const std::vector<Motif>& motifs, const std::string& name) {
    const auto it =
        std::find_if(motifs.begin(), motifs.end(), [&](const Motif& m) { return m.name == name; });
    return it == motifs.end() ? nullptr : &*it;
}

std::vector<std::string> names(const std::vector<Motif>& motifs) {
    std::vector<std::string> out;
    for (const auto& m : motifs) out.push_back(m.name);
    return out;
}

// The motif `name` of the line, or none (a failure that lists the motifs found).
std::optional<Motif> motif_in(const std::string& fen, const std::vector<std::string>& uci,
                              int first, const std::string& name) {
    const auto motifs = motifs_of(fen, uci, first);
    if (const Motif* m = find(motifs, name)) return *m;
    ADD_FAILURE() << "no " << name << " in " << testing::PrintToString(names(motifs));
    return std::nullopt;
}

}  // namespace

TEST(ExplainMotifs, KnightForkOfKingAndRook) {
    const auto motifs =
        motifs_of("r3k3/8/1P6/3N4/8/8/8/4K3 w - - 0 1", {"d5c7", "e8e7", "c7a8"}, 0);
    const Motif* fork = find(motifs, "fork");
    ASSERT_NE(fork, nullptr) << testing::PrintToString(names(motifs));
    EXPECT_EQ(fork->ply, 0);
    EXPECT_NE(fork->detail.find("the king on e8"), std::string::npos) << fork->detail;
    EXPECT_NE(fork->detail.find("the rook on a8"), std::string::npos) << fork->detail;
}

TEST(ExplainMotifs, ForkAllowedByTheDefendersMove) {
    // Black's rook steps into the fork: the tactic is White's, from the second move on.
    const auto motifs =
        motifs_of("4k3/r7/1P6/3N4/8/8/8/4K3 b - - 0 1", {"a7a8", "d5c7", "e8e7", "c7a8"}, 1);
    const Motif* fork = find(motifs, "fork");
    ASSERT_NE(fork, nullptr) << testing::PrintToString(names(motifs));
    EXPECT_EQ(fork->ply, 1);
}

TEST(ExplainMotifs, ForkOfABiggerPieceThatAttacksTheForker) {
    // The queen on f6 sees the pawn on e5 but cannot take it for free (d4 defends it): the
    // queen and the knight are both forked, as the Lichess tagger counts bigger targets.
    const auto fork =
        motif_in("6k1/6pp/3n1q2/8/3PP3/8/6PP/6K1 w - - 0 1", {"e4e5", "f6f5", "e5d6"}, 0, "fork");
    ASSERT_TRUE(fork);
    EXPECT_EQ(fork->detail, "forking the knight on d6 and the queen on f6");
}

TEST(ExplainMotifs, NoForkWhenTheForkingPieceCanBeTaken) {
    // Without the b6 pawn the king simply takes the knight on c7.
    const auto motifs = motifs_of("r3k3/8/8/3N4/8/8/8/4K3 w - - 0 1", {"d5c7", "e8d7"}, 0);
    EXPECT_EQ(find(motifs, "fork"), nullptr) << testing::PrintToString(names(motifs));
}

TEST(ExplainMotifs, PinnedKnightCannotTakeTheQueen) {
    const auto motifs = motifs_of("4k3/3n4/8/2Q5/8/3B4/8/4K3 w - - 0 1", {"d3b5"}, 0);
    const Motif* pin = find(motifs, "pin");
    ASSERT_NE(pin, nullptr) << testing::PrintToString(names(motifs));
    EXPECT_EQ(pin->detail, "pinning the knight on d7 to the king");
}

TEST(ExplainMotifs, NoPinWithoutAPinnedPiece) {
    const auto motifs = motifs_of("4k3/3n4/8/2Q5/8/3B4/8/4K3 w - - 0 1", {"d3e4"}, 0);
    EXPECT_EQ(find(motifs, "pin"), nullptr) << testing::PrintToString(names(motifs));
}

TEST(ExplainMotifs, BackRankMateInOne) {
    const auto motifs = motifs_of("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", {"a1a8"}, 0);
    EXPECT_NE(find(motifs, "mateIn1"), nullptr) << testing::PrintToString(names(motifs));
    const Motif* back = find(motifs, "backRankMate");
    ASSERT_NE(back, nullptr) << testing::PrintToString(names(motifs));
    EXPECT_NE(back->detail.find("g8"), std::string::npos) << back->detail;
}

TEST(ExplainMotifs, BackRankMateAllowedByLeavingTheFile) {
    const auto motifs = motifs_of("6k1/5ppp/8/8/4b3/8/7K/R7 b - - 0 1", {"e4b1", "a1a8"}, 1);
    EXPECT_NE(find(motifs, "mateIn1"), nullptr) << testing::PrintToString(names(motifs));
    EXPECT_NE(find(motifs, "backRankMate"), nullptr) << testing::PrintToString(names(motifs));
}

TEST(ExplainMotifs, MateWithAnEscapeSquareIsNoBackRankMate) {
    // h7 is empty: the queen mates on g7 with its own protection, not on the back rank.
    const auto motifs = motifs_of("6k1/5pp1/7Q/8/8/8/8/5BK1 w - - 0 1", {"h6g7"}, 0);
    EXPECT_EQ(find(motifs, "backRankMate"), nullptr) << testing::PrintToString(names(motifs));
}

TEST(ExplainMotifs, HangingKnightIsTaken) {
    const auto motifs = motifs_of("4k3/8/8/2n5/8/8/8/1R2K3 b - - 0 1", {"c5b3", "b1b3"}, 1);
    const Motif* hanging = find(motifs, "hangingPiece");
    ASSERT_NE(hanging, nullptr) << testing::PrintToString(names(motifs));
    EXPECT_EQ(hanging->object, "the knight on b3");
    EXPECT_EQ(hanging->ply, 1);
}

TEST(ExplainMotifs, DefendedPieceIsNotHanging) {
    const auto motifs = motifs_of("4k3/8/8/2n5/p7/8/8/1R2K3 b - - 0 1", {"c5b3", "b1b3"}, 1);
    EXPECT_EQ(find(motifs, "hangingPiece"), nullptr) << testing::PrintToString(names(motifs));
}

TEST(ExplainMotifs, RookSkewersKingAndQueen) {
    const auto motifs = motifs_of("7R/8/8/3k4/8/8/3q4/7K w - - 0 1", {"h8d8", "d5c4", "d8d2"}, 0);
    const Motif* skewer = find(motifs, "skewer");
    ASSERT_NE(skewer, nullptr) << testing::PrintToString(names(motifs));
    EXPECT_EQ(skewer->ply, 2);
    EXPECT_NE(skewer->detail.find("the king on d5"), std::string::npos) << skewer->detail;
    EXPECT_NE(skewer->detail.find("the queen on d2"), std::string::npos) << skewer->detail;
}

TEST(ExplainMotifs, DiscoveredAndDoubleCheck) {
    const char* fen = "4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1";
    const auto discovered = motifs_of(fen, {"e4c5"}, 0);
    EXPECT_NE(find(discovered, "discoveredAttack"), nullptr)
        << testing::PrintToString(names(discovered));
    EXPECT_EQ(find(discovered, "doubleCheck"), nullptr);
    const auto both = motifs_of(fen, {"e4f6"}, 0);
    EXPECT_NE(find(both, "doubleCheck"), nullptr) << testing::PrintToString(names(both));
    const auto neither = motifs_of(fen, {"f1g1"}, 0);
    EXPECT_TRUE(neither.empty()) << testing::PrintToString(names(neither));
}

TEST(ExplainMotifs, TrappedBishopIsWon) {
    const auto motifs = motifs_of("6k1/8/8/8/8/1P6/b7/2K5 w - - 0 1", {"c1b2", "g8h8", "b2a2"}, 0);
    const Motif* trapped = find(motifs, "trappedPiece");
    ASSERT_NE(trapped, nullptr) << testing::PrintToString(names(motifs));
    EXPECT_EQ(trapped->detail, "trapping the bishop on a2");
}

TEST(ExplainMotifs, TrappedBishopThatMovesToDieJustPastTheWindow) {
    // 1. Rxh1 wins the rook (the window ends there); the trapped bishop takes on b3 to die and
    // 2. Kxb3 takes it: one move past the window, still the trapped piece's end.
    const std::string fen = "6k1/8/8/8/8/1P6/bK6/4R2r w - - 0 1";
    const auto motifs = motifs_of(fen, {"e1h1", "a2b3", "b2b3"}, 0);
    const Motif* trapped = find(motifs, "trappedPiece");
    ASSERT_NE(trapped, nullptr) << testing::PrintToString(names(motifs));
    EXPECT_EQ(trapped->detail, "trapping the bishop on a2");
    // A quiet defender's move instead: the capture two moves later is not the trap's.
    const auto later = motifs_of(fen, {"e1h1", "g8f7", "b2a2"}, 0);
    EXPECT_EQ(find(later, "trappedPiece"), nullptr) << testing::PrintToString(names(later));
}

TEST(ExplainMotifs, BishopWithAnExitIsNotTrapped) {
    // With the b3 pawn gone, the bishop runs away along the diagonal.
    const auto motifs = motifs_of("6k1/8/8/8/8/8/b7/2K5 w - - 0 1", {"c1b2", "g8h8", "b2a2"}, 0);
    EXPECT_EQ(find(motifs, "trappedPiece"), nullptr) << testing::PrintToString(names(motifs));
}

TEST(ExplainMotifs, Promotion) {
    const auto motifs = motifs_of("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", {"e7e8q"}, 0);
    const Motif* promo = find(motifs, "promotion");
    ASSERT_NE(promo, nullptr) << testing::PrintToString(names(motifs));
    EXPECT_EQ(promo->detail, "promoting to a queen on e8");
}

TEST(ExplainMotifs, APromotionCountsOnlyBeforeTheForcedEnd) {
    // Rxa7 wins a rook at once (the window ends there); the pawn promotes two moves later.
    const auto pos = test::from_fen("r6k/P7/8/8/8/8/8/R3K3 w - - 0 1");
    explain::TacticLine line{pos, {}, 0, 0};
    chess::Position at = pos;
    for (const char* uci : {"a1a2", "a8a7", "a2a7", "h8g8", "e1d2", "g8f8"}) {
        line.moves.push_back(chess::move_from_uci(at, uci).value());
        at.make(line.moves.back());
    }
    EXPECT_EQ(explain::first_promotion(line), -1);
    // b7 pawn: 1. b8=Q is the attacker's first move.
    const auto pawn = test::from_fen("7k/1P6/8/8/8/8/8/4K3 w - - 0 1");
    explain::TacticLine race{pawn, {}, 0, 0};
    at = pawn;
    for (const char* uci : {"e1d2", "h8g8", "d2e3", "g8h8", "b7b8q"}) {
        race.moves.push_back(chess::move_from_uci(at, uci).value());
        at.make(race.moves.back());
    }
    EXPECT_EQ(explain::first_promotion(race), 4);
    // Unknown forced end: the window decides (here the promotion is the gain that ends it).
    EXPECT_NE(find(explain::find_motifs(race), "promotion"), nullptr);
    race.forced_end = 5;  // every attacker's move up to the promotion was the only good one
    EXPECT_NE(find(explain::find_motifs(race), "promotion"), nullptr);
    race.forced_end = 2;  // the second move had a rival: a puzzle would stop before it
    EXPECT_EQ(find(explain::find_motifs(race), "promotion"), nullptr);
}

TEST(ExplainMotifs, MaterialAndWindow) {
    const auto pos = test::from_fen("r3k3/8/1P6/3N4/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(explain::material_balance(pos, chess::kWhite), -1);
    EXPECT_EQ(explain::material_balance(pos, chess::kBlack), 1);
    explain::TacticLine line{pos, {}, 0, 0};
    chess::Position at = pos;
    for (const char* uci : {"d5c7", "e8e7", "c7a8", "e7d6", "b6b7"}) {
        line.moves.push_back(chess::move_from_uci(at, uci).value());
        at.make(line.moves.back());
    }
    // The tactic has paid off once the rook is taken: the last two moves are not part of it.
    EXPECT_EQ(explain::tactic_window(line), 3);
}

TEST(ExplainMotifs, XRayRecaptureThroughTheQueensSquare) {
    // Rxd8 Qxd8 Rxd8: the rook on d1 stood behind the queen on d5 and retakes through d5.
    const auto xray =
        motif_in("3r3R/6k1/8/3q4/8/8/8/3R2K1 w - - 0 1", {"h8d8", "d5d8", "d1d8"}, 0, "xRayAttack");
    ASSERT_TRUE(xray);
    EXPECT_EQ(xray->ply, 2);
    EXPECT_NE(xray->detail.find("the queen on d5"), std::string::npos) << xray->detail;
}

TEST(ExplainMotifs, DeflectionAndCapturingTheDefender) {
    struct Case {
        const char* fen;
        std::vector<std::string> moves;
        const char *theme, *detail, *not_theme;
    };
    const Case cases[] = {
        // Rc8 pins the queen to the king; Qxc8 leaves d5, and the knight there falls.
        {"3q2k1/5ppp/8/3n4/8/8/5PPP/2RQ2K1 w - - 0 1",
         {"c1c8", "d8c8", "d1d5"},
         "deflection",
         "deflecting the queen on d8 from the defence of d5",
         "capturingDefender"},
        // Bxf6 takes the knight that guarded d5; after gxf6 the bishop on d5 hangs (a knight
        // for a bishop is a trade, no deflection).
        {"6k1/5ppp/5n2/3b2B1/8/8/5PPP/3R2K1 w - - 0 1",
         {"g5f6", "g7f6", "d1d5"},
         "capturingDefender",
         "removing the knight on f6, the defender of d5",
         "deflection"},
    };
    for (const auto& c : cases) {
        const auto found = motif_in(c.fen, c.moves, 0, c.theme);
        ASSERT_TRUE(found) << c.fen;
        EXPECT_EQ(found->ply, 0);
        EXPECT_EQ(found->detail, c.detail);
        EXPECT_EQ(find(motifs_of(c.fen, c.moves, 0), c.not_theme), nullptr) << c.fen;
    }
}

TEST(ExplainMotifs, AttractionOfTheKingIntoACheck) {
    // Rh8+ Kxh8 Qh6+: the king is lured to h8, where the queen checks it.
    const auto attraction = motif_in("6k1/5pp1/8/8/8/7R/3Q1PPP/6K1 w - - 0 1",
                                     {"h3h8", "g8h8", "d2h6"}, 0, "attraction");
    ASSERT_TRUE(attraction);
    EXPECT_EQ(attraction->detail, "luring the king to h8");
}

TEST(ExplainMotifs, APlainCaptureIsNoDeflectionAttractionOrXRay) {
    const auto motifs = motifs_of("4k3/8/8/2n5/8/8/8/1R2K3 b - - 0 1", {"c5b3", "b1b3"}, 1);
    for (const char* theme : {"deflection", "attraction", "xRayAttack", "capturingDefender",
                              "interference", "clearance", "overloading"})
        EXPECT_EQ(find(motifs, theme), nullptr) << theme;
    // A king that walks to the square it was not lured to: the rook was never taken there.
    const auto walk =
        motifs_of("6k1/5pp1/8/8/8/7R/3Q1PPP/6K1 w - - 0 1", {"h3h7", "g8f8", "d2h6"}, 0);
    EXPECT_EQ(find(walk, "attraction"), nullptr) << testing::PrintToString(names(walk));
}

TEST(ExplainMotifs, InterferenceByEitherSide) {
    // 1. Ne5 steps between the rook on e8 and the knight it guards on e3; 2. Bxe3 wins it.
    const auto cut = motif_in("4r2k/7p/8/8/2N5/4n3/8/2B3K1 w - - 0 1", {"c4e5", "h7h6", "c1e3"}, 0,
                              "interference");
    ASSERT_TRUE(cut);
    EXPECT_EQ(cut->ply, 0);
    EXPECT_EQ(cut->detail, "cutting the rook on e8 off from the defence of e3");
    // Black's own knight blocks the rook: 1... Ne5 2. Bxe3.
    const auto own = motif_in("4r2k/7p/6n1/8/8/4n3/8/2B3K1 w - - 0 1", {"g1h1", "g6e5", "c1e3"}, 0,
                              "interference");
    ASSERT_TRUE(own);
    EXPECT_EQ(own->detail,
              "winning the knight on e3, cut off from the rook on e8 by the defender's own move "
              "to e5");
    // Taking the guard itself is no interference.
    const auto taken =
        motifs_of("4r2k/7p/8/8/8/4n3/8/2B1R1K1 w - - 0 1", {"e1e3", "e8e3", "c1e3"}, 0);
    EXPECT_EQ(find(taken, "interference"), nullptr) << testing::PrintToString(names(taken));
}

TEST(ExplainMotifs, ClearanceOfTheQueensSquareForTheRook) {
    // 1. Qxf7+ Rxf7 (pinned by the bishop) 2. Rd8#: the queen left d5 for the rook to pass.
    const auto motif = motif_in("5rk1/5ppp/8/3Q4/2B5/8/3R4/6K1 w - - 0 1", {"d5f7", "f8f7", "d2d8"},
                                0, "clearance");
    ASSERT_TRUE(motif);
    EXPECT_EQ(motif->ply, 0);
    EXPECT_EQ(motif->detail, "clearing d5 for the rook on d2 to go to d8");
    // The queen steps aside to a safe square after taking a pawn: not a clearance.
    const auto safe =
        motifs_of("5rk1/6pp/4p3/3Q4/2B5/8/3R4/6K1 w - - 0 1", {"d5e6", "g8h8", "d2d7"}, 0);
    EXPECT_EQ(find(safe, "clearance"), nullptr) << testing::PrintToString(names(safe));
}

TEST(ExplainMotifs, OverloadedQueenGuardsTwoSquares) {
    // 18... Nd7? 19. Rxd7 Qxd7 20. Qxa8+: the queen on c8 guarded both d7 and a8.
    const auto motif = motif_in("r1q3k1/4bppp/pp2pn2/4B3/8/2N2Q2/PPPR1PPP/6K1 b - - 0 18",
                                {"f6d7", "d2d7", "c8d7", "f3a8"}, 1, "overloading");
    ASSERT_TRUE(motif);
    EXPECT_EQ(motif->ply, 1);
    EXPECT_EQ(motif->detail, "overloading the queen on c8, the guard of both d7 and a8");
}
