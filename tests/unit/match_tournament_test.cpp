// Tournaments (schedule.h), maximum-likelihood ratings (ratings.h), the crosstable
// (crosstable.h) and resumable runs (state.h), with the fake UCI engines of
// tests/data/fake_engines/. Each runner test plays a few games of a handful of moves.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "match/crosstable.h"
#include "match/match.h"
#include "match/ratings.h"
#include "match/schedule.h"
#include "match/state.h"
#include "match/stats.h"
#include "temp_dir.h"

namespace kibitz::match {
namespace {

namespace fs = std::filesystem;

std::string scripted(const std::string& moves) {
    return std::string(KIBITZ_SOURCE_DIR) + "/tests/data/fake_engines/scripted.sh " + moves;
}

constexpr const char* kFoolsMate = "f2f3 e7e5 g2g4 d8h4";

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

int count(const std::string& text, const std::string& part) {
    int n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// n engines that all play Fool's mate: Black wins every game, at depth 1.
MatchOptions fools_mate_tournament(int engines) {
    MatchOptions options;
    const char* names[] = {"A", "B", "C", "D"};
    for (int i = 0; i < engines; ++i) {
        EngineConfig e{names[i], scripted(kFoolsMate), {}, {}, "uci"};
        e.tc.depth = 1;
        options.engines.push_back(e);
    }
    return options;
}

// An ostream that raises *stop once its text contains `marker`, the way Ctrl-C stops a run
// after a given game.
class StopAfter : public std::stringbuf {
public:
    StopAfter(std::atomic<bool>& stop, std::string marker) : stop_(stop), marker_(marker) {}

protected:
    int sync() override {
        if (contains(str(), marker_)) stop_.store(true);
        return 0;
    }

private:
    std::atomic<bool>& stop_;
    std::string marker_;
};

ScoredGame game(int first, int second, int points, int pair = -1) {
    return {first, second, points, pair};
}

// n games of a against b: wins, losses, draws from a's view.
void add_games(std::vector<ScoredGame>& games, int a, int b, int wins, int losses, int draws) {
    for (int i = 0; i < wins; ++i) games.push_back(game(a, b, 2));
    for (int i = 0; i < losses; ++i) games.push_back(game(a, b, 0));
    for (int i = 0; i < draws; ++i) games.push_back(game(a, b, 1));
}

// ---- Schedule ----------------------------------------------------------------------------

TEST(TournamentSchedule, RoundRobinEveryPairMeetsWithBalancedColours) {
    const Schedule s = make_schedule(3, Tournament::kRoundRobin, 2, 2, true);
    ASSERT_EQ(s.pairings.size(), 3u);
    EXPECT_EQ(s.pairings[0], std::make_pair(0, 1));
    EXPECT_EQ(s.pairings[1], std::make_pair(0, 2));
    EXPECT_EQ(s.pairings[2], std::make_pair(1, 2));
    ASSERT_EQ(s.games.size(), 12u);  // 3 pairings x 2 games x 2 rounds

    std::map<int, int> white, black, per_pairing;
    std::map<int, std::vector<const ScheduledGame*>> pairs;
    for (const auto& g : s.games) {
        ++white[g.white];
        ++black[g.black];
        ++per_pairing[g.pairing];
        ASSERT_GE(g.pair, 0);
        pairs[g.pair].push_back(&g);
    }
    for (int e = 0; e < 3; ++e) {
        EXPECT_EQ(white[e], 4) << e;
        EXPECT_EQ(black[e], 4) << e;
        EXPECT_EQ(per_pairing[e], 4) << e;
    }
    // A pair: same pairing and opening, colours swapped, consecutive within its pairing.
    ASSERT_EQ(pairs.size(), 6u);
    for (const auto& [id, games] : pairs) {
        ASSERT_EQ(games.size(), 2u);
        EXPECT_EQ(games[0]->pairing, games[1]->pairing);
        EXPECT_EQ(games[0]->opening, games[1]->opening);
        EXPECT_EQ(games[0]->white, games[1]->black);
    }
    // Rounds come one after the other; every pairing plays the same openings in a round.
    for (int i = 0; i < 12; ++i) EXPECT_EQ(s.games[i].round, i / 6) << i;
    for (int round = 0; round < 2; ++round) {
        std::map<int, std::multiset<int>> openings;
        for (const auto& g : s.games)
            if (g.round == round) openings[g.pairing].insert(g.opening);
        EXPECT_EQ(openings[0], openings[1]);
        EXPECT_EQ(openings[0], openings[2]);
    }
    // Interleaved: the first pair of each pairing before any second pair.
    EXPECT_EQ(s.games[0].pairing, 0);
    EXPECT_EQ(s.games[1].pairing, 0);
    EXPECT_EQ(s.games[2].pairing, 1);
    EXPECT_EQ(s.games[4].pairing, 2);
}

TEST(TournamentSchedule, OddGamesStillBalanceColours) {
    const Schedule s = make_schedule(3, Tournament::kRoundRobin, 1, 1, false);
    ASSERT_EQ(s.games.size(), 3u);
    std::map<int, int> white;
    for (const auto& g : s.games) {
        ++white[g.white];
        EXPECT_EQ(g.pair, -1);
        EXPECT_EQ(g.opening, 0);
    }
    EXPECT_EQ(white[0], 1);
    EXPECT_EQ(white[1], 1);
    EXPECT_EQ(white[2], 1);
}

TEST(TournamentSchedule, GauntletFirstEngineMeetsEveryOther) {
    const Schedule s = make_schedule(4, Tournament::kGauntlet, 2, 3, true);
    ASSERT_EQ(s.pairings.size(), 3u);
    for (int p = 0; p < 3; ++p) EXPECT_EQ(s.pairings[p], std::make_pair(0, p + 1));
    ASSERT_EQ(s.games.size(), 18u);
    std::map<int, int> games_of, white;
    for (const auto& g : s.games) {
        EXPECT_TRUE(g.white == 0 || g.black == 0);
        ++games_of[g.white];
        ++games_of[g.black];
        ++white[g.white];
    }
    EXPECT_EQ(games_of[0], 18);
    for (int e = 1; e < 4; ++e) {
        EXPECT_EQ(games_of[e], 6);
        EXPECT_EQ(white[e], 3);
    }
}

// Two engines: game k of the classic match (first engine White in even games, pairs 2k, 2k+1).
TEST(TournamentSchedule, TwoEnginesIsTheClassicMatch) {
    for (const bool paired : {false, true}) {
        const Schedule s = make_schedule(2, Tournament::kRoundRobin, 3, 2, paired);
        ASSERT_EQ(s.games.size(), 6u);
        for (int k = 0; k < 6; ++k) {
            EXPECT_EQ(s.games[k].first_is_white, k % 2 == 0) << k;
            EXPECT_EQ(s.games[k].white, k % 2);
            EXPECT_EQ(s.games[k].opening, paired ? k / 2 : k);
            EXPECT_EQ(s.games[k].pair, paired ? k / 2 : -1);
        }
    }
    EXPECT_EQ(make_schedule(2, Tournament::kGauntlet, 2, 2, true).games.size(), 4u);
    // An odd number of games: the last one has no partner.
    EXPECT_EQ(make_schedule(2, Tournament::kRoundRobin, 3, 1, true).games[2].pair, -1);
}

// ---- Ratings -----------------------------------------------------------------------------

// A scores 75% against B and B 75% against C: 400 log10(3) = 190.85 Elo per step, A - C is
// 381.7 though A and C never met.
TEST(TournamentRatings, ChainOfSeventyFivePercent) {
    std::vector<ScoredGame> games;
    add_games(games, 0, 1, 50, 0, 50);
    add_games(games, 1, 2, 60, 10, 30);
    const auto r = fit_ratings(3, games, Anchor::kAverage);
    ASSERT_TRUE(r[0].rated && r[1].rated && r[2].rated);
    EXPECT_NEAR(r[0].elo - r[1].elo, 190.85, 0.2);
    EXPECT_NEAR(r[1].elo - r[2].elo, 190.85, 0.2);
    EXPECT_NEAR(r[0].elo - r[2].elo, 381.7, 0.3);
    EXPECT_NEAR(r[0].elo + r[1].elo + r[2].elo, 0.0, 1e-6);
    // B is measured against both: its rating is the best known.
    EXPECT_LT(r[1].error95, r[0].error95);
    EXPECT_LT(r[1].error95, r[2].error95);

    const auto g = fit_ratings(3, games, Anchor::kFirst);
    EXPECT_EQ(g[0].elo, 0.0);
    EXPECT_EQ(g[0].error95, 0.0);
    EXPECT_NEAR(g[2].elo, -381.7, 0.3);
    EXPECT_GT(g[2].error95, g[1].error95);  // two links from the anchor, not one
}

TEST(TournamentRatings, SymmetricResultsGiveEqualRatings) {
    std::vector<ScoredGame> games;
    add_games(games, 0, 1, 10, 10, 5);
    add_games(games, 1, 2, 10, 10, 5);
    add_games(games, 2, 0, 10, 10, 5);
    const auto r = fit_ratings(3, games, Anchor::kAverage);
    for (int p = 0; p < 3; ++p) {
        EXPECT_NEAR(r[p].elo, 0.0, 1e-9) << p;
        EXPECT_NEAR(r[p].error95, r[0].error95, 1e-9) << p;
        EXPECT_GT(r[p].error95, 0.0) << p;
    }
}

TEST(TournamentRatings, ErrorBarsShrinkWithMoreGames) {
    const auto errors = [](int scale) {
        std::vector<ScoredGame> games;
        add_games(games, 0, 1, 6 * scale, 4 * scale, 10 * scale);
        add_games(games, 1, 2, 6 * scale, 4 * scale, 10 * scale);
        add_games(games, 0, 2, 7 * scale, 3 * scale, 10 * scale);
        return fit_ratings(3, games, Anchor::kAverage)[0].error95;
    };
    const double small = errors(10), large = errors(100), huge = errors(1000);
    EXPECT_LT(large, small);
    EXPECT_LT(huge, large);
    EXPECT_NEAR(large / small, 1.0 / std::sqrt(10.0), 0.01);
}

// With two players the fit is the classic estimate: the Elo of the score, and (delta method)
// about the error bar estimate_elo gives, trinomial and pentanomial.
TEST(TournamentRatings, TwoPlayersAgreeWithEstimateElo) {
    std::vector<ScoredGame> games;
    add_games(games, 0, 1, 60, 40, 100);
    Tally t;
    t.wins = 60;
    t.losses = 40;
    t.draws = 100;
    const auto r = fit_ratings(2, games, Anchor::kFirst);
    EXPECT_NEAR(-r[1].elo, estimate_elo(t).elo, 0.01);
    EXPECT_NEAR(r[1].error95, estimate_elo(t).error95, 0.3);

    // The same games as 100 pairs with pair scores 1/4 .. 3/4 of 10, 60, 30 (stats test).
    std::vector<ScoredGame> paired;
    int id = 0;
    for (const auto& [pair_points, n] : {std::pair{1, 10}, {2, 60}, {3, 30}})
        for (int i = 0; i < n; ++i, ++id) {
            paired.push_back(game(0, 1, pair_points >= 2 ? 2 : 1, id));
            paired.push_back(game(0, 1, pair_points - (pair_points >= 2 ? 2 : 1), id));
        }
    t.pairs = {0, 10, 60, 30, 0};
    const auto p = fit_ratings(2, paired, Anchor::kFirst);
    EXPECT_NEAR(-p[1].elo, estimate_elo(t).elo, 0.01);
    EXPECT_NEAR(p[1].error95, estimate_elo(t).error95, 0.3);
    EXPECT_LT(p[1].error95, r[1].error95);
}

TEST(TournamentRatings, PerfectScoresAndStrangersStayFinite) {
    std::vector<ScoredGame> games;
    add_games(games, 0, 1, 4, 0, 0);  // A beat B every time
    add_games(games, 2, 3, 1, 1, 0);  // C and D never met A or B
    const auto r = fit_ratings(5, games, Anchor::kAverage);
    for (int p = 0; p < 4; ++p) {
        EXPECT_TRUE(r[p].rated);
        EXPECT_TRUE(std::isfinite(r[p].elo)) << p;
        EXPECT_TRUE(std::isfinite(r[p].error95)) << p;
    }
    EXPECT_GT(r[0].elo - r[1].elo, 800.0);
    EXPECT_FALSE(r[4].rated);  // no games, no rating
    // Groups that never met are tied together only by the prior: a huge error bar.
    EXPECT_GT(r[2].error95, 1000.0);
}

// ---- Crosstable --------------------------------------------------------------------------

TEST(TournamentCrosstable, Text) {
    std::vector<ScoredGame> games;
    add_games(games, 0, 1, 3, 0, 1);  // Alpha 87.5% against Bee
    add_games(games, 2, 1, 1, 0, 1);  // Cee 75% against Bee
    const std::vector<std::string> names{"Alpha", "Bee", "Cee", "Dee"};
    const auto r = fit_ratings(4, games, Anchor::kAverage);
    ASSERT_GT(r[0].elo, r[2].elo);
    ASSERT_GT(r[2].elo, r[1].elo);
    const auto numbers = [](const Rating& x) {
        char text[32];
        std::snprintf(text, sizeof text, "%6.0f %6.0f", std::round(x.elo) + 0.0, x.error95);
        return std::string(text);
    };
    std::vector<std::string> lines;
    std::istringstream table(crosstable(names, games, Anchor::kAverage));
    for (std::string line; std::getline(table, line);) lines.push_back(line);
    ASSERT_EQ(lines.size(), 6u);
    EXPECT_EQ(lines[0],
              "Ratings: maximum likelihood, logistic Elo; the average of the players is 0; "
              "+/-: 95% interval");
    EXPECT_EQ(lines[1], "Rank Name     Elo    +/-  Games   Score    Draw  | Alpha Cee   Bee   Dee");
    EXPECT_EQ(lines[2],
              "   1 Alpha " + numbers(r[0]) + "      4   87.5%   25.0%  | *     -     3-0-1 -");
    EXPECT_EQ(lines[3],
              "   2 Cee   " + numbers(r[2]) + "      2   75.0%   50.0%  | -     *     1-0-1 -");
    EXPECT_EQ(lines[4],
              "   3 Bee   " + numbers(r[1]) + "      6   16.7%   33.3%  | 0-3-1 0-1-1 *     -");
    EXPECT_EQ(lines[5], "   4 Dee        -      -      0    0.0%    0.0%  | -     -     -     *");
    EXPECT_TRUE(contains(crosstable(names, games, Anchor::kFirst), "Alpha is anchored at 0"));
}

TEST(TournamentCrosstable, StandingsLine) {
    std::vector<ScoredGame> games;
    add_games(games, 0, 1, 1, 0, 1);
    add_games(games, 2, 1, 0, 0, 1);
    EXPECT_EQ(standings_line({"A", "B", "C"}, games, 12),
              "Standings after 3 of 12 games: A 1.5/2, B 1/3, C 0.5/1\n");
}

// ---- State file --------------------------------------------------------------------------

MatchState sample_state() {
    MatchState s;
    s.fingerprint = {{"games", "2"}, {"tc of engine 2", "10+0.1"}, {"name of engine 1", ""}};
    s.names = {{1, "Kibitz 0.1"}, {3, "Odd \\ name"}};
    s.games[1] = {chess::Outcome::kWhiteWins, "White mates", 0};
    s.games[4] = {chess::Outcome::kDraw, "Draw by 3-fold repetition", 0};
    s.games[7] = {chess::Outcome::kBlackWins, "White disconnects: engine 'x' exited\nstatus 3", 0};
    s.games[9] = {chess::Outcome::kOngoing, "", 0};
    return s;
}

TEST(MatchState, RoundTrip) {
    const kibitz::test::TempDir dir("kibitz_tournament_test");
    const std::string file = dir.path + "/match.state";
    const MatchState s = sample_state();
    ASSERT_TRUE(write_state(file, s).ok());
    const auto back = read_state(file);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(back->fingerprint, s.fingerprint);
    EXPECT_EQ(back->names, s.names);
    ASSERT_EQ(back->games.size(), s.games.size());
    for (const auto& [number, g] : s.games) {
        ASSERT_TRUE(back->games.count(number)) << number;
        EXPECT_EQ(back->games.at(number).outcome, g.outcome) << number;
        EXPECT_EQ(back->games.at(number).reason, g.reason) << number;
    }
    EXPECT_EQ(back->games.at(4).line, 10);  // header comments, version, 3 settings, 2 names
    const std::string text = read_file(file);
    EXPECT_TRUE(contains(text, "\nsetting tc of engine 2 = 10+0.1\n")) << text;
    EXPECT_TRUE(contains(text, "\ngame 7 = 0-1 White disconnects: engine 'x' exited\\nstatus 3\n"))
        << text;
    EXPECT_EQ(state_text(*back), text);
}

TEST(MatchState, AtomicRewrite) {
    const kibitz::test::TempDir dir("kibitz_tournament_test");
    const std::string file = dir.path + "/match.state";
    MatchState s = sample_state();
    ASSERT_TRUE(write_state(file, s).ok());
    struct stat before {};
    ASSERT_EQ(stat(file.c_str(), &before), 0);

    // A rewrite replaces the file by a new one (a rename, not writes into the old file) and
    // leaves no temporary file behind.
    s.games[2] = {chess::Outcome::kDraw, "adjudication: draw by scores", 0};
    ASSERT_TRUE(write_state(file, s).ok());
    struct stat after {};
    ASSERT_EQ(stat(file.c_str(), &after), 0);
    EXPECT_NE(before.st_ino, after.st_ino);
    const auto only_the_state = [&] {
        int files = 0;
        for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path)) ++files;
        return files == 1;
    };
    EXPECT_TRUE(only_the_state());
    EXPECT_EQ(read_state(file)->games.size(), 5u);

