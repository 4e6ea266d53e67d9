// kibitz book: build Polyglot opening books from PGN, probe them, print their statistics.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/commands.h"
#include "book/book.h"
#include "book/builder.h"
#include "chess/notation.h"
#include "chess/polyglot.h"
#include "chess/san.h"
#include "core/files.h"
#include "core/strings.h"
#include "core/timer.h"

using namespace kibitz;

namespace {

struct BookArgs {
    // build
    std::vector<std::string> pgn;
    std::string out;
    book::BuildOptions options;
    // probe, stats
    std::string book;
    std::string fen;
    std::string moves;
};

// The --book file, or the default book; throws naming what is missing.
book::Book load_book(const std::string& given, std::string* path) {
    *path = given.empty() ? book::default_book_path() : given;
    if (path->empty())
        throw std::runtime_error(
            "no --book given and no default book (book.bin next to the kibitz executable)");
    auto loaded = book::Book::load(*path);
    if (!loaded) throw std::runtime_error(loaded.error());
    return std::move(*loaded);
}

// The position of --fen (or the start) after --moves (UCI or SAN); throws naming the bad input.
chess::Position position_of(const BookArgs& a) {
    auto pos = chess::Position::from_fen(a.fen.empty() ? chess::kStartFen : a.fen);
    if (!pos) throw std::runtime_error("bad --fen '" + a.fen + "': " + pos.error());
    for (const std::string_view text : core::split_words(a.moves)) {
        auto m = chess::move_from_uci(*pos, text);
        if (!m) m = chess::move_from_san(*pos, text);
        if (!m) throw std::runtime_error("--moves: " + m.error());
        pos->make(*m);
    }
    return *pos;
}

// One line per candidate: SAN, UCI, weight, share; "no book moves" when there are none.
void print_candidates(const chess::Position& pos, const std::vector<book::Candidate>& list) {
    if (list.empty()) {
        std::printf("no book moves\n");
        return;
    }
    std::printf("%-8s %-6s %6s %7s\n", "move", "uci", "weight", "share");
    for (const book::Candidate& c : list)
        std::printf("%-8s %-6s %6u %6.1f%%\n", chess::move_to_san(pos, c.move).c_str(),
                    chess::move_to_uci(pos, c.move).c_str(), static_cast<unsigned>(c.weight),
                    100.0 * c.share);
}

void run_build(const BookArgs& a) {
    // The book replaces --out only when whole (core::write_file), but over a PGN input it
    // would still destroy the games: surely a slip.
    for (const std::string& file : a.pgn)
        if (core::same_file(file, a.out))
            throw std::runtime_error("--out '" + a.out + "' is the input file '" + file +
                                     "': write the book to another file");
    core::Stopwatch clock;
    book::BookBuilder builder(a.options);
    const book::BuildProgress progress = [](std::uint64_t games, std::size_t positions) {
        std::fprintf(stderr, "%llu games, %zu positions\n", static_cast<unsigned long long>(games),
                     positions);
    };
    for (const std::string& file : a.pgn) {
        const auto added = builder.add_file(file, progress);
        if (!added) throw std::runtime_error(added.error());
    }
    const book::Book result = builder.book();
    const auto saved = result.save(a.out);
    if (!saved) throw std::runtime_error(saved.error());

    const book::BuildReport& r = builder.report();
    std::printf("games read %llu, used %llu, skipped %llu\n",
                static_cast<unsigned long long>(r.games), static_cast<unsigned long long>(r.used),
                static_cast<unsigned long long>(r.skipped));
    for (const std::string& reason : r.reasons) std::printf("  skipped %s\n", reason.c_str());
    if (r.skipped > r.reasons.size())
        std::printf("  ... and %llu more\n",
                    static_cast<unsigned long long>(r.skipped - r.reasons.size()));
    std::printf("entries %zu, positions %zu, time %.3f s\nwrote %s\n", result.size(),
                result.stats().positions, clock.elapsed_ns() / 1e9, a.out.c_str());
}

void run_probe(const BookArgs& a) {
    const chess::Position pos = position_of(a);  // bad input first: no need to load the book
    std::string path;
    const book::Book b = load_book(a.book, &path);
    std::printf("key 0x%016llx  %s\n", static_cast<unsigned long long>(chess::polyglot_key(pos)),
                pos.fen().c_str());
    print_candidates(pos, b.probe(pos));
}

void run_stats(const BookArgs& a) {
    std::string path;
    const book::Book b = load_book(a.book, &path);
    const book::Stats s = b.stats();
    std::printf(
        "file %s\nentries %zu\npositions %zu\ntotal weight %llu\nlargest weight %u\n"
        "learn fields set %zu\nstart position:\n",
        path.c_str(), s.entries, s.positions, static_cast<unsigned long long>(s.total_weight),
        static_cast<unsigned>(s.max_weight), s.learned);
    const chess::Position start;
    print_candidates(start, b.probe(start));
}

}  // namespace

void register_book(CLI::App& app) {
    auto a = std::make_shared<BookArgs>();
    auto* cmd = app.add_subcommand("book", "Polyglot opening books: build from PGN, probe, stats");
    cmd->require_subcommand(1);
    cmd->footer(
        "Books are Polyglot .bin files; `book build` makes the same file as "
        "`polyglot make-book` with the same options.");

    auto* build = cmd->add_subcommand("build", "Build a book from PGN files");
    build->add_option("--pgn", a->pgn, "PGN files (games with a FEN tag start there)")
        ->required()
        ->expected(1, -1);
    build->add_option("--out", a->out, "Book file to write")->required();
    build->add_option("--max-ply", a->options.max_ply, "Count the first N plies of each game")
        ->check(CLI::Range(0, 100000));
    build
        ->add_option("--min-games", a->options.min_games,
                     "Keep a move seen at least N times (occurrences)")
        ->check(CLI::Range(0, 1000000));
    auto* white = build->add_flag("--only-white", a->options.only_white, "Keep White's moves only");
    auto* black = build->add_flag("--only-black", a->options.only_black, "Keep Black's moves only");
    white->excludes(black);
    build->add_flag("--uniform", a->options.uniform, "Give every move weight 1");
    build->callback([a] { run_build(*a); });

    const std::string book_help = "Book file (default: book.bin next to the kibitz executable)";
    auto* probe = cmd->add_subcommand("probe", "List the book moves of a position");
    probe->add_option("--book", a->book, book_help);
    probe->add_option("--fen", a->fen, "Position (default: the start position)");
    probe->add_option("--moves", a->moves, "Moves played first, UCI or SAN: \"e2e4 e7e5\"");
    probe->callback([a] { run_probe(*a); });

    auto* stats = cmd->add_subcommand("stats", "Entries, positions, weights of a book");
    stats->add_option("--book", a->book, book_help);
    stats->callback([a] { run_stats(*a); });
}
