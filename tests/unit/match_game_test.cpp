// Refereed games and matches between fake UCI engines (tests/data/fake_engines/): the rules of
// src/chess end the games, misbehaving engines lose with the reason, clocks flag, adjudication
// and the PGN record; cutechess-style time controls. Every game here takes well under a second
// except the hung engine's (about 1.2 s).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "chess/notation.h"
#include "chess/pgn.h"
#include "match/game.h"
#include "match/match.h"
#include "match/uci_engine.h"

using kibitz::chess::Outcome;
using kibitz::chess::Position;
using kibitz::match::GameResult;
using kibitz::match::GameSetup;
using kibitz::match::TimeControl;
using kibitz::match::UciEngine;

namespace {

std::string fake(const std::string& name) {
    return std::string(KIBITZ_SOURCE_DIR) + "/tests/data/fake_engines/" + name + ".sh";
}

// The scripted engine playing this list of UCI moves (see scripted.sh).
std::string scripted(const std::string& moves) { return fake("scripted") + " " + moves; }

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// text with each run of blanks and newlines as one space and every time in a move comment
// ("0.003s") as "Ts": what a PGN says, whatever the line breaks and the clock's readings.
std::string plain(const std::string& text) {
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        if (std::isspace(static_cast<unsigned char>(text[i]))) {
            while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
            out += ' ';
            continue;
        }
        std::size_t j = i;
        while (j < text.size() &&
               (std::isdigit(static_cast<unsigned char>(text[j])) || text[j] == '.'))
            ++j;
        const bool at_word_start = out.empty() || out.back() == ' ';
        if (j > i && at_word_start && j < text.size() && text[j] == 's' &&
            (j + 1 == text.size() || text[j + 1] == ',' || text[j + 1] == '}')) {
            out += "Ts";
            i = j + 1;
        } else {
            out += text[i++];
        }
    }
    return out;
}

GameSetup depth_one() {
    GameSetup setup;
    setup.white_name = "W";
    setup.black_name = "B";
    setup.white_tc.depth = 1;
    setup.black_tc.depth = 1;
    setup.date = "2026.01.02";
    setup.event = "Test";
    setup.round = "3";
    return setup;
}

// Plays a game between engines started from the two commands.
GameResult play(const std::string& white_cmd, const std::string& black_cmd,
                const GameSetup& setup) {
    UciEngine white, black;
    EXPECT_TRUE(white.start(white_cmd).ok());
    EXPECT_TRUE(black.start(black_cmd).ok());
    return kibitz::match::play_game(white, black, setup);
}

constexpr const char* kFoolsMate = "f2f3 e7e5 g2g4 d8h4";
constexpr const char* kKnightShuffle = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6";

}  // namespace

TEST(MatchGame, CheckmateByTheRulesWithPgnRecord) {
    const auto r = play(scripted(kFoolsMate), scripted(kFoolsMate), depth_one());
    EXPECT_EQ(r.outcome, Outcome::kBlackWins);
    EXPECT_EQ(r.reason, "Black mates");
    EXPECT_EQ(r.termination, "normal");
    ASSERT_EQ(r.pgn.moves.size(), 4u);
    const std::string pgn = kibitz::chess::write_pgn(r.pgn);
    for (const char* part : {"[Event \"Test\"]", "[Site \"?\"]", "[Date \"2026.01.02\"]",
                             "[Round \"3\"]", "[White \"W\"]", "[Black \"B\"]", "[Result \"0-1\"]",
                             "[TimeControl \"-\"]", "[Termination \"normal\"]"})
        EXPECT_TRUE(contains(pgn, part)) << part << " not in\n" << pgn;
    // Each engine move carries its score/depth and time; the last one also the reason. The
    // writer wraps lines wherever the times' lengths put the breaks: \s matches either.
    EXPECT_TRUE(contains(plain(pgn), "1. f3 {+0.00/1 Ts} 1... e5 {+0.00/1 Ts}")) << pgn;
    EXPECT_TRUE(contains(plain(pgn), "Qh4# {+0.00/1 Ts, Black mates} 0-1")) << pgn;
    EXPECT_FALSE(contains(pgn, "[FEN"));
}

