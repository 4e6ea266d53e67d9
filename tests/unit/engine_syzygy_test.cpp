// The search with Syzygy tables (the 3-man fixtures in tests/data/syzygy): games played out by
// search convert inside the fifty-move rule, the rule's draws are scored as draws, and the UCI
// options (SyzygyPath, SyzygyProbeDepth, SyzygyProbeLimit, Syzygy50MoveRule) work as GUIs use
// them.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/status.h"
#include "engine/chess_engine.h"
#include "engine/tablebases.h"
#include "temp_dir.h"
#include "uci/session.h"

namespace kibitz::engine {
namespace {

const std::string kFixtures = std::string(KIBITZ_SOURCE_DIR) + "/tests/data/syzygy";

chess::Position at_fen(const std::string& fen) { return chess::Position::from_fen(fen).value(); }

search::Score root_score(Tablebases& tables, const std::string& fen, int depth) {
    ChessEngine e;
    ChessGame g(at_fen(fen));
    g.set_tables(&tables);
    e.set_position(g);
    search::Limits limits;
    limits.depth = depth;
    search::Score score = 0;
    e.on_info = [&](const search::Iteration<chess::Move>& it) { score = it.score; };
    e.search_now(limits);
    return score;
}

// Both sides play by a shallow search with Syzygy only: the winner mates without ever letting
// the halfmove clock reach 100, and every position on the way stays a win for it.
TEST(EngineSyzygy, PlayConvertsInsideTheFiftyMoveRule) {
    Tablebases tables;
    ASSERT_TRUE(tables.set_syzygy_paths(kFixtures).ok());
    tb::syzygy::Tablebase syz;
    ASSERT_TRUE(syz.open(kFixtures).ok());
    for (const char* fen : {"8/8/8/4k3/8/8/8/KR6 w - - 0 1", "8/8/8/4k3/8/8/8/KR6 b - - 0 1",
                            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "8/8/3k4/8/8/8/8/K6Q w - - 60 1"}) {
        chess::Position pos = at_fen(fen);
        const chess::Color winner =
            *syz.probe_wdl(pos) > 0 ? pos.side_to_move() : ~pos.side_to_move();
        ChessEngine e;
        int ply = 0;
        for (; ply < 200 && chess::count_legal_moves(pos) > 0; ++ply) {
            ChessGame g(pos);
            g.set_tables(&tables);
            e.set_position(g);
            search::Limits limits;
            limits.depth = 2;
            const chess::Move m = e.search_now(limits);
            ASSERT_TRUE(pos.is_legal(m)) << fen << " ply " << ply;
            pos.make(m);
            ASSERT_LT(pos.halfmove_clock(), 100) << fen << ": " << pos.fen();
            const auto wdl = syz.probe_wdl(pos);
            ASSERT_TRUE(wdl.has_value());
            EXPECT_EQ(*wdl, pos.side_to_move() == winner ? 2 : -2) << fen << ": " << pos.fen();
        }
        EXPECT_TRUE(pos.in_check() && pos.side_to_move() != winner) << fen << ": " << pos.fen();
    }
}

TEST(EngineSyzygy, TheFiftyMoveRuleDrawsWinsThatTakeTooLong) {
    Tablebases tables;
    ASSERT_TRUE(tables.set_syzygy_paths(kFixtures).ok());
    // The rook wins, its next capture or mate 29 plies away: with 80 plies on the clock
    // already, the rule draws first.
    EXPECT_GE(root_score(tables, "8/8/8/4k3/8/8/8/KR6 w - - 0 1", 4), search::kTableWinBound);
    const search::Score late = root_score(tables, "8/8/8/4k3/8/8/8/KR6 w - - 80 1", 4);
    EXPECT_GE(late, 0);
    EXPECT_LE(late, 2);
    // Without the rule the same position is a win.
    tables.set_syzygy_rule50(false);
    EXPECT_GE(root_score(tables, "8/8/8/4k3/8/8/8/KR6 w - - 80 1", 4), search::kTableWinBound);
}

TEST(EngineSyzygy, ProbeLimitAndDepthLimitTheProbes) {
    Tablebases tables;
    ASSERT_TRUE(tables.set_syzygy_paths(kFixtures).ok());
    EXPECT_EQ(tables.max_men(), 3);
    tables.set_syzygy_probe_limit(0);
    EXPECT_EQ(tables.max_men(), 0);
    EXPECT_LT(root_score(tables, "8/8/8/4k3/8/8/8/KR6 w - - 0 1", 4), search::kTableWinBound);
    tables.set_syzygy_probe_limit(7);
    chess::Position pos = at_fen("8/8/8/4k3/8/8/8/KR6 b - - 0 1");
    // With as many men as the limit, no probe below the probe depth.
    tables.set_syzygy_probe_limit(3);
    tables.set_syzygy_probe_depth(5);
    EXPECT_FALSE(tables.probe_score(pos, 3, 4).has_value());
    EXPECT_EQ(tables.probe_score(pos, 3, 5), search::table_loss_in(3));
    // The clock must be zero below the first ply.
    chess::Position later = at_fen("8/8/8/4k3/8/8/8/KR6 b - - 3 1");
    EXPECT_FALSE(tables.probe_score(later, 3, 9).has_value());
}

TEST(EngineSyzygy, UciOptionsProbeAndReport) {
    std::ostringstream out;
    uci::Session s(out);
    s.handle("uci");
    for (const char* line : {"option name SyzygyPath type string default <empty>",
                             "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
                             "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
                             "option name Syzygy50MoveRule type check default true"})
        EXPECT_NE(out.str().find(line), std::string::npos) << line;
    s.handle("setoption name TablebasePath value <empty>");  // Syzygy alone
    s.handle("setoption name SyzygyPath value " + kFixtures);
    s.handle("position fen 8/8/8/4k3/8/8/8/KR6 w - - 0 1");
    s.handle("go depth 6");
    s.wait();
    std::string text = out.str();
    EXPECT_EQ(text.find("error"), std::string::npos) << text;
    EXPECT_NE(text.find("score cp 19999 "), std::string::npos) << text;  // a table win
    EXPECT_NE(text.find("tbhits"), std::string::npos) << text;
    const auto best = text.rfind("bestmove ");
    ASSERT_NE(best, std::string::npos);
    // The best move keeps the win inside the rule.
    chess::Position pos = at_fen("8/8/8/4k3/8/8/8/KR6 w - - 0 1");
    tb::syzygy::Tablebase syz;
    ASSERT_TRUE(syz.open(kFixtures).ok());
    const auto ranked = syz.rank_root_moves(pos);
    const std::string move = text.substr(best + 9, 4);
    bool winning = false;
    for (const auto& r : ranked)
        if (chess::move_to_uci(pos, r.move) == move) winning = r.rank > tb::syzygy::kRankRuleWin;
    EXPECT_TRUE(winning) << move;

    // A folder that does not exist is an error naming it; one without tables is said once.
    out.str("");
    s.handle("setoption name SyzygyPath value /no/such/syzygy");
    EXPECT_NE(out.str().find("'/no/such/syzygy' is not a folder"), std::string::npos) << out.str();
    const test::TempDir empty("kibitz_syzygy_uci");
    out.str("");
    s.handle("setoption name SyzygyPath value " + empty.path);
    s.handle("setoption name SyzygyPath value " + empty.path);
    text = out.str();
    const auto first = text.find("info string SyzygyPath: no Syzygy tables");
    EXPECT_NE(first, std::string::npos) << text;
    EXPECT_EQ(text.find("info string SyzygyPath", first + 1), std::string::npos) << text;
    out.str("");
    s.handle("setoption name SyzygyProbeLimit value 9");
    s.handle("setoption name Syzygy50MoveRule value maybe");
    EXPECT_NE(out.str().find("SyzygyProbeLimit takes a number of men from 0 to 7"),
              std::string::npos)
        << out.str();
    EXPECT_NE(out.str().find("Syzygy50MoveRule takes true or false"), std::string::npos)
        << out.str();
}

}  // namespace
}  // namespace kibitz::engine
