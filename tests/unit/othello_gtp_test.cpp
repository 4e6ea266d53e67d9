// The Othello GTP session: handshake, play and genmove legality, passes, undo, scoring, the
// clock and errors that name what was wrong.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <ext/stdio_filebuf.h>
#include <istream>
#include <sstream>
#include <string>

#include "core/memory.h"
#include "core/timer.h"
#include "nboard/gtp.h"
#include "othello_fast_options.h"

using kibitz::nboard::GtpSession;
using kibitz::nboard::PlayOptions;
using kibitz::othello::Board;
using testing::MatchesRegex;

namespace {

using kibitz::test::fast_othello_options;

std::string run(GtpSession& s, std::ostringstream& out, const std::string& line) {
    out.str("");
    s.handle(line);
    return out.str();
}

// Black (X) to move has no move: its only disc on B1 is beside a white corner; white can take C1.
const std::string kBlackMustPass = "OX" + std::string(62, '-') + " X";

}  // namespace

TEST(OthelloGtp, Handshake) {
    std::ostringstream out;
    GtpSession s(out, fast_othello_options(), "1.2.3");
    EXPECT_EQ(run(s, out, "protocol_version"), "= 2\n\n");
    EXPECT_EQ(run(s, out, "1 name"), "=1 Kibitz\n\n");
    EXPECT_EQ(run(s, out, "version"), "= 1.2.3\n\n");
    EXPECT_EQ(run(s, out, "known_command genmove"), "= true\n\n");
    EXPECT_EQ(run(s, out, "known_command xyzzy"), "= false\n\n");
    const std::string list = run(s, out, "list_commands");
    EXPECT_NE(list.find("\ngenmove\n"), std::string::npos);
    EXPECT_NE(list.find("\nfinal_score\n"), std::string::npos);
    EXPECT_EQ(run(s, out, "boardsize 8"), "=\n\n");
    EXPECT_EQ(run(s, out, "clear_board"), "=\n\n");
    EXPECT_EQ(run(s, out, "komi 0.5"), "=\n\n");
    EXPECT_EQ(run(s, out, ""), "");
    EXPECT_EQ(run(s, out, "   # only a comment"), "");
    EXPECT_EQ(run(s, out, "7 name # with a comment"), "=7 Kibitz\n\n");
    EXPECT_FALSE(s.handle("quit"));
}

TEST(OthelloGtp, ErrorsNameWhatWasWrong) {
    std::ostringstream out;
    GtpSession s(out, fast_othello_options());
    EXPECT_EQ(run(s, out, "3 xyzzy"), "?3 unknown command: xyzzy\n\n");
    EXPECT_EQ(run(s, out, "boardsize 19").rfind("? unacceptable size: 19", 0), 0u);
    EXPECT_EQ(run(s, out, "boardsize x").rfind("? syntax error", 0), 0u);
    EXPECT_NE(run(s, out, "play purple f5").find("invalid color 'purple'"), std::string::npos);
    EXPECT_NE(run(s, out, "play black z9").find("invalid vertex 'z9'"), std::string::npos);
    EXPECT_NE(run(s, out, "play black").find("syntax error"), std::string::npos);
    EXPECT_NE(run(s, out, "genmove").find("syntax error"), std::string::npos);
    EXPECT_NE(run(s, out, "komi lots").find("syntax error"), std::string::npos);
    EXPECT_NE(run(s, out, "undo").find("cannot undo"), std::string::npos);
    EXPECT_NE(run(s, out, "final_score").find("cannot score: the game is not over"),
              std::string::npos);
    EXPECT_NE(run(s, out, "kibitz-depth 99").find("syntax error"), std::string::npos);
    EXPECT_NE(run(s, out, "kibitz-eval psychic").find("syntax error"), std::string::npos);
    EXPECT_NE(run(s, out, "kibitz-setup_board XO").find("syntax error: board text"),
              std::string::npos);
    EXPECT_NE(run(s, out, std::string("\x01\x02\xff", 3)).find("unknown command"),
              std::string::npos);
    EXPECT_EQ(s.board(), Board::start());
}

TEST(OthelloGtp, PlayChecksTurnAndLegality) {
    std::ostringstream out;
    GtpSession s(out, fast_othello_options());
    EXPECT_EQ(run(s, out, "play black F5"), "=\n\n");
    EXPECT_EQ(run(s, out, "play B d6"), "? illegal move: it is white's turn, not black's\n\n");
    EXPECT_EQ(run(s, out, "play white f5"),
              "? illegal move: white cannot play F5 (the square is taken)\n\n");
    EXPECT_EQ(run(s, out, "play white a1"), "? illegal move: white cannot play A1\n\n");
    EXPECT_EQ(run(s, out, "play white pass"),
              "? illegal move: white has a legal move and cannot pass\n\n");
    EXPECT_EQ(run(s, out, "play w D6"), "=\n\n");
    EXPECT_EQ(s.board().disc_count(kibitz::othello::kBlack), 3);
    EXPECT_EQ(s.board().disc_count(kibitz::othello::kWhite), 3);
    EXPECT_EQ(run(s, out, "undo"), "=\n\n");
    EXPECT_EQ(run(s, out, "undo"), "=\n\n");
    EXPECT_EQ(s.board(), Board::start());
}

