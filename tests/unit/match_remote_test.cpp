// Games on other MPI ranks (match/remote.h): a job, a note and a result survive their JSON, and
// malformed JSON from a worker is an error that says what it was.
#include <gtest/gtest.h>

#include "chess/notation.h"
#include "match/remote.h"

namespace kibitz::match {
namespace {

TEST(MatchRemote, GameJobRoundTripsEveryField) {
    GameJob job;
    job.number = 41;
    job.white_index = 2;
    job.black_index = 0;
    job.white = {"Alpha", "/usr/games/alpha --fast", {{"Hash", "16"}, {"Threads", "1"}}, {}, "uci"};
    job.white.tc.clock = true;
    job.white.tc.moves = 40;
    job.white.tc.base_ms = 60000;
    job.white.tc.increment_ms = 600;
    job.white.tc.margin_ms = 50;
    job.black = {"", "phalanx", {}, {}, "xboard"};
    job.black.tc.nodes = 123456789012ull;
    job.black.tc.depth = 7;
    job.black.tc.movetime_ms = 250;
    GameSetup& s = job.setup;
    s.start = chess::Position::from_fen(
                  "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true)
                  .value();
    const auto m = chess::move_from_uci(s.start, "g1f2").value();
    s.opening = {m};
    s.white_tc = job.white.tc;
    s.black_tc = job.black.tc;
    s.draw = {true, 40, 8, 10};
    s.resign = {true, 3, 600, true};
    s.maxmoves = 150;
    s.untimed_timeout_ms = 9000;
    s.event = "Test \"event\"";
    s.round = "42";
    s.date = "2026.11.27";

    const auto back = game_job_from_json(to_json(job));
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(back->number, 41);
    EXPECT_EQ(back->white_index, 2);
    EXPECT_EQ(back->black_index, 0);
    EXPECT_EQ(back->white.name, "Alpha");
    EXPECT_EQ(back->white.command, "/usr/games/alpha --fast");
    EXPECT_EQ(back->white.options, job.white.options);
    EXPECT_EQ(back->black.protocol, "xboard");
    EXPECT_EQ(back->white.tc.pgn_tag(), "40/60+0.6");
    EXPECT_EQ(back->white.tc.margin_ms, 50);
    EXPECT_EQ(back->black.tc.nodes, 123456789012ull);
    EXPECT_EQ(back->black.tc.depth, 7);
    EXPECT_EQ(back->black.tc.movetime_ms, 250);
    EXPECT_FALSE(back->white.tc.nodes.has_value());
    const GameSetup& b = back->setup;
    EXPECT_EQ(b.start.fen(), s.start.fen());
    EXPECT_TRUE(b.start.chess960());
    ASSERT_EQ(b.opening.size(), 1u);
    EXPECT_EQ(chess::move_to_uci(b.start, b.opening[0]), "g1f2");
    EXPECT_TRUE(b.draw.enabled);
    EXPECT_EQ(b.draw.movenumber, 40);
    EXPECT_EQ(b.draw.movecount, 8);
    EXPECT_EQ(b.draw.score_cp, 10);
    EXPECT_TRUE(b.resign.twosided);
    EXPECT_EQ(b.resign.score_cp, 600);
    EXPECT_EQ(b.maxmoves, 150);
    EXPECT_EQ(b.untimed_timeout_ms, 9000);
    EXPECT_EQ(b.event, s.event);
    EXPECT_EQ(b.round, "42");
    EXPECT_EQ(b.date, "2026.11.27");
}

TEST(MatchRemote, NoteAndResultRoundTrip) {
    const auto note = game_note_from_json(to_json(GameNote{7, "Kibitz 0.1", "Stockfish 16"}));
    ASSERT_TRUE(note.ok());
    EXPECT_EQ(note->number, 7);
    EXPECT_EQ(note->white_name, "Kibitz 0.1");
    EXPECT_EQ(note->black_name, "Stockfish 16");

    GameDone done{
        12, chess::Outcome::kBlackWins, "White loses on time", "[Event \"?\"]\n", false, true, ""};
    const auto back = game_done_from_json(to_json(done));
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(back->number, 12);
    EXPECT_EQ(back->outcome, chess::Outcome::kBlackWins);
    EXPECT_EQ(back->reason, "White loses on time");
    EXPECT_EQ(back->pgn, done.pgn);
    EXPECT_FALSE(back->white_failed);
    EXPECT_TRUE(back->black_failed);
}

TEST(MatchRemote, MalformedMessagesAreErrors) {
    const auto cut = game_job_from_json("{\"number\": 3");
    ASSERT_FALSE(cut.ok());
    EXPECT_NE(cut.error().find("malformed game job from a worker rank"), std::string::npos);
    const auto missing = game_done_from_json("{\"number\": 3}");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().find("malformed game result"), std::string::npos);
    const auto outcome =
        game_done_from_json(R"({"number":1,"outcome":9,"reason":"","pgn":"","white_failed":false,)"
                            R"("black_failed":false,"error":""})");
    ASSERT_FALSE(outcome.ok());
    EXPECT_NE(outcome.error().find("outcome 9"), std::string::npos);
    EXPECT_FALSE(game_note_from_json("[1, 2]").ok());
}

TEST(MatchRemote, WithoutALauncherThereIsOneProcess) {
    const dist::Session session;  // no mpirun: nothing starts
    EXPECT_EQ(dist::size(), 1);
    EXPECT_EQ(dist::rank(), 0);
    EXPECT_FALSE(dist::distributed());
    EXPECT_FALSE(dist::worker());
    EXPECT_NE(dist::where().find("rank 0 on "), std::string::npos);
    EXPECT_THROW(dist::run_farm({}), std::logic_error);
}

}  // namespace
}  // namespace kibitz::match