    // When the new file cannot be written (here a file size limit stops the write, as a full
    // disk would) the old one stays as it was and no temporary file is left.
    const std::string old_text = read_file(file);
    s.games[3] = {chess::Outcome::kDraw, "", 0};
    struct rlimit old_limit {};
    ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &old_limit), 0);
    const auto old_handler = signal(SIGXFSZ, SIG_IGN);
    struct rlimit small = old_limit;
    small.rlim_cur = 10;
    ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
    const auto failed = write_state(file, s);
    setrlimit(RLIMIT_FSIZE, &old_limit);
    signal(SIGXFSZ, old_handler);
    ASSERT_FALSE(failed.ok());
    EXPECT_TRUE(contains(failed.error(), "state file: cannot write '" + file + "'"))
        << failed.error();
    EXPECT_EQ(read_file(file), old_text);
    EXPECT_TRUE(only_the_state());
}

TEST(MatchState, CorruptFileNamesFileAndLine) {
    const kibitz::test::TempDir dir("kibitz_tournament_test");
    const std::string file = dir.path + "/bad.state";
    const std::string good = state_text(sample_state());
    const auto error_of = [&](const std::string& text) {
        std::ofstream(file) << text;
        const auto r = read_state(file);
        return r.ok() ? std::string("no error") : r.error();
    };
    EXPECT_EQ(error_of(""), file + ":1: not a kibitz match state file (it is empty)");
    EXPECT_EQ(error_of("hello\n"), file +
                                       ":1: not a kibitz match state file (no "
                                       "'kibitz-match-state 1' line)");
    std::string cut = good.substr(0, good.find("game 4"));
    EXPECT_TRUE(contains(error_of(cut), "ends early")) << error_of(cut);
    std::string bad_result = good;
    bad_result.replace(bad_result.find("1/2-1/2"), 7, "draw");
    EXPECT_EQ(error_of(bad_result), file + ":10: bad result 'draw' (1-0, 0-1, 1/2-1/2 or *)");
    std::string bad_number = good;
    bad_number.replace(bad_number.find("game 4"), 6, "game x");
    EXPECT_EQ(error_of(bad_number), file + ":10: bad game number in 'game x'");
    std::string twice = good;
    twice.replace(twice.find("game 4"), 6, "game 1");
    EXPECT_EQ(error_of(twice), file + ":10: game 1 twice");
    std::string junk = good;
    junk.insert(junk.find("game 4"), "garbage\n");
    EXPECT_EQ(error_of(junk), file + ":10: expected KEY = VALUE, not 'garbage'");
    EXPECT_EQ(error_of(good + "game 10 = 1-0\n"), file + ":14: text after 'end'");
    EXPECT_EQ(read_state(dir.path + "/missing").error(),
              "cannot open state file '" + dir.path + "/missing': No such file or directory");
}

