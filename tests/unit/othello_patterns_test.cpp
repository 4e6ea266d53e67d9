// The pattern evaluation of Othello: the fast indices equal a square-by-square reference, the
// score is the same for the eight images of a position and for the colours swapped with the
// side to move, the weights' code round-trips and the committed table loads, and the fit
// lowers the error on a small synthetic data set.
#include "eval/othello_patterns.h"

#include <gtest/gtest.h>

#include <bit>
#include <set>

#include "core/files.h"
#include "core/rng.h"
#include "engine/othello_engine.h"
#include "eval/othello_eval.h"
#include "temp_dir.h"
#include "tune/othello_patterns.h"

using namespace kibitz;
using othello::Bitboard;
using othello::Board;

namespace {

// The positions of `games` random games (each position before its move).
std::vector<Board> random_game_positions(std::uint64_t seed, int games) {
    core::SplitMix64 rng(seed);
    std::vector<Board> out;
    for (int g = 0; g < games; ++g) {
        Board b = Board::start();
        while (!b.game_over()) {
            out.push_back(b);
            othello::MoveList list;
            b.generate(list);
            b.make(list[rng.below(list.size())]);
        }
    }
    return out;
}

// Random weights in [-range, range] (a stricter check of the symmetries than fitted ones).
eval::PatternWeights random_weights(std::uint64_t seed, int range) {
    core::SplitMix64 rng(seed);
    eval::PatternWeights w;
    for (auto& v : w.values) v = std::int16_t(int(rng.below(std::uint64_t(2 * range + 1))) - range);
    return w;
}

}  // namespace

TEST(OthelloPatterns, ShapesAndInstances) {
    const eval::PatternInfo& info = eval::pattern_info();
    // Edge+2X, 3x3 corner: 4 each; 2x5 corner: 8; diagonal of 8: 2; the others: 4 each.
    EXPECT_EQ(info.instances, 4 + 4 + 8 + 2 + 4 * 4 + 3 * 4);
    EXPECT_EQ(info.raw_count, 59049 + 19683 + 59049 + 6561 + 2187 + 729 + 243 + 81 + 3 * 6561);
    EXPECT_LT(info.canonical_count, info.raw_count);
    // Every canonical number is used, and only with configurations of its own pattern.
    std::set<std::uint32_t> seen(info.canonical.begin(), info.canonical.end());
    EXPECT_EQ(int(seen.size()), info.canonical_count);
    // Each pattern's instances cover distinct square sets; together every square.
    Bitboard covered = 0;
    for (int i = 0; i < info.instances; ++i) {
        const int p = info.pattern_of[std::size_t(i)];
        Bitboard squares = 0;
        for (int sq = 0; sq < 64; ++sq)
            if (eval::kPatternShapes[std::size_t(p)].mask >>
                    othello::symmetry_square(sq, info.symmetry_of[std::size_t(i)]) &
                1)
                squares |= othello::square_bit(sq);
        EXPECT_EQ(std::popcount(squares), info.size[std::size_t(p)]);
        covered |= squares;
    }
    EXPECT_EQ(covered, ~Bitboard{0});
}

TEST(OthelloPatterns, FastIndicesEqualTheReference) {
    eval::PatternFeatures fast, slow;
    for (const Board& b : random_game_positions(5, 20)) {
        eval::pattern_features(b.player(), b.opponent(), fast);
        eval::pattern_features_reference(b.player(), b.opponent(), slow);
        ASSERT_EQ(fast.raw, slow.raw) << b.to_text();
        ASSERT_EQ(fast.scalars, slow.scalars) << b.to_text();
    }
}

TEST(OthelloPatterns, SameScoreForTheEightImages) {
    const eval::PatternEvaluator random_eval(random_weights(3, 500));
    for (const Board& b : random_game_positions(7, 6)) {
        const int score = random_eval(b.player(), b.opponent());
        const int fitted = eval::evaluate_othello_patterns(b.player(), b.opponent());
        for (int s = 1; s < 8; ++s) {
            const Bitboard p = othello::symmetry(b.player(), s);
            const Bitboard o = othello::symmetry(b.opponent(), s);
            ASSERT_EQ(random_eval(p, o), score) << b.to_text() << " symmetry " << s;
            ASSERT_EQ(eval::evaluate_othello_patterns(p, o), fitted) << b.to_text();
        }
    }
}

TEST(OthelloPatterns, ColoursSwappedWithTheSideToMove) {
    const eval::OthelloWeights& w = eval::default_othello_weights();
    for (const Board& b : random_game_positions(11, 4)) {
        const othello::Color side = b.side_to_move();
        const Bitboard black = b.discs(othello::kBlack), white = b.discs(othello::kWhite);
        // The same position with the colours exchanged, the other colour to move.
        const Board swapped = Board::from_discs(white, black, ~side);
        const int score = eval::evaluate_othello(b, w, eval::OthelloEvalLevel::kPatterns);
        ASSERT_EQ(eval::evaluate_othello(swapped, w, eval::OthelloEvalLevel::kPatterns), score);
        // Seen from black, the score changes sign.
        const int black_view = side == othello::kBlack ? score : -score;
        const int swapped_black_view = ~side == othello::kBlack ? score : -score;
        ASSERT_EQ(swapped_black_view, -black_view);
    }
}

