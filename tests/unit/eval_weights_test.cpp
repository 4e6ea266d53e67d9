// Evaluation weights: parameter names and order, default values, and the text form.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "eval/weights.h"

namespace kibitz::eval {
namespace {

TEST(Weights, ParamNamesAreUniqueAndInMemoryOrder) {
    std::set<std::string> names;
    int i = 0;
    const Weights& w = default_weights();
    for_each_param(w, [&](std::string_view name, const Pair& p) {
        EXPECT_TRUE(names.insert(std::string(name)).second) << "duplicate " << name;
        EXPECT_EQ(param_index(w, p), i) << name;  // the trace index is the visiting index
        EXPECT_EQ(&param_at(w, i), &p) << name;
        ++i;
    });
    EXPECT_EQ(i, kParamCount);
    EXPECT_EQ(kParamCount, 587);
    for (const char* name :
         {"material.knight",    "pst.knight.e4",       "pst.king.h8",        "mobility.bishop.7",
          "mobility.queen.27",  "threat.pawn.queen",   "threat.lesser.rook", "threat.hanging.pawn",
          "protection.bishop",  "passed.rank7",        "passed.free.rank2",  "pawn.chain.rank3",
          "pawn.phalanx.rank7", "king.shelter.none",   "king.storm.4",       "king.danger.39",
          "bishop.pair",        "rook.seventh",        "outpost.knight",     "tempo",
          "passed.safe.rank7",  "minor.bishop_rammed", "king.pawn_distance"})
        EXPECT_EQ(names.count(name), 1u) << name;
}

TEST(Weights, ConstAndMutableVisitsAgree) {
    Weights w = default_weights();
    int visited = 0;
    for_each_param(w, [&](std::string_view, Pair& p) {
        p.mg += 1;
        ++visited;
    });
    EXPECT_EQ(visited, kParamCount);
    EXPECT_EQ(w.material[1].mg, default_weights().material[1].mg + 1);
    EXPECT_EQ(w.tempo.mg, default_weights().tempo.mg + 1);
}

TEST(Weights, DefaultsAreSensible) {
    const Weights& w = default_weights();
    for (int pt = 0; pt + 1 < 5; ++pt) EXPECT_LT(w.material[pt].mg, w.material[pt + 1].mg);
    EXPECT_GT(w.passed[5].eg, w.passed[0].eg);
    EXPECT_LT(w.mobility_knight[0].mg, w.mobility_knight[8].mg);
    EXPECT_LT(w.king_danger[30].mg, w.king_danger[5].mg);
    EXPECT_GT(w.pst[1][27].mg, w.pst[1][0].mg);  // knight on d4 better than on a1
}

TEST(Weights, TextRoundTrip) {
    Weights w = default_weights();
    w.material[0] = {91, 123};
    w.pst[5][62] = {-7, 15};
    w.tempo = {20, -3};
    const std::string text = weights_to_text(w);
    EXPECT_NE(text.find("\nmaterial.pawn 91 123\n"), std::string::npos);
    const auto back = weights_from_text(text);
    ASSERT_TRUE(back.ok()) << back.error();
    int differences = 0;
    for (int i = 0; i < kParamCount; ++i) differences += !(param_at(*back, i) == param_at(w, i));
    EXPECT_EQ(differences, 0);
    EXPECT_EQ(weights_to_text(*back), text);
}

TEST(Weights, PartialTextKeepsDefaults) {
    const auto w = weights_from_text("# comment\n\n  tempo 30 7  \r\nmaterial.queen 1000 1010\n");
    ASSERT_TRUE(w.ok()) << w.error();
    EXPECT_EQ(w->tempo, (Pair{30, 7}));
    EXPECT_EQ(w->material[4], (Pair{1000, 1010}));
    EXPECT_EQ(w->material[3], default_weights().material[3]);
}

TEST(Weights, TextErrorsNameTheLine) {
    const auto unknown = weights_from_text("tempo 1 2\nmaterial.dragon 5 5\n");
    ASSERT_FALSE(unknown.ok());
    EXPECT_EQ(unknown.error(), "line 2: unknown weight 'material.dragon'");
    const auto bad = weights_from_text("\n\ntempo 1 x2\n");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error(), "line 3: bad number 'x2' for 'tempo'");
    const auto short_line = weights_from_text("tempo 1\n");
    ASSERT_FALSE(short_line.ok());
    EXPECT_EQ(short_line.error(), "line 1: expected 'name mg eg', got 'tempo 1'");
    const auto twice = weights_from_text("tempo 1 2\ntempo 3 4\n");
    ASSERT_FALSE(twice.ok());
    EXPECT_EQ(twice.error(), "line 2: weight 'tempo' given twice (first on line 1)");
    const auto overflow = weights_from_text("tempo 99999999999 0\n");
    ASSERT_FALSE(overflow.ok());
    EXPECT_EQ(overflow.error(), "line 1: bad number '99999999999' for 'tempo'");
}

}  // namespace
}  // namespace kibitz::eval
