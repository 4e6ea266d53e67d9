// The xboard/CECP client: parsing of the engine's lines, the conversation with fake engines
// (tests/data/fake_engines/xboard_*.sh) that behave well or fail in known ways, refereed games
// through play_game, and a short game between Debian's Fairy-Max and Phalanx when installed.
// The well-behaved fake logs every line it receives, so the tests check what was sent. Every
// wait is short: nothing may hang.
#include "match/xboard_engine.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "chess/notation.h"
#include "core/strings.h"
#include "core/timer.h"
#include "engine_fakes.h"
#include "match/game.h"
#include "match/process.h"

using kibitz::chess::Move;
using kibitz::chess::Outcome;
using kibitz::chess::Position;
using kibitz::match::GameSetup;
using kibitz::match::GoLimits;
using kibitz::match::SearchInfo;
using kibitz::match::XboardEngine;
using std::chrono::milliseconds;

namespace {

using kibitz::test::contains;
using kibitz::test::fake_engine;

// The log files of this run, removed when the tests end.
std::vector<std::string> log_files;

class RemoveLogs : public ::testing::Environment {
public:
    void TearDown() override {
        for (const auto& path : log_files) std::remove(path.c_str());
    }
};

[[maybe_unused]] const auto* const remove_logs =
    ::testing::AddGlobalTestEnvironment(new RemoveLogs);

// A fresh log file for the well-behaved fake, named after the running test and tag.
std::string log_path(const std::string& tag = "") {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    const std::string path = ::testing::TempDir() + "kibitz_xboard_" + test->name() + tag + "_" +
                             std::to_string(::getpid()) + ".log";
    std::remove(path.c_str());
    log_files.push_back(path);
    return path;
}

// The well-behaved fake with flags and moves (see xboard_good.sh), logging to log.
std::string good(const std::string& log, const std::string& args) {
    return fake_engine("xboard_good") + " log=" + log + " " + args;
}

std::vector<std::string> read_lines(const std::string& path) {
    std::vector<std::string> lines;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

int count(const std::vector<std::string>& lines, const std::string& line) {
    return static_cast<int>(std::count(lines.begin(), lines.end(), line));
}

// True when want appears in lines in this order (other lines may come between).
bool in_order(const std::vector<std::string>& lines, const std::vector<std::string>& want) {
    std::size_t next = 0;
    for (const auto& line : lines)
        if (next < want.size() && line == want[next]) ++next;
    return next == want.size();
}

std::string joined(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& line : lines) out += line + "\n";
    return out;
}

using kibitz::test::depth_limit;

Move uci(const Position& pos, const char* text) { return *kibitz::chess::move_from_uci(pos, text); }

// The moves from the start position, in UCI notation.
std::vector<Move> line(const std::vector<const char*>& texts) {
    Position pos;
    std::vector<Move> moves;
    for (const char* text : texts) {
        moves.push_back(uci(pos, text));
        pos.make(moves.back());
    }
    return moves;
}

constexpr const char* kFairymax = "/usr/games/fairymax";
constexpr const char* kPhalanx = "/usr/games/phalanx";

}  // namespace

// ---- Parsing --------------------------------------------------------------------------------

TEST(XboardParse, FeaturesWithQuotedAndPlainValues) {
    const auto f = kibitz::match::parse_features(
        "feature ping=1 myname=\"Fake X 1.0\"  variants=\"normal,fischerandom\" done=0 odd");
    ASSERT_EQ(f.size(), 5u);
    EXPECT_EQ(f[0], (std::pair<std::string, std::string>{"ping", "1"}));
    EXPECT_EQ(f[1], (std::pair<std::string, std::string>{"myname", "Fake X 1.0"}));
    EXPECT_EQ(f[2], (std::pair<std::string, std::string>{"variants", "normal,fischerandom"}));
    EXPECT_EQ(f[3], (std::pair<std::string, std::string>{"done", "0"}));
    EXPECT_EQ(f[4], (std::pair<std::string, std::string>{"odd", ""}));
    EXPECT_TRUE(kibitz::match::parse_features("features ping=1").empty());
    EXPECT_TRUE(kibitz::match::parse_features("move e2e4").empty());
    const auto unclosed = kibitz::match::parse_features("feature myname=\"Half");
    ASSERT_EQ(unclosed.size(), 1u);
    EXPECT_EQ(unclosed[0].second, "Half");
}

TEST(XboardParse, Options) {
    const auto spin = kibitz::match::parse_xboard_option("Resign Threshold -spin 800 200 1200");
    ASSERT_TRUE(spin);
    EXPECT_EQ(spin->name, "Resign Threshold");
    EXPECT_EQ(spin->type, "spin");
    EXPECT_EQ(spin->value, "800 200 1200");
    const auto combo = kibitz::match::parse_xboard_option("Style -combo Solid /// *Normal");
    ASSERT_TRUE(combo);
    EXPECT_EQ(combo->type, "combo");
    EXPECT_EQ(combo->value, "Solid /// *Normal");
    const auto button = kibitz::match::parse_xboard_option("Clear Hash -button");
    ASSERT_TRUE(button);
    EXPECT_EQ(button->name, "Clear Hash");
    EXPECT_EQ(button->value, "");
    // A dash in the name is not a type.
    const auto dashed = kibitz::match::parse_xboard_option("Multi -PV Margin -spin 0 0 1000");
    ASSERT_TRUE(dashed);
    EXPECT_EQ(dashed->name, "Multi -PV Margin");
    EXPECT_FALSE(kibitz::match::parse_xboard_option("nonsense"));
    EXPECT_FALSE(kibitz::match::parse_xboard_option("-check 1"));
    EXPECT_FALSE(kibitz::match::parse_xboard_option("Name -colour red"));
}

