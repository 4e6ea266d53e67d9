// The puzzle mode of the web app: a Lichess puzzle CSV read once at startup, a puzzle near a
// rating for the page, and the explanation of a puzzle's first solution move (explain.h),
// computed on at most kMaxExplaining request threads at once and kept per puzzle.
#pragma once

#include <atomic>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "explain/puzzles.h"
#include "server/reply.h"
#include "server/routes.h"

namespace kibitz::server {

// One puzzle of the file: the rules' view (explain::Puzzle) and its rating.
struct RatedPuzzle {
    explain::Puzzle puzzle;
    int rating = 0;
};

// What reading a puzzle file gave: the puzzles, and the rows left out with the reason.
struct PuzzleFile {
    std::vector<RatedPuzzle> puzzles;
    std::vector<std::string> skipped;  // "FILE:LINE: why", at most kMaxSkippedShown of them
    int skipped_count = 0;
};
inline constexpr int kMaxSkippedShown = 5;

// Reads a puzzle CSV whose header names the columns PuzzleId, FEN, Moves, Rating and Themes
// (in any order, others ignored: the bundled file and Lichess's full one). A row that is not a
// legal puzzle is skipped and noted; the error names a file that cannot be read, a header
// without those columns, or a file without any puzzle.
core::Result<PuzzleFile> read_puzzle_file(const std::string& path);

// Ratings a request may ask for.
inline constexpr int kMinPuzzleRating = 0;
inline constexpr int kMaxPuzzleRating = 4000;
// Most puzzle ids one ?exclude= may carry.
inline constexpr std::size_t kMaxExcluded = 500;
// Explanations computed at once (each a few hundred ms of one request thread); beyond: 503.
inline constexpr int kMaxExplaining = 2;
// The next puzzle is drawn among this many of the nearest ratings.
inline constexpr std::size_t kNearest = 8;

class Puzzles {
public:
    // Reads `path` ("" : no puzzles); a failure leaves the set empty and is kept in problem().
    explicit Puzzles(const std::string& path);

    std::size_t size() const { return puzzles_.size(); }
    // Why there are no puzzles, or which rows were skipped ("" when all is well).
    const std::string& problem() const { return problem_; }

    // The reply to a request under /api/puzzles, or nullopt for other paths.
    std::optional<Reply> route(const Request& r);

    // GET /api/puzzles: how many puzzles there are, and the problem if any.
    Reply info() const;
    // GET /api/puzzles/next?rating=R&exclude=ID,ID: one of the kNearest puzzles nearest R
    // (default 1500) not excluded, at random.
    Reply next(const std::string& rating, const std::string& exclude);
    // GET /api/puzzles/ID: that puzzle, with the positions and legal moves of its solution.
    Reply get(const std::string& id) const;
    // GET /api/puzzles/ID/explain: the explanation of its first solution move.
    Reply explain(const std::string& id);

private:
    const RatedPuzzle* find(const std::string& id) const;
    std::optional<Reply> no_puzzles() const;

    std::vector<RatedPuzzle> puzzles_;  // by rating
    std::map<std::string, std::size_t, std::less<>> by_id_;
    std::string problem_;
    std::mutex mutex_;  // rng_ and explained_
    std::mt19937_64 rng_;
    std::map<std::string, Json> explained_;
    std::atomic<int> explaining_{0};
};

// The puzzle as the page reads it (docs/api.md): id, rating, themes, fen, moves (UCI), san,
// color (the solver's), and positions: the FEN before each move and after the last, whether
// its side to move is in check, and on the solver's turns the legal moves and those that mate.
Json puzzle_json(const RatedPuzzle& p);

}  // namespace kibitz::server
