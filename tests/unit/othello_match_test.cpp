// Othello matches: player specs and their errors, a short match in process with a tally that
// adds up, every game legal from its opening to the end.
#include "match/othello_match.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/files.h"
#include "eval/othello_patterns.h"
#include "temp_dir.h"
#include "tune/othello_patterns.h"

using namespace kibitz;

namespace {

// The first 20 moves of a game that `base` plays against itself: `same` chooses each of them
// too, `other` differs from it somewhere.
void expect_same_moves_and_a_difference(match::OthelloPlayer& base, match::OthelloPlayer& same,
                                        match::OthelloPlayer& other) {
    othello::Board b = othello::Board::start();
    bool differs = false;
    for (int ply = 0; ply < 20 && !b.game_over(); ++ply) {
        const auto m = base.choose(b);
        const auto n = same.choose(b);
        const auto o = other.choose(b);
        ASSERT_TRUE(m && n && o);
        EXPECT_EQ(*m, *n) << "ply " << ply;
        differs = differs || !(*m == *o);
        b.make(*m);
    }
    EXPECT_TRUE(differs);
}

}  // namespace

TEST(OthelloMatch, PlayerSpecErrorsNameTheProblem) {
    EXPECT_NE(match::make_othello_player("edax").error().find(
                  "not kibitz[:options], gtp:COMMAND or nboard[:options]:COMMAND"),
              std::string::npos);
    EXPECT_NE(match::make_othello_player("nboard:").error().find("needs a command"),
              std::string::npos);
    EXPECT_NE(match::make_othello_player("nboard:depth=99:ntest").error().find("depth=99"),
              std::string::npos);
    EXPECT_NE(match::make_othello_player("nboard:speed=9:ntest").error().find("'speed=9'"),
              std::string::npos);
    EXPECT_NE(match::make_othello_player("nboard:/no/such/engine").error().find("/no/such/engine"),
              std::string::npos);
    EXPECT_NE(match::make_othello_player("kibitz:depth=x").error().find("depth=x"),
              std::string::npos);
    EXPECT_NE(match::make_othello_player("kibitz:colour=red").error().find("'colour'"),
              std::string::npos);
    EXPECT_NE(match::make_othello_player("kibitz:eval=pattern").error().find("pattern"),
              std::string::npos);
    EXPECT_NE(
        match::make_othello_player("kibitz:probcut=maybe").error().find("on, off or a threshold"),
        std::string::npos);
    EXPECT_NE(match::make_othello_player("kibitz:pre=-1").error().find("pre=-1"),
              std::string::npos);
    EXPECT_TRUE(match::make_othello_player("kibitz:depth=4,pre=1.5"));
    EXPECT_NE(match::make_othello_player("gtp:/no/such/engine").error().find("/no/such/engine"),
              std::string::npos);
    auto ok = match::make_othello_player("kibitz:depth=2,eval=table,probcut=off,solve=8");
    ASSERT_TRUE(ok) << ok.error();
    EXPECT_EQ((*ok)->name(), "kibitz:depth=2,eval=table,probcut=off,solve=8");
}

// level=N plays the web app's level N: its depth, time cap, evaluation and solver; an option
// after it changes it, and a level outside 1-6 is an error that names it.
TEST(OthelloMatch, ALevelPlaysAsTheWebAppsLevel) {
    EXPECT_NE(match::make_othello_player("kibitz:level=7").error().find("level=7"),
              std::string::npos);
    EXPECT_NE(match::make_othello_player("kibitz:level=0").error().find("1..6"), std::string::npos);
    auto level = match::make_othello_player("kibitz:level=2");
    auto same = match::make_othello_player("kibitz:depth=2,movetime=1000,eval=table,solve=6");
    auto other = match::make_othello_player("kibitz:level=2,eval=discs");
    ASSERT_TRUE(level && same && other);
    EXPECT_EQ((*level)->name(), "kibitz:level=2");
    // The level and its settings agree everywhere, the changed evaluation somewhere.
    expect_same_moves_and_a_difference(**level, **same, **other);
}

// A time per move alone is not cut short by the default depth of 6 (which takes a few ms from
// the start): the player thinks for a good part of its 300 ms.
TEST(OthelloMatch, AMoveTimeAloneSearchesDeeperThanTheDefaultDepth) {
    auto p = match::make_othello_player("kibitz:movetime=300");
    ASSERT_TRUE(p) << p.error();
    const auto started = std::chrono::steady_clock::now();
    ASSERT_TRUE((*p)->choose(othello::Board::start()));
    EXPECT_GE(std::chrono::steady_clock::now() - started, std::chrono::milliseconds(60));
}

// patterns=FILE plays with the weights of a fit's file: the built-in weights written out play
// the moves of the plain player, other weights differ somewhere; a bad file is an error that
// names it.
TEST(OthelloMatch, PatternsFromAFitFile) {
    test::TempDir dir("kibitz_match_patterns_");
    EXPECT_NE(match::make_othello_player("kibitz:patterns=" + dir.file("none.inc"))
                  .error()
                  .find("none.inc"),
              std::string::npos);
    const std::string same_path = dir.file("same.inc"), other_path = dir.file("other.inc");
    ASSERT_TRUE(core::write_file(
        same_path, tune::pattern_weights_to_cpp(eval::default_pattern_weights(), "built-in")));
    eval::PatternWeights other = eval::default_pattern_weights();
    for (auto& v : other.values) v = std::int16_t(-v);  // the opposite of every judgement
    ASSERT_TRUE(core::write_file(other_path, tune::pattern_weights_to_cpp(other, "negated")));

    auto plain = match::make_othello_player("kibitz:depth=3");
    auto same = match::make_othello_player("kibitz:depth=3,patterns=" + same_path);
    auto negated = match::make_othello_player("kibitz:depth=3,patterns=" + other_path);
    ASSERT_TRUE(plain && same && negated);
    expect_same_moves_and_a_difference(**plain, **same, **negated);
}

