// The external-engine client: a child process over pipes and the UCI conversation, against
// fake engines (shell scripts in tests/data/fake_engines/) that misbehave in known ways, and
// against Debian's Stockfish when it is installed. Every wait is short: nothing may hang.
#include "match/uci_engine.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <sstream>
#include <string>

#include "chess/epd.h"
#include "chess/notation.h"
#include "core/timer.h"
#include "engine_fakes.h"
#include "match/process.h"
#include "match/suite_external.h"

using kibitz::chess::Position;
using kibitz::match::GoLimits;
using kibitz::match::Process;
using kibitz::match::SearchInfo;
using kibitz::match::UciEngine;
using std::chrono::milliseconds;

namespace {

using kibitz::test::contains;
using kibitz::test::depth_limit;
using kibitz::test::fake_engine;

constexpr const char* kStockfish = "/usr/games/stockfish";

}  // namespace

// ---- Process ------------------------------------------------------------------------------

TEST(Process, SplitCommandAtBlanks) {
    EXPECT_EQ(kibitz::match::split_command("  a  b\tc "),
              (std::vector<std::string>{"a", "b", "c"}));
    EXPECT_TRUE(kibitz::match::split_command(" \t ").empty());
}

TEST(Process, LinesSplitAcrossReadsAndEndOfOutput) {
    Process p;
    ASSERT_TRUE(p.start(std::vector<std::string>{
        "/bin/sh", "-c", "printf 'one\\ntw'; sleep 0.05; printf 'o\\r\\nlast'; exit 7"}));
    EXPECT_EQ(p.read_line(milliseconds(2000)), "one");
    EXPECT_EQ(p.read_line(milliseconds(2000)), "two");
    EXPECT_EQ(p.read_line(milliseconds(2000)), "last");  // no '\n' before the end
    EXPECT_EQ(p.read_line(milliseconds(2000)), std::nullopt);
    EXPECT_TRUE(p.eof());
    EXPECT_EQ(p.wait_exit(milliseconds(2000)), 7);
    EXPECT_FALSE(p.running());
}

TEST(Process, ReadTimesOutWithoutEof) {
    Process p;
    ASSERT_TRUE(p.start("/bin/sleep 5"));
    kibitz::core::Stopwatch watch;
    EXPECT_EQ(p.read_line(milliseconds(100)), std::nullopt);
    EXPECT_FALSE(p.eof());
    EXPECT_GE(watch.elapsed_ms(), 90);
    EXPECT_TRUE(p.running());
    EXPECT_EQ(p.wait_exit(milliseconds(50)), -1);
    p.kill();
    EXPECT_FALSE(p.running());
    EXPECT_EQ(p.exit_status(), 128 + 9);
}

TEST(Process, EchoesThroughThePipes) {
    Process p;
    ASSERT_TRUE(p.start("/bin/cat"));
    ASSERT_TRUE(p.write_line("hello world"));
    EXPECT_EQ(p.read_line(milliseconds(2000)), "hello world");
    const auto twice = p.start("/bin/cat");
    ASSERT_FALSE(twice);
    EXPECT_TRUE(contains(twice.error(), "already running")) << twice.error();
    p.kill();
    ASSERT_TRUE(p.start("/bin/echo again"));  // an ended process may start again
    EXPECT_EQ(p.read_line(milliseconds(2000)), "again");
}

TEST(Process, MissingProgramIsAnError) {
    Process p;
    const auto r = p.start("/no/such/engine --flag");
    ASSERT_FALSE(r);
    EXPECT_TRUE(contains(r.error(), "/no/such/engine")) << r.error();
    EXPECT_TRUE(contains(r.error(), "No such file")) << r.error();
    EXPECT_FALSE(p.running());
    EXPECT_FALSE(p.write_line("uci"));
    EXPECT_FALSE(Process().start(""));
}

TEST(Process, WritingToADeadChildIsAnErrorNotSigpipe) {
    Process p;
    ASSERT_TRUE(p.start("/bin/true"));
    EXPECT_EQ(p.wait_exit(milliseconds(2000)), 0);
    const auto r = p.write_line("anyone there?");
    ASSERT_FALSE(r);
    EXPECT_TRUE(contains(r.error(), "closed its input")) << r.error();
}

// ---- Parsing --------------------------------------------------------------------------------

