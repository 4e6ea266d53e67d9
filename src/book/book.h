// Polyglot opening books (.bin): loading, saving, probing and choosing a move. The format is
// /usr/share/doc/polyglot/book_format.html: 16-byte big-endian entries sorted by key.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "chess/position.h"
#include "core/result.h"

namespace kibitz::book {

// One entry of a book: the position's Polyglot key, the move's Polyglot code
// (chess::move_to_polyglot), its weight and the learn field (unused by Kibitz, kept as read).
struct Entry {
    std::uint64_t key = 0;
    std::uint16_t move = 0;
    std::uint16_t weight = 0;
    std::uint32_t learn = 0;

    bool operator==(const Entry&) const = default;
};

// Size of one entry in a .bin file.
inline constexpr std::size_t kEntryBytes = 16;

// The largest book file Kibitz reads: 512 MiB, 32 M entries (docs/book.md). A book is read
// whole into memory; the largest public Polyglot books are a few hundred MB.
inline constexpr std::uint64_t kMaxBookBytes = std::uint64_t(512) << 20;

// A legal book move of a position, with its weight and its share of the position's weights.
struct Candidate {
    chess::Move move;
    std::uint16_t weight = 0;
    double share = 0;  // weight / sum of the weights of the legal entries, 0..1 (0 when all are 0)
};

// How choose() picks among the candidates.
enum class Choice {
    kBest,      // the highest weight
    kWeighted,  // at random, in proportion to the weights
};

// Summary numbers of a book (`kibitz book stats`).
struct Stats {
    std::size_t entries = 0;
    std::size_t positions = 0;       // distinct keys
    std::uint64_t total_weight = 0;  // sum of all weights
    std::uint16_t max_weight = 0;
    std::size_t learned = 0;  // entries with a non-zero learn field
};

class Book {
public:
    // The empty book.
    Book() = default;

    // Reads a .bin file. The error names the path and what is wrong: the file cannot be read
    // (or is a folder), it is larger than max_bytes, its size is not a multiple of 16 bytes, or
    // entry i has a smaller key than entry i-1.
    static core::Result<Book> load(const std::string& path,
                                   std::uint64_t max_bytes = kMaxBookBytes);

    // Reads the bytes of a .bin file; errors as load(), naming `name` in place of the path.
    static core::Result<Book> from_bytes(std::string_view bytes, std::string_view name = "book");

    // A book of these entries, sorted as Polyglot writes them: by key, then by weight
    // descending; entries that tie keep their given order (the sort is stable).
    static Book from_entries(std::vector<Entry> entries);

    // Writes the book as a .bin file, atomically (core::write_file); the error names the path
    // and the reason.
    core::Status save(const std::string& path) const;

    // The .bin bytes of the book.
    std::string to_bytes() const;

    const std::vector<Entry>& entries() const { return entries_; }
    std::size_t size() const { return entries_.size(); }
    bool empty() const { return entries_.empty(); }

    // The entries whose key is `key` (binary search), in book order.
    std::span<const Entry> find(std::uint64_t key) const;

    // The book moves of pos that are legal there (entries of other positions that share the key,
    // unknown codes and repeated moves are skipped), by weight descending, then by move code.
    std::vector<Candidate> probe(const chess::Position& pos) const;

    // A book move for pos, or nullopt when the book has none with a non-zero weight. kWeighted
    // takes the candidate whose share of [0, total weight) holds random % total weight.
    std::optional<chess::Move> choose(const chess::Position& pos, Choice choice,
                                      std::uint64_t random = 0) const;

    // Entries, distinct positions, weights and learn fields.
    Stats stats() const;

private:
    std::vector<Entry> entries_;
};

// The default book: book.bin in the directory of the running executable, or "" when there is
// no such file.
std::string default_book_path();

}  // namespace kibitz::book