TEST(XboardParse, ThinkingOutput) {
    SearchInfo info;
    EXPECT_TRUE(kibitz::match::parse_thinking("9 156 1084 48000 Nf3 Nc6 Nc3 Nf6", info));
    EXPECT_EQ(info.depth, 9);
    EXPECT_EQ(info.score_cp, 156);
    EXPECT_EQ(info.time_ms, 10840);
    EXPECT_EQ(info.nodes, 48000u);
    EXPECT_EQ(info.pv, "Nf3 Nc6 Nc3 Nf6");
    // Optional seldepth, speed and tbhits; a fail low.
    EXPECT_TRUE(kibitz::match::parse_thinking("  12  -40   250  9000 17 3000 5\te2e4 e7e5?", info));
    EXPECT_EQ(info.depth, 12);
    EXPECT_EQ(info.seldepth, 17);
    EXPECT_EQ(info.score_cp, -40);
    EXPECT_TRUE(info.upperbound);
    EXPECT_FALSE(info.lowerbound);
    EXPECT_EQ(info.pv, "e2e4 e7e5");
    // GNU Chess: a mark after the ply, the time in seconds; a fail high.
    EXPECT_TRUE(kibitz::match::parse_thinking(" 5+     74    2      702   d1e2  f7f5 !", info));
    EXPECT_EQ(info.depth, 5);
    EXPECT_EQ(info.time_ms, 2000);
    EXPECT_TRUE(info.lowerbound);
    EXPECT_EQ(info.pv, "d1e2 f7f5");
    // Mates: the protocol's 100000 + N, and Phalanx's 30000 - plies.
    EXPECT_TRUE(kibitz::match::parse_thinking("27 100001 0 1053 d8h4", info));
    EXPECT_EQ(info.score_mate, 1);
    EXPECT_FALSE(info.score_cp);
    EXPECT_TRUE(kibitz::match::parse_thinking("4 -100002 0 10 g1f3", info));
    EXPECT_EQ(info.score_mate, -2);
    EXPECT_TRUE(kibitz::match::parse_thinking("  3  29999     0      834  Qd8-h4", info));
    EXPECT_EQ(info.score_mate, 1);
    EXPECT_TRUE(kibitz::match::parse_thinking("6 29996 0 834 a1a8", info));
    EXPECT_EQ(info.score_mate, 2);
    EXPECT_TRUE(kibitz::match::parse_thinking("6 -31998 0 834 a1a8", info));
    EXPECT_EQ(info.score_mate, -1);
    EXPECT_TRUE(kibitz::match::parse_thinking("6 2500 0 834 a1a8", info));
    EXPECT_EQ(info.score_cp, 2500);
    EXPECT_FALSE(info.score_mate);
    // Not thinking output, or a book line: info unchanged.
    for (const char* other : {"move e2e4", "Error (unknown command): computer", "1-0 {White mates}",
                              "  0      0     0        0  (e7-e5  c7-c5 , book1)", "12 34 56",
                              "-3 10 0 5 e2e4", "tellics say 1 2 3 4"})
        EXPECT_FALSE(kibitz::match::parse_thinking(other, info)) << other;
    EXPECT_EQ(info.pv, "a1a8");
}

TEST(XboardParse, TimeFormats) {
    EXPECT_EQ(kibitz::core::decimal_seconds(2000), "2");
    EXPECT_EQ(kibitz::core::decimal_seconds(500), "0.5");
    EXPECT_EQ(kibitz::core::decimal_seconds(1250), "1.25");
    EXPECT_EQ(kibitz::core::decimal_seconds(20), "0.02");
    EXPECT_EQ(kibitz::core::decimal_seconds(0), "0");
    EXPECT_EQ(kibitz::core::decimal_seconds(-5), "0");
    EXPECT_EQ(kibitz::match::xboard_base(120000), "2");
    EXPECT_EQ(kibitz::match::xboard_base(30000), "0:30");
    EXPECT_EQ(kibitz::match::xboard_base(65000), "1:05");
    EXPECT_EQ(kibitz::match::xboard_base(2000), "0:02");
    EXPECT_EQ(kibitz::match::xboard_base(1600), "0:02");
    EXPECT_EQ(kibitz::match::xboard_base(300), "0:01");
    EXPECT_EQ(kibitz::match::xboard_base(0), "0");
}

TEST(XboardParse, MakePlayerKnowsXboard) {
    EXPECT_NE(kibitz::match::make_player("xboard"), nullptr);
    EXPECT_NE(kibitz::match::make_player("uci"), nullptr);
    EXPECT_EQ(kibitz::match::make_player("cecp"), nullptr);
}

// ---- XboardEngine against fake engines ------------------------------------------------------