TEST(MatchState, FingerprintMismatchNamesTheSetting) {
    MatchOptions options = fools_mate_tournament(3);
    options.engines[1].tc = *parse_tc("10+0.1");
    const Fingerprint saved = match_fingerprint(options);
    EXPECT_TRUE(check_fingerprint("f", saved, saved).ok());
    options.engines[1].tc = *parse_tc("5+0.05");
    const auto r = check_fingerprint("f", saved, match_fingerprint(options));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error(),
              "state file f was written for a different tc of engine 2: 10+0.1 vs 5+0.05 "
              "(saved vs now)");

    // Settings that do not change the games do not matter.
    MatchOptions other = fools_mate_tournament(3);
    other.concurrency = 4;
    other.pgnout = "x.pgn";
    other.recover = true;
    EXPECT_EQ(match_fingerprint(other), match_fingerprint(fools_mate_tournament(3)));
    other.engines.pop_back();
    EXPECT_TRUE(contains(check_fingerprint("f", saved, match_fingerprint(other)).error(),
                         "different number of engines: 3 vs 2"));
}

// ---- Runner ------------------------------------------------------------------------------

// Black mates in every game, so each pairing's games split 1 - 1.
TEST(TournamentRunner, RoundRobinOfThreeFakeEngines) {
    MatchOptions options = fools_mate_tournament(3);
    options.games = 2;
    options.concurrency = 2;
    std::ostringstream out;
    const auto result = run_match(options, out);
    EXPECT_EQ(result.error, "");
    EXPECT_EQ(result.total, 6);
    EXPECT_EQ(result.games_played, 6);
    ASSERT_EQ(result.games.size(), 6u);
    EXPECT_EQ(result.names, (std::vector<std::string>{"A", "B", "C"}));
    EXPECT_EQ(count(out.str(), "Started game"), 6);
    EXPECT_TRUE(contains(out.str(), "Started game 1 of 6 (A vs B)")) << out.str();
    EXPECT_TRUE(contains(out.str(), "Finished game 3 (C vs A): 0-1 {Black mates}")) << out.str();
    EXPECT_TRUE(contains(out.str(), "Standings after 6 of 6 games: ")) << out.str();
    EXPECT_FALSE(contains(out.str(), "Score of")) << out.str();
    const std::string table = crosstable(result.names, result.games, anchor_of(options));
    EXPECT_EQ(count(table, "1-1-0"), 6) << table;
    EXPECT_EQ(result.tally.wins, 1);  // A against B
    EXPECT_EQ(result.tally.pairs[2], 1);

    options.sprt = SprtParams{};
    const auto sprt = run_match(options, out);
    EXPECT_TRUE(sprt.setup_failed);
    EXPECT_EQ(sprt.games_played, 0);
}