TEST(OthelloGtp, GenmovePlaysALegalMove) {
    std::ostringstream out;
    GtpSession s(out, fast_othello_options());
    const std::string reply = run(s, out, "genmove black");
    EXPECT_THAT(reply, MatchesRegex("= (D3|C4|F5|E6)\n\n")) << reply;
    EXPECT_EQ(s.board().side_to_move(), kibitz::othello::kWhite);
    EXPECT_EQ(s.board().disc_count(kibitz::othello::kBlack), 4);
    // reg_genmove answers without playing.
    const Board before = s.board();
    EXPECT_THAT(run(s, out, "5 reg_genmove white"), MatchesRegex("=5 [A-H][1-8]\n\n"));
    EXPECT_EQ(s.board(), before);
    EXPECT_EQ(run(s, out, "genmove black"), "? illegal move: it is white's turn, not black's\n\n");
    EXPECT_THAT(run(s, out, "genmove W"), MatchesRegex("= [A-H][1-8]\n\n"));
    const std::string board = run(s, out, "showboard");
    EXPECT_EQ(board.rfind("= Next move: Black\n    a b c d e f g h\n  1 ", 0), 0u) << board;
    EXPECT_NE(board.find("Black (X): "), std::string::npos);
}

TEST(OthelloGtp, PassesExplicitAndImplicit) {
    std::ostringstream out;
    GtpSession s(out, fast_othello_options());
    ASSERT_EQ(run(s, out, "kibitz-setup_board " + kBlackMustPass), "=\n\n");
    EXPECT_NE(run(s, out, "showboard").find("Next move: Black (must pass)"), std::string::npos);
    EXPECT_EQ(run(s, out, "play black c1"),
              "? illegal move: black has no legal move and must pass\n\n");
    // The side that must pass answers genmove with a pass, and play takes it.
    EXPECT_EQ(run(s, out, "genmove black"), "= pass\n\n");
    EXPECT_EQ(s.board().side_to_move(), kibitz::othello::kWhite);
    EXPECT_EQ(run(s, out, "undo"), "=\n\n");
    EXPECT_EQ(run(s, out, "play black PASS"), "=\n\n");
    EXPECT_EQ(run(s, out, "undo"), "=\n\n");
    // A move by the other colour passes for the side to move first (gtp-rhino's way).
    EXPECT_EQ(run(s, out, "genmove white"), "= C1\n\n");
    EXPECT_TRUE(s.board().game_over());
    EXPECT_EQ(run(s, out, "final_score"), "= W+64\n\n");
    EXPECT_EQ(run(s, out, "genmove black"), "= pass\n\n");
    EXPECT_EQ(run(s, out, "play white pass"), "=\n\n");
    EXPECT_EQ(run(s, out, "play white d4"), "? illegal move: the game is over\n\n");
    EXPECT_NE(run(s, out, "showboard").find("Game over"), std::string::npos);
    // One undo takes back the move and the pass before it.
    EXPECT_EQ(run(s, out, "undo"), "=\n\n");
    EXPECT_EQ(run(s, out, "play white C1"), "=\n\n");
    EXPECT_EQ(run(s, out, "final_score"), "= W+64\n\n");
}

TEST(OthelloGtp, ClockCommands) {
    std::ostringstream out;
    GtpSession s(out, fast_othello_options());
    EXPECT_EQ(run(s, out, "time_settings 300 0 0"), "=\n\n");
    EXPECT_EQ(run(s, out, "time_left black 10 0"), "=\n\n");
    EXPECT_THAT(run(s, out, "genmove black"), MatchesRegex("= [A-H][1-8]\n\n"));
    EXPECT_EQ(run(s, out, "time_left white 2 5"), "=\n\n");
    EXPECT_THAT(run(s, out, "genmove white"), MatchesRegex("= [A-H][1-8]\n\n"));
    // No time left at all: a move at once, still a legal one.
    EXPECT_EQ(run(s, out, "time_left black 0 0"), "=\n\n");
    EXPECT_THAT(run(s, out, "genmove black"), MatchesRegex("= [A-H][1-8]\n\n"));
    EXPECT_NE(run(s, out, "time_settings 300 x 0").find("syntax error: time_settings"),
              std::string::npos);
    EXPECT_NE(run(s, out, "time_left purple 1 0").find("invalid color"), std::string::npos);
    EXPECT_NE(run(s, out, "time_left black -1 0").find("syntax error"), std::string::npos);
}

