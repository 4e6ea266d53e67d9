// Polyglot books: the file format, probing, the choice of a move, and the builder against the
// entries Debian's `polyglot make-book` writes for the same games.
#include "book/book.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "book/builder.h"
#include "chess/notation.h"
#include "chess/polyglot.h"
#include "core/rng.h"
#include "temp_dir.h"

namespace kibitz::book {
namespace {

namespace fs = std::filesystem;

constexpr std::uint64_t kStartKey = 0x463b96181691fc9cULL;      // the spec's start position
constexpr std::uint64_t kAfterE4Key = 0x823c9b50fd114196ULL;    // 1. e4
constexpr std::uint64_t kAfterE4E5Key = 0x0844931a6ef4b9a0ULL;  // 1. e4 e5

void write_file(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    out << bytes;
}

// The Polyglot code of a UCI move in pos.
std::uint16_t code(const chess::Position& pos, const std::string& uci) {
    auto m = chess::move_from_uci(pos, uci);
    EXPECT_TRUE(m.ok()) << uci;
    return m.ok() ? chess::move_to_polyglot(*m) : 0;
}

std::uint16_t start_code(const std::string& uci) { return code(chess::Position(), uci); }

// Plays space-separated UCI moves from the start position.
chess::Position play(const std::string& moves) {
    chess::Position pos;
    std::istringstream in(moves);
    for (std::string text; in >> text;) {
        auto m = chess::move_from_uci(pos, text);
        EXPECT_TRUE(m.ok()) << text;
        if (!m.ok()) break;
        pos.make(*m);
    }
    return pos;
}

std::vector<std::string> uci_of(const chess::Position& pos, const std::vector<Candidate>& list) {
    std::vector<std::string> out;
    for (const Candidate& c : list) out.push_back(chess::move_to_uci(pos, c.move));
    return out;
}

// Start position: e4 3, d4 1, Nf3 0; plus one entry of another position.
Book hand_made() {
    return Book::from_entries({
        {kAfterE4Key, code(play("e2e4"), "e7e5"), 5, 0},
        {kStartKey, start_code("g1f3"), 0, 0},
        {kStartKey, start_code("d2d4"), 1, 0},
        {kStartKey, start_code("e2e4"), 3, 7},
    });
}

Book built(const std::string& pgn, const BuildOptions& options, BuildReport* report = nullptr) {
    BookBuilder builder(options);
    std::istringstream in(pgn);
    builder.add_pgn(in, "test.pgn");
    if (report) *report = builder.report();
    return builder.book();
}

std::string game(const std::string& result, const std::string& moves,
                 const std::string& extra_tags = "") {
    return "[Event \"x\"]\n" + extra_tags + "[Result \"" + result + "\"]\n\n" + moves + " " +
           result + "\n\n";
}

BuildOptions min_games(int n) {
    BuildOptions o;
    o.min_games = n;
    return o;
}

// ---- The file format ----------------------------------------------------------------------

TEST(BookFile, FromEntriesSortsByKeyThenWeightKeepingTies) {
    const Book book = Book::from_entries({
        {5, 1, 1, 0},
        {2, 2, 1, 0},
        {5, 3, 9, 0},
        {5, 4, 1, 0},
        {1, 5, 0, 0},
    });
    const std::vector<Entry> expected = {
        {1, 5, 0, 0}, {2, 2, 1, 0}, {5, 3, 9, 0}, {5, 1, 1, 0}, {5, 4, 1, 0},
    };
    EXPECT_EQ(book.entries(), expected);
    EXPECT_EQ(book.size(), 5u);
    EXPECT_FALSE(book.empty());
    EXPECT_TRUE(Book().empty());
    EXPECT_EQ(book.find(5).size(), 3u);
    EXPECT_EQ(book.find(3).size(), 0u);
}

TEST(BookFile, SaveLoadRoundTripIsBigEndian) {
    const kibitz::test::TempDir dir("kibitz_book_test");
    const Book book = Book::from_entries({
        {0x0102030405060708ULL, 0x090A, 0x0B0C, 0x0D0E0F10},
        {0xFFEEDDCCBBAA9988ULL, 0x7766, 0x5544, 0x33221100},
        {kStartKey, start_code("e2e4"), 65535, 0},
    });
    const std::string path = dir.file("round.bin");
    ASSERT_TRUE(book.save(path).ok());
    EXPECT_EQ(fs::file_size(path), 48u);

    const std::string bytes = book.to_bytes();
    ASSERT_EQ(bytes.size(), 48u);
    EXPECT_EQ(bytes.substr(0, 16), std::string("\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0A\x0B\x0C"
                                               "\x0D\x0E\x0F\x10",
                                               16));
    auto loaded = Book::load(path);
    ASSERT_TRUE(loaded.ok()) << loaded.error();
    EXPECT_EQ(loaded->entries(), book.entries());
    EXPECT_EQ(loaded->entries()[2].key, 0xFFEEDDCCBBAA9988ULL);  // unsigned order
}

TEST(BookFile, EmptyFileIsAnEmptyBook) {
    const kibitz::test::TempDir dir("kibitz_book_test");
    write_file(dir.file("empty.bin"), "");
    auto loaded = Book::load(dir.file("empty.bin"));
    ASSERT_TRUE(loaded.ok()) << loaded.error();
    EXPECT_TRUE(loaded->empty());
    EXPECT_TRUE(loaded->probe(chess::Position()).empty());
}

TEST(BookFile, LoadErrorsNameTheProblem) {
    const kibitz::test::TempDir dir("kibitz_book_test");
    const std::string missing = dir.file("missing.bin");
    auto a = Book::load(missing);
    ASSERT_FALSE(a.ok());
    EXPECT_NE(a.error().find("cannot open book '" + missing + "'"), std::string::npos) << a.error();

    write_file(dir.file("size.bin"), std::string(33, '\0'));
    auto b = Book::load(dir.file("size.bin"));
    ASSERT_FALSE(b.ok());
    EXPECT_NE(b.error().find("size.bin': size 33 bytes is not a multiple of 16"), std::string::npos)
        << b.error();

    // Entry 2 has a smaller key than entry 1.
    const std::string unsorted = Book::from_entries({{1, 1, 1, 0}}).to_bytes() +
                                 Book::from_entries({{9, 1, 1, 0}}).to_bytes() +
                                 Book::from_entries({{4, 1, 1, 0}}).to_bytes();
    write_file(dir.file("order.bin"), unsorted);
    auto c = Book::load(dir.file("order.bin"));
    ASSERT_FALSE(c.ok());
    EXPECT_NE(c.error().find("order.bin': entry 2 (key 0x0000000000000004) comes after entry 1"),
              std::string::npos)
        << c.error();

    auto d = Book::from_bytes(std::string(5, 'x'), "bytes");
    ASSERT_FALSE(d.ok());
    EXPECT_NE(d.error().find("book 'bytes': size 5 bytes"), std::string::npos) << d.error();
}

TEST(BookFile, Stats) {
    const Stats s = hand_made().stats();
    EXPECT_EQ(s.entries, 4u);
    EXPECT_EQ(s.positions, 2u);
    EXPECT_EQ(s.total_weight, 9u);
    EXPECT_EQ(s.max_weight, 5u);
    EXPECT_EQ(s.learned, 1u);
}

TEST(BookFile, DefaultBookPathIsBookBinBesideTheExecutableOrEmpty) {
    const std::string path = default_book_path();
    if (!path.empty()) {
        EXPECT_EQ(fs::path(path).filename(), "book.bin");
        EXPECT_TRUE(fs::is_regular_file(path));
    }
}

// ---- Probing and choosing ---------------------------------------------------------------------

TEST(BookProbe, HandMadeBook) {
    const Book book = hand_made();
    const chess::Position start;
    const auto list = book.probe(start);
    ASSERT_EQ(list.size(), 3u);
    EXPECT_EQ(uci_of(start, list), (std::vector<std::string>{"e2e4", "d2d4", "g1f3"}));
    EXPECT_EQ(list[0].weight, 3);
    EXPECT_DOUBLE_EQ(list[0].share, 0.75);
    EXPECT_DOUBLE_EQ(list[1].share, 0.25);
    EXPECT_DOUBLE_EQ(list[2].share, 0.0);

    const chess::Position after_e4 = play("e2e4");
    EXPECT_EQ(uci_of(after_e4, book.probe(after_e4)), std::vector<std::string>{"e7e5"});
    EXPECT_TRUE(book.probe(play("d2d4")).empty());
}

TEST(BookProbe, EqualWeightsAreOrderedByMoveCode) {
    const Book book = Book::from_entries({
        {kStartKey, start_code("g1f3"), 2, 0},
        {kStartKey, start_code("a2a3"), 2, 0},
        {kStartKey, start_code("e2e4"), 2, 0},
    });
    const chess::Position start;
    EXPECT_EQ(uci_of(start, book.probe(start)),
              (std::vector<std::string>{"g1f3", "a2a3", "e2e4"}));  // codes 405, 528, 796
}

TEST(BookProbe, IllegalAndUnknownMovesAreSkipped) {
    const chess::Position start;
    const Book book = Book::from_entries({
        {kStartKey, start_code("e2e4"), 1, 0},
        {kStartKey, std::uint16_t(12 << 6 | 36), 50, 0},                  // e2e5: not legal here
        {kStartKey, 0, 50, 0},                                            // a1a1
        {kStartKey, std::uint16_t(start_code("d2d4") | 5 << 12), 50, 0},  // promotion code 5
        {kStartKey, std::uint16_t(start_code("d2d4") | 4 << 12), 50, 0},  // a queen on d4?
        {kStartKey, start_code("e2e4"), 9, 0},  // the same move twice: the first in book order
    });
    const auto list = book.probe(start);
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(chess::move_to_uci(start, list[0].move), "e2e4");
    EXPECT_EQ(list[0].weight, 9);
    EXPECT_DOUBLE_EQ(list[0].share, 1.0);
    EXPECT_EQ(book.choose(start, Choice::kWeighted, 12345), list[0].move);
}

TEST(BookProbe, CastlingIsKingTakesRookAndPromotionsCarryThePiece) {
    auto castle = chess::Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    ASSERT_TRUE(castle.ok());
    auto promote = chess::Position::from_fen("8/1P6/8/8/8/8/k7/4K3 w - - 0 1");
    ASSERT_TRUE(promote.ok());
    const std::uint16_t e1h1 = 7 | 4 << 6, e1a1 = 0 | 4 << 6;
    const std::uint16_t b7b8n = (57 | 49 << 6) | 1 << 12, b7b8q = (57 | 49 << 6) | 4 << 12;
    const Book book = Book::from_entries({
        {chess::polyglot_key(*castle), e1h1, 2, 0},
        {chess::polyglot_key(*castle), e1a1, 1, 0},
        {chess::polyglot_key(*promote), b7b8n, 1, 0},
        {chess::polyglot_key(*promote), b7b8q, 3, 0},
    });
    EXPECT_EQ(uci_of(*castle, book.probe(*castle)), (std::vector<std::string>{"e1g1", "e1c1"}));
    EXPECT_EQ(uci_of(*promote, book.probe(*promote)), (std::vector<std::string>{"b7b8q", "b7b8n"}));
}

TEST(BookChoose, WeightedFollowsTheWeightsAndNeverPicksWeightZero) {
    const Book book = hand_made();  // e4 3, d4 1, Nf3 0
    const chess::Position start;
    std::map<std::string, int> picks;
    for (std::uint64_t r = 0; r < 4000; ++r) {
        const auto m = book.choose(start, Choice::kWeighted, r);
        ASSERT_TRUE(m.has_value());
        ++picks[chess::move_to_uci(start, *m)];
    }
    EXPECT_EQ(picks["e2e4"], 3000);
    EXPECT_EQ(picks["d2d4"], 1000);
    EXPECT_EQ(picks.count("g1f3"), 0u);
    // random % 4: 0..2 are e4, 3 is d4.
    EXPECT_EQ(chess::move_to_uci(start, *book.choose(start, Choice::kWeighted, 2)), "e2e4");
    EXPECT_EQ(chess::move_to_uci(start, *book.choose(start, Choice::kWeighted, 7)), "d2d4");

    // With a generator the shares are close to the weights' too.
    core::SplitMix64 rng(42);
    int e4 = 0;
    for (int i = 0; i < 10000; ++i)
        if (chess::move_to_uci(start, *book.choose(start, Choice::kWeighted, rng.next())) == "e2e4")
            ++e4;
    EXPECT_NEAR(e4, 7500, 200);
}

TEST(BookChoose, BestAndEmptyCases) {
    const chess::Position start;
    EXPECT_EQ(chess::move_to_uci(start, *hand_made().choose(start, Choice::kBest)), "e2e4");
    EXPECT_FALSE(Book().choose(start, Choice::kBest).has_value());
    EXPECT_FALSE(hand_made().choose(play("d2d4"), Choice::kWeighted, 1).has_value());
    const Book zeros = Book::from_entries({
        {kStartKey, start_code("e2e4"), 0, 0},
        {kStartKey, start_code("d2d4"), 0, 0},
    });
    EXPECT_EQ(zeros.probe(start).size(), 2u);
    EXPECT_FALSE(zeros.choose(start, Choice::kBest).has_value());
    EXPECT_FALSE(zeros.choose(start, Choice::kWeighted, 3).has_value());
}

// ---- The builder: entries as `polyglot make-book` writes them ------------------------------

// polyglot make-book -min-game 1 on one White win: 2 points to each White move, Black's moves
// (0 points) dropped.
TEST(BookBuilder, WhiteWinGivesPolyglotEntries) {
    const Book book = built(game("1-0", "1. e4 e5 2. Nf3 Nc6"), min_games(1));
    const std::vector<Entry> expected = {
        {kAfterE4E5Key, code(play("e2e4 e7e5"), "g1f3"), 2, 0},
        {kStartKey, start_code("e2e4"), 2, 0},
    };
    EXPECT_EQ(book.entries(), expected);
}

// Draw and "*" give 1 point to each side; ties keep the order of first appearance.
TEST(BookBuilder, DrawsUnknownResultsAndTieOrder) {
    const std::string pgn = game("1/2-1/2", "1. e4 e5 2. Nf3 Nc6") +
                            game("0-1", "1. e4 e5 2. Nf3 Nc6") + game("*", "1. d4 d5") +
                            game("1/2-1/2", "1. c4 c5");
    BuildReport report;
    const Book book = built(pgn, min_games(1), &report);
    EXPECT_EQ(report.games, 4u);
    EXPECT_EQ(report.used, 4u);
    EXPECT_EQ(report.moves, 12u);
    const std::vector<Entry> expected = {
        {kAfterE4E5Key, code(play("e2e4 e7e5"), "g1f3"), 1, 0},
        {kStartKey, start_code("e2e4"), 1, 0},
        {kStartKey, start_code("d2d4"), 1, 0},
        {kStartKey, start_code("c2c4"), 1, 0},
        {kAfterE4Key, code(play("e2e4"), "e7e5"), 3, 0},
        {chess::polyglot_key(play("d2d4")), code(play("d2d4"), "d7d5"), 1, 0},
        {chess::polyglot_key(play("c2c4")), code(play("c2c4"), "c7c5"), 1, 0},
        {chess::polyglot_key(play("e2e4 e7e5 g1f3")), code(play("e2e4 e7e5 g1f3"), "b8c6"), 3, 0},
    };
    EXPECT_EQ(book.entries(), Book::from_entries(expected).entries());
    EXPECT_EQ(book.entries()[1].move, start_code("e2e4"));  // first seen, first written
}

// The last Result tag decides, exactly as written; the movetext's result does not count.
TEST(BookBuilder, TheResultTagDecides) {
    const std::string pgn =
        "[Result \"1-0\"]\n\n1. e4 e5 0-1\n\n"                  // a White win
        "[Event \"y\"]\n\n1. d4 d5 1-0\n\n"                     // no tag: a draw
        "[Result \"0-1\"]\n[Result \"1-0\"]\n\n1. c4 c5 *\n\n"  // the last tag: a White win
        "[Result \"1-0 \"]\n\n1. a3 a6 1-0\n\n";                // not exactly "1-0": a draw
    const Book book = built(pgn, min_games(1));
    const chess::Position start;
    const auto list = book.probe(start);
    ASSERT_EQ(list.size(), 4u);
    EXPECT_EQ(list[0].weight, 2);
    EXPECT_EQ(list[1].weight, 2);
    EXPECT_EQ(list[2].weight, 1);
    EXPECT_EQ(list[3].weight, 1);
    EXPECT_TRUE(book.probe(play("e2e4")).empty());  // Black lost
    EXPECT_EQ(book.probe(play("d2d4")).size(), 1u);
}

TEST(BookBuilder, MaxPlyCountsPliesFromTheStart) {
    const std::string pgn = game("1/2-1/2", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6");
    for (int ply = 0; ply <= 6; ++ply) {
        BuildOptions o = min_games(1);
        o.max_ply = ply;
        EXPECT_EQ(built(pgn, o).size(), static_cast<std::size_t>(ply)) << ply;
    }
}

// A position repeated within one game counts twice: -min-game counts occurrences.
TEST(BookBuilder, MinGamesCountsOccurrences) {
    const std::string pgn = game("1/2-1/2", "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8");
    const Book two = built(pgn, min_games(2));
    ASSERT_EQ(two.size(), 4u);
    for (const Entry& e : two.entries()) EXPECT_EQ(e.weight, 2);
    EXPECT_TRUE(built(pgn, min_games(3)).empty());
}

TEST(BookBuilder, OnlyWhiteOnlyBlackUniform) {
    const std::string pgn = game("1/2-1/2", "1. d4 d5") + game("1-0", "1. e4 e5") +
                            game("1-0", "1. e4 e5") + game("0-1", "1. e4 c5");
    BuildOptions white = min_games(1);
    white.only_white = true;
    const Book w = built(pgn, white);
    ASSERT_EQ(w.size(), 2u);
    EXPECT_EQ(w.entries()[0].weight, 4);  // e4: 2 + 2 + 0
    BuildOptions black = min_games(1);
    black.only_black = true;
    const Book b = built(pgn, black);
    ASSERT_EQ(b.size(), 2u);  // d5 and c5 (e5 only lost)
    for (const Entry& e : b.entries()) EXPECT_NE(e.key, kStartKey);
    BuildOptions uniform = min_games(1);
    uniform.uniform = true;
    const Book u = built(pgn, uniform);
    ASSERT_EQ(u.size(), 4u);  // d4, e4, d5, c5
    for (const Entry& e : u.entries()) EXPECT_EQ(e.weight, 1);
    EXPECT_EQ(u.entries()[0].move, start_code("d2d4"));  // uniform ties: first seen first
}

// When a move's count reaches 16384, every move of its position is halved, rounding up: this
// is how polyglot keeps weights within 16 bits (c4: 3 games, 3 points -> 2; c5 untouched).
TEST(BookBuilder, CountsAreHalvedPerPositionAt16384) {
    std::string pgn;
    for (int i = 0; i < 3; ++i) pgn += game("1/2-1/2", "1. c4 c5");
    for (int i = 0; i < 16384; ++i) pgn += game("1-0", "1. e4 e5");
    const Book book = built(pgn, min_games(1));
    const std::vector<Entry> expected = {
        {kStartKey, start_code("e2e4"), 16384, 0},
        {kStartKey, start_code("c2c4"), 2, 0},
        {chess::polyglot_key(play("c2c4")), code(play("c2c4"), "c7c5"), 3, 0},
    };
    EXPECT_EQ(book.entries(), expected);
    EXPECT_EQ(built(pgn, min_games(2)).size(), 3u);  // c4's count is 2 now
    EXPECT_EQ(built(pgn, min_games(3)).size(), 2u);
}

TEST(BookBuilder, SkipsBrokenAndChess960GamesUsesFenGames) {
    const std::string fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 10";
    const std::string pgn =
        game("1-0", "1. e4 e5 2. Ke3") +  // illegal move
        game("0-1", "1. e4 e5", "[Variant \"Chess960\"]\n") +
        game("0-1", "10... c5 11. Nf3", "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n") +
        game("1/2-1/2", "1. e4 e5");
    BuildReport report;
    BuildOptions o = min_games(1);
    o.max_ply = 1;  // the FEN game's first ply is 10... c5
    const Book book = built(pgn, o, &report);
    EXPECT_EQ(report.games, 4u);
    EXPECT_EQ(report.used, 2u);
    EXPECT_EQ(report.skipped, 2u);
    ASSERT_EQ(report.reasons.size(), 2u);
    EXPECT_NE(report.reasons[0].find("test.pgn:"), std::string::npos) << report.reasons[0];
    EXPECT_NE(report.reasons[0].find("Ke3"), std::string::npos) << report.reasons[0];
    EXPECT_NE(report.reasons[1].find("game 2: Chess960"), std::string::npos) << report.reasons[1];
    const std::vector<Entry> expected = {
        {kStartKey, start_code("e2e4"), 1, 0},
        {kAfterE4Key, code(play("e2e4"), "c7c5"), 2, 0},
    };
    EXPECT_EQ(book.entries(), Book::from_entries(expected).entries());
}

TEST(BookBuilder, FilesAndProgress) {
    const kibitz::test::TempDir dir("kibitz_book_test");
    std::string pgn;
    for (int i = 0; i < 2500; ++i) pgn += game(i % 2 ? "1-0" : "1/2-1/2", "1. e4 e5 2. Nf3");
    write_file(dir.file("a.pgn"), pgn);
    std::vector<std::uint64_t> calls;
    BuildReport report;
    auto book = build_book({dir.file("a.pgn")}, BuildOptions{}, &report,
                           [&](std::uint64_t games, std::size_t positions) {
                               calls.push_back(games);
                               EXPECT_EQ(positions, 3u);
                           });
    ASSERT_TRUE(book.ok()) << book.error();
    EXPECT_EQ(calls, (std::vector<std::uint64_t>{1000, 2000}));
    EXPECT_EQ(report.games, 2500u);
    ASSERT_EQ(book->size(), 3u);
    EXPECT_EQ(book->probe(chess::Position())[0].weight, 1250 * 2 + 1250);

    auto missing = build_book({dir.file("a.pgn"), dir.file("none.pgn")}, BuildOptions{});
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().find("cannot open PGN file '" + dir.file("none.pgn") + "'"),
              std::string::npos);
}

// ---- A real book: Debian's gnuchess-book ---------------------------------------------------

TEST(BookGnuChess, StartPositionHasE4AndD4) {
    const std::string path = "/usr/share/games/gnuchess/book.bin";
    if (!fs::exists(path)) GTEST_SKIP() << path << " is missing (Debian package gnuchess-book)";
    auto book = Book::load(path);  // load checks that the keys are sorted
    ASSERT_TRUE(book.ok()) << book.error();
    EXPECT_GT(book->size(), 100000u);
    const chess::Position start;
    const auto moves = uci_of(start, book->probe(start));
    EXPECT_NE(std::find(moves.begin(), moves.end(), "e2e4"), moves.end());
    EXPECT_NE(std::find(moves.begin(), moves.end(), "d2d4"), moves.end());
    // Every candidate anywhere near the start is legal by construction; a few plies in too.
    for (const char* line : {"e2e4", "e2e4 c7c5", "d2d4 g8f6 c2c4"}) {
        const chess::Position pos = play(line);
        EXPECT_FALSE(book->probe(pos).empty()) << line;
    }
}

}  // namespace
}  // namespace kibitz::book
