// The UCI session: positions, moves, options, errors that keep the previous state.
#include <gtest/gtest.h>

#include <sstream>

#include "uci/session.h"

using kibitz::uci::Session;

namespace {

// Handles line and waits for what it started in the background (a search, "go perft").
std::string run(Session& s, std::ostringstream& out, const std::string& line) {
    out.str("");
    s.handle(line);
    s.wait();
    return out.str();
}

}  // namespace

TEST(UciSession, HandshakeAndReady) {
    std::ostringstream out;
    Session s(out);
    EXPECT_NE(run(s, out, "uci").find("uciok"), std::string::npos);
    EXPECT_EQ(run(s, out, "isready"), "readyok\n");
    EXPECT_FALSE(s.handle("quit"));
}

TEST(UciSession, PositionWithMoves) {
    std::ostringstream out;
    Session s(out);
    run(s, out, "position startpos moves e2e4 e7e5 g1f3");
    EXPECT_EQ(s.position().fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    run(s, out, "position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1");
    EXPECT_EQ(s.position().fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

TEST(UciSession, IllegalMoveStopsBeforeIt) {
    std::ostringstream out;
    Session s(out);
    const std::string reply = run(s, out, "position startpos moves e2e4 e2e4 d7d5");
    EXPECT_NE(reply.find("info string error"), std::string::npos);
    EXPECT_NE(reply.find("'e2e4' is not legal"), std::string::npos);
    EXPECT_EQ(s.position().fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST(UciSession, BadFenKeepsPreviousPosition) {
    std::ostringstream out;
    Session s(out);
    run(s, out, "position startpos moves d2d4");
    const std::string before = s.position().fen();
    EXPECT_NE(run(s, out, "position fen 8/8/8/8/8/8/8/8 w - - 0 1").find("kings"),
              std::string::npos);
    EXPECT_NE(run(s, out, "position").find("error"), std::string::npos);
    EXPECT_NE(run(s, out, "position startpos garbage").find("error"), std::string::npos);
    EXPECT_EQ(s.position().fen(), before);
}

TEST(UciSession, GarbageIsIgnoredOrReported) {
    std::ostringstream out;
    Session s(out);
    EXPECT_EQ(run(s, out, "xyzzy plugh"), "");
    EXPECT_EQ(run(s, out, ""), "");
    EXPECT_EQ(run(s, out, std::string("\x01\x02\xff", 3)), "");
    EXPECT_NE(run(s, out, "setoption name NoSuchOption value 3").find("unknown option"),
              std::string::npos);
    EXPECT_NE(run(s, out, "go perft x").find("error"), std::string::npos);
    EXPECT_TRUE(s.handle("isready"));
}

TEST(UciSession, Chess960CastlingAsKingTakesRook) {
    std::ostringstream out;
    Session s(out);
    run(s, out, "setoption name UCI_Chess960 value true");
    run(s, out, "position fen 4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1 moves f1g1");
    EXPECT_EQ(s.position().fen(), "4k3/8/8/8/8/8/8/1R3RK1 b - - 1 1");
    // Here the other rook stands on f1, where the castling rook must go: castling is illegal.
    const std::string reply = run(s, out,
                                  "position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/"
                                  "BQ1BNRKR w HFhf - 2 9 moves g1h1");
    EXPECT_NE(reply.find("'g1h1' is not legal"), std::string::npos);
}

TEST(UciSession, GoPerftDivides) {
    std::ostringstream out;
    Session s(out);
    EXPECT_NE(run(s, out, "go perft 3").find("Nodes searched: 8902"), std::string::npos);
}
