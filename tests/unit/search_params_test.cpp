// The search's named parameters: each in range, offered as a UCI spin option, set with a clear
// error for a bad value, and each one the search really reads.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "engine/chess_engine.h"
#include "engine/chess_game.h"
#include "engine/othello_game.h"
#include "search/params.h"
#include "search/searcher.h"

using namespace kibitz;

namespace {

std::uint64_t nodes_at_depth(const search::SearchParams& p, int depth) {
    engine::ChessGame g(chess::Position::from_fen(
                            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
                            .value());
    search::TranspositionTable tt(4);
    std::atomic<bool> stop{false};
    search::Searcher<engine::ChessGame, engine::ChessEvaluator> s(tt, stop);
    s.set_params(p);
    search::Limits limits;
    limits.depth = depth;
    s.think(g, limits);
    return s.nodes();
}

}  // namespace

TEST(SearchParams, EveryDefaultIsInItsRangeAndNamedOnce) {
    std::set<std::string> names;
    const auto chess = engine::ChessGame::search_params();
    for (const auto& q : search::search_param_list()) {
        EXPECT_GE(chess.*q.field, q.min) << q.name;
        EXPECT_LE(chess.*q.field, q.max) << q.name;
        names.insert(std::string(q.name));
    }
    EXPECT_EQ(names.size(), search::search_param_list().size());
    // Othello uses the aspiration window and the score drop only.
    const auto othello = engine::OthelloGame::search_params();
    EXPECT_GT(othello.aspiration_window, 0);
    EXPECT_GT(othello.score_drop, 0);
}

TEST(SearchParams, OfferedAsUciSpinOptions) {
    const std::string text = search::search_param_options(engine::ChessGame::search_params());
    EXPECT_NE(text.find("option name AspirationWindow type spin default 25 min 5 max 200\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("option name FutilityPerDepth type spin default 120 "), std::string::npos);
    int lines = 0;
    for (char c : text) lines += c == '\n';
    EXPECT_EQ(lines, int(search::search_param_list().size()));
}

TEST(SearchParams, SetByNameWithAClearError) {
    auto p = engine::ChessGame::search_params();
    const auto* q = search::find_search_param("rfpmargin");
    ASSERT_NE(q, nullptr);
    EXPECT_EQ(search::set_search_param(p, *q, " 120 "), "");
    EXPECT_EQ(p.rfp_margin, 120);
    const std::string err = search::set_search_param(p, *q, "1000");
    EXPECT_NE(err.find("RfpMargin"), std::string::npos) << err;
    EXPECT_NE(err.find("20 to 300"), std::string::npos) << err;
    EXPECT_NE(search::set_search_param(p, *q, "ninety").find("'ninety'"), std::string::npos);
    EXPECT_EQ(p.rfp_margin, 120);  // a refused value changes nothing
    EXPECT_EQ(search::find_search_param("NoSuchParameter"), nullptr);
}

TEST(SearchParams, TheSearchReadsEachOne) {
    // Each parameter set to one end of its range or the other changes the tree of a depth-9
    // search (the time parameters aside: a depth-limited search never asks the clock; and
    // MateSettledDepth, which ends the deepening only at a mate: UciSearch tests it).
    const auto defaults = engine::ChessGame::search_params();
    const std::uint64_t base = nodes_at_depth(defaults, 9);
    EXPECT_EQ(nodes_at_depth(defaults, 9), base);  // deterministic
    // A parameter of a technique on trial acts only with the technique on: its switch first.
    const std::map<std::string, std::pair<std::string, int>> needs = {
        {"HistoryPruneDepth", {"HistoryPruneMargin", 256}},
        {"HistoryPruneMargin", {"HistoryPruneDepth", 3}},
        {"CorrectionWeightPerPly", {"CorrectionLimit", 96}},
        {"CorrectionWeightMax", {"CorrectionLimit", 96}},
        {"SeDoubleLimit", {"SeDoubleMargin", 20}},
        // Off at its default and seldom reached at its maximum: compared from its trial value.
        {"SeDoubleMargin", {"SeDoubleMargin", 20}},
        {"ProbCutDepth", {"ProbCutMargin", 200}},
        // Never reached in this depth-9 tree from depth 8; singular searches from depth 6 reach it.
        {"SeNegative", {"SeDepth", 6}},
        {"ProbCutReduction", {"ProbCutMargin", 200}},
    };
    for (const auto& q : search::search_param_list()) {
        const std::string name(q.name);
        if (name.starts_with("Time") || name == "ScoreDrop" || name == "MateSettledDepth") continue;
        auto start = defaults;
        std::uint64_t start_nodes = base;
        if (const auto need = needs.find(name); need != needs.end()) {
            const auto* other = search::find_search_param(need->second.first);
            ASSERT_NE(other, nullptr) << need->second.first;
            start.*other->field = need->second.second;
            start_nodes = nodes_at_depth(start, 9);
        }
        bool changed = false;
        for (const int v : {q.min, q.max}) {
            auto p = start;
            p.*q.field = v;
            changed = changed || nodes_at_depth(p, 9) != start_nodes;
        }
        EXPECT_TRUE(changed) << name << ": neither end of its range changes the search";
    }
}
