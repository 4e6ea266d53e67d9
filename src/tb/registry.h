// The tables of one directory by material: lookup by a packed material key, colour flip,
// lazy loading (once per table, then lock-free), and the raw probe of a value byte.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "chess/position.h"
#include "tb/bytes.h"
#include "tb/index.h"
#include "tb/material.h"

namespace kibitz::tb {

// Up to kMaxMen pieces on squares, in chess colours, with the side to move.
struct Placement {
    int n = 0;
    chess::Piece piece[kMaxMen] = {};
    chess::Square square[kMaxMen] = {};
    chess::Color stm = chess::kWhite;
};

class Registry {
public:
    // Tables are the files <dir>/<NAME>.ktb.
    explicit Registry(std::string dir);
    Registry(const Registry&) = delete;
    Registry& operator=(const Registry&) = delete;
    ~Registry();

    // Adds a table whose file is loaded on first use, or whose values are given. Not
    // thread-safe: add every table before probing.
    void add(const Material& canonical);
    void add(const Material& canonical, Bytes values);

    const std::string& dir() const { return dir_; }
    // The names of the tables added, sorted, and the most men of any (0 when none).
    std::vector<std::string> names() const;
    int max_men() const { return max_men_; }
    bool has(const Material& m) const { return has_key(m.key()); }
    bool has_key(std::uint32_t material_key) const { return find(material_key) != nullptr; }

    // The value byte of a placement or of a position (whose e.p. rights are ignored): nullopt
    // when no table has the material or its file cannot be loaded. Bare kings are a draw.
    std::optional<std::uint8_t> probe(const Placement& p) const;
    std::optional<std::uint8_t> probe(const chess::Position& pos) const;

    // The values (2 * size bytes) and index of a table, loading it; nullptr when it cannot be
    // loaded (the reason in load_error()).
    const std::uint8_t* values(const Material& canonical) const;
    const Indexer* indexer(const Material& canonical) const;
    // Why the last table that failed to load failed ("" when none did).
    std::string load_error() const;

private:
    struct Entry;
    struct Slot {
        std::uint32_t key = 0;  // material key + 1; 0 = empty
        std::uint16_t entry = 0;
        bool flip = false;  // the material is the table's with the sides exchanged
    };
    static constexpr int kSlots = 1024;

    const Slot* find(std::uint32_t key) const;
    void insert(std::uint32_t key, std::uint16_t entry, bool flip);
    const std::uint8_t* load(const Entry& e) const;
    std::uint16_t add_entry(const Material& canonical);

    std::string dir_;
    std::vector<std::unique_ptr<Entry>> entries_;
    std::vector<Slot> slots_;
    int max_men_ = 0;
    mutable std::mutex error_mutex_;
    mutable std::string load_error_;
};

}  // namespace kibitz::tb
