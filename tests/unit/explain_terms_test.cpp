// The evaluation differences of an explanation: hand-made end positions where one term clearly
// differs (a pawn pushed in front of the castled king, a passed pawn allowed), their words and
// signs, and the explainer's sentence and JSON for a positional inaccuracy.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "explain/explain.h"
#include "explain/terms.h"

using namespace kibitz;

namespace {

chess::Position fen(const char* text) {
    auto p = chess::Position::from_fen(text);
    EXPECT_TRUE(p.ok()) << text;
    return *p;
}

// Term `key` of all the differences between the ends for the mover; an empty term when absent.
explain::TermDiff term_of(const chess::Position& played, const chess::Position& best,
                          chess::Color mover, const std::string& key) {
    for (const auto& d : explain::term_differences(played, best, mover, true, 99))
        if (d.term == key) return d;
    return {};
}

}  // namespace

TEST(ExplainTerms, PawnPushedInFrontOfTheCastledKingWeakensIt) {
    // Both ends alike but for White's g- and h-pawns: g2 and h2 (best line) against g4 and h4.
    const auto best = fen("r1bq1rk1/pppp1ppp/2n2n2/4p3/4P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 1");
    const auto played = fen("r1bq1rk1/pppp1ppp/2n2n2/4p3/4P1PP/2NP1N2/PPP2P2/R1BQ1RK1 w - - 0 1");
    const auto king = term_of(played, best, chess::kWhite, "king_safety");
    EXPECT_LE(king.cp, -explain::kTermMinCp);
    EXPECT_EQ(king.words, "weakens White's king");
    // The same ends from Black's view: White's weakness is Black's gain, named by White's king.
    const auto theirs = term_of(played, best, chess::kBlack, "king_safety");
    EXPECT_EQ(theirs.cp, -king.cp);
    EXPECT_EQ(theirs.words, "weakens White's king");
    // Material is left out when asked.
    for (const auto& d : explain::term_differences(played, best, chess::kWhite, false))
        EXPECT_NE(d.term, "material");
}

TEST(ExplainTerms, AllowingAPassedPawnNamesItsFile) {
    // White's c-pawn on c2 stops Black's d4 pawn being passed; on b2 it does not.
    const auto best = fen("4k3/1p6/8/8/3p4/8/2P5/4K3 w - - 0 1");
    const auto played = fen("4k3/1p6/8/8/3p4/8/1P6/4K3 w - - 0 1");
    const auto passed = term_of(played, best, chess::kWhite, "passed_pawns");
    EXPECT_LT(passed.cp, 0);
    EXPECT_EQ(passed.words, "gives Black a passed d-pawn");
    // The other way round White's move would have cost Black that pawn.
    const auto lost = term_of(best, played, chess::kWhite, "passed_pawns");
    EXPECT_EQ(lost.cp, -passed.cp);
    EXPECT_EQ(lost.words, "costs Black the passed d-pawn");
}

TEST(ExplainTerms, LargestFirstAtMostThreeAndSmallOnesDropped) {
    const auto best = fen("r1bq1rk1/pppp1ppp/2n2n2/4p3/4P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 1");
    const auto played = fen("r1bq1rk1/pppp1ppp/2n2n2/4p3/4P1PP/2NP1N2/PPP2P2/R1BQ1RK1 w - - 0 1");
    const auto diffs = explain::term_differences(played, best, chess::kWhite, true);
    ASSERT_FALSE(diffs.empty());
    EXPECT_LE(diffs.size(), std::size_t(explain::kTermMax));
    for (std::size_t i = 0; i < diffs.size(); ++i) {
        EXPECT_GE(std::abs(diffs[i].cp), explain::kTermMinCp);
        EXPECT_NE(diffs[i].term, "tempo");
        if (i > 0) {
            EXPECT_GE(std::abs(diffs[i - 1].cp), std::abs(diffs[i].cp));
        }
    }
    // The same position on both ends: nothing differs.
    EXPECT_TRUE(explain::term_differences(best, best, chess::kWhite, true).empty());
    EXPECT_EQ(explain::terms_phrase({{"a", -60, "x"}, {"b", -40, "y"}}), "x (-0.60) and y (-0.40)");
    EXPECT_EQ(explain::pawns_text(-60), "-0.60");
}