TEST(TournamentRunner, GauntletRecoversCrashedEngines) {
    MatchOptions options = fools_mate_tournament(4);
    options.tournament = Tournament::kGauntlet;
    for (EngineConfig& e : options.engines)
        e.command = scripted("e2e4");  // Black crashes at its first move
    options.recover = true;
    std::ostringstream out;
    const auto result = run_match(options, out);
    EXPECT_EQ(result.error, "");
    EXPECT_EQ(result.games_played, 3);
    for (const auto& g : result.games) EXPECT_EQ(g.first, 0);
    EXPECT_EQ(anchor_of(options), Anchor::kFirst);
}

// Ctrl-C after game 3 of 6, then the same command again: only games 4 to 6 are played, the
// PGN file gets each game once, and the tallies (pairs included) are those of one full run.
// A resumed run of total games that found `restored` of them in its state file: it says so,
// starts none of them and plays the rest, from game restored + 1 on.
void expect_resumed(const MatchResult& r, const std::string& out, int restored, int total) {
    const std::string n = std::to_string(restored), t = std::to_string(total);
    EXPECT_EQ(r.error, "");
    EXPECT_EQ(r.games_restored, restored);
    EXPECT_EQ(r.games_played, total - restored);
    EXPECT_TRUE(contains(out, "Resuming: " + n + " of " + t + " games already played\n")) << out;
    EXPECT_FALSE(contains(out, "Started game " + n + " ")) << out;
    EXPECT_TRUE(contains(out, "Started game " + std::to_string(restored + 1) + " of " + t)) << out;
}