TEST(XboardEngine, HandshakeAnswersEveryFeature) {
    const std::string log = log_path();
    XboardEngine e;
    ASSERT_TRUE(e.start(good(log, "e2e4"), milliseconds(2000)));
    EXPECT_EQ(e.name(), "Fake Xboard");
    const auto& f = e.features();
    EXPECT_TRUE(f.done);
    EXPECT_TRUE(f.ping);
    EXPECT_TRUE(f.setboard);
    EXPECT_FALSE(f.usermove);
    EXPECT_FALSE(f.san);
    EXPECT_TRUE(f.memory);
    EXPECT_TRUE(f.smp);
    EXPECT_FALSE(f.nps);
    EXPECT_EQ(f.variants, "normal,fischerandom");
    ASSERT_EQ(f.options.size(), 4u);
    EXPECT_EQ(f.options[0].name, "Style");
    EXPECT_EQ(f.options[1].name, "Depth Bonus");
    EXPECT_EQ(f.options[3].type, "check");
    ASSERT_TRUE(e.is_ready(milliseconds(2000)));
    const auto sent = read_lines(log);
    EXPECT_TRUE(
        in_order(sent, {"xboard", "protover 2", "accepted done", "accepted myname", "accepted ping",
                        "rejected xedit", "accepted option", "accepted done", "ping 1"}))
        << joined(sent);
    EXPECT_EQ(count(sent, "accepted option"), 4) << joined(sent);
    EXPECT_TRUE(e.quit(milliseconds(1000)));
    EXPECT_FALSE(e.running());
}

TEST(XboardEngine, OptionsMemoryAndCores) {
    const std::string log = log_path();
    XboardEngine e;
    ASSERT_TRUE(e.start(good(log, "e2e4"), milliseconds(2000)));
    EXPECT_TRUE(e.set_option("style", "Solid"));
    EXPECT_TRUE(e.set_option("Clear Hash", ""));
    EXPECT_TRUE(e.set_option("Ponder Hard", "true"));
    EXPECT_TRUE(e.set_option("Depth Bonus", "3"));
    EXPECT_TRUE(e.set_option("memory", "64"));
    EXPECT_TRUE(e.set_option("cores", "2"));
    const auto bad_cores = e.set_option("cores", "many");
    ASSERT_FALSE(bad_cores);
    EXPECT_TRUE(contains(bad_cores.error(), "positive whole number")) << bad_cores.error();
    const auto missing = e.set_option("Contempt", "10");
    ASSERT_FALSE(missing);
    EXPECT_TRUE(contains(missing.error(), "has no option 'Contempt'")) << missing.error();
    ASSERT_TRUE(e.is_ready(milliseconds(2000)));
    const auto sent = read_lines(log);
    EXPECT_TRUE(in_order(sent, {"option Style=Solid", "option Clear Hash", "option Ponder Hard=1",
                                "option Depth Bonus=3", "memory 64", "cores 2"}))
        << joined(sent);

    // An engine without memory=1 and smp=1 has neither.
    XboardEngine v1;
    ASSERT_TRUE(v1.start(fake_engine("xboard_nodone") + " v1", milliseconds(200)));
    const auto memory = v1.set_option("memory", "64");
    ASSERT_FALSE(memory);
    EXPECT_TRUE(contains(memory.error(), "feature memory=1")) << memory.error();
    const auto cores = v1.set_option("Cores", "2");
    ASSERT_FALSE(cores);
    EXPECT_TRUE(contains(cores.error(), "feature smp=1")) << cores.error();
}

TEST(XboardEngine, PlaysSendingOnlyTheMovesTheEngineLacks) {
    const std::string log = log_path();
    XboardEngine e;
    ASSERT_TRUE(e.start(good(log, "e2e4 e7e5 g1f3 b8c6"), milliseconds(2000)));
    ASSERT_TRUE(e.new_game());
    ASSERT_TRUE(e.is_ready(milliseconds(2000)));
    ASSERT_TRUE(e.position(Position()));
    const auto first = e.go(depth_limit(2), milliseconds(2000));
    ASSERT_TRUE(first) << first.error();
    EXPECT_EQ(kibitz::chess::move_to_uci(Position(), first->bestmove), "e2e4");
    EXPECT_EQ(first->bestmove_text, "move e2e4");
    EXPECT_FALSE(first->stopped);
    EXPECT_EQ(first->info.depth, 2);
    EXPECT_EQ(first->info.seldepth, 3);
    EXPECT_EQ(first->info.score_cp, -31);
    EXPECT_EQ(first->info.time_ms, 30);
    EXPECT_EQ(first->info.nodes, 150u);
    EXPECT_EQ(first->info.pv, "e2e4 cont");  // continued on a line of its own

    // The engine holds e2e4 already: only e7e5 goes, and its claim after the move is ignored.
    ASSERT_TRUE(e.position(Position(), line({"e2e4", "e7e5"})));
    const auto second = e.go(depth_limit(2), milliseconds(2000));
    ASSERT_TRUE(second) << second.error();
    EXPECT_EQ(second->bestmove_text, "move g1f3");

    // A position that does not extend the engine's board: new, then every move.
    ASSERT_TRUE(e.position(Position(), line({"d2d4"})));
    const auto third = e.go(depth_limit(2), milliseconds(2000));
    ASSERT_TRUE(third) << third.error();
    EXPECT_EQ(third->bestmove_text, "move e7e5");
    ASSERT_TRUE(e.is_ready(milliseconds(2000)));

    const auto sent = read_lines(log);
    EXPECT_TRUE(in_order(sent, {"force", "new",  "force", "post", "hard", "easy",  "ping 1", "st 1",
                                "sd 2",  "go",   "force", "e7e5", "go",   "force", "force",  "new",
                                "force", "d2d4", "st 1",  "sd 2", "go",   "force"}))
        << joined(sent);
    // Only commands every engine knows: Fairy-Max crashes on unknown ones, `computer` among them.
    EXPECT_EQ(count(sent, "computer"), 0) << joined(sent);
    EXPECT_EQ(count(sent, "e2e4"), 0) << joined(sent);  // the engine's own move is never sent
    EXPECT_EQ(count(sent, "e7e5"), 1) << joined(sent);
    EXPECT_EQ(count(sent, "new"), 2) << joined(sent);
    // Depth only: st of half the time-out, sent once per game and again after new.
    EXPECT_EQ(count(sent, "st 1"), 2) << joined(sent);
    EXPECT_TRUE(e.quit(milliseconds(1000)));
}

