// BasicSession over a search variant (here without null-move pruning), the way the lab runs
// variants over UCI: it names itself and plays legal moves.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "chess/notation.h"
#include "engine/chess_engine.h"
#include "uci/session_impl.h"

namespace {

using NoNullMoveEngine =
    kibitz::engine::Engine<kibitz::engine::ChessGame, kibitz::engine::ChessEvaluator,
                           kibitz::search::Features{.null_move = false}>;

}  // namespace

TEST(UciVariant, NamesItselfAndPlaysALegalMove) {
    std::ostringstream out;
    kibitz::uci::BasicSession<NoNullMoveEngine> session(out, "Kibitz no-null-move");
    session.handle("uci");
    EXPECT_EQ(out.str().rfind("id name Kibitz no-null-move\n", 0), 0u) << out.str();
    EXPECT_NE(out.str().find("uciok\n"), std::string::npos);
    out.str("");
    session.handle("isready");
    EXPECT_EQ(out.str(), "readyok\n");
    session.handle("position startpos");
    session.handle("go depth 4");
    session.wait();
    const std::string text = out.str();
    const auto at = text.find("bestmove ");
    ASSERT_NE(at, std::string::npos) << text;
    const auto end = text.find_first_of(" \n", at + 9);
    const std::string move = text.substr(at + 9, end - (at + 9));
    EXPECT_TRUE(kibitz::chess::move_from_uci(session.position(), move)) << move;
    EXPECT_FALSE(session.handle("quit"));
}

TEST(UciVariant, DefaultSessionIsNamedKibitz) {
    std::ostringstream out;
    kibitz::uci::Session session(out);
    session.handle("uci");
    EXPECT_EQ(out.str().rfind("id name Kibitz\nid author the Kibitz developers\n", 0), 0u);
}
