// The NBoard session and the GGF reader: handshake, games with passes, malformed games,
// hint and go output, ping/pong ordering.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/timer.h"
#include "nboard/nboard.h"
#include "othello_fast_options.h"

using kibitz::nboard::parse_ggf;
using kibitz::nboard::PlayOptions;
using kibitz::nboard::Session;
using kibitz::othello::Board;
using kibitz::othello::Move;
using testing::MatchesRegex;

namespace {

using kibitz::test::fast_othello_options;

// Runs the lines, waits for the search they started, returns what the session wrote.
std::string run(Session& s, std::ostringstream& out, const std::vector<std::string>& lines) {
    out.str("");
    for (const auto& line : lines) s.handle(line);
    s.wait();
    return out.str();
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

const std::string kStart = "---------------------------O*------*O---------------------------";
const std::string kOpening =
    "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]"
    "BO[8 " +
    kStart + " *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";
// Black must pass (its one disc is beside a white corner); white then takes C1 and wins.
const std::string kPassBoard = "OX" + std::string(62, '-');
// Black takes G1, the last move that matters: two empties.
const std::string kEndgameBoard = "XXXXXO--" + std::string(56, '*');

}  // namespace

TEST(OthelloGgf, ReadsAGame) {
    const auto game = parse_ggf(kOpening);
    ASSERT_TRUE(game) << game.error();
    EXPECT_EQ(game->start, Board::start());
    EXPECT_EQ(game->black, "./mEdax");
    EXPECT_EQ(game->white, "chris");
    ASSERT_EQ(game->moves.size(), 8u);
    EXPECT_EQ(kibitz::othello::move_name(game->moves[0]), "F5");
    EXPECT_EQ(kibitz::othello::move_name(game->moves[7]), "F4");
    Board b = Board::start();
    for (const Move m : game->moves) b.make(m);
    EXPECT_EQ(game->end, b);
    EXPECT_EQ(game->end.side_to_move(), kibitz::othello::kBlack);
    // Lower case, evals and times, no BO (the usual start).
    const auto other = parse_ggf("  (;GM[othello]B[f5/1.50/0.3]W[d6//2];)  ");
    ASSERT_TRUE(other) << other.error();
    EXPECT_EQ(other->moves.size(), 2u);
}

TEST(OthelloGgf, ReadsPasses) {
    const auto explicit_pass =
        parse_ggf("(;GM[Othello]TY[8]BO[8 " + kPassBoard + " *]B[PA]W[C1];)");
    ASSERT_TRUE(explicit_pass) << explicit_pass.error();
    ASSERT_EQ(explicit_pass->moves.size(), 2u);
    EXPECT_TRUE(explicit_pass->moves[0].is_pass());
    EXPECT_TRUE(explicit_pass->end.game_over());
    // A move by the other colour after a forced pass stands for the pass and the move.
    const auto implicit_pass = parse_ggf("(;GM[Othello]BO[8 " + kPassBoard + " *]W[c1];)");
    ASSERT_TRUE(implicit_pass) << implicit_pass.error();
    EXPECT_EQ(implicit_pass->moves, explicit_pass->moves);
}

TEST(OthelloGgf, MalformedGamesSayWhy) {
    const auto error = [](const std::string& text) {
        const auto game = parse_ggf(text);
        return game ? std::string("parsed") : game.error();
    };
    EXPECT_EQ(error("GM[Othello]"), "GGF: a game starts with '(;', not 'GM[Othello]'");
    EXPECT_EQ(error("(;GM[Othello]B[F5]"), "GGF: the game does not end with ';)'");
    EXPECT_EQ(error("(;GM[Chess];)"), "GGF: GM[Chess] is not an Othello game");
    EXPECT_NE(error("(;TY[10];)").find("TY[10] is not supported"), std::string::npos);
    EXPECT_NE(error("(;BO[10 ---];)").find("board size 10 is not supported"), std::string::npos);
    EXPECT_NE(error("(;BO[8 ----- *];)").find("GGF: BO: board text"), std::string::npos);
    EXPECT_EQ(error("(;B[F5]W[A1];)"), "GGF: move 2 W[A1]: move A1 is not legal here");
    EXPECT_EQ(error("(;B[F5]B[D6];)"), "GGF: move 2 B[D6]: black moved but it is white's turn");
    EXPECT_EQ(error("(;B[F5/good];)"), "GGF: move 1 B[F5/good]: eval 'good' is not a number");
    EXPECT_EQ(error("(;B[Z9];)"), "GGF: move 1 B[Z9]: move 'Z9' is not a square A1-H8 or pass");
    EXPECT_EQ(error("(;B[PA];)"), "GGF: move 1 B[PA]: pass: the side to move has a legal move");
    EXPECT_EQ(error("(;B[F5;)"), "GGF: the value of B[ has no ']'");
    EXPECT_EQ(error("(;B F5;)"), "GGF: tag B has no value in [...]");
    EXPECT_NE(error("(;B[F5];) (;").find("text after the end of the game"), std::string::npos);
    EXPECT_NE(error("(;[F5];)").find("where a tag such as"), std::string::npos);
}

TEST(OthelloGgf, WritesWhatItReads) {
    // A game with a pass: black must pass after the start below, white takes C1.
    const Board pass_start = *Board::from_text(kPassBoard + " X");
    const std::vector<Move> moves{Move::pass(), Move::at(kibitz::othello::parse_square("C1"))};
    const std::string text = kibitz::nboard::format_ggf(pass_start, moves);
    EXPECT_EQ(text.find(';', 2), text.size() - 2) << text;  // no ';' between the moves
    EXPECT_NE(text.find("B[PA]W[C1]"), std::string::npos) << text;
    const auto game = parse_ggf(text);
    ASSERT_TRUE(game) << game.error();
    EXPECT_EQ(game->start, pass_start);
    EXPECT_EQ(game->moves, moves);
    EXPECT_TRUE(game->end.game_over());
    // From the start position, the way a match sends its games.
    const auto opening = parse_ggf(kOpening);
    ASSERT_TRUE(opening) << opening.error();
    const auto again = parse_ggf(kibitz::nboard::format_ggf(Board::start(), opening->moves));
    ASSERT_TRUE(again) << again.error();
    EXPECT_EQ(again->end, opening->end);
    EXPECT_EQ(again->moves, opening->moves);
}

TEST(OthelloNBoard, HandshakeAndSettings) {
    std::ostringstream out;
    Session s(out, fast_othello_options());
    EXPECT_EQ(run(s, out, {"nboard 2"}), "set myname Kibitz\n");
    EXPECT_EQ(run(s, out, {"set depth 4", "set contempt 0", "ping 1"}), "pong 1\n");
    EXPECT_EQ(s.depth(), 4);
    EXPECT_EQ(run(s, out, {"set depth deep"}),
              "status error: set depth: 'deep' is not a depth 1-60\n");
    EXPECT_EQ(run(s, out, {"set contempt x"}), "status error: set contempt: 'x' is not a number\n");
    EXPECT_EQ(run(s, out, {"learn"}), "learned\n");
    EXPECT_EQ(run(s, out, {"xyzzy 3"}), "status unknown command 'xyzzy' ignored\n");
    EXPECT_EQ(run(s, out, {"set colour blue"}), "status unknown setting 'colour' ignored\n");
    EXPECT_EQ(s.depth(), 4);
    EXPECT_FALSE(s.handle("quit"));
}

TEST(OthelloNBoard, GameAndMoves) {
    std::ostringstream out;
    Session s(out, fast_othello_options());
    EXPECT_EQ(run(s, out, {"set game " + kOpening}), "");
    const Board after_opening = s.board();
    EXPECT_EQ(after_opening.empty_count(), 52);
    EXPECT_EQ(run(s, out, {"set game (;GM[Othello]B[A1];)"}),
              "status error: set game: GGF: move 1 B[A1]: move A1 is not legal here\n");
    EXPECT_EQ(s.board(), after_opening);
    EXPECT_EQ(run(s, out, {"move a1"}), "status error: move a1: move A1 is not legal here\n");
    EXPECT_EQ(run(s, out, {"move PA"}),
              "status error: move PA: pass: the side to move has a legal move\n");
    EXPECT_EQ(s.board(), after_opening);
    EXPECT_EQ(run(s, out, {"move D6/0.50/1.2"}), "");
    EXPECT_EQ(s.board().empty_count(), 51);
    EXPECT_EQ(run(s, out, {"c3"}).rfind("status error", 0), std::string::npos);  // NBoard 1.1
    EXPECT_EQ(s.board().empty_count(), 50);
}

TEST(OthelloNBoard, GoAnswersWithMoveEvalTime) {
    std::ostringstream out;
    Session s(out, fast_othello_options());
    run(s, out, {"nboard 2", "set depth 3", "set game (;GM[Othello]TY[8];)"});
    const Board before = s.board();
    const auto lines = lines_of(run(s, out, {"go"}));
    ASSERT_GE(lines.size(), 3u);
    EXPECT_EQ(lines.front(), "status Kibitz is thinking");
    EXPECT_EQ(lines.back(), "status Kibitz is waiting");
    const std::string& answer = lines[lines.size() - 2];
    EXPECT_THAT(answer, MatchesRegex("=== (D3|C4|F5|E6)/-?[0-9]+\\.[0-9][0-9]/[0-9]+\\.[0-9][0-9]"))
        << answer;
    EXPECT_THAT(lines[lines.size() - 3], MatchesRegex("nodestats [0-9]+ [0-9]+\\.[0-9][0-9]"));
    EXPECT_EQ(s.board(), before);  // the GUI sends the move back if it wants it played
    // A side that has to pass passes at once; a finished game has no move.
    run(s, out, {"set game (;GM[Othello]BO[8 " + kPassBoard + " *];)"});
    EXPECT_EQ(run(s, out, {"go"}), "=== PA\n");
    run(s, out, {"move pa", "move C1"});
    EXPECT_TRUE(s.board().game_over());
    EXPECT_EQ(run(s, out, {"go"}), "status error: go: the game is over\n");
}

TEST(OthelloNBoard, HintSendsSearchLines) {
    std::ostringstream out;
    Session s(out, fast_othello_options());
    run(s, out, {"nboard 2", "set depth 3", "set game " + kOpening});
    const auto lines = lines_of(run(s, out, {"hint 3"}));
    ASSERT_GE(lines.size(), 3u);
    EXPECT_EQ(lines.front(), "status Kibitz is thinking");
    EXPECT_EQ(lines.back(), "status Kibitz is waiting");
    const std::string search(
        "search ([A-H][1-8])(-[A-H][1-8]|-PA)* -?[0-9]+\\.[0-9][0-9] 0 ([0-9]+|100%)");
    std::vector<std::string> last_depth;
    for (std::size_t i = 1; i + 1 < lines.size(); ++i) {
        ASSERT_THAT(lines[i], MatchesRegex(search));
        if (lines[i].substr(lines[i].size() - 2) == " 3")
            last_depth.push_back(lines[i].substr(7, 2));
    }
    // Three different moves at the last depth.
    ASSERT_EQ(last_depth.size(), 3u);
    EXPECT_NE(last_depth[0], last_depth[1]);
    EXPECT_NE(last_depth[1], last_depth[2]);
    EXPECT_NE(last_depth[0], last_depth[2]);
    EXPECT_EQ(run(s, out, {"hint many"}), "status error: hint: 'many' is not a count\n");
}

TEST(OthelloNBoard, EndgameHintIsSolved) {
    std::ostringstream out;
    Session s(out, fast_othello_options());
    run(s, out, {"set game (;GM[Othello]BO[8 " + kEndgameBoard + " *];)"});
    const std::string text = run(s, out, {"hint 1"});
    EXPECT_NE(text.find("search G1 64.00 0 100%\n"), std::string::npos) << text;
}

TEST(OthelloNBoard, PingWaitsForTheMoveAndIsAnsweredAfterIt) {
    std::ostringstream out;
    Session s(out, fast_othello_options());
    run(s, out, {"nboard 2", "set depth 5", "set game " + kOpening});
    const auto lines = lines_of(run(s, out, {"go", "ping 7"}));
    ASSERT_GE(lines.size(), 4u);
    EXPECT_EQ(lines.back(), "pong 7");
    EXPECT_EQ(lines[lines.size() - 2], "status Kibitz is waiting");
    EXPECT_EQ(lines[lines.size() - 3].rfind("=== ", 0), 0u) << lines[lines.size() - 3];
    // The search was not cut short: its last iteration is the full depth.
    std::string deepest;
    for (const auto& line : lines)
        if (line.rfind("search ", 0) == 0) deepest = line;
    EXPECT_EQ(deepest.substr(deepest.size() - 2), " 5") << deepest;
}

TEST(OthelloNBoard, CommandsDuringASearchAreAnsweredInOrderAfterIt) {
    std::ostringstream out;
    Session s(out, fast_othello_options());
    run(s, out, {"nboard 2", "set depth 4", "set game " + kOpening});
    kibitz::othello::MoveList legal;
    s.board().generate(legal);
    const std::string move = kibitz::othello::move_name(legal[0]);
    // The settings and the move wait for the search; the hint after them uses them.
    std::vector<std::string> answers;
    for (const auto& line : lines_of(
             run(s, out,
                 {"go", "ping 1", "set depth 2", "move " + move, "ping 2", "hint 1", "ping 3"})))
        if (line.rfind("===", 0) == 0 || line.rfind("pong", 0) == 0)
            answers.push_back(line);
        else if (line.rfind("search", 0) == 0)
            answers.push_back("depth " + line.substr(line.rfind(' ') + 1));
    ASSERT_EQ(answers.size(), 10u) << out.str();
    EXPECT_EQ(answers[0], "depth 1");
    EXPECT_EQ(answers[3], "depth 4");
    EXPECT_EQ(answers[4].rfind("=== ", 0), 0u);
    const std::vector<std::string> rest{"pong 1", "pong 2", "depth 1", "depth 2", "pong 3"};
    EXPECT_EQ(std::vector<std::string>(answers.begin() + 5, answers.end()), rest);
    EXPECT_EQ(s.depth(), 2);
    EXPECT_EQ(s.board().empty_count(), 51);
}

TEST(OthelloNBoard, NewGameOrGoEndsTheSearchAtOnce) {
    for (const std::string interrupting : {"set game (;GM[Othello]TY[8];)", "go"}) {
        std::ostringstream out;
        Session s(out, fast_othello_options());
        run(s, out, {"set depth 40", "set game " + kOpening});
        kibitz::core::Stopwatch clock;
        s.handle("go");
        s.handle("ping 1");  // waits, then is answered, and is no reason to stop
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        s.handle(interrupting);
        s.handle("quit");  // quit also ends the second go, if any, at once
        EXPECT_LT(clock.elapsed_ms(), 5000) << interrupting;
        std::vector<std::string> answers;
        for (const auto& line : lines_of(out.str()))
            if (line.rfind("===", 0) == 0 || line.rfind("pong", 0) == 0)
                answers.push_back(line.substr(0, 4));
        const std::vector<std::string> one_go{"=== ", "pong"}, two{"=== ", "pong", "=== "};
        EXPECT_EQ(answers, interrupting == "go" ? two : one_go) << out.str();
        EXPECT_EQ(s.board().empty_count(), interrupting == "go" ? 52 : 60);
    }
}

TEST(OthelloNBoard, AnalyzeEvaluatesEveryPosition) {
    std::ostringstream out;
    Session s(out, fast_othello_options());
    run(s, out, {"set depth 1", "set game (;GM[Othello]B[F5]W[D6];)"});
    const auto lines = lines_of(run(s, out, {"analyze"}));
    ASSERT_EQ(lines.size(), 5u);
    EXPECT_EQ(lines[0], "status Kibitz is analyzing");
    EXPECT_THAT(lines[1], MatchesRegex("analysis 2 -?[0-9]+\\.[0-9][0-9]"));
    EXPECT_THAT(lines[2], MatchesRegex("analysis 1 -?[0-9]+\\.[0-9][0-9]"));
    EXPECT_THAT(lines[3], MatchesRegex("analysis 0 -?[0-9]+\\.[0-9][0-9]"));
    EXPECT_EQ(lines[4], "status Kibitz is waiting");
}

TEST(OthelloNBoard, EndOfInputStopsALongSearch) {
    std::ostringstream out;
    Session s(out, fast_othello_options());
    s.handle("set depth 60");
    s.handle("go");
    kibitz::core::Stopwatch clock;
    s.end_of_input(std::chrono::milliseconds(100));
    EXPECT_LT(clock.elapsed_ms(), 5000);
    const auto lines = lines_of(out.str());
    ASSERT_GE(lines.size(), 2u);
    EXPECT_THAT(lines[lines.size() - 2],
                MatchesRegex("=== (D3|C4|F5|E6)/-?[0-9]+\\.[0-9][0-9]/.*"));
    EXPECT_EQ(lines.back(), "status Kibitz is waiting");
}

TEST(OthelloNBoard, EndOfInputLetsAShortSearchFinish) {
    std::ostringstream out;
    Session s(out, fast_othello_options());
    s.handle("hint 2");  // depth 2: done well within the grace period
    s.end_of_input();
    const std::string text = out.str();
    EXPECT_NE(text.find(" 0 2\n"), std::string::npos) << text;  // its last iteration came
    EXPECT_NE(text.find("status Kibitz is waiting\n"), std::string::npos);
}