TEST(XboardEngine, TimeControls) {
    const std::string log = log_path();
    XboardEngine e;
    ASSERT_TRUE(e.start(good(log, "e2e4 e7e5 g1f3 b8c6"), milliseconds(2000)));
    ASSERT_TRUE(e.new_game());
    // A clock: level once per game, the clocks before every search.
    GoLimits clock;
    clock.wtime = 60000;
    clock.btime = 59000;
    clock.winc = 500;
    clock.binc = 250;
    clock.movestogo = 40;
    ASSERT_TRUE(e.position(Position()));
    ASSERT_TRUE(e.go(clock, milliseconds(2000)));
    clock.wtime = 59005;
    clock.btime = 58000;
    clock.movestogo = 39;
    ASSERT_TRUE(e.position(Position(), line({"e2e4", "e7e5"})));
    ASSERT_TRUE(e.go(clock, milliseconds(2000)));
    ASSERT_TRUE(e.is_ready(milliseconds(2000)));
    auto sent = read_lines(log);
    EXPECT_TRUE(in_order(sent, {"level 40 1 0.5", "time 6000", "otim 5900", "go", "e7e5",
                                "time 5900", "otim 5800", "go"}))
        << joined(sent);
    EXPECT_EQ(std::count_if(sent.begin(), sent.end(),
                            [](const std::string& s) { return s.rfind("level", 0) == 0; }),
              1)
        << joined(sent);

    // Black's clock when Black moves; a fixed time per move; a depth with a fixed time.
    ASSERT_TRUE(e.new_game());
    ASSERT_TRUE(e.position(Position(), line({"e2e4"})));
    ASSERT_TRUE(e.go(clock, milliseconds(2000)));
    ASSERT_TRUE(e.new_game());
    GoLimits movetime;
    movetime.movetime = 1500;
    movetime.depth = 7;
    ASSERT_TRUE(e.position(Position()));
    ASSERT_TRUE(e.go(movetime, milliseconds(2000)));
    ASSERT_TRUE(e.new_game());
    movetime.movetime = 3000;
    movetime.depth.reset();
    ASSERT_TRUE(e.position(Position()));
    ASSERT_TRUE(e.go(movetime, milliseconds(5000)));
    ASSERT_TRUE(e.is_ready(milliseconds(2000)));
    sent = read_lines(log);
    EXPECT_TRUE(in_order(sent, {"e2e4", "level 39 0:58 0.25", "time 5800", "otim 5900", "go", "new",
                                "st 1.5", "sd 7", "go", "new", "st 3", "go"}))
        << joined(sent);

    // Nodes need nps=1.
    ASSERT_TRUE(e.new_game());
    ASSERT_TRUE(e.position(Position()));
    GoLimits nodes;
    nodes.nodes = 1000;
    const auto no_nps = e.go(nodes, milliseconds(2000));
    ASSERT_FALSE(no_nps);
    EXPECT_TRUE(contains(no_nps.error(), "cannot limit nodes")) << no_nps.error();
    EXPECT_TRUE(contains(no_nps.error(), "nps=1")) << no_nps.error();

    const std::string nps_log = log_path("nps");
    XboardEngine counted;
    ASSERT_TRUE(counted.start(good(nps_log, "nps e2e4"), milliseconds(2000)));
    ASSERT_TRUE(counted.new_game());
    ASSERT_TRUE(counted.position(Position()));
    ASSERT_TRUE(counted.go(nodes, milliseconds(2000)));
    ASSERT_TRUE(counted.is_ready(milliseconds(2000)));
    sent = read_lines(nps_log);
    EXPECT_TRUE(in_order(sent, {"nps 1000", "st 1", "go"})) << joined(sent);
}

// Phalanx answers "Illegal move: sd 4": the spec's fall-back is "depth" and the number.
TEST(XboardEngine, DepthForEnginesThatRefuseSd) {
    const std::string log = log_path();
    XboardEngine e;
    ASSERT_TRUE(e.start(good(log, "nosd e2e4 e7e5 g1f3"), milliseconds(2000)));
    ASSERT_TRUE(e.new_game());
    ASSERT_TRUE(e.position(Position()));
    ASSERT_TRUE(e.go(depth_limit(3), milliseconds(2000)));  // found out by ping before go
    ASSERT_TRUE(e.new_game());
    ASSERT_TRUE(e.position(Position()));
    ASSERT_TRUE(e.go(depth_limit(3), milliseconds(2000)));
    ASSERT_TRUE(e.is_ready(milliseconds(2000)));
    auto sent = read_lines(log);
    EXPECT_TRUE(in_order(sent, {"st 1", "sd 3", "ping 1", "st 1", "depth", "3", "go", "new", "st 1",
                                "depth", "3", "go"}))
        << joined(sent);
    EXPECT_EQ(count(sent, "sd 3"), 1) << joined(sent);

    // Without ping the complaint arrives during the first search and counts from the next.
    const std::string log2 = log_path("noping");
    XboardEngine quiet;
    ASSERT_TRUE(quiet.start(good(log2, "noping nosd e2e4 e7e5 g1f3"), milliseconds(2000)));
    ASSERT_TRUE(quiet.new_game());
    ASSERT_TRUE(quiet.position(Position()));
    ASSERT_TRUE(quiet.go(depth_limit(3), milliseconds(2000)));
    ASSERT_TRUE(quiet.position(Position(), line({"e2e4", "e7e5"})));
    ASSERT_TRUE(quiet.go(depth_limit(3), milliseconds(2000)));
    ASSERT_TRUE(quiet.quit(milliseconds(1000)));
    sent = read_lines(log2);
    EXPECT_TRUE(in_order(sent, {"sd 3", "go", "e7e5", "st 1", "depth", "3", "go"})) << joined(sent);
}

