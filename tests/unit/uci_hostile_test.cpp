// Hostile or unlucky UCI input must never take the engine down: a Hash the memory cannot hold,
// numbers beyond any range, "bench" and "go perft" that must stay stoppable, and a sweep of
// malformed commands after which the session still answers.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "core/memory.h"
#include "core/timer.h"
#include "engine/time_manager.h"
#include "engine_fakes.h"
#include "search/tt.h"
#include "uci/session.h"
#include "uci_harness.h"

using kibitz::test::count;
using Harness = kibitz::test::UciHarness;
using kibitz::uci::Session;
using namespace std::chrono_literals;

namespace {

using kibitz::test::contains;

// More megabytes than any machine running the tests has free.
std::size_t beyond_memory_mb() { return kibitz::core::physical_memory_mb() * 4 + 4096; }

}  // namespace

// ---- Hash ---------------------------------------------------------------------------------

TEST(UciHostile, TableBeyondMemoryIsRefusedAndKeepsItsEntries) {
    using kibitz::search::TranspositionTable;
    TranspositionTable tt(16);
    const std::uint64_t key = 0x9e3779b97f4a7c15ULL;
    tt.store(key, 7, 120, 0, 5, kibitz::search::kBoundExact);
    const auto st = tt.resize(beyond_memory_mb());
    ASSERT_FALSE(st);
    EXPECT_TRUE(contains(st.error(), "MB of memory available")) << st.error();
    EXPECT_EQ(tt.size_mb(), 16u);
    kibitz::search::TTData hit;
    ASSERT_TRUE(tt.probe(key, hit));  // refused before anything was freed
    EXPECT_EQ(hit.move, 7);
    EXPECT_TRUE(tt.resize(4));
    EXPECT_EQ(tt.size_mb(), 4u);
}

TEST(UciHostile, HashTheMemoryCannotHoldIsRefusedWithAnInfoString) {
    if (kibitz::core::available_memory_mb() >= 65536 + 16)
        GTEST_SKIP() << "this machine has 64 GB free: Hash 65536 would be granted";
    Harness h;
    h.send("setoption name Hash value 65536");
    const std::string text = h.buf.text();
    EXPECT_TRUE(contains(text, "info string error: Hash 65536 MB refused: only ")) << text;
    EXPECT_TRUE(contains(text, " MB of memory available; keeping 16 MB")) << text;
    h.send("isready");
    h.send("position startpos");
    h.send("go depth 3");
    h.session.wait();
    EXPECT_EQ(count(h.buf.text(), "bestmove "), 1);
}

// ---- Numbers ------------------------------------------------------------------------------

TEST(UciHostile, HugeClockDoesNotWrapToAnInstantMove) {
    // 9e18 ms used to overflow the hard limit's arithmetic into a negative number: 1 ms.
    kibitz::engine::GoParams go;
    go.time[0] = 9'000'000'000'000'000'000;
    go.inc[0] = 9'000'000'000'000'000'000;
    const auto limits = kibitz::engine::plan_limits(go, 0, 30);
    EXPECT_GT(limits.hard_ms, 1'000'000);
    EXPECT_GE(limits.hard_ms, limits.soft_ms);
    // An overdrawn clock is little time, not no limit.
    go.time[0] = -500;
    go.inc[0] = -20;
    const auto overdrawn = kibitz::engine::plan_limits(go, 0, 30);
    EXPECT_GE(overdrawn.hard_ms, 1);
    EXPECT_LE(overdrawn.hard_ms, 10);
}

TEST(UciHostile, AFixedMoveTimeHasNoSoftLimit) {
    kibitz::engine::GoParams go;
    go.movetime = 500;
    go.time[0] = 60'000;  // a clock given as well does not shorten a fixed move time
    const auto limits = kibitz::engine::plan_limits(go, 0, 30);
    EXPECT_EQ(limits.hard_ms, 470);
    EXPECT_EQ(limits.soft_ms, 0);  // nothing stops it early
}

TEST(UciHostile, GoNumbersOutOfRangeAreClampedAndNamed) {
    Harness h;
    h.send("position startpos");
    h.send("go wtime 1000 winc 10000000000000000000 movestogo -4 depth 99999999999999999999");
    h.send("stop");
    h.session.wait();
    const std::string text = h.buf.text();
    EXPECT_TRUE(contains(text,
                         "info string go winc 10000000000000000000 is out of range (0 to "
                         "1099511627776): 1099511627776 used"))
        << text;
    EXPECT_TRUE(contains(text, "info string go movestogo -4 is out of range")) << text;
    EXPECT_TRUE(contains(text,
                         "info string go depth 99999999999999999999 is out of range (1 to "
                         "127): 127 used"))
        << text;
    EXPECT_FALSE(contains(text, "-8446744073709551616")) << text;
    EXPECT_EQ(count(text, "bestmove "), 1);
    // A negative clock (the GUI's lag) plays at once instead of failing.
    h.send("go wtime -300 btime -300 winc -5 binc -5");
    h.session.wait();
    EXPECT_EQ(count(h.buf.text(), "bestmove "), 2);
    // A word where a number belongs refuses the go and names the word.
    h.send("go nodes lots");
    EXPECT_TRUE(contains(h.buf.text(), "go nodes needs a number of nodes, got 'lots'"));
    h.send("go perft 99999999999999999999");
    EXPECT_TRUE(contains(h.buf.text(),
                         "go perft needs a depth from 1 to 20, got "
                         "'99999999999999999999'"));
    EXPECT_EQ(count(h.buf.text(), "bestmove "), 2);
}