TEST(ExplainTerms, PositionalInaccuracyIsExplainedByItsTerms) {
    explain::Options options;
    options.search.depth = 6;
    explain::Explainer explainer(options);
    // 1. Nh3 loses no material but puts the knight on the rim, far from the centre and from
    // Black's king. (1. f3 was the example until correction history: its depth-6 line now
    // gives a pawn away, 2. d4 Qh4+ 3. g3 Qxd4, and the text rightly says material. Until the
    // 10 M-position refit the largest term was mobility, "cramps White's pieces"; with the
    // refit's king-attack terms it is king safety, "makes Black's king safer".)
    const auto e = explainer.explain(chess::kStartFen, "g1h3");
    ASSERT_TRUE(e.ok()) << e.error();
    EXPECT_EQ(e->verdict, "inaccuracy") << e->text;
    EXPECT_TRUE(e->motifs.empty());
    // The text opens with the largest positional term, in words and pawns.
    ASSERT_FALSE(e->terms.empty()) << e->text;
    EXPECT_NE(e->terms[0].term, "material") << e->text;
    EXPECT_LT(e->terms[0].cp, 0);
    EXPECT_EQ(e->text.rfind("1. Nh3 " + e->terms[0].words + " (-0.", 0), 0u) << e->text;
    EXPECT_NE(e->text.find(". Better is 1. "), std::string::npos) << e->text;
    // Only the terms worse for the mover are named (the best move's score may be "+").
    EXPECT_GT(e->text.find("(+"), e->text.find("Better is")) << e->text;
    EXPECT_EQ(e->best_text.rfind("Better is 1. ", 0), 0u);
    const auto j = explain::to_json(*e);
    ASSERT_TRUE(j["terms"].is_array());
    ASSERT_FALSE(j["terms"].empty());
    EXPECT_EQ(j["terms"][0]["term"], e->terms[0].term);
    EXPECT_EQ(j["terms"][0]["cp"], e->terms[0].cp);
    EXPECT_EQ(j["terms"][0]["words"], e->terms[0].words);
    EXPECT_EQ(j["best_text"], e->best_text);
}

TEST(ExplainTerms, AnInaccuracyWithAnIdeaDoesNotSayItWins) {
    explain::Options options;
    options.search.depth = 6;
    explain::Explainer explainer(options);
    // After 1. e4 e5 2. Nf3 Nc6 3. c3, 3... Rb8 aims at ...d5, clearing d7 for the queen (a
    // motif the move's line makes), but it is an inaccuracy: the text names the idea, then what
    // it costs, then the better move; never "wins". (1. g4 and then 3. b4 after 2... Nc6 were
    // the examples until the refit and continuation history changed their lines.)
    const auto e = explainer.explain(
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2P2N2/PP1P1PPP/RNBQKB1R b KQkq - 0 3", "a8b8");
    ASSERT_TRUE(e.ok()) << e.error();
    EXPECT_EQ(e->verdict, "inaccuracy") << e->text;
    ASSERT_FALSE(e->motifs.empty()) << e->text;
    EXPECT_EQ(e->text.rfind("3... Rb8 ", 0), 0u) << e->text;
    EXPECT_NE(e->text.find("clearing d7 for the queen on d8"), std::string::npos) << e->text;
    EXPECT_EQ(e->text.find("wins"), std::string::npos) << e->text;
    EXPECT_NE(e->text.find("(-0."), std::string::npos) << e->text;
    EXPECT_NE(e->text.find(". Better is 3... "), std::string::npos) << e->text;
    EXPECT_EQ(e->best_text.rfind("Better is 3... ", 0), 0u);
}