TEST(UciParse, InfoKeepsTheLatestMainLine) {
    SearchInfo info;
    kibitz::match::parse_info(
        "info depth 7 seldepth 9 score cp -31 nodes 1234 nps 5 time 40 pv "
        "e2e4 e7e5",
        info);
    EXPECT_EQ(info.depth, 7);
    EXPECT_EQ(info.seldepth, 9);
    EXPECT_EQ(info.score_cp, -31);
    EXPECT_EQ(info.nodes, 1234u);
    EXPECT_EQ(info.time_ms, 40);
    EXPECT_EQ(info.pv, "e2e4 e7e5");
    kibitz::match::parse_info("info depth 8 multipv 2 score cp 99 pv d2d4", info);
    kibitz::match::parse_info("info string depth 20 pv a2a3", info);
    EXPECT_EQ(info.depth, 7);
    EXPECT_EQ(info.pv, "e2e4 e7e5");
    kibitz::match::parse_info("info depth 8 currmove g1f3 currmovenumber 3", info);
    kibitz::match::parse_info("info depth 8 score mate -2 upperbound nodes 2000 pv g1f3", info);
    EXPECT_EQ(info.depth, 8);
    EXPECT_EQ(info.score_mate, -2);
    EXPECT_FALSE(info.score_cp);
    EXPECT_TRUE(info.upperbound);
    EXPECT_EQ(info.pv, "g1f3");
}

TEST(UciParse, Options) {
    const auto o = kibitz::match::parse_option(
        "option name Move Overhead type spin default 10 min 0 max 5000");
    ASSERT_TRUE(o);
    EXPECT_EQ(o->name, "Move Overhead");
    EXPECT_EQ(o->type, "spin");
    EXPECT_EQ(o->default_value, "10");
    const auto b = kibitz::match::parse_option("option name Clear Hash type button");
    ASSERT_TRUE(b);
    EXPECT_EQ(b->name, "Clear Hash");
    EXPECT_EQ(b->default_value, "");
    EXPECT_FALSE(kibitz::match::parse_option("option type spin"));
    EXPECT_FALSE(kibitz::match::parse_option("id name x"));
}

// ---- UciEngine against fake engines ---------------------------------------------------------

TEST(UciEngine, WellBehavedEngine) {
    UciEngine e;
    ASSERT_TRUE(e.start(fake_engine("good"), milliseconds(2000)));
    EXPECT_EQ(e.name(), "Fake Good");
    EXPECT_EQ(e.author(), "Kibitz tests");
    ASSERT_EQ(e.options().size(), 4u);
    EXPECT_EQ(e.options()[3].name, "Style");
    EXPECT_EQ(e.options()[3].default_value, "Normal");
    EXPECT_TRUE(e.has_option("hash"));
    EXPECT_TRUE(e.set_option("Hash", "32"));
    EXPECT_TRUE(e.set_option("Clear Hash", ""));
    const auto missing = e.set_option("Contempt", "10");
    ASSERT_FALSE(missing);
    EXPECT_TRUE(contains(missing.error(), "no option 'Contempt'")) << missing.error();
    ASSERT_TRUE(e.new_game());
    ASSERT_TRUE(e.is_ready(milliseconds(2000)));

    ASSERT_TRUE(e.position(Position()));
    const auto first = e.go(depth_limit(2), milliseconds(2000));
    ASSERT_TRUE(first) << first.error();
    EXPECT_EQ(kibitz::chess::move_to_uci(Position(), first->bestmove), "e2e4");
    EXPECT_TRUE(first->ponder);
    EXPECT_EQ(first->bestmove_text, "bestmove e2e4 ponder e7e5");
    EXPECT_FALSE(first->stopped);
    EXPECT_EQ(first->info.depth, 2);
    EXPECT_EQ(first->info.seldepth, 4);
    EXPECT_EQ(first->info.score_cp, 31);
    EXPECT_TRUE(first->info.lowerbound);
    EXPECT_EQ(first->info.nodes, 150u);
    EXPECT_EQ(first->info.pv, "e2e4 e7e5");

    // The moves reach the engine, and its answer is checked in the position after them.
    auto e4 = kibitz::chess::move_from_uci(Position(), "e2e4");
    ASSERT_TRUE(e4);
    ASSERT_TRUE(e.position(Position(), {*e4}));
    const auto second = e.go(depth_limit(2), milliseconds(2000));
    ASSERT_TRUE(second) << second.error();
    EXPECT_EQ(second->bestmove_text, "bestmove e7e5 ponder g1f3");
    EXPECT_TRUE(e.quit(milliseconds(1000)));
    EXPECT_FALSE(e.running());
}