TEST(TournamentRunner, ResumeSkipsFinishedGames) {
    const kibitz::test::TempDir dir("kibitz_tournament_test");
    MatchOptions options = fools_mate_tournament(2);
    options.games = 2;
    options.rounds = 3;
    options.state_file = dir.path + "/match.state";
    options.pgnout = dir.path + "/games.pgn";

    std::atomic<bool> stop{false};
    StopAfter buffer(stop, "Finished game 3 ");
    std::ostream first_out(&buffer);
    const auto first = run_match(options, first_out, &stop);
    EXPECT_EQ(first.error, "");
    EXPECT_EQ(first.games_played, 3);
    EXPECT_EQ(read_state(options.state_file)->games.size(), 3u);

    std::ostringstream out;
    const auto second = run_match(options, out);
    expect_resumed(second, out.str(), 3, 6);
    EXPECT_TRUE(contains(out.str(), "Started game 4 of 6 (B vs A)")) << out.str();
    EXPECT_TRUE(contains(out.str(), "Score of A vs B: 3 - 3 - 0  [0.500] 6")) << out.str();
    EXPECT_EQ(second.tally.wins, 3);
    EXPECT_EQ(second.tally.losses, 3);
    EXPECT_EQ(second.tally.pairs[2], 3);  // the pair of games 3 and 4 spans both runs
    EXPECT_EQ(count(read_file(options.pgnout), "[Event "), 6);

    // A third run has nothing left to play.
    std::ostringstream done_out;
    const auto done = run_match(options, done_out);
    EXPECT_EQ(done.games_played, 0);
    EXPECT_EQ(done.games.size(), 6u);
    EXPECT_EQ(done.tally.pairs[2], 3);
    EXPECT_TRUE(contains(done_out.str(), "Resuming: 6 of 6")) << done_out.str();
    EXPECT_FALSE(contains(done_out.str(), "Started game")) << done_out.str();
    EXPECT_EQ(count(read_file(options.pgnout), "[Event "), 6);
}