TEST(MatchGame, ThreefoldRepetitionIsADrawEvenIfEnginesGoOn) {
    const auto r = play(scripted(kKnightShuffle), scripted(kKnightShuffle), depth_one());
    EXPECT_EQ(r.outcome, Outcome::kDraw);
    EXPECT_EQ(r.reason, "Draw by 3-fold repetition");
    EXPECT_EQ(r.pgn.moves.size(), 8u);
}

TEST(MatchGame, StartFromFenWithOpeningMovesWritesSetUpAndFen) {
    GameSetup setup = depth_one();
    const std::string fen = "k7/8/8/1K6/8/8/8/6Q1 w - - 0 1";
    setup.start = *Position::from_fen(fen);
    setup.opening = {*kibitz::chess::move_from_uci(setup.start, "b5b6")};
    const std::string moves = "b5b6 a8b8 g1g8";
    const auto r = play(scripted(moves), scripted(moves), setup);
    EXPECT_EQ(r.outcome, Outcome::kWhiteWins);
    EXPECT_EQ(r.reason, "White mates");
    const std::string pgn = kibitz::chess::write_pgn(r.pgn);
    EXPECT_TRUE(contains(pgn, "[SetUp \"1\"]")) << pgn;
    EXPECT_TRUE(contains(pgn, "[FEN \"" + fen + "\"]")) << pgn;
    // The opening move has no engine comment.
    EXPECT_TRUE(
        contains(plain(pgn), "1. Kb6 Kb8 {+0.00/1 Ts} 2. Qg8# {+0.00/1 Ts, White mates} 1-0"))
        << pgn;
}

TEST(MatchGame, IllegalMoveLosesWithTheMove) {
    const std::string moves = "e2e4 e7e5 e4e5";
    const auto r = play(scripted(moves), scripted(moves), depth_one());
    EXPECT_EQ(r.outcome, Outcome::kBlackWins);
    EXPECT_EQ(r.reason, "illegal move e4e5 by W");
    EXPECT_EQ(r.termination, "rules infraction");
    EXPECT_FALSE(r.white_failed);
    EXPECT_TRUE(contains(r.pgn.moves.back().comment_after, "s, illegal move e4e5 by W"));
}

TEST(MatchGame, CrashLosesAndIsReported) {
    const auto r = play(scripted("e2e4"), scripted("e2e4"), depth_one());
    EXPECT_EQ(r.outcome, Outcome::kWhiteWins);
    EXPECT_TRUE(r.black_failed);
    EXPECT_TRUE(contains(r.reason, "Black disconnects")) << r.reason;
    EXPECT_EQ(r.termination, "abandoned");
}

TEST(MatchGame, SlowEngineLosesOnTimeAtFixedTimePerMove) {
    GameSetup setup = depth_one();
    setup.white_tc = {};
    setup.white_tc.movetime_ms = 100;
    const auto r = play(fake("slow_go"), scripted(kFoolsMate), setup);
    EXPECT_EQ(r.outcome, Outcome::kBlackWins);
    EXPECT_EQ(r.reason, "White loses on time");
    EXPECT_EQ(r.termination, "time forfeit");
    EXPECT_EQ(r.pgn.tag("WhiteTimeControl"), "0.1/move");
}

TEST(MatchGame, HungEngineLosesOnTimeWithAClock) {
    GameSetup setup = depth_one();
    setup.black_tc = *kibitz::match::parse_tc("0.2+0");
    const auto r = play(scripted(kFoolsMate), fake("hung_go"), setup);
    EXPECT_EQ(r.outcome, Outcome::kWhiteWins);
    EXPECT_EQ(r.reason, "Black loses on time");
}