TEST(UciEngine, CrashAfterUci) {
    UciEngine e;
    const auto r = e.start(fake_engine("crash_after_uci"), milliseconds(2000));
    ASSERT_FALSE(r);
    EXPECT_TRUE(contains(r.error(), "exited before answering uciok")) << r.error();
    EXPECT_TRUE(contains(r.error(), "exit status 3")) << r.error();
    EXPECT_FALSE(e.running());
    // Nothing works afterwards, and nothing crashes.
    EXPECT_FALSE(e.is_ready(milliseconds(200)));
    EXPECT_FALSE(e.position(Position()));
    EXPECT_FALSE(e.go(depth_limit(1), milliseconds(200)));
    EXPECT_TRUE(e.quit(milliseconds(200)));
}

TEST(UciEngine, HandshakeTimeout) {
    UciEngine e;
    kibitz::core::Stopwatch watch;
    const auto r = e.start(fake_engine("no_uciok"), milliseconds(300));
    ASSERT_FALSE(r);
    EXPECT_TRUE(contains(r.error(), "did not answer uciok within 300 ms")) << r.error();
    EXPECT_LT(watch.elapsed_ms(), 2000);
    EXPECT_FALSE(e.running());
}

TEST(UciEngine, MissingEngine) {
    UciEngine e;
    const auto r = e.start("/no/such/stockfish", milliseconds(300));
    ASSERT_FALSE(r);
    EXPECT_TRUE(contains(r.error(), "cannot run '/no/such/stockfish'")) << r.error();
}

TEST(UciEngine, IllegalOrUnparsableBestmove) {
    UciEngine e;
    ASSERT_TRUE(e.start(fake_engine("illegal_bestmove"), milliseconds(2000)));
    ASSERT_TRUE(e.position(Position()));
    const auto illegal = e.go(depth_limit(1), milliseconds(2000));
    ASSERT_FALSE(illegal);
    EXPECT_TRUE(contains(illegal.error(), "illegal or unparsable bestmove 'e2e5'"))
        << illegal.error();
    EXPECT_TRUE(contains(illegal.error(), "Fake Illegal")) << illegal.error();
    const auto garbage = e.go(depth_limit(2), milliseconds(2000));
    ASSERT_FALSE(garbage);
    EXPECT_TRUE(contains(garbage.error(), "bestmove 'xyz'")) << garbage.error();
    const auto empty = e.go(depth_limit(3), milliseconds(2000));
    ASSERT_FALSE(empty);
    EXPECT_TRUE(contains(empty.error(), "without a move")) << empty.error();
    EXPECT_TRUE(e.quit(milliseconds(1000)));
}

TEST(UciEngine, SlowSearchIsStoppedAtTheDeadline) {
    UciEngine e;
    ASSERT_TRUE(e.start(fake_engine("slow_go"), milliseconds(2000)));
    ASSERT_TRUE(e.position(Position()));
    GoLimits limits;
    limits.movetime = 100;
    kibitz::core::Stopwatch watch;
    const auto r = e.go(limits, milliseconds(200), milliseconds(1000));
    ASSERT_TRUE(r) << r.error();
    EXPECT_TRUE(r->stopped);
    EXPECT_EQ(r->info.pv, "e2e4");
    EXPECT_GE(watch.elapsed_ms(), 190);
    EXPECT_LT(watch.elapsed_ms(), 1000);
}

TEST(UciEngine, HungSearchTimesOutAndQuitKills) {
    UciEngine e;
    ASSERT_TRUE(e.start(fake_engine("hung_go"), milliseconds(2000)));
    ASSERT_TRUE(e.position(Position()));
    kibitz::core::Stopwatch watch;
    const auto r = e.go(depth_limit(5), milliseconds(200), milliseconds(200));
    ASSERT_FALSE(r);
    EXPECT_TRUE(contains(r.error(), "timed out")) << r.error();
    EXPECT_TRUE(contains(r.error(), "after 'stop'")) << r.error();
    EXPECT_LT(watch.elapsed_ms(), 1500);
    const auto q = e.quit(milliseconds(200));
    ASSERT_FALSE(q);
    EXPECT_TRUE(contains(q.error(), "was killed")) << q.error();
    EXPECT_FALSE(e.running());
}

TEST(UciEngine, CrashDuringSearch) {
    UciEngine e;
    ASSERT_TRUE(e.start(fake_engine("crash_on_go"), milliseconds(2000)));
    ASSERT_TRUE(e.position(Position()));
    const auto r = e.go(depth_limit(5), milliseconds(2000));
    ASSERT_FALSE(r);
    EXPECT_TRUE(contains(r.error(), "exited during the search")) << r.error();
    EXPECT_TRUE(contains(r.error(), "exit status 5")) << r.error();
    // Writing to the dead engine is an error, not a SIGPIPE.
    const auto again = e.is_ready(milliseconds(200));
    ASSERT_FALSE(again);
    EXPECT_FALSE(e.running());
}

