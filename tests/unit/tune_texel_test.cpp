// Texel tuning: traces reproduce the evaluation, K is a minimum, the fit recovers weights that
// generated the labels, and a stopped run resumes to the same weights.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "core/rng.h"
#include "eval/chess_eval.h"
#include "eval/weights_io.h"
#include "tune/data.h"
#include "tune/selfplay.h"
#include "tune/texel.h"

namespace kibitz::tune {
namespace {

std::string temp_dir(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("kibitz_texel_" + std::to_string(::getpid()) + "_" + name);
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir.string();
}

// Positions from random games, labelled by the search-free evaluation under `truth` (as a
// datagen file with scores, White's view) and a result that agrees with its sign, or (drawn)
// a win with probability 1 / (1 + 10^(-eval/400)), else a loss.
std::string labelled_file(const std::string& dir, const eval::Weights& truth, int n,
                          bool drawn = false) {
    const std::string path = dir + "/data.bin";
    DataWriter writer;
    EXPECT_TRUE(writer.open(path).ok());
    core::SplitMix64 rng(11);
    for (int i = 0; i < n; ++i) {
        const auto pos = random_opening(6 + int(rng.below(30)), rng);
        eval::NoTrace none;
        const int v = eval::evaluate(pos, truth, none);
        const int white = pos.side_to_move() == chess::kWhite ? v : -v;
        Result result = white > 50 ? 1.0 : white < -50 ? 0.0 : 0.5;
        if (drawn) {
            const double p = 1 / (1 + std::pow(10.0, -white / 400.0));
            result = double(rng.below(1000000)) / 1e6 < p ? 1.0 : 0.0;
        }
        const Record r = pack(pos, result, white);
        EXPECT_TRUE(writer.append(&r, 1).ok());
    }
    return path;
}

TEST(TuneTexel, TracesReproduceTheEvaluation) {
    const std::string dir = temp_dir("trace");
    TexelOptions o;
    o.files = {labelled_file(dir, eval::default_weights(), 200)};
    std::ostringstream log;
    const auto data = load_texel_data(o, log);
    ASSERT_TRUE(data.ok()) << data.error();
    ASSERT_EQ(data->positions.size(), 200u);
    // Under other weights too: the trace is linear in them.
    eval::Weights other = eval::hand_weights();
    other.material[1].mg += 37;
    other.mobility_rook[3].eg -= 11;
    std::size_t i = 0;
    ASSERT_TRUE(
        read_labelled(o.files[0], [&](const chess::Position& pos, Result, std::optional<int>) {
            eval::NoTrace none;
            const int v = eval::evaluate(pos, other, none);
            const int white = pos.side_to_move() == chess::kWhite ? v : -v;
            EXPECT_EQ(traced_eval(*data, data->positions[i++], other), white) << pos.fen();
        }).ok());
    EXPECT_EQ(i, 200u);
}

TEST(TuneTexel, FittedKIsAMinimum) {
    const std::string dir = temp_dir("k");
    TexelOptions o;
    o.files = {labelled_file(dir, eval::default_weights(), 2000, true)};
    std::ostringstream log;
    const auto data = load_texel_data(o, log);
    ASSERT_TRUE(data.ok());
    const double k = fit_k(*data, o.start, 2);
    const auto err = [&](double kk) { return texel_error(*data, o.start, kk, 1.0, true, 0, 2); };
    EXPECT_GT(k, 0.5);  // the labels were drawn with K = 1
    EXPECT_LT(k, 2.0);
    EXPECT_LE(err(k), err(k * 1.2));
    EXPECT_LE(err(k), err(k / 1.2));
}

TEST(TuneTexel, RecoversTheWeightsBehindTheLabels) {
    // Labels are the evaluation with knights worth 420; the fit starts from 320 and must move
    // the knight up and the error down (targets are the scores: lambda 0).
    eval::Weights truth = eval::default_weights();
    truth.material[1] = {420, 400};
    const std::string dir = temp_dir("recover");
    TexelOptions o;
    o.files = {labelled_file(dir, truth, 400)};
    o.out = dir + "/out";
    o.lambda = 0;
    o.k = 1.0;
    o.l2 = 0;
    o.epochs = 150;
    o.learning_rate = 2;
    o.validation = 0;
    o.freeze = {"pst", "mobility", "threat", "protection", "king", "pawn", "passed", "key"};
    std::ostringstream log;
    const auto r = run_texel(o, log);
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_LT(r->train_after, r->train_before / 4);
    EXPECT_GT(r->weights.material[1].mg, 370);
    EXPECT_EQ(r->weights.pst[1][20], o.start.pst[1][20]);  // frozen
    for (const char* file : {"weights.json", "curve.csv", "curve.svg", "README.md", "state.bin"})
        EXPECT_TRUE(std::filesystem::exists(o.out + "/" + file)) << file;
    const auto saved = eval::load_weights(o.out + "/weights.json");
    ASSERT_TRUE(saved.ok()) << saved.error();
    EXPECT_EQ(saved->material[1], r->weights.material[1]);

    // Without --resume an existing checkpoint is an error that says what to do.
    const auto again = run_texel(o, log);
    ASSERT_FALSE(again.ok());
    EXPECT_NE(again.error().find("--resume"), std::string::npos);
}

TEST(TuneTexel, ResumedRunEqualsOneRun) {
    const std::string dir = temp_dir("resume");
    TexelOptions o;
    o.files = {labelled_file(dir, eval::default_weights(), 150)};
    o.epochs = 30;
    o.out = dir + "/whole";
    std::ostringstream log;
    const auto whole = run_texel(o, log);
    ASSERT_TRUE(whole.ok()) << whole.error();

    o.out = dir + "/parts";
    o.epochs = 20;
    ASSERT_TRUE(run_texel(o, log).ok());
    o.epochs = 30;
    o.resume = true;
    const auto parts = run_texel(o, log);
    ASSERT_TRUE(parts.ok()) << parts.error();
    EXPECT_EQ(parts->epochs, 30);
    EXPECT_TRUE(parts->weights == whole->weights);
    EXPECT_DOUBLE_EQ(parts->train_after, whole->train_after);
}

TEST(TuneTexel, BadInputIsNamed) {
    const std::string dir = temp_dir("bad");
    TexelOptions o;
    o.files = {dir + "/missing.epd"};
    o.out = dir + "/out";
    std::ostringstream log;
    const auto r = run_texel(o, log);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().find("missing.epd"), std::string::npos) << r.error();
}

}  // namespace
}  // namespace kibitz::tune