TEST(OthelloMatch, ShortMatchInProcess) {
    auto a = match::make_othello_player("kibitz:depth=1,name=one");
    auto b = match::make_othello_player("kibitz:depth=2,eval=discs,name=two");
    ASSERT_TRUE(a && b);
    match::OthelloMatchOptions options;
    options.pairs = 2;
    options.opening_plies = 4;
    std::ostringstream log;
    const auto r = match::play_othello_match(**a, **b, options, log);
    EXPECT_EQ(r.tally.games(), 4);
    EXPECT_EQ(r.tally.pairs[0] + r.tally.pairs[1] + r.tally.pairs[2] + r.tally.pairs[3] +
                  r.tally.pairs[4],
              2);
    ASSERT_EQ(r.games.size(), 4u);
    for (const auto& g : r.games) {
        EXPECT_TRUE(g.error.empty()) << g.error;
        othello::Board b = othello::Board::start();
        for (const othello::Move m : g.moves) {
            ASSERT_TRUE(b.is_legal(m));
            b.make(m);
        }
        EXPECT_TRUE(b.game_over());
        const int black = b.side_to_move() == othello::kBlack ? b.final_score() : -b.final_score();
        EXPECT_EQ(g.score_first, g.first_black ? black : -black);
        // Every move after the opening was chosen, and timed, by one of the two.
        EXPECT_EQ(g.moves_first + g.moves_second, int(g.moves.size()) - g.opening_plies);
        EXPECT_GE(g.ms_first, 0);
    }
    // Both games of a pair start from the same opening.
    EXPECT_EQ(std::vector<othello::Move>(r.games[0].moves.begin(), r.games[0].moves.begin() + 4),
              std::vector<othello::Move>(r.games[1].moves.begin(), r.games[1].moves.begin() + 4));
    EXPECT_NE(log.str().find("Score of one vs two"), std::string::npos);
    EXPECT_NE(log.str().find("Thinking time a move (wall, CPU): one "), std::string::npos)
        << log.str();
    EXPECT_NE(log.str().find(" s) a move  "), std::string::npos) << log.str();
}

// The CPU time of an in-process player counts its searches: a depth-8 search takes some.
TEST(OthelloMatch, KibitzPlayerCountsItsCpuTime) {
    auto p = match::make_othello_player("kibitz:depth=8");
    ASSERT_TRUE(p) << p.error();
    EXPECT_EQ((*p)->cpu_ms(), 0);
    othello::Board b = othello::Board::start();
    for (int i = 0; i < 6; ++i) {
        const auto m = (*p)->choose(b);
        ASSERT_TRUE(m) << m.error();
        b.make(*m);
    }
    EXPECT_GT((*p)->cpu_ms(), 0);
}

namespace {

std::string write_temp(const std::string& name, const std::string& text) {
    const auto path =
        (std::filesystem::temp_directory_path() / (std::to_string(::getpid()) + "_" + name))
            .string();
    std::ofstream(path) << text;
    return path;
}

}  // namespace

TEST(OthelloMatch, OpeningsFileIsReadAndUsedInOrder) {
    const auto path = write_temp("kibitz_openings_ok.txt",
                                 "# two XOT-style lines\nf5d6c3d3c4f4c5b3\n\nF5 F6 E6 F4\n");
    const auto openings = match::read_othello_openings(path);
    ASSERT_TRUE(openings) << openings.error();
    ASSERT_EQ(openings->size(), 2u);
    EXPECT_EQ(match::othello_moves_text((*openings)[0]), "f5d6c3d3c4f4c5b3");
    EXPECT_EQ(match::othello_moves_text((*openings)[1]), "f5f6e6f4");

    auto a = match::make_othello_player("kibitz:depth=1,name=one");
    auto b = match::make_othello_player("kibitz:depth=1,name=two");
    ASSERT_TRUE(a && b);
    match::OthelloMatchOptions options;
    options.pairs = 3;
    options.openings = *openings;
    std::ostringstream log;
    const auto r = match::play_othello_match(**a, **b, options, log);
    ASSERT_EQ(r.games.size(), 6u);
    for (std::size_t g = 0; g < 6; ++g) {
        const auto& opening = (*openings)[(g / 2) % 2];
        EXPECT_EQ(r.games[g].opening_plies, int(opening.size()));
        EXPECT_EQ(std::vector<othello::Move>(r.games[g].moves.begin(),
                                             r.games[g].moves.begin() + long(opening.size())),
                  opening);
    }
}

TEST(OthelloMatch, OpeningsFileErrorsNameTheLineAndMove) {
    auto error_of = [](const std::string& text) {
        return match::read_othello_openings(write_temp("kibitz_openings_bad.txt", text)).error();
    };
    EXPECT_NE(error_of("f5d6\nf5a1\n").find("kibitz_openings_bad.txt:2: move 2 'a1'"),
              std::string::npos)
        << error_of("f5d6\nf5a1\n");
    EXPECT_NE(error_of("f5d\n").find(":1: 'f5d' is not a list of moves"), std::string::npos);
    EXPECT_NE(error_of("# nothing\n").find("has no openings"), std::string::npos);
    EXPECT_NE(match::read_othello_openings("/no/such/openings.txt").error().find("cannot be read"),
              std::string::npos);
}
