// Book building from PGN. The semantics of Debian's `polyglot make-book` (PolyGlot 2.0.4,
// package 2.0.4+git20210322-1), found by black-box experiments (tiny hand-made PGN files, the
// output decoded entry by entry; see docs/book.md), which this builder reproduces:
//
//  1. Every ply of a game's main line up to -max-ply (plies 1..max-ply from the game's start,
//     so -max-ply 0 gives an empty book) adds one occurrence to the (position key, move) pair:
//     count += 1 and score += 2 for a win, 1 for a draw, 0 for a loss of the side that moved.
//     Variations and comments are ignored.
//  2. The result is the value of the game's last tag named exactly "Result": "1-0" and "0-1"
//     (compared exactly, no blanks allowed) are wins; anything else, "1/2-1/2", "*", a missing
//     tag, counts as a draw (1 point to each side). The movetext's termination is ignored.
//  3. A position repeated within a game counts again: -min-game counts occurrences of the move,
//     not distinct games.
//  4. As soon as a pair's count reaches 16384, the count and the score of every move of that
//     position (same key) are halved, rounding up: x = (x + 1) / 2. So weights stay below 32768
//     and fit the 16-bit field; there is no other scaling ("globally scaled" in the README).
//  5. At the end, pairs with count < -min-game or score 0 are dropped (a move that only lost is
//     never in the book); the weight is the score, or 1 with -uniform. -only-white /
//     -only-black keep the moves of that side only (with both, polyglot obeys the last one;
//     Kibitz's CLI refuses both).
//  6. Entries are sorted by key, then by weight descending; ties keep the order in which the
//     pairs were first seen (a stable sort). The learn field is 0.
//  7. Moves are coded as in the spec: castling as king-takes-rook (e1h1, e8a8), promotions with
//     the piece in bits 12-14 (n=1 .. q=4), en passant as the pawn's plain move; the key's
//     en-passant file is set when a pawn of the side to move stands beside the pushed pawn.
//  8. Where Kibitz differs, because polyglot gives up: polyglot ignores FEN/SetUp tags (the
//     moves are played from the standard start, and usually fail as illegal) and stops the
//     whole run, writing no book, at the first illegal or malformed move. Kibitz plays a game
//     with a FEN tag from its position (max-ply still counts from the game's first move), and
//     skips broken games and Chess960 games, counting them.
#include "book/builder.h"

#include <algorithm>
#include <fstream>
#include <utility>

#include "chess/polyglot.h"
#include "core/files.h"

namespace kibitz::book {

namespace {

// Polyglot halves a position's counts when one of them reaches this (fact 4 above).
constexpr std::uint32_t kCountLimit = 16384;
constexpr std::uint64_t kProgressEvery = 1000;

// The score of each side for the game's result (fact 2): {White, Black}.
std::pair<int, int> scores_of(const chess::PgnGame& game) {
    std::string_view result;
    for (const auto& [name, value] : game.tags)
        if (name == "Result") result = value;
    if (result == "1-0") return {2, 0};
    if (result == "0-1") return {0, 2};
    return {1, 1};
}

}  // namespace

BookBuilder::BookBuilder(const BuildOptions& options) : options_(options) {}

void BookBuilder::count_move(std::uint64_t key, std::uint16_t move, int score) {
    std::vector<std::uint32_t>& slots = by_key_[key];
    auto it = std::find_if(slots.begin(), slots.end(),
                           [&](std::uint32_t i) { return slots_[i].move == move; });
    if (it == slots.end()) {
        slots.push_back(static_cast<std::uint32_t>(slots_.size()));
        slots_.push_back({key, move, 0, 0});
        it = slots.end() - 1;
    }
    Slot& slot = slots_[*it];
    slot.count += 1;
    slot.score += static_cast<std::uint32_t>(score);
    if (slot.count >= kCountLimit) {
        for (const std::uint32_t i : slots) {
            slots_[i].count = (slots_[i].count + 1) / 2;
            slots_[i].score = (slots_[i].score + 1) / 2;
        }
    }
}

core::Status BookBuilder::add_game(const chess::PgnGame& game) {
    if (game.chess960()) return core::error("Chess960 games are not used");
    auto start = chess::start_position(game);
    if (!start) return core::error(start.error());
    chess::Position pos = *start;
    if (pos.chess960()) return core::error("Chess960 castling in the FEN: not used");

    const auto [white, black] = scores_of(game);
    const int plies = std::min<std::size_t>(game.moves.size(), std::max(options_.max_ply, 0));
    for (int ply = 0; ply < plies; ++ply) {
        const chess::Move m = game.moves[ply].move;
        const bool white_moves = pos.side_to_move() == chess::kWhite;
        const bool wanted = white_moves ? !options_.only_black : !options_.only_white;
        if (wanted) {
            count_move(chess::polyglot_key(pos), chess::move_to_polyglot(m),
                       white_moves ? white : black);
            ++report_.moves;
        }
        pos.make(m);
    }
    return core::Done{};
}

void BookBuilder::skip(std::string_view name, int line, std::uint64_t game, std::string_view why) {
    ++report_.skipped;
    if (report_.reasons.size() < BuildReport::kMaxReasons)
        report_.reasons.push_back(std::string(name) + ":" + std::to_string(line) + ": game " +
                                  std::to_string(game) + ": " + std::string(why));
}

core::Status BookBuilder::add_pgn(std::istream& in, std::string_view name,
                                  const BuildProgress& progress) {
    chess::PgnReader reader(in);
    while (auto game = reader.next()) {
        ++report_.games;
        if (!*game && reader.stopped()) {
            --report_.games;
            const auto& e = reader.last_error();
            return core::error(std::string(name) + ":" + std::to_string(e.line) + ": " + e.reason);
        }
        if (!*game) {
            skip(name, reader.last_error().line, reader.games(), reader.last_error().reason);
        } else if (const auto added = add_game(**game); !added) {
            skip(name, (*game)->first_line, reader.games(), added.error());
        } else {
            ++report_.used;
        }
        if (progress && report_.games % kProgressEvery == 0) progress(report_.games, positions());
    }
    return core::Done{};
}

core::Status BookBuilder::add_file(const std::string& path, const BuildProgress& progress) {
    std::ifstream in;
    if (auto s = core::open_input(in, path, "PGN file"); !s) return s;
    return add_pgn(in, path, progress);
}

Book BookBuilder::book() const {
    std::vector<Entry> entries;
    for (const Slot& s : slots_) {
        if (s.score == 0 || static_cast<std::int64_t>(s.count) < options_.min_games) continue;
        const auto weight = static_cast<std::uint16_t>(options_.uniform ? 1 : s.score);
        entries.push_back({s.key, s.move, weight, 0});
    }
    return Book::from_entries(std::move(entries));
}

core::Result<Book> build_book(const std::vector<std::string>& files, const BuildOptions& options,
                              BuildReport* report, const BuildProgress& progress) {
    BookBuilder builder(options);
    for (const std::string& file : files) {
        const auto added = builder.add_file(file, progress);
        if (!added) return core::error(added.error());
    }
    if (report) *report = builder.report();
    return builder.book();
}

}  // namespace kibitz::book