TEST(UciEngine, IgnoredQuitIsKilledAfterTheGracePeriod) {
    UciEngine e;
    ASSERT_TRUE(e.start(fake_engine("ignores_quit"), milliseconds(2000)));
    ASSERT_TRUE(e.is_ready(milliseconds(2000)));
    kibitz::core::Stopwatch watch;
    const auto q = e.quit(milliseconds(300));
    ASSERT_FALSE(q);
    EXPECT_TRUE(contains(q.error(), "did not quit within 300 ms and was killed")) << q.error();
    EXPECT_GE(watch.elapsed_ms(), 290);
    EXPECT_LT(watch.elapsed_ms(), 1500);
    EXPECT_FALSE(e.running());
}

// ---- The suite runner on an external engine -------------------------------------------------

TEST(SuiteExternal, ScoresLikeKibitzAndSurvivesFailures) {
    std::vector<kibitz::chess::EpdRecord> records;
    for (const char* line : {
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"good\";",
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm d4; id \"bad\";",
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - am e4; id \"avoid\";",
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"unscored\";",
         }) {
        auto r = kibitz::chess::parse_epd(line);
        ASSERT_TRUE(r) << r.error();
        records.push_back(std::move(*r));
    }
    kibitz::engine::SuiteOptions options;
    options.external_engine = fake_engine("good");
    options.movetime_ms = 10;
    options.engine_options = {{"Style", "Solid"}};
    std::ostringstream log;
    const auto result = kibitz::match::run_suite_external(records, options, log);
    ASSERT_TRUE(result) << result.error();
    EXPECT_EQ(result->total, 3);
    EXPECT_EQ(result->solved, 1);
    EXPECT_EQ(result->nodes, 3 * 150u);
    EXPECT_TRUE(contains(log.str(), "Engine: Fake Good")) << log.str();
    EXPECT_TRUE(contains(log.str(), "good: ok   played e4, bm e4   [1/1]")) << log.str();
    EXPECT_TRUE(contains(log.str(), "bad: FAIL played e4, bm d4   [1/2]")) << log.str();
    EXPECT_TRUE(contains(log.str(), "avoid: FAIL played e4, am e4   [1/3]")) << log.str();

    options.engine_options = {{"NoSuchOption", "1"}};
    const auto bad_option = kibitz::match::run_suite_external(records, options, log);
    ASSERT_FALSE(bad_option);
    EXPECT_TRUE(contains(bad_option.error(), "no option 'NoSuchOption'")) << bad_option.error();

    // A crash on every search fails each position with the error, and the engine restarts.
    options.engine_options.clear();
    options.external_engine = fake_engine("crash_on_go");
    std::ostringstream crash_log;
    const auto crashed = kibitz::match::run_suite_external(records, options, crash_log);
    ASSERT_TRUE(crashed) << crashed.error();
    EXPECT_EQ(crashed->total, 3);
    EXPECT_EQ(crashed->solved, 0);
    EXPECT_TRUE(contains(crash_log.str(),
                         "avoid: FAIL played none (error: engine 'Fake Fragile' "
                         "exited during the search"))
        << crash_log.str();
}

// ---- Debian's Stockfish -------------------------------------------------------------------

TEST(UciEngine, StockfishFindsMateInOne) {
    if (::access(kStockfish, X_OK) != 0)
        GTEST_SKIP() << kStockfish << " is not installed (Debian package stockfish)";
    UciEngine e;
    ASSERT_TRUE(e.start(kStockfish, milliseconds(5000)));
    EXPECT_TRUE(contains(e.name(), "Stockfish")) << e.name();
    ASSERT_TRUE(e.set_option("Threads", "1"));
    ASSERT_TRUE(e.set_option("Hash", "16"));
    ASSERT_TRUE(e.new_game());
    ASSERT_TRUE(e.is_ready(milliseconds(5000)));
    const auto pos = Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    ASSERT_TRUE(pos);
    ASSERT_TRUE(e.position(*pos));
    const auto r = e.go(depth_limit(5), milliseconds(5000));
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(kibitz::chess::move_to_uci(*pos, r->bestmove), "a1a8");
    EXPECT_EQ(r->info.score_mate, 1);
    EXPECT_GT(r->info.nodes, 0u);
    EXPECT_TRUE(e.quit(milliseconds(2000)));
}
