// Othello matches: player specs and their errors, a short match in process with a tally that
// adds up, every game legal from its opening to the end.
#include "match/othello_match.h"

#include <gtest/gtest.h>

#include <chrono>
#include <sstream>

using namespace kibitz;

TEST(OthelloMatch, PlayerSpecErrorsNameTheProblem) {
    EXPECT_NE(match::make_othello_player("edax").error().find("not kibitz[:options] or gtp:"),
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
    EXPECT_NE(match::make_othello_player("gtp:/no/such/engine").error().find("/no/such/engine"),
              std::string::npos);
    auto ok = match::make_othello_player("kibitz:depth=2,eval=table,probcut=off,solve=8");
    ASSERT_TRUE(ok) << ok.error();
    EXPECT_EQ((*ok)->name(), "kibitz:depth=2,eval=table,probcut=off,solve=8");
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
    EXPECT_NE(log.str().find("Thinking time a move: one "), std::string::npos) << log.str();
    EXPECT_NE(log.str().find(" s a move  "), std::string::npos) << log.str();
}