// ---- bench and go perft run like searches ----------------------------------------------

TEST(UciHostile, BenchAnswersIsreadyAndStops) {
    Harness h;
    kibitz::core::Stopwatch clock;
    h.send("bench 30");  // hours of work: only "stop" ends it in time
    h.send("isready");
    EXPECT_TRUE(contains(h.buf.text(), "readyok\n"));
    h.send("stop");
    EXPECT_LT(clock.elapsed_ms(), 10'000);
    const std::string text = h.buf.text();
    EXPECT_TRUE(contains(text, "info string bench stopped after ")) << text;
    EXPECT_FALSE(contains(text, "Nodes searched")) << text;  // a partial total is no signature
    EXPECT_LT(text.find("readyok"), text.find("bench stopped"));
    // The session goes on as before (a whole bench is UciSearch.EveryOtherCommandAndOption's).
    h.send("position startpos");
    h.send("go depth 1");
    h.session.wait();
    EXPECT_EQ(count(h.buf.text(), "bestmove "), 1);
}

TEST(UciHostile, PerftAnswersIsreadyAndStops) {
    Harness h;
    h.send("position startpos");
    kibitz::core::Stopwatch clock;
    h.send("go perft 9");
    h.send("isready");
    EXPECT_TRUE(contains(h.buf.text(), "readyok\n"));
    std::this_thread::sleep_for(20ms);
    h.send("stop");
    EXPECT_LT(clock.elapsed_ms(), 10'000);
    const std::string text = h.buf.text();
    EXPECT_TRUE(contains(text, "info string go perft 9 stopped after ")) << text;
    EXPECT_FALSE(contains(text, "Nodes searched")) << text;
}

TEST(UciHostile, QuitAndNewCommandsEndABench) {
    Harness h;
    h.send("bench 30");
    h.send("go depth 1");  // a search ends the bench first
    h.session.wait();
    EXPECT_TRUE(contains(h.buf.text(), "bench stopped"));
    EXPECT_EQ(count(h.buf.text(), "bestmove "), 1);
    h.send("go perft 9");
    kibitz::core::Stopwatch clock;
    EXPECT_FALSE(h.session.handle("quit"));
    EXPECT_LT(clock.elapsed_ms(), 10'000);
    EXPECT_TRUE(contains(h.buf.text(), "go perft 9 stopped"));
}

// ---- A sweep of malformed commands ------------------------------------------------------

TEST(UciHostile, MalformedCommandsLeaveTheSessionWorking) {
    Harness h;
    const char* lines[] = {
        "setoption name Hash value -1",
        "setoption name Hash value 0",
        "setoption name Hash value 99999999999999999999",
        "setoption name Hash value 1e9",
        "setoption name Hash",
        "setoption name Threads value 0",
        "setoption name Threads value -9223372036854775808",
        "setoption name MultiPV value 257",
        "setoption name Move Overhead value -1",
        "setoption name Move Overhead value 18446744073709551616",
        "setoption name UCI_Elo value -2200",
        "setoption name BookDepth value 0",
        "setoption name value 3",
        "setoption",
        "setoption name",
        "go depth",
        "go depth -1",
        "go nodes 0",
        "go mate 0",
        "go mate 99999999999999999999",
        "go movetime -5",
        "go movetime 0",
        "go wtime",
        "go btime 1 wtime x",
        "go searchmoves e2e4 depth 999",
        "go perft",
        "go perft 0",
        "go perft -3",
        "go perft 3 4",
        "bench 0",
        "bench -1",
        "bench 99999999999999999999",
        "bench depth",
        "position fen",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 99999999999999999999",
        "position startpos moves e2e5",
        "ponderhit",
        "stop",
        "\x7f\x80\xff",
    };
    for (const char* line : lines) {
        h.send(line);
        h.send("stop");
        h.session.wait();
    }
    h.send("isready");
    EXPECT_TRUE(contains(h.buf.text(), "readyok\n"));
    h.send("position startpos");
    h.send("go depth 2");
    h.session.wait();
    // Every go above that searched sent one bestmove, and the last one too.
    EXPECT_GE(count(h.buf.text(), "bestmove "), 1);
    EXPECT_FALSE(contains(h.buf.text(), "-8446744073709551616"));
}