TEST(MatchGame, DrawAdjudicationByScores) {
    GameSetup setup = depth_one();
    setup.draw = {true, 0, 2, 10};
    const auto r = play(scripted(kKnightShuffle), scripted(kKnightShuffle), setup);
    EXPECT_EQ(r.outcome, Outcome::kDraw);
    EXPECT_EQ(r.termination, "adjudication");
    EXPECT_TRUE(contains(r.reason, "adjudication: draw")) << r.reason;
    EXPECT_EQ(r.pgn.moves.size(), 4u);
}

TEST(MatchGame, NoDrawAdjudicationWhenScoresAreLarge) {
    GameSetup setup = depth_one();
    setup.draw = {true, 0, 2, 10};
    const std::string moves = std::string("score=50 ") + kKnightShuffle;
    const auto r = play(scripted(moves), scripted(moves), setup);
    EXPECT_EQ(r.reason, "Draw by 3-fold repetition");
}

TEST(MatchGame, ResignAdjudication) {
    GameSetup setup = depth_one();
    setup.resign = {true, 1, 500, false};
    const std::string moves = std::string("score=-600 ") + kKnightShuffle;
    const auto r = play(scripted(moves), scripted(moves), setup);
    EXPECT_EQ(r.outcome, Outcome::kBlackWins);
    EXPECT_EQ(r.reason, "adjudication: White resigns");
    EXPECT_EQ(r.pgn.moves.size(), 1u);
    EXPECT_TRUE(contains(r.pgn.moves.back().comment_after, "-6.00/1 "))
        << r.pgn.moves[0].comment_after;
}

TEST(MatchGame, MaxMovesIsADraw) {
    GameSetup setup = depth_one();
    setup.maxmoves = 1;
    const auto r = play(scripted(kKnightShuffle), scripted(kKnightShuffle), setup);
    EXPECT_EQ(r.outcome, Outcome::kDraw);
    EXPECT_EQ(r.termination, "adjudication");
    EXPECT_EQ(r.pgn.moves.size(), 2u);
    EXPECT_EQ(plain(r.pgn.moves.back().comment_after),
              "+0.00/1 Ts, adjudication: draw after 1 moves");
}

TEST(MatchGame, ParsesCutechessTimeControls) {
    auto tc = kibitz::match::parse_tc("40/60+0.6");
    ASSERT_TRUE(tc.ok());
    EXPECT_TRUE(tc->clock);
    EXPECT_EQ(tc->moves, 40);
    EXPECT_EQ(tc->base_ms, 60000);
    EXPECT_EQ(tc->increment_ms, 600);
    EXPECT_EQ(tc->pgn_tag(), "40/60+0.6");

    tc = kibitz::match::parse_tc("10+0.1");
    ASSERT_TRUE(tc.ok());
    EXPECT_EQ(tc->moves, 0);
    EXPECT_EQ(tc->base_ms, 10000);
    EXPECT_EQ(tc->increment_ms, 100);
    EXPECT_EQ(tc->pgn_tag(), "10+0.1");

    tc = kibitz::match::parse_tc("40/1:30");
    ASSERT_TRUE(tc.ok());
    EXPECT_EQ(tc->base_ms, 90000);
    for (const char* bad : {"", "abc", "40/", "/60", "60+x", "0", "-5+1"})
        EXPECT_FALSE(kibitz::match::parse_tc(bad).ok()) << bad;

    TimeControl limits;
    EXPECT_TRUE(*kibitz::match::apply_limit("st", "1", limits));
    EXPECT_EQ(limits.movetime_ms, 1000);
    EXPECT_EQ(limits.pgn_tag(), "1/move");
    EXPECT_TRUE(*kibitz::match::apply_limit("depth", "7", limits));
    EXPECT_EQ(limits.depth, 7);
    EXPECT_TRUE(*kibitz::match::apply_limit("nodes", "1000", limits));
    EXPECT_EQ(limits.nodes, 1000u);
    EXPECT_TRUE(*kibitz::match::apply_limit("timemargin", "50", limits));
    EXPECT_EQ(limits.margin_ms, 50);
    EXPECT_FALSE(*kibitz::match::apply_limit("colour", "white", limits));
    EXPECT_FALSE(kibitz::match::apply_limit("st", "soon", limits).ok());
    EXPECT_FALSE(kibitz::match::apply_limit("depth", "0", limits).ok());
}