TEST(OthelloGtp, SelfPlayToTheEnd) {
    std::ostringstream out;
    PlayOptions o = fast_othello_options();
    o.depth = 1;
    GtpSession s(out, o);
    run(s, out, "kibitz-eval table");
    int moves = 0;
    for (; moves < 130 && !s.board().game_over(); ++moves) {
        const std::string color = s.board().side_to_move() == kibitz::othello::kBlack ? "b" : "w";
        const std::string reply = run(s, out, "genmove " + color);
        ASSERT_THAT(reply, MatchesRegex("= ([A-H][1-8]|pass)\n\n")) << reply;
    }
    EXPECT_TRUE(s.board().game_over());
    EXPECT_THAT(run(s, out, "final_score"), MatchesRegex("= (B\\+|W\\+)?[0-9]+\n\n"));
}

// ---- Input that ends, or quit, during a search without limits ----------------------------

TEST(OthelloGtp, EndOfInputStopsASearchWithoutLimits) {
    std::ostringstream out;
    GtpSession s(out, fast_othello_options());
    std::istringstream in("1 kibitz-depth 60\n2 kibitz-movetime 0\n3 genmove black\n4 name\n");
    kibitz::core::Stopwatch clock;
    s.serve(in, std::chrono::milliseconds(100));
    EXPECT_LT(clock.elapsed_ms(), 5000);
    // The stopped search still answers, with a legal move; the commands after it run too.
    EXPECT_THAT(out.str(), MatchesRegex("=1\n\n=2\n\n=3 (D3|C4|F5|E6)\n\n=4 Kibitz\n\n"));
}

TEST(OthelloGtp, QuitStopsASearchWhileTheInputStaysOpen) {
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    const std::string script = "kibitz-depth 60\nkibitz-movetime 0\ngenmove black\nquit\nname\n";
    ASSERT_EQ(write(fds[1], script.data(), script.size()), ssize_t(script.size()));
    __gnu_cxx::stdio_filebuf<char> buf(fds[0], std::ios::in);  // closes fds[0]
    std::istream in(&buf);
    std::ostringstream out;
    GtpSession s(out, fast_othello_options());
    kibitz::core::Stopwatch clock;
    s.serve(in, std::chrono::milliseconds(100));  // the pipe is still open: quit ends it
    EXPECT_LT(clock.elapsed_ms(), 5000);
    close(fds[1]);
    EXPECT_THAT(out.str(), MatchesRegex("=\n\n=\n\n= (D3|C4|F5|E6)\n\n=\n\n"));
}

TEST(OthelloGtp, ShortSearchesFinishBeforeTheInputEnds) {
    // Within the grace period a script's searches give their full answers.
    std::ostringstream out;
    GtpSession s(out, fast_othello_options());
    std::istringstream in("genmove black\ngenmove white\nquit\n");
    s.serve(in);
    EXPECT_THAT(out.str(), MatchesRegex("= [A-H][1-8]\n\n= [A-H][1-8]\n\n=\n\n"));
    EXPECT_EQ(s.board().disc_count(kibitz::othello::kBlack) +
                  s.board().disc_count(kibitz::othello::kWhite),
              6);
}

TEST(OthelloGtp, QuitIsRecognisedWithAnIdAndAComment) {
    EXPECT_TRUE(GtpSession::is_quit("quit"));
    EXPECT_TRUE(GtpSession::is_quit("  12 quit # bye"));
    EXPECT_FALSE(GtpSession::is_quit("12"));
    EXPECT_FALSE(GtpSession::is_quit("# quit"));
    EXPECT_FALSE(GtpSession::is_quit("quitter"));
}

// ---- Memory ------------------------------------------------------------------------------

TEST(OthelloGtp, HashBeyondMemoryIsRefusedNotFatal) {
    PlayOptions o = fast_othello_options();
    o.solve_empties = 0;
    o.hash_mb = kibitz::core::physical_memory_mb() * 4 + 4096;  // more than any machine has
    std::ostringstream out;
    GtpSession s(out, o);  // the search keeps its default table
    const std::string reply = run(s, out, "kibitz-solve_empties 6");
    EXPECT_EQ(reply.rfind("? cannot solve: the solver's table of ", 0), 0u) << reply;
    EXPECT_THAT(run(s, out, "genmove black"), MatchesRegex("= [A-H][1-8]\n\n"));
}
