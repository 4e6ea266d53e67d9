// Fitting the pattern evaluation of Othello (eval/othello_patterns.h) on Kibitz's own games, in
// two steps. Generation: self-play games from random openings, shallow searches with a chosen
// evaluation level, the exact solver for the last empties, so that every position after the
// opening is labelled with the game's final disc difference under perfect endgame play (from
// the side to move). Fit: per game phase, ridge regression (least squares with an L2 penalty,
// solved by conjugate gradients on the normal equations) of that label on the pattern
// configurations and the scalar features, as Buro fitted Logistello (1997, "Experiments with
// Multi-ProbCut and a new high-quality evaluation function for Othello").
#pragma once

#include <atomic>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "core/result.h"
#include "eval/othello_eval.h"
#include "eval/othello_patterns.h"
#include "othello/bitboard.h"

namespace kibitz::tune {

// One labelled position of a pattern data file.
struct PatternSample {
    othello::Bitboard player = 0, opponent = 0;  // the side to move's discs and the other's
    int score = 0;                               // final disc difference for the side to move
    bool first_of_game = false;                  // the game's first recorded position
};

// The file format: 18 bytes per position, little-endian: player (8), opponent (8), score
// (signed byte), flags (bit 0: first position of a game).
inline constexpr std::size_t kPatternRecordBytes = 18;
// The largest data file read (whole, into memory): 1 GiB, about 60 million positions
// (docs/othello.md).
inline constexpr std::uint64_t kMaxPatternDataBytes = std::uint64_t(1) << 30;

struct PatternGenOptions {
    std::string out;         // the data file; appended to (resumed) when it exists
    int games = 1000;        // total games the file should hold
    int depth = 4;           // search depth of the moves before the solver
    int random_plies = 10;   // random opening moves (positions before them are not kept)
    int solve_empties = 18;  // perfect play from this many empties
    int threads = 2;         // games in parallel, each thread with its own search and solver
    eval::OthelloEvalLevel eval = eval::OthelloEvalLevel::kMobility;
    std::uint64_t seed = 1;
};

struct PatternGenReport {
    std::uint64_t games_before = 0, positions_before = 0;  // already in the file
    std::uint64_t games = 0, positions = 0;                // added by this run
    double seconds = 0;
};

// Plays games until the file holds options.games (or *stop), appending each finished game at
// once; progress at most once a second on log. Errors name the file.
core::Result<PatternGenReport> generate_pattern_data(const PatternGenOptions& options,
                                                     std::ostream& log,
                                                     const std::atomic<bool>* stop = nullptr);

// Reads a data file (a truncated last record is ignored); errors name the file.
core::Result<std::vector<PatternSample>> read_pattern_data(const std::string& path);
// Appends samples to a data file (tests, tools).
core::Status write_pattern_data(const std::string& path, const std::vector<PatternSample>& samples);

struct PatternFitOptions {
    double l2 = 2.0;      // ridge penalty per weight (in squared discs)
    int iterations = 80;  // conjugate-gradient steps per phase
    int holdout = 10;     // every holdout-th game is held out for the test error (0: none)
    int margin = 2;       // a phase also trains on positions this many empties beyond it
    std::uint64_t max_positions = 0;  // use at most this many positions (0: all)
};

struct PatternFitPhase {
    int empties_min = 0, empties_max = 0;
    std::uint64_t train = 0, test = 0;   // positions of the phase itself (margins not counted)
    double train_mae = 0, test_mae = 0;  // mean absolute error in discs
    double start_mae = 0;                // the train error with all weights 0 (predicting 0)
};

struct PatternFitReport {
    std::uint64_t positions = 0, games = 0;
    std::vector<PatternFitPhase> phases;
    double train_mae = 0, test_mae = 0;  // over all phases
};

// Fits weights (every phase) on samples; progress on log; stops early once *stop is true.
PatternFitReport fit_patterns(const std::vector<PatternSample>& samples,
                              const PatternFitOptions& options, eval::PatternWeights& weights,
                              std::ostream& log, const std::atomic<bool>* stop = nullptr);

// The weights as src/eval/othello_pattern_weights.inc, with `header` (lines of text) as its
// opening comment.
std::string pattern_weights_to_cpp(const eval::PatternWeights& weights, const std::string& header);

}  // namespace kibitz::tune
