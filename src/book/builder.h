// Building a Polyglot book from PGN games, entry for entry as Debian's `polyglot make-book`
// builds it (the semantics are listed at the top of builder.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "book/book.h"
#include "chess/pgn.h"
#include "core/result.h"

namespace kibitz::book {

// The options of `polyglot make-book` that Kibitz supports (-max-ply, -min-game, -only-white,
// -only-black, -uniform), with Kibitz's defaults.
struct BuildOptions {
    int max_ply = 24;   // count the first max_ply plies of each game
    int min_games = 3;  // keep a move seen at least this often (occurrences, not games)
    bool only_white = false, only_black = false;  // keep only the moves of that side
    bool uniform = false;                         // every kept move gets weight 1
};

// What the builder has read.
struct BuildReport {
    std::uint64_t games = 0;           // games read, good and broken
    std::uint64_t used = 0;            // games whose moves were counted
    std::uint64_t skipped = 0;         // broken games, Chess960 games, bad start positions
    std::vector<std::string> reasons;  // the first kMaxReasons skips, "file:line: game n: why"
    std::uint64_t moves = 0;           // moves counted
    static constexpr std::size_t kMaxReasons = 5;
};

// Progress: called every 1000 games with the games read so far and the positions counted.
using BuildProgress = std::function<void(std::uint64_t games, std::size_t positions)>;

// Counts the moves of PGN games, then makes the book. Reading is streaming: memory grows with
// the distinct (position, move) pairs only.
class BookBuilder {
public:
    explicit BookBuilder(const BuildOptions& options = {});

    // Counts the games of a PGN stream; `name` stands for the input in skip reasons. The error
    // says why reading stopped early (a line over chess::kMaxPgnLineBytes, a read error).
    core::Status add_pgn(std::istream& in, std::string_view name,
                         const BuildProgress& progress = {});
    // Counts the games of a PGN file; errors as add_pgn, or a file that cannot be opened.
    core::Status add_file(const std::string& path, const BuildProgress& progress = {});
    // Counts the moves of a game that was read well; the error says why the game is not used
    // (Chess960, an unsupported variant, a bad FEN). Does not touch report().
    core::Status add_game(const chess::PgnGame& game);

    // The book of the moves counted so far: moves seen at least min_games times with a non-zero
    // score, weighted by score (or 1 with uniform), in Polyglot's order.
    Book book() const;

    const BuildReport& report() const { return report_; }
    // Distinct positions (keys) counted so far.
    std::size_t positions() const { return by_key_.size(); }

private:
    struct Slot {
        std::uint64_t key;
        std::uint16_t move;
        std::uint32_t count;  // occurrences
        std::uint32_t score;  // 2 per win, 1 per draw or unknown result, of the side that moved
    };
    void count_move(std::uint64_t key, std::uint16_t move, int score);
    void skip(std::string_view name, int line, std::uint64_t game, std::string_view why);

    BuildOptions options_;
    BuildReport report_;
    std::vector<Slot> slots_;  // in the order of first occurrence
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> by_key_;  // key -> slots
};

// Builds a book from PGN files in order; the error names a file that cannot be opened. The
// report (when given) says what was read and skipped.
core::Result<Book> build_book(const std::vector<std::string>& files, const BuildOptions& options,
                              BuildReport* report = nullptr, const BuildProgress& progress = {});

}  // namespace kibitz::book