TEST(XboardEngine, UsermoveAndSan) {
    const std::string log = log_path();
    XboardEngine e;
    ASSERT_TRUE(e.start(good(log, "usermove san e4 e5 Nf3"), milliseconds(2000)));
    EXPECT_TRUE(e.features().usermove);
    EXPECT_TRUE(e.features().san);
    ASSERT_TRUE(e.new_game());
    ASSERT_TRUE(e.position(Position(), line({"e2e4", "e7e5"})));  // both sent: new board
    const auto r = e.go(depth_limit(1), milliseconds(2000));
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(
        r->bestmove,
        uci(*Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
            "g1f3"));
    ASSERT_TRUE(e.is_ready(milliseconds(2000)));
    const auto sent = read_lines(log);
    EXPECT_TRUE(in_order(sent, {"usermove e4", "usermove e5", "go"})) << joined(sent);
}

TEST(XboardEngine, CastlingAndSetboard) {
    const std::string log = log_path();
    XboardEngine e;
    ASSERT_TRUE(e.start(good(log, "x e8c8 x O-O-O"), milliseconds(2000)));
    ASSERT_TRUE(e.new_game());
    // Standard chess: setboard, and castling as the king's two-square step both ways.
    const std::string fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    const Position start = *Position::from_fen(fen);
    ASSERT_TRUE(e.position(start, {uci(start, "e1g1")}));
    const auto r = e.go(depth_limit(1), milliseconds(2000));
    ASSERT_TRUE(r) << r.error();
    Position after = start;
    after.make(uci(start, "e1g1"));
    EXPECT_EQ(r->bestmove.kind(), Move::kCastling);
    EXPECT_EQ(kibitz::chess::move_to_uci(after, r->bestmove), "e8c8");

    // Chess960: the variant, X-FEN and O-O / O-O-O.
    const Position frc = *Position::from_fen(fen, true);
    ASSERT_TRUE(frc.chess960());
    std::vector<Move> frc_moves;
    Position frc_after = frc;
    for (const char* text : {"e1h1", "a7a6", "a2a3"}) {
        frc_moves.push_back(uci(frc_after, text));
        frc_after.make(frc_moves.back());
    }
    ASSERT_TRUE(e.position(frc, frc_moves));
    const auto r960 = e.go(depth_limit(1), milliseconds(2000));
    ASSERT_TRUE(r960) << r960.error();
    EXPECT_EQ(r960->bestmove.kind(), Move::kCastling);
    EXPECT_EQ(kibitz::chess::move_to_uci(frc_after, r960->bestmove), "e8a8");
    ASSERT_TRUE(e.is_ready(milliseconds(2000)));
    const auto sent = read_lines(log);
    EXPECT_TRUE(in_order(
        sent, {"new", "setboard " + fen, "e1g1", "go", "force", "new", "variant fischerandom",
               "force", "setboard " + frc.fen(), "O-O", "a7a6", "a2a3", "go"}))
        << joined(sent);

    // Without fischerandom no Chess960.
    XboardEngine v1;
    ASSERT_TRUE(v1.start(fake_engine("xboard_nodone") + " v1", milliseconds(200)));
    const auto no_frc = v1.position(frc);
    ASSERT_FALSE(no_frc);
    EXPECT_TRUE(contains(no_frc.error(), "cannot play Chess960")) << no_frc.error();
    // An illegal move in the request is refused before anything is sent.
    const auto illegal = e.position(Position(), {uci(start, "e1g1")});
    ASSERT_FALSE(illegal);
    EXPECT_TRUE(contains(illegal.error(), "move 1 is illegal")) << illegal.error();
}

