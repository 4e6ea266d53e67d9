// Texel tuning (Peter Österlund's method, 2014, as described on the Chess Programming Wiki):
// fit the evaluation weights to game results. Each labelled position's evaluation is a linear
// function of the weights (its feature trace, eval/trace.h), so the positions are traced once
// and the mean squared error of the win probability sigmoid(K * eval) against the result is
// minimised by gradient descent (Adam, Kingma and Ba 2015) without re-running the evaluation.
#pragma once

#include <atomic>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "core/result.h"
#include "eval/weights.h"

namespace kibitz::tune {

struct TexelOptions {
    std::vector<std::string> files;   // compact datagen files or labelled EPD files
    std::uint64_t max_positions = 0;  // per file (0 = all)
    // Target = lambda * result + (1 - lambda) * sigmoid(K * search score), where a file has
    // search scores (datagen); labelled EPD files always use the result.
    double lambda = 1.0;
    int epochs = 1000;
    double learning_rate = 1.0;  // Adam's step size, in centipawns
    double k = 0;                // the sigmoid's scale; 0 = fit it to the start weights
    double validation = 0.1;     // share of positions held out to measure over-fitting
    // Ridge penalty l2 * sum((w - start)^2) added to the error: weights that few positions
    // show (a knight on c8, a pawn on g7) stay near their start instead of following noise.
    double l2 = 1e-9;
    std::vector<std::string> freeze;  // name prefixes of weights that keep their start value
    eval::Weights start = eval::default_weights();
    int threads = 2;
    std::string out;      // directory: weights.json, curve.csv, curve.svg, README.md, state
    bool resume = false;  // continue from out/state.bin
    std::string command;  // for the report
};

// One labelled position, traced: its non-zero feature counts, phase, scale, target.
struct TracedPosition {
    std::uint32_t first = 0;  // into TexelData::features
    std::uint16_t count = 0;
    std::uint8_t phase = 0, scale = 0;
    float result = 0.5f;  // game result, White's view
    float score = 0;      // search score (White's view), NaN when none
};

struct Feature {
    std::uint16_t index;  // param index (for_each_param order)
    std::int16_t count;   // White minus Black
};

struct TexelData {
    std::vector<TracedPosition> positions;
    std::vector<Feature> features;
};

// Traces every labelled position of the files. Errors name the file and the record or line.
core::Result<TexelData> load_texel_data(const TexelOptions& options, std::ostream& log,
                                        const std::atomic<bool>* stop = nullptr);

// The evaluation of a traced position from White's view under w (exactly the integer arithmetic
// of evaluate() for integer weights).
int traced_eval(const TexelData& data, const TracedPosition& p, const eval::Weights& w);

// The mean squared error of sigmoid(k * eval) against the targets over the positions whose
// index i satisfies i % 10 < 10 * (1 - validation) (train) or not (validation).
double texel_error(const TexelData& data, const eval::Weights& w, double k, double lambda,
                   bool train, double validation, int threads);

// The K that minimises the error of w against the game results over all positions
// (golden-section search). The search scores play no part: with them in the target, a smaller
// K would always fit better.
double fit_k(const TexelData& data, const eval::Weights& w, int threads);

struct TexelReport {
    double k = 0;
    double train_before = 0, train_after = 0, validation_before = 0, validation_after = 0;
    // The held-out error against the results alone (lambda 1), comparable between lambdas.
    double results_before = 0, results_after = 0;
    std::uint64_t positions = 0;
    int epochs = 0;
    double seconds = 0;
    eval::Weights weights;
    bool stopped = false;
};

// Loads, fits K, runs Adam for options.epochs (checkpointing out/state.bin every few epochs so
// that --resume continues), and writes the outputs. Progress lines go to log.
core::Result<TexelReport> run_texel(const TexelOptions& options, std::ostream& log,
                                    const std::atomic<bool>* stop = nullptr);

}  // namespace kibitz::tune
