// `kibitz datagen`: self-play games from varied openings, keeping the quiet positions with the
// game's result and the search score, for Texel tuning (texel.h).
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/result.h"
#include "dist/dist.h"
#include "tune/data.h"
#include "tune/selfplay.h"

namespace kibitz::tune {

struct DatagenOptions {
    std::string out;                    // compact file (data.h); an existing one is extended
    std::uint64_t positions = 1000000;  // stop once the file holds this many
    int threads = 2;                    // games at once, one engine each
    SelfPlayOptions play{.nodes = 5000};
    int random_plies = 8;     // random legal moves from the start position before the engines
    int balance_cp = 300;     // openings whose score is beyond this are drawn again
    int max_score_cp = 2000;  // positions scored beyond this are not kept
    int hash_mb = 8;
    std::uint64_t seed = 1;
};

struct DatagenReport {
    std::uint64_t positions = 0;  // in the file at the end
    std::uint64_t written = 0;    // by this run
    std::uint64_t games = 0;      // finished by this run
    double seconds = 0;
    double per_hour() const { return seconds > 0 ? double(written) * 3600 / seconds : 0; }
};

// Plays games until the file holds options.positions or *stop becomes true; games under way
// when it stops are dropped (their positions have no result yet), so the file only ever holds
// finished games and a rerun of the same command resumes. Progress lines go to log. Game k of a
// run has its own seed (from options.seed, k and the positions already in the file) and the
// games are written in the order of k, so the file is the same for any number of threads and,
// under MPI (dist.h), of ranks: rank 0 writes, the others play (datagen_handler).
core::Result<DatagenReport> run_datagen(const DatagenOptions& options, std::ostream& log,
                                        const std::atomic<bool>* stop = nullptr);

// One game of a run from this seed: the kept positions labelled with its result, or nothing
// when *stop became true during it.
std::optional<std::vector<Record>> play_datagen_game(const DatagenOptions& options,
                                                     engine::ChessEngine& engine,
                                                     std::uint64_t seed,
                                                     const std::atomic<bool>* stop);

// A worker rank's slot: plays the games rank 0's run_datagen sends, with one engine of its own.
dist::Handler datagen_handler();

// Whether a position of a game is kept for tuning: not in check, the best move quiet (no
// capture or promotion), the score not a mate and within max_score_cp.
bool keep_for_tuning(const chess::Position& pos, chess::Move best, int score, int max_score_cp);

}  // namespace kibitz::tune