TEST(XboardEngine, EditModeWithoutSetboard) {
    // Black to move: a2a3 on the initial board first, then the pieces in edit mode.
    const std::string log = log_path("plain");
    XboardEngine plain;
    ASSERT_TRUE(plain.start(good(log, "nosetboard e2e4"), milliseconds(2000)));
    const std::string fen = "4k2r/8/8/8/8/8/4P3/4K3 b k - 3 40";
    ASSERT_TRUE(plain.position(*Position::from_fen(fen)));
    ASSERT_TRUE(plain.is_ready(milliseconds(2000)));
    const auto sent = read_lines(log);
    EXPECT_TRUE(
        in_order(sent, {"new", "force", "a2a3", "edit", "#", "Ke1", "Pe2", "c", "Ke8", "Rh8", "."}))
        << joined(sent);
    EXPECT_FALSE(contains(joined(sent), "setboard 4k2r")) << joined(sent);

    // What edit mode cannot express is refused before anything is sent, naming the reason.
    const std::string no_rights = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w Kq - 0 1";
    const auto refused = plain.position(*Position::from_fen(no_rights));
    ASSERT_FALSE(refused);
    EXPECT_TRUE(contains(refused.error(), "setboard=1")) << refused.error();
    EXPECT_TRUE(contains(refused.error(), no_rights)) << refused.error();
    EXPECT_TRUE(contains(refused.error(), "castling rights KQkq where the position has Kq"))
        << refused.error();
    const auto ep = kibitz::match::xboard_edit_commands(
        *Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"));
    ASSERT_FALSE(ep);
    EXPECT_TRUE(contains(ep.error(), "en-passant capture on d6")) << ep.error();
    const auto frc = kibitz::match::xboard_edit_commands(
        *Position::from_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", true));
    ASSERT_FALSE(frc);
    EXPECT_TRUE(contains(frc.error(), "Chess960")) << frc.error();
}

TEST(XboardEngine, ProtocolVersion1WithoutFeatures) {
    XboardEngine e;
    kibitz::core::Stopwatch watch;
    ASSERT_TRUE(e.start(fake_engine("xboard_nodone") + " v1", milliseconds(300)));
    EXPECT_GE(watch.elapsed_ms(), 290);  // it waited for features that never came
    EXPECT_LT(watch.elapsed_ms(), 2000);
    EXPECT_EQ(e.name(), fake_engine("xboard_nodone") + " v1");
    EXPECT_FALSE(e.features().ping);
    EXPECT_FALSE(e.features().done);
    ASSERT_TRUE(e.new_game());
    EXPECT_TRUE(e.is_ready(milliseconds(200)));  // no ping: alive is ready
    ASSERT_TRUE(e.position(Position()));
    const auto r = e.go(depth_limit(1), milliseconds(2000));
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->bestmove_text, "move e2e4");
    EXPECT_TRUE(e.quit(milliseconds(1000)));
}

TEST(XboardEngine, FeaturesWithoutDoneAreUsedAfterTheTimeout) {
    XboardEngine e;
    ASSERT_TRUE(e.start(fake_engine("xboard_nodone") + " partial", milliseconds(300)));
    EXPECT_EQ(e.name(), "Fake Partial");
    EXPECT_TRUE(e.features().ping);
    EXPECT_TRUE(e.is_ready(milliseconds(2000)));
}

TEST(XboardEngine, DoneZeroWithoutDoneOneIsAnError) {
    XboardEngine e;
    kibitz::core::Stopwatch watch;
    const auto r = e.start(fake_engine("xboard_nodone") + " done0", milliseconds(100));
    ASSERT_FALSE(r);
    EXPECT_TRUE(contains(r.error(), "sent feature done=0 but no done=1 within 1000 ms"))
        << r.error();
    EXPECT_GE(watch.elapsed_ms(), 990);
    EXPECT_LT(watch.elapsed_ms(), 3000);
    EXPECT_FALSE(e.running());
}

TEST(XboardEngine, MissingEngine) {
    XboardEngine e;
    const auto r = e.start("/no/such/phalanx", milliseconds(300));
    ASSERT_FALSE(r);
    EXPECT_TRUE(contains(r.error(), "cannot run '/no/such/phalanx'")) << r.error();
    EXPECT_FALSE(e.running());
    EXPECT_FALSE(e.go(depth_limit(1), milliseconds(100)));
    EXPECT_TRUE(e.quit(milliseconds(100)));
}

TEST(XboardEngine, IllegalOrUnparsableMove) {
    XboardEngine e;
    ASSERT_TRUE(e.start(fake_engine("xboard_illegal"), milliseconds(2000)));
    ASSERT_TRUE(e.new_game());
    ASSERT_TRUE(e.position(Position()));
    const auto illegal = e.go(depth_limit(1), milliseconds(2000));
    ASSERT_FALSE(illegal);
    EXPECT_TRUE(contains(illegal.error(), "illegal or unparsable bestmove 'e2e5'"))
        << illegal.error();
    EXPECT_TRUE(contains(illegal.error(), "Fake Illegal")) << illegal.error();
    ASSERT_TRUE(e.position(Position()));
    const auto garbage = e.go(depth_limit(1), milliseconds(2000));
    ASSERT_FALSE(garbage);
    EXPECT_TRUE(contains(garbage.error(), "bestmove 'xyz'")) << garbage.error();
    // The old "My move is: X" form, in SAN.
    ASSERT_TRUE(e.position(Position()));
    const auto old_style = e.go(depth_limit(1), milliseconds(2000));
    ASSERT_TRUE(old_style) << old_style.error();
    EXPECT_EQ(kibitz::chess::move_to_uci(Position(), old_style->bestmove), "g1f3");
    EXPECT_TRUE(e.quit(milliseconds(1000)));
}

TEST(XboardEngine, RefusedMoveIsAnError) {
    XboardEngine e;
    ASSERT_TRUE(e.start(fake_engine("xboard_illegal") + " refuse", milliseconds(2000)));
    ASSERT_TRUE(e.new_game());
    ASSERT_TRUE(e.position(Position(), line({"e2e4"})));
    const auto r = e.go(depth_limit(1), milliseconds(2000));
    ASSERT_FALSE(r);
    EXPECT_TRUE(contains(r.error(), "refused the move 'e2e4'")) << r.error();
    EXPECT_FALSE(contains(r.error(), "bestmove '")) << r.error();  // not an illegal move of its own
}

TEST(XboardEngine, Resignations) {
    for (const char* mode : {"resign", "result"}) {
        XboardEngine e;
        ASSERT_TRUE(e.start(fake_engine("xboard_resign") + " " + mode, milliseconds(2000)));
        ASSERT_TRUE(e.new_game());
        ASSERT_TRUE(e.position(Position()));
        const auto r = e.go(depth_limit(1), milliseconds(2000));
        ASSERT_FALSE(r) << mode;
        EXPECT_TRUE(contains(r.error(), "engine 'Fake Resign' resigns")) << r.error();
        EXPECT_TRUE(e.running());
    }
    // A result claim is not a move and not a resignation: the move after it counts.
    XboardEngine claim;
    ASSERT_TRUE(claim.start(fake_engine("xboard_resign") + " claim", milliseconds(2000)));
    ASSERT_TRUE(claim.new_game());
    ASSERT_TRUE(claim.position(Position()));
    const auto claimed = claim.go(depth_limit(1), milliseconds(2000));
    ASSERT_TRUE(claimed) << claimed.error();
    EXPECT_EQ(claimed->bestmove_text, "move e2e4");
    // A resignation while the opponent is on move counts at the next search.
    XboardEngine later;
    ASSERT_TRUE(later.start(fake_engine("xboard_resign") + " later", milliseconds(2000)));
    ASSERT_TRUE(later.new_game());
    ASSERT_TRUE(later.position(Position()));
    ASSERT_TRUE(later.go(depth_limit(1), milliseconds(2000)));
    ASSERT_TRUE(later.position(Position(), line({"e2e4", "e7e5"})));
    const auto resigned = later.go(depth_limit(1), milliseconds(2000));
    ASSERT_FALSE(resigned);
    EXPECT_TRUE(contains(resigned.error(), "resigns ('resign')")) << resigned.error();
}

TEST(XboardEngine, HungSearchTimesOutAfterMoveNow) {
    XboardEngine e;
    ASSERT_TRUE(e.start(fake_engine("xboard_hang"), milliseconds(2000)));
    ASSERT_TRUE(e.new_game());
    ASSERT_TRUE(e.position(Position()));
    kibitz::core::Stopwatch watch;
    const auto r = e.go(depth_limit(5), milliseconds(200), milliseconds(200));
    ASSERT_FALSE(r);
    EXPECT_TRUE(contains(r.error(), "timed out")) << r.error();
    EXPECT_TRUE(contains(r.error(), "after '?'")) << r.error();
    EXPECT_GE(watch.elapsed_ms(), 390);
    EXPECT_LT(watch.elapsed_ms(), 1500);
    // The engine still answers, and the next game starts from a clean board.
    ASSERT_TRUE(e.new_game());
    EXPECT_TRUE(e.is_ready(milliseconds(2000)));
    EXPECT_TRUE(e.quit(milliseconds(1000)));
}

TEST(XboardEngine, MoveNowAnswersWithinTheGrace) {
    XboardEngine e;
    ASSERT_TRUE(e.start(fake_engine("xboard_hang") + " movenow", milliseconds(2000)));
    ASSERT_TRUE(e.new_game());
    ASSERT_TRUE(e.position(Position()));
    GoLimits limits;
    limits.movetime = 100;
    kibitz::core::Stopwatch watch;
    const auto r = e.go(limits, milliseconds(200), milliseconds(1000));
    ASSERT_TRUE(r) << r.error();
    EXPECT_TRUE(r->stopped);
    EXPECT_EQ(r->info.pv, "e2e4");
    EXPECT_GE(r->elapsed_ms, 190);
    EXPECT_LT(watch.elapsed_ms(), 1000);
}

TEST(XboardEngine, CrashDuringHandshake) {
    XboardEngine e;
    const auto r = e.start(fake_engine("xboard_crash") + " handshake", milliseconds(2000));
    ASSERT_FALSE(r);
    EXPECT_TRUE(contains(r.error(), "exited during the handshake")) << r.error();
    EXPECT_TRUE(contains(r.error(), "exit status 3")) << r.error();
    EXPECT_FALSE(e.running());
    EXPECT_FALSE(e.is_ready(milliseconds(200)));
    EXPECT_FALSE(e.new_game());
    EXPECT_TRUE(e.quit(milliseconds(200)));
}

TEST(XboardEngine, CrashDuringSearch) {
    XboardEngine e;
    ASSERT_TRUE(e.start(fake_engine("xboard_crash") + " go", milliseconds(2000)));
    ASSERT_TRUE(e.new_game());
    ASSERT_TRUE(e.position(Position()));
    const auto r = e.go(depth_limit(5), milliseconds(2000));
    ASSERT_FALSE(r);
    EXPECT_TRUE(contains(r.error(), "exited during the search")) << r.error();
    EXPECT_TRUE(contains(r.error(), "exit status 5")) << r.error();
    EXPECT_FALSE(e.is_ready(milliseconds(200)));
    EXPECT_FALSE(e.position(Position()));
    EXPECT_FALSE(e.running());
}

TEST(XboardEngine, IgnoredQuitIsKilledAfterTheGracePeriod) {
    XboardEngine e;
    ASSERT_TRUE(e.start(fake_engine("xboard_ignores_quit"), milliseconds(2000)));
    ASSERT_TRUE(e.is_ready(milliseconds(2000)));
    kibitz::core::Stopwatch watch;
    const auto q = e.quit(milliseconds(300));
    ASSERT_FALSE(q);
    EXPECT_TRUE(contains(q.error(), "did not quit within 300 ms and was killed")) << q.error();
    EXPECT_GE(watch.elapsed_ms(), 290);
    EXPECT_LT(watch.elapsed_ms(), 1500);
    EXPECT_FALSE(e.running());
}

TEST(XboardEngine, ReuseZeroRestartsTheEngineForEachGameWithItsOptions) {
    const std::string log = log_path();
    XboardEngine e;
    ASSERT_TRUE(e.start(good(log, "reuse0 e2e4"), milliseconds(2000)));
    EXPECT_FALSE(e.features().reuse);
    ASSERT_TRUE(e.set_option("Style", "Solid"));
    for (int game = 0; game < 2; ++game) {
        ASSERT_TRUE(e.new_game());
        ASSERT_TRUE(e.is_ready(milliseconds(2000)));
        ASSERT_TRUE(e.position(Position()));
        ASSERT_TRUE(e.go(depth_limit(1), milliseconds(2000)));
    }
    ASSERT_TRUE(e.is_ready(milliseconds(2000)));
    const auto sent = read_lines(log);
    EXPECT_EQ(count(sent, "xboard"), 2) << joined(sent);
    EXPECT_EQ(count(sent, "quit"), 1) << joined(sent);
    EXPECT_EQ(count(sent, "option Style=Solid"), 2) << joined(sent);
    EXPECT_TRUE(e.quit(milliseconds(1000)));
}

// A Ctrl-C in the terminal goes to the terminal's foreground process group: engines are in
// their own, so it cannot kill or interrupt them (sigint=1 engines are never signalled).
TEST(XboardEngine, EnginesAreOutsideTheTerminalsProcessGroup) {
    kibitz::match::Process p;
    ASSERT_TRUE(p.start(fake_engine("xboard_good")));
    ASSERT_GT(p.pid(), 0);
    EXPECT_EQ(::getpgid(p.pid()), p.pid());
    EXPECT_NE(::getpgid(p.pid()), ::getpgrp());
}

// ---- Games through play_game ----------------------------------------------------------------

namespace {

GameSetup depth_one() {
    GameSetup setup;
    setup.white_name = "W";
    setup.black_name = "B";
    setup.white_tc.depth = 1;
    setup.black_tc.depth = 1;
    setup.date = "2026.01.02";
    return setup;
}

kibitz::match::GameResult play(const std::string& white_cmd, const std::string& black_cmd,
                               const GameSetup& setup) {
    XboardEngine white, black;
    EXPECT_TRUE(white.start(white_cmd, milliseconds(2000)).ok());
    EXPECT_TRUE(black.start(black_cmd, milliseconds(2000)).ok());
    return kibitz::match::play_game(white, black, setup);
}

}  // namespace

TEST(XboardMatch, FoolsMateBetweenTwoFakes) {
    const std::string moves = " f2f3 e7e5 g2g4 d8h4";
    const auto r = play(good(log_path(), moves), good(log_path("black"), moves), depth_one());
    EXPECT_EQ(r.outcome, Outcome::kBlackWins);
    EXPECT_EQ(r.reason, "Black mates");
    EXPECT_EQ(r.termination, "normal");
    EXPECT_EQ(r.pgn.moves.size(), 4u);
}

TEST(XboardMatch, ResignationEndsTheGameNormally) {
    const auto r =
        play(fake_engine("xboard_resign") + " resign", good(log_path(), "e2e4"), depth_one());
    EXPECT_EQ(r.outcome, Outcome::kBlackWins);
    EXPECT_EQ(r.reason, "White resigns");
    EXPECT_EQ(r.termination, "normal");
    EXPECT_FALSE(r.white_failed);
    EXPECT_FALSE(r.black_failed);
    EXPECT_EQ(r.pgn.comment, "White resigns");
}

TEST(XboardMatch, IllegalMoveAndHangLoseTheGame) {
    const auto illegal = play(fake_engine("xboard_illegal"), good(log_path(), "e2e4"), depth_one());
    EXPECT_EQ(illegal.outcome, Outcome::kBlackWins);
    EXPECT_EQ(illegal.reason, "illegal move e2e5 by W");
    EXPECT_EQ(illegal.termination, "rules infraction");

    GameSetup setup = depth_one();
    setup.black_tc = *kibitz::match::parse_tc("0.2+0");
    const auto hung = play(good(log_path("hung"), "e2e4"), fake_engine("xboard_hang"), setup);
    EXPECT_EQ(hung.outcome, Outcome::kWhiteWins);
    EXPECT_EQ(hung.reason, "Black loses on time");
}

// ---- Debian's Fairy-Max and Phalanx -------------------------------------------------------

TEST(XboardMatch, RealEnginesPlayAShortGame) {
    const bool fairymax = ::access(kFairymax, X_OK) == 0;
    const bool phalanx = ::access(kPhalanx, X_OK) == 0;
    if (!fairymax && !phalanx)
        GTEST_SKIP() << "neither " << kFairymax << " nor " << kPhalanx
                     << " is installed (Debian packages fairymax, phalanx)";
    // Phalanx without its learning file and its book, so that it searches and changes nothing.
    const std::string phalanx_cmd = std::string(kPhalanx) + " -l- -b-";
    const std::string white_cmd = fairymax ? kFairymax : phalanx_cmd;
    const std::string black_cmd = phalanx ? phalanx_cmd : kFairymax;
    XboardEngine white, black;
    ASSERT_TRUE(white.start(white_cmd, milliseconds(5000)));
    ASSERT_TRUE(black.start(black_cmd, milliseconds(5000)));
    GameSetup setup;
    setup.white_name = white.name();
    setup.black_name = black.name();
    setup.white_tc = *kibitz::match::parse_tc("4+0.05");
    setup.black_tc = setup.white_tc;
    setup.maxmoves = 15;
    setup.date = "2026.01.02";
    const auto r = kibitz::match::play_game(white, black, setup);
    EXPECT_FALSE(r.white_failed) << r.reason;
    EXPECT_FALSE(r.black_failed) << r.reason;
    EXPECT_TRUE(r.termination == "normal" || r.termination == "adjudication")
        << r.termination << ": " << r.reason;
    EXPECT_GE(r.pgn.moves.size(), 4u) << r.reason;
    EXPECT_TRUE(white.quit(milliseconds(2000)));
    EXPECT_TRUE(black.quit(milliseconds(2000)));
}
