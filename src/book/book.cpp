// Polyglot books: the file format, binary search on the key, and the choice of a move.
#include "book/book.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include "chess/polyglot.h"
#include "core/files.h"

namespace kibitz::book {

namespace {

// Big-endian integer of n bytes at p.
std::uint64_t read_be(const char* p, int n) {
    std::uint64_t v = 0;
    for (int i = 0; i < n; ++i) v = v << 8 | static_cast<unsigned char>(p[i]);
    return v;
}

// Appends the n low bytes of v to out, highest first.
void write_be(std::string& out, std::uint64_t v, int n) {
    for (int i = n - 1; i >= 0; --i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

std::string hex_key(std::uint64_t key) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%016llx", static_cast<unsigned long long>(key));
    return text;
}

}  // namespace

core::Result<Book> Book::load(const std::string& path, std::uint64_t max_bytes) {
    const auto bytes = core::read_file(path, max_bytes, "book");
    if (!bytes) return core::error(bytes.error());
    return from_bytes(*bytes, path);
}

core::Result<Book> Book::from_bytes(std::string_view bytes, std::string_view name) {
    const std::string where = "book '" + std::string(name) + "'";
    if (bytes.size() % kEntryBytes != 0)
        return core::error(where + ": size " + std::to_string(bytes.size()) +
                           " bytes is not a multiple of 16 (one entry is 16 bytes)");
    Book book;
    book.entries_.reserve(bytes.size() / kEntryBytes);
    for (std::size_t i = 0; i < bytes.size() / kEntryBytes; ++i) {
        const char* p = bytes.data() + i * kEntryBytes;
        Entry e;
        e.key = read_be(p, 8);
        e.move = static_cast<std::uint16_t>(read_be(p + 8, 2));
        e.weight = static_cast<std::uint16_t>(read_be(p + 10, 2));
        e.learn = static_cast<std::uint32_t>(read_be(p + 12, 4));
        if (i > 0 && e.key < book.entries_.back().key)
            return core::error(where + ": entry " + std::to_string(i) + " (key " + hex_key(e.key) +
                               ") comes after entry " + std::to_string(i - 1) + " (key " +
                               hex_key(book.entries_.back().key) +
                               "): entries must be sorted by key");
        book.entries_.push_back(e);
    }
    return book;
}

Book Book::from_entries(std::vector<Entry> entries) {
    std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
        return a.key != b.key ? a.key < b.key : a.weight > b.weight;
    });
    Book book;
    book.entries_ = std::move(entries);
    return book;
}

std::string Book::to_bytes() const {
    std::string out;
    out.reserve(entries_.size() * kEntryBytes);
    for (const Entry& e : entries_) {
        write_be(out, e.key, 8);
        write_be(out, e.move, 2);
        write_be(out, e.weight, 2);
        write_be(out, e.learn, 4);
    }
    return out;
}

core::Status Book::save(const std::string& path) const {
    return core::write_file(path, to_bytes());
}

std::span<const Entry> Book::find(std::uint64_t key) const {
    const auto [first, last] =
        std::equal_range(entries_.begin(), entries_.end(), Entry{key, 0, 0, 0},
                         [](const Entry& a, const Entry& b) { return a.key < b.key; });
    return {first, last};
}

std::vector<Candidate> Book::probe(const chess::Position& pos) const {
    // 1. The entries of the key whose move is legal here, each move once.
    std::vector<Candidate> out;
    std::uint64_t total = 0;
    for (const Entry& e : find(chess::polyglot_key(pos))) {
        const chess::Move m = chess::polyglot_to_move(pos, e.move);
        if (m == chess::Move::none()) continue;
        if (std::any_of(out.begin(), out.end(), [m](const Candidate& c) { return c.move == m; }))
            continue;
        out.push_back({m, e.weight, 0});
        total += e.weight;
    }
    // 2. Shares, then the order: weight descending, then move code.
    for (Candidate& c : out) c.share = total ? static_cast<double>(c.weight) / total : 0.0;
    std::sort(out.begin(), out.end(), [](const Candidate& a, const Candidate& b) {
        if (a.weight != b.weight) return a.weight > b.weight;
        return chess::move_to_polyglot(a.move) < chess::move_to_polyglot(b.move);
    });
    return out;
}

std::optional<chess::Move> Book::choose(const chess::Position& pos, Choice choice,
                                        std::uint64_t random) const {
    const std::vector<Candidate> candidates = probe(pos);
    std::uint64_t total = 0;
    for (const Candidate& c : candidates) total += c.weight;
    if (total == 0) return std::nullopt;  // no moves, or only weight-0 moves
    if (choice == Choice::kBest) return candidates.front().move;
    std::uint64_t r = random % total;
    for (const Candidate& c : candidates) {
        if (r < c.weight) return c.move;
        r -= c.weight;
    }
    return candidates.front().move;  // not reached: the weights add up to total
}

Stats Book::stats() const {
    Stats s;
    s.entries = entries_.size();
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        const Entry& e = entries_[i];
        if (i == 0 || e.key != entries_[i - 1].key) ++s.positions;
        s.total_weight += e.weight;
        s.max_weight = std::max(s.max_weight, e.weight);
        if (e.learn != 0) ++s.learned;
    }
    return s;
}

std::string default_book_path() {
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec || exe.empty()) return "";
    const std::filesystem::path book = exe.parent_path() / "book.bin";
    if (!std::filesystem::is_regular_file(book, ec) || ec) return "";
    return book.string();
}

}  // namespace kibitz::book