TEST(OthelloPatterns, EvalLevelAndDefaultTable) {
    auto level = eval::parse_othello_eval_level("patterns");
    ASSERT_TRUE(level);
    EXPECT_EQ(*level, eval::OthelloEvalLevel::kPatterns);
    EXPECT_EQ(eval::othello_eval_level_name(*level), "patterns");
    // The committed table loads and is not all zero.
    const core::Status& status = eval::default_pattern_weights_status();
    ASSERT_TRUE(status) << status.error();
    int nonzero = 0;
    for (const std::int16_t v : eval::default_pattern_weights().values) nonzero += v != 0;
    EXPECT_GT(nonzero, 1000);
    // The engine's evaluator at this level is the pattern evaluation.
    const Board b = random_game_positions(13, 1)[20];
    engine::OthelloEvaluator e(eval::OthelloEvalLevel::kPatterns);
    EXPECT_EQ(e(engine::OthelloGame(b)), eval::evaluate_othello_patterns(b.player(), b.opponent()));
}

TEST(OthelloPatterns, WeightCodeRoundTrips) {
    eval::PatternWeights w = random_weights(17, 3000);
    // Runs of zeros, and the extremes.
    for (std::size_t i = 100; i < 5000; ++i) w.values[i] = 0;
    w.values[7] = 0;
    w.values[8] = -32768;
    w.values[9] = 32767;
    const std::string text = eval::encode_pattern_weights(w);
    const auto back = eval::decode_pattern_weights(text);
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back->values, w.values);
    EXPECT_FALSE(eval::decode_pattern_weights(text.substr(0, text.size() / 2)));
    EXPECT_FALSE(eval::decode_pattern_weights("3:100:AAA"));
    EXPECT_FALSE(eval::decode_pattern_weights(text + "B"));
}

// A file that the fit writes (`pattern-fit fit --out`) reads back to the same weights; a
// missing file, one without code and one cut short are errors that name the file.
TEST(OthelloPatterns, WeightsFileReadsWhatTheFitWrote) {
    test::TempDir dir("kibitz_pattern_file_");
    const eval::PatternWeights w = random_weights(23, 2000);
    const std::string path = dir.file("fit.inc");
    const std::string text = tune::pattern_weights_to_cpp(w, "a test fit\nsecond line");
    ASSERT_TRUE(core::write_file(path, text));
    const auto back = eval::read_pattern_weights(path);
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back->values, w.values);

    EXPECT_NE(eval::read_pattern_weights(dir.file("none.inc")).error().find("none.inc"),
              std::string::npos);
    const std::string empty = dir.file("empty.inc");
    ASSERT_TRUE(core::write_file(empty, "// only a comment\n"));
    EXPECT_NE(eval::read_pattern_weights(empty).error().find("no pattern weights"),
              std::string::npos);
    const std::string cut = dir.file("cut.inc");
    ASSERT_TRUE(core::write_file(cut, text.substr(0, text.size() / 2) + "\"\n"));
    const auto cut_error = eval::read_pattern_weights(cut).error();
    EXPECT_NE(cut_error.find("cut.inc"), std::string::npos) << cut_error;
    EXPECT_NE(cut_error.find("pattern weights:"), std::string::npos) << cut_error;
}

TEST(OthelloPatterns, FitLowersTheErrorOnSyntheticData) {
    // Labels that the patterns can learn: the disc difference plus corners and edges.
    std::vector<tune::PatternSample> samples;
    bool first = true;
    for (const Board& b : random_game_positions(19, 40)) {
        tune::PatternSample s;
        s.player = b.player();
        s.opponent = b.opponent();
        const int corners = std::popcount(s.player & othello::kCorners) -
                            std::popcount(s.opponent & othello::kCorners);
        const int edges =
            std::popcount(s.player & othello::kEdges) - std::popcount(s.opponent & othello::kEdges);
        s.score = std::clamp(b.disc_difference() + 4 * corners + edges, -64, 64);
        s.first_of_game = first || b == Board::start();
        first = false;
        samples.push_back(s);
    }
    tune::PatternFitOptions o;
    o.iterations = 30;
    o.holdout = 5;
    o.l2 = 0.5;
    eval::PatternWeights w;
    std::ostringstream log;
    const auto r = tune::fit_patterns(samples, o, w, log);
    EXPECT_EQ(r.games, 40u);
    EXPECT_EQ(r.positions, samples.size());
    double start = 0;
    std::uint64_t n = 0;
    for (const auto& p : r.phases) {
        start += p.start_mae * double(p.train);
        n += p.train;
    }
    start /= double(n);
    EXPECT_LT(r.train_mae, 0.2 * start) << log.str();
    EXPECT_LT(r.test_mae, 0.8 * start) << log.str();
    // The fitted weights, through the evaluator, predict what the fit reported.
    const eval::PatternEvaluator fitted(w);
    double sum = 0;
    for (const auto& s : samples) sum += std::abs(fitted(s.player, s.opponent) / 100.0 - s.score);
    EXPECT_LT(sum / double(samples.size()), 0.8 * start);
}

TEST(OthelloPatterns, DataFileRoundTripsAndResumes) {
    test::TempDir dir("othello_patterns_");
    const std::string path = dir.file("data.bin");
    tune::PatternGenOptions o;
    o.out = path;
    o.games = 2;
    o.depth = 1;
    o.solve_empties = 6;
    o.threads = 1;
    std::ostringstream log;
    auto r = tune::generate_pattern_data(o, log);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->games, 2u);
    auto data = tune::read_pattern_data(path);
    ASSERT_TRUE(data) << data.error();
    ASSERT_EQ(data->size(), r->positions);
    EXPECT_TRUE((*data)[0].first_of_game);
    // The start position is first; the last position of a game is labelled exactly.
    EXPECT_EQ((*data)[0].player, Board::start().player());
    // Resuming to 3 games adds one.
    o.games = 3;
    r = tune::generate_pattern_data(o, log);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->games_before, 2u);
    EXPECT_EQ(r->games, 1u);
    data = tune::read_pattern_data(path);
    ASSERT_TRUE(data);
    int games = 0;
    for (const auto& s : *data) games += s.first_of_game;
    EXPECT_EQ(games, 3);
}
