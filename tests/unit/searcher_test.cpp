// The engine search: finds mates and wins material, agrees with plain alpha-beta when only
// value-preserving features are on, stops at its limits, keeps mate distances.
#include "search/searcher.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "chess/notation.h"
#include "engine/chess_engine.h"
#include "engine/chess_game.h"
#include "exact_features.h"
#include "material_eval.h"
#include "search/reference.h"

using namespace kibitz;
using search::Score;

namespace {

using test::MaterialEval;

constexpr search::Features kExact = test::kExactFeatures;

template <search::Features F = search::Features{}>
std::pair<std::string, Score> best(const char* fen, int depth) {
    engine::ChessGame g(chess::Position::from_fen(fen).value());
    search::TranspositionTable tt(4);
    std::atomic<bool> stop{false};
    search::Searcher<engine::ChessGame, MaterialEval, F> s(tt, stop);
    search::Limits limits;
    limits.depth = depth;
    const chess::Move m = s.think(g, limits);
    return {chess::move_to_uci(g.position(), m), s.score()};
}

}  // namespace

TEST(Searcher, FindsMates) {
    const auto [move, score] = best("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 4);
    EXPECT_EQ(move, "d1d8");
    EXPECT_EQ(score, search::mate_in(1));
    // Mate in 2: 1. Nf6+ gxf6 2. Bxf7#.
    const auto [m2, s2] =
        best("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 5);
    EXPECT_EQ(m2, "d5f6");
    EXPECT_EQ(s2, search::mate_in(3));
}

TEST(Searcher, WinsMaterial) {
    // The knight forks king and rook.
    const auto [move, score] = best("4k3/8/8/1N6/2r5/8/7P/4K3 w - - 0 1", 6);
    EXPECT_EQ(move, "b5d6");
    EXPECT_GT(score, 100);
}

TEST(Searcher, ExactFeaturesMatchAlphaBeta) {
    const char* fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    };
    MaterialEval eval;
    for (const char* fen : fens) {
        for (int depth = 1; depth <= 4; ++depth) {
            engine::ChessGame g(chess::Position::from_fen(fen).value());
            search::Stats st;
            const Score expected = search::negamax_alphabeta(g, eval, -search::kInfinite,
                                                             search::kInfinite, depth, 0, st);
            EXPECT_EQ(best<kExact>(fen, depth).second, expected) << fen << " depth " << depth;
        }
    }
}

TEST(Searcher, StopsAtNodeLimit) {
    engine::ChessGame g(chess::Position::from_fen(chess::kStartFen).value());
    search::TranspositionTable tt(4);
    std::atomic<bool> stop{false};
    search::Searcher<engine::ChessGame, MaterialEval> s(tt, stop);
    search::Limits limits;
    limits.nodes = 20000;
    const chess::Move m = s.think(g, limits);
    EXPECT_TRUE(g.position().is_legal(m));
    EXPECT_LT(s.nodes(), 40000u);
    EXPECT_EQ(g.position().fen(), std::string(chess::kStartFen));  // the position is restored
}

TEST(Searcher, NoLegalMoveGivesNoMove) {
    engine::ChessGame g(chess::Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").value());
    search::TranspositionTable tt(1);
    std::atomic<bool> stop{false};
    search::Searcher<engine::ChessGame, MaterialEval> s(tt, stop);
    EXPECT_EQ(s.think(g, search::Limits{}), chess::Move{});
}

// MultiPV: each completed iteration reports its lines best first, whatever a later line's own
// search found (a GUI shows them in that order; line 1 is the move played).
TEST(Searcher, MultiPvLinesComeInScoreOrder) {
    const char* fens[] = {
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "2r3k1/P4pp1/4p2p/3p4/4n3/2q3P1/2P1QP1P/1R5K w - - 3 25",
        "1R6/1P6/4pkp1/5p2/3P4/3KP2p/8/1r6 w - - 0 44",
        "8/2R5/p6P/8/4b3/kp6/3K4/8 b - - 5 57",
        "3r2k1/2PP4/5b2/p7/1p4pp/1P2p3/4K2B/8 w - - 0 1",
        "8/p1P5/3Rp3/5k1p/1P3p2/P2KpP2/3r3P/8 w - - 0 1",
        "r2q1rk1/5ppp/1np5/p1b5/2p1B3/P7/1P3PPP/R1BQ1RK1 b - - 1 17",
        "4r3/5pk1/1p3np1/3p3p/2qQ4/P4N1P/1P3RP1/7K w - - 6 34",
    };
    int iterations = 0;
    for (const char* fen : fens) {
        engine::ChessGame g(chess::Position::from_fen(fen).value());
        search::TranspositionTable tt(4);
        std::atomic<bool> stop{false};
        search::Searcher<engine::ChessGame, engine::ChessEvaluator> s(tt, stop);
        s.set_multipv(4);
        search::Limits limits;
        limits.depth = 9;
        std::vector<std::vector<Score>> by_depth(limits.depth + 1);
        s.think(g, limits, [&](const search::Iteration<chess::Move>& it) {
            if (it.bound == search::kBoundExact)
                by_depth[std::size_t(it.depth)].push_back(it.score);
        });
        for (const auto& scores : by_depth) {
            if (scores.size() < 2) continue;
            ++iterations;
            EXPECT_TRUE(std::is_sorted(scores.rbegin(), scores.rend())) << fen;
        }
        const auto lines = s.lines();
        ASSERT_FALSE(lines.empty());
        for (std::size_t i = 1; i < lines.size(); ++i)
            EXPECT_GE(lines[i - 1].score, lines[i].score);
        EXPECT_EQ(lines.front().move, s.pv().front());
    }
    EXPECT_GT(iterations, 40);
}

// Singular extensions: deep enough, the table move is tested against all the others, and in a
// position with one good move (the queen must be recaptured) some are extended; without the
// feature none is, and both searches find the recapture.
template <search::Features F>
std::pair<std::string, search::Stats> search_with_eval(
    const char* fen, int depth,
    const search::SearchParams& params = engine::ChessGame::search_params()) {
    engine::ChessGame g(chess::Position::from_fen(fen).value());
    search::TranspositionTable tt(4);
    std::atomic<bool> stop{false};
    search::Searcher<engine::ChessGame, engine::ChessEvaluator, F> s(tt, stop);
    s.set_params(params);
    search::Limits limits;
    limits.depth = depth;
    const chess::Move m = s.think(g, limits);
    return {chess::move_to_uci(g.position(), m), s.stats()};
}

TEST(Searcher, SingularExtensionsExtendOnlyMoves) {
    // White's queen has just taken Black's on d5; only exd5 keeps Black level.
    const char* fen = "rnb1kbnr/ppp2ppp/4p3/3Q4/8/8/PPPP1PPP/RNB1KBNR b KQkq - 0 4";
    const auto [with, with_stats] = search_with_eval<search::Features{}>(fen, 12);
    const auto [without, without_stats] =
        search_with_eval<search::Features{.singular = false}>(fen, 12);
    EXPECT_EQ(with, "e6d5");
    EXPECT_EQ(without, "e6d5");
    EXPECT_GT(with_stats.singular_extensions, 0u);
    EXPECT_EQ(without_stats.singular_extensions, 0u);
    EXPECT_EQ(without_stats.multi_cuts, 0u);
    EXPECT_EQ(with_stats.double_extensions, 0u);  // off by default
    EXPECT_EQ(with_stats.negative_extensions, 0u);
}

TEST(Searcher, DoubleAndNegativeExtensionsOnlyWhenAsked) {
    auto params = engine::ChessGame::search_params();
    params.se_double_margin = 10;
    params.se_negative = 1;
    // The queen recapture again: its rivals fall far short, so it is extended twice.
    const auto [recapture, recapture_stats] = search_with_eval<search::Features{}>(
        "rnb1kbnr/ppp2ppp/4p3/3Q4/8/8/PPPP1PPP/RNB1KBNR b KQkq - 0 4", 12, params);
    EXPECT_EQ(recapture, "e6d5");
    EXPECT_GT(recapture_stats.double_extensions, 0u);
    // A quiet middle game: table moves that beat beta with rivals that do too are reduced.
    const char* quiet = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    const auto [move, stats] = search_with_eval<search::Features{}>(quiet, 12, params);
    EXPECT_GT(stats.negative_extensions, 0u);
    const auto [plain_move, plain_stats] = search_with_eval<search::Features{}>(quiet, 12);
    EXPECT_EQ(plain_stats.negative_extensions, 0u);
    EXPECT_EQ(plain_stats.double_extensions, 0u);
}

TEST(CorrectionHistory, EntriesMoveTowardsTheErrorWithinTheLimit) {
    search::CorrectionHistory h;
    EXPECT_EQ(h.correction(1, 2), 0);
    h.update(1, 2, 80, 128, 100);  // half way to 80
    EXPECT_EQ(h.correction(1, 2), 40);
    h.update(1, 2, 80, 256, 100);  // all the way
    EXPECT_EQ(h.correction(1, 2), 80);
    h.update(1, 2, -5000, 256, 100);  // no further than the limit
    EXPECT_EQ(h.correction(1, 2), -100);
    // The two tables are averaged: another pawn key with the same material gets half.
    EXPECT_EQ(h.correction(3, 2), -50);
    h.clear();
    EXPECT_EQ(h.correction(1, 2), 0);
}

TEST(CorrectionHistory, ChessKeysArePawnsAndMaterialWithTheSideToMove) {
    const auto game = [](const char* fen) {
        return engine::ChessGame(chess::Position::from_fen(fen).value());
    };
    const auto white = game("4k3/pp6/8/8/8/8/PP6/R3K3 w - - 0 1");
    const auto black = game("4k3/pp6/8/8/8/8/PP6/R3K3 b - - 0 1");
    const auto rook_moved = game("4k3/pp6/8/8/8/8/PP6/4K2R w - - 0 1");
    const auto no_rook = game("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
    const auto pawn_moved = game("4k3/pp6/8/8/8/P7/1P6/R3K3 w - - 0 1");
    EXPECT_NE(white.pawn_key(), black.pawn_key());
    EXPECT_NE(white.material_key(), black.material_key());
    EXPECT_EQ(white.pawn_key(), rook_moved.pawn_key());
    EXPECT_EQ(white.material_key(), rook_moved.material_key());
    EXPECT_EQ(white.pawn_key(), no_rook.pawn_key());
    EXPECT_NE(white.material_key(), no_rook.material_key());
    EXPECT_NE(white.pawn_key(), pawn_moved.pawn_key());
    EXPECT_EQ(white.material_key(), pawn_moved.material_key());
}

template <search::Features F>
std::pair<Score, Score> eval_before_and_after_search(const char* fen, const char* probe,
                                                     int depth) {
    engine::ChessGame g(chess::Position::from_fen(fen).value());
    const engine::ChessGame p(chess::Position::from_fen(probe).value());
    search::TranspositionTable tt(4);
    std::atomic<bool> stop{false};
    search::Searcher<engine::ChessGame, MaterialEval, F> s(tt, stop);
    auto params = engine::ChessGame::search_params();
    params.correction_limit = 96;
    s.set_params(params);
    const Score before = s.static_eval(p);
    search::Limits limits;
    limits.depth = depth;
    s.think(g, limits);
    return {before, s.static_eval(p)};
}

TEST(CorrectionHistory, TheSearchTeachesTheEvaluationWhatItMisses) {
    // After a7, White's pawn queens next move and Black cannot stop it; material counts it as
    // a pawn. Where Black is to move after a7, the search finds Black a queen down, which
    // corrects the evaluation of every position with those pawns and pieces.
    const char* fen = "7k/7p/P7/8/8/8/8/K7 w - - 0 1";
    const char* after_a7 = "6k1/P6p/8/8/8/8/8/1K6 b - - 0 1";
    const auto [before, after] = eval_before_and_after_search<search::Features{}>(fen, after_a7, 6);
    EXPECT_LT(after, before - 20);
    const auto [plain_before, plain_after] =
        eval_before_and_after_search<search::Features{.correction_history = false}>(fen, after_a7,
                                                                                    6);
    EXPECT_EQ(plain_before, before);
    EXPECT_EQ(plain_after, plain_before);
}

// Searches fen to depth with the chess defaults, then again after change(params): the
// technique's counter (counter(stats)) is zero before and positive after, and a move is found.
template <class Change, class Counter>
void expect_only_when_asked(const char* fen, int depth, Change change, Counter counter) {
    auto params = engine::ChessGame::search_params();
    const auto [plain_move, plain] = search_with_eval<search::Features{}>(fen, depth, params);
    change(params);
    const auto [move, asked] = search_with_eval<search::Features{}>(fen, depth, params);
    EXPECT_EQ(counter(plain), 0u);
    EXPECT_GT(counter(asked), 0u);
    EXPECT_NE(asked.nodes, plain.nodes);
    EXPECT_FALSE(move.empty());
}

// A middlegame with captures on both sides: some nodes have a capture far above beta, and some
// captures lose material by SEE.
constexpr const char* kCaptures = "r2q1rk1/pp2bppp/2n1bn2/3p4/3P4/2NBBN2/PP3PPP/R2Q1RK1 w - - 0 11";

TEST(Searcher, ProbCutEndsNodesWhereACaptureWinsBigOnlyWhenAsked) {
    expect_only_when_asked(
        kCaptures, 10, [](auto& p) { p.probcut_margin = 200; },
        [](const search::Stats& s) { return s.probcuts; });
}

TEST(Searcher, HistoryPruningSkipsQuietMovesWithABadHistory) {
    const char* quiet = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    expect_only_when_asked(
        quiet, 10,
        [](auto& p) {
            p.history_prune_depth = 4;
            p.history_prune_margin = 256;
        },
        [](const search::Stats& s) { return s.history_prunes; });
}

TEST(Searcher, LosingCapturesAreReducedOnlyWhenAsked) {
    expect_only_when_asked(
        kCaptures, 10, [](auto& p) { p.lmr_bad_captures = 1; },
        [](const search::Stats& s) { return s.bad_capture_reductions; });
}

TEST(Searcher, QuiescenceChecksCanBeTurnedOff) {
    // Checks are there to be given: both kings are open.
    const char* fen = "r1b2rk1/pp3ppp/2n5/q2pP3/3P4/P1PB1N2/5PPP/R2QK2R w KQ - 1 13";
    auto params = engine::ChessGame::search_params();
    const auto [with_move, with] = search_with_eval<search::Features{}>(fen, 8, params);
    params.qsearch_checks = 0;
    const auto [move, without] = search_with_eval<search::Features{}>(fen, 8, params);
    EXPECT_GT(with.qsearch_checks, 0u);
    EXPECT_EQ(without.qsearch_checks, 0u);
    EXPECT_FALSE(move.empty());
    // The compile-time switch turns them off whatever the parameter says.
    params.qsearch_checks = 1;
    const auto [off_move, off] =
        search_with_eval<search::Features{.quiescence_checks = false}>(fen, 8, params);
    EXPECT_EQ(off.qsearch_checks, 0u);
}