// Games missing from the state file (running when it was stopped) are played again.
TEST(TournamentRunner, ResumedTournamentPlaysOnlyMissingGames) {
    const kibitz::test::TempDir dir("kibitz_tournament_test");
    MatchOptions options = fools_mate_tournament(3);
    options.games = 2;
    options.state_file = dir.path + "/t.state";
    std::ostringstream out;
    ASSERT_EQ(run_match(options, out).games_played, 6);
    MatchState state = *read_state(options.state_file);
    state.games.erase(2);
    state.games.erase(5);
    ASSERT_TRUE(write_state(options.state_file, state).ok());

    std::ostringstream again;
    const auto result = run_match(options, again);
    EXPECT_EQ(result.games_played, 2);
    EXPECT_EQ(count(again.str(), "Started game"), 2);
    EXPECT_TRUE(contains(again.str(), "Started game 2 of 6")) << again.str();
    EXPECT_TRUE(contains(again.str(), "Started game 5 of 6")) << again.str();
    EXPECT_TRUE(contains(again.str(), "Standings after 6 of 6 games: ")) << again.str();
}

// A finished tournament given more rounds plays only the new games; fewer rounds, which would
// drop games already played, is an error.
TEST(TournamentRunner, MoreRoundsExtendAFinishedTournament) {
    const kibitz::test::TempDir dir("kibitz_tournament_test");
    MatchOptions options = fools_mate_tournament(3);
    options.games = 2;
    options.state_file = dir.path + "/t.state";
    std::ostringstream out;
    ASSERT_EQ(run_match(options, out).games_played, 6);

    options.rounds = 2;
    std::ostringstream more;
    const auto extended = run_match(options, more);
    expect_resumed(extended, more.str(), 6, 12);

    options.rounds = 1;
    std::ostringstream fewer;
    const auto refused = run_match(options, fewer);
    EXPECT_TRUE(refused.setup_failed);
    EXPECT_TRUE(contains(refused.error, "game 7 is not among the 6 games")) << refused.error;
}

TEST(TournamentRunner, StateFileOfAnotherMatchIsAnError) {
    const kibitz::test::TempDir dir("kibitz_tournament_test");
    MatchOptions options = fools_mate_tournament(2);
    options.state_file = dir.path + "/m.state";
    std::ostringstream out;
    ASSERT_EQ(run_match(options, out).error, "");

    options.engines[1].tc.depth = 2;
    auto result = run_match(options, out);
    EXPECT_TRUE(result.setup_failed);
    EXPECT_EQ(result.games_played, 0);
    EXPECT_EQ(result.error, "state file " + options.state_file +
                                " was written for a different depth of engine 2: 1 vs 2 (saved "
                                "vs now)");

    options.engines[1].tc.depth = 1;
    std::ofstream(options.state_file, std::ios::app) << "game 1 = 1-0\n";
    result = run_match(options, out);
    EXPECT_TRUE(result.setup_failed);
    EXPECT_TRUE(contains(result.error, options.state_file + ":")) << result.error;
    EXPECT_TRUE(contains(result.error, "text after 'end'")) << result.error;
}

}  // namespace
}  // namespace kibitz::match