TEST(MatchRunner, PairsOfGamesWithOpeningsAndPgnFile) {
    char dir_template[] = "/tmp/kibitz_match_testXXXXXX";
    ASSERT_NE(mkdtemp(dir_template), nullptr);
    const std::string dir = dir_template;
    {
        std::ofstream epd(dir + "/openings.epd");
        epd << "# one opening\n"
            << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start\";\n";
    }
    auto openings = kibitz::match::load_openings(dir + "/openings.epd", "epd", 0);
    ASSERT_TRUE(openings.ok()) << openings.error();
    ASSERT_EQ(openings->size(), 1u);
    EXPECT_FALSE(kibitz::match::load_openings(dir + "/missing.epd", "epd", 0).ok());

    kibitz::match::MatchOptions options;
    options.engines = {{"A", scripted(kFoolsMate), {}, {}, "uci"},
                       {"B", scripted(kFoolsMate), {}, {}, "uci"}};
    for (auto& e : options.engines) e.tc.depth = 1;
    options.openings = *openings;
    options.games = 2;
    options.rounds = 2;
    options.concurrency = 2;
    options.pgnout = dir + "/games.pgn";
    std::ostringstream out;
    const auto result = kibitz::match::run_match(options, out);
    EXPECT_EQ(result.error, "");
    EXPECT_EQ(result.games_played, 4);
    // Black mates every game: A wins as Black, loses as White; each pair is 1 - 1.
    EXPECT_EQ(result.tally.wins, 2);
    EXPECT_EQ(result.tally.losses, 2);
    EXPECT_EQ(result.tally.pairs[2], 2);
    EXPECT_TRUE(contains(out.str(), "Finished game 1 (A vs B): 0-1 {Black mates}")) << out.str();
    EXPECT_TRUE(contains(out.str(), "Score of A vs B")) << out.str();

    std::ifstream pgn_file(options.pgnout);
    std::stringstream text;
    text << pgn_file.rdbuf();
    const std::string games_text = text.str();  // the reader views it
    kibitz::chess::PgnReader reader(games_text);
    int games = 0;
    while (auto game = reader.next()) {
        ASSERT_TRUE(game->ok()) << game->error();
        EXPECT_EQ((*game)->result, "0-1");
        ++games;
    }
    EXPECT_EQ(games, 4);
    std::remove((dir + "/openings.epd").c_str());
    std::remove(options.pgnout.c_str());
    rmdir(dir.c_str());
}

TEST(MatchRunner, OneEngineIsAnError) {
    kibitz::match::MatchOptions options;
    options.engines = {{"A", scripted(kFoolsMate), {}, {}, "uci"}};
    std::ostringstream out;
    const auto result = kibitz::match::run_match(options, out);
    EXPECT_TRUE(result.setup_failed);
    EXPECT_EQ(result.error, "a match needs at least two engines, not 1");
}

TEST(MatchRunner, CrashEndsTheMatchWithoutRecover) {
    kibitz::match::MatchOptions options;
    options.engines = {{"A", scripted("e2e4"), {}, {}, "uci"},
                       {"B", scripted("e2e4"), {}, {}, "uci"}};
    for (auto& e : options.engines) e.tc.depth = 1;
    options.games = 2;
    options.rounds = 2;
    std::ostringstream out;
    auto result = kibitz::match::run_match(options, out);
    EXPECT_EQ(result.games_played, 1);
    EXPECT_TRUE(contains(result.error, "-recover")) << result.error;

    options.recover = true;
    result = kibitz::match::run_match(options, out);
    EXPECT_EQ(result.games_played, 4);
    EXPECT_EQ(result.error, "");
}
