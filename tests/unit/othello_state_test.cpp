// The state file of `kibitz othello match --state`: a match stopped after some pairs and run
// again with its state plays the same games as one run straight through; a state file for
// other settings, cut short or with a bad line is an error that names the file and the line.
#include "match/othello_state.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "core/files.h"
#include "temp_dir.h"

using namespace kibitz;

namespace {

// A match of `pairs` pairs between two depth-1 players from random 4-ply openings (seed 5).
match::OthelloMatchResult play(int pairs, match::OthelloMatchOptions options = {}) {
    auto a = match::make_othello_player("kibitz:depth=1,name=one");
    auto b = match::make_othello_player("kibitz:depth=2,eval=discs,name=two");
    EXPECT_TRUE(a && b);
    options.pairs = pairs;
    options.opening_plies = 4;
    options.seed = 5;
    std::ostringstream log;
    return match::play_othello_match(**a, **b, options, log);
}

match::Fingerprint fingerprint(const std::string& first = "kibitz:depth=1,name=one") {
    match::OthelloMatchOptions options;
    options.opening_plies = 4;
    options.seed = 5;
    return match::othello_match_fingerprint(first, "kibitz:depth=2,eval=discs,name=two", options,
                                            "");
}

}  // namespace

TEST(OthelloState, AResumedMatchPlaysTheGamesOfAnUnbrokenOne) {
    test::TempDir dir("kibitz_othello_state_");
    const std::string file = dir.file("match.state");
    match::OthelloMatchOptions first_run;
    first_run.on_pair = [&](const std::vector<match::OthelloGameRecord>& games) {
        return match::write_othello_state(file, fingerprint(), games);
    };
    const auto stopped = play(3, first_run);
    ASSERT_EQ(stopped.games.size(), 6u);

    auto done = match::read_othello_state(file, fingerprint());
    ASSERT_TRUE(done) << done.error();
    ASSERT_EQ(done->size(), 6u);
    match::OthelloMatchOptions resumed_run;
    resumed_run.done = *done;
    const auto resumed = play(5, resumed_run);
    const auto unbroken = play(5);
    ASSERT_EQ(resumed.games.size(), 10u);
    ASSERT_EQ(unbroken.games.size(), 10u);
    for (std::size_t i = 0; i < 10; ++i) {
        EXPECT_EQ(resumed.games[i].moves, unbroken.games[i].moves) << "game " << i + 1;
        EXPECT_EQ(resumed.games[i].score_first, unbroken.games[i].score_first) << i + 1;
    }
    EXPECT_EQ(resumed.tally.wins, unbroken.tally.wins);
    EXPECT_EQ(resumed.tally.losses, unbroken.tally.losses);
    EXPECT_EQ(resumed.tally.pairs, unbroken.tally.pairs);
    // The saved times come back as they were.
    EXPECT_EQ((*done)[3].cpu_ms_second, stopped.games[3].cpu_ms_second);
    EXPECT_EQ((*done)[3].moves_first, stopped.games[3].moves_first);

    // No file yet: nothing done.
    const auto none = match::read_othello_state(dir.file("new.state"), fingerprint());
    ASSERT_TRUE(none) << none.error();
    EXPECT_TRUE(none->empty());
}

TEST(OthelloState, ErrorsNameTheFileAndTheLine) {
    test::TempDir dir("kibitz_othello_state_bad_");
    const std::string file = dir.file("match.state");
    const auto games = play(1).games;
    ASSERT_TRUE(match::write_othello_state(file, fingerprint(), games));
    const auto other = match::read_othello_state(file, fingerprint("kibitz:depth=3"));
    EXPECT_NE(other.error().find("different first: kibitz:depth=1,name=one vs kibitz:depth=3"),
              std::string::npos)
        << other.error();

    const auto text = core::read_file(file, 1 << 20);
    ASSERT_TRUE(text);
    auto error_of = [&](const std::string& content) {
        EXPECT_TRUE(core::write_file(file, content));
        return match::read_othello_state(file, fingerprint()).error();
    };
    EXPECT_NE(error_of(text->substr(0, text->rfind("end"))).find("cut short"), std::string::npos);
    EXPECT_NE(error_of("something else\n").find(file + ":1: not a state file"), std::string::npos);
    // Game 2's line, replaced: its number of line in the file is where the errors point.
    const std::size_t at = text->find("game 2 = ");
    const std::string line =
        std::to_string(1 + std::count(text->begin(), text->begin() + long(at), '\n'));
    const auto with_game_2 = [&](const std::string& value) {
        return text->substr(0, at) + "game 2 = " + value + "\nend\n";
    };
    EXPECT_NE(error_of(with_game_2("7 0 1 1 1 1 1 1 -")).find(":" + line + ": a game is"),
              std::string::npos);
    EXPECT_NE(
        error_of(with_game_2("0 0 1 1 1 1 1 1 f5a1")).find(":" + line + ": move 2 'a1': move A1"),
        std::string::npos)
        << error_of(with_game_2("0 0 1 1 1 1 1 1 f5a1"));
    EXPECT_NE(error_of(text->substr(0, at) + "game 3 = 0 0 1 1 1 1 1 1 -\nend\n")
                  .find(":" + line + ": 'game 3' is not a setting or game 2"),
              std::string::npos);
}
