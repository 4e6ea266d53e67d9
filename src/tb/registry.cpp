// Table lookup by material key and lazy loading of table files.
#include "tb/registry.h"

#include <algorithm>

#include "core/bits.h"
#include "tb/file.h"
#include "tb/value.h"

namespace kibitz::tb {

using chess::Square;

struct Registry::Entry {
    Entry(const Material& m, std::string p) : material(m), indexer(m), path(std::move(p)) {}
    Material material;
    Indexer indexer;
    std::string path;
    mutable std::mutex mutex;
    mutable std::atomic<const std::uint8_t*> data{nullptr};
    mutable std::atomic<bool> failed{false};
    mutable Bytes storage;
};

namespace {

std::uint32_t slot_hash(std::uint32_t key) { return std::uint32_t((key * 0x9E3779B1u) >> 22); }

}  // namespace

Registry::Registry(std::string dir) : dir_(std::move(dir)), slots_(kSlots) {}

Registry::~Registry() = default;

const Registry::Slot* Registry::find(std::uint32_t key) const {
    for (std::uint32_t h = slot_hash(key);; h = (h + 1) & (kSlots - 1)) {
        const Slot& s = slots_[h];
        if (s.key == key + 1) return &s;
        if (s.key == 0) return nullptr;
    }
}

void Registry::insert(std::uint32_t key, std::uint16_t entry, bool flip) {
    for (std::uint32_t h = slot_hash(key);; h = (h + 1) & (kSlots - 1)) {
        Slot& s = slots_[h];
        if (s.key == key + 1) return;  // a symmetric material: both orientations are one key
        if (s.key == 0) {
            s = Slot{key + 1, entry, flip};
            return;
        }
    }
}

std::uint16_t Registry::add_entry(const Material& canonical) {
    const Material m = canonical.canonical();
    if (const Slot* s = find(m.key())) return s->entry;
    const auto id = std::uint16_t(entries_.size());
    entries_.push_back(std::make_unique<Entry>(m, table_path(dir_, m)));
    insert(m.key(), id, false);
    insert(m.swapped().key(), id, true);
    max_men_ = std::max(max_men_, m.men());
    return id;
}

void Registry::add(const Material& canonical) { add_entry(canonical); }

void Registry::add(const Material& canonical, Bytes values) {
    Entry& e = *entries_[add_entry(canonical)];
    std::lock_guard lock(e.mutex);
    e.storage = std::move(values);
    e.failed = false;
    e.data.store(e.storage.data(), std::memory_order_release);
}

std::vector<std::string> Registry::names() const {
    std::vector<std::string> out;
    for (const auto& e : entries_) out.push_back(e->material.name());
    std::sort(out.begin(), out.end());
    return out;
}

const std::uint8_t* Registry::load(const Entry& e) const {
    if (const auto* p = e.data.load(std::memory_order_acquire)) return p;
    if (e.failed.load(std::memory_order_relaxed)) return nullptr;
    std::lock_guard lock(e.mutex);
    if (const auto* p = e.data.load(std::memory_order_acquire)) return p;
    if (e.failed.load()) return nullptr;
    auto info = read_table(e.path, e.material, e.indexer.size(), &e.storage);
    if (!info) {
        e.storage = {};
        e.failed = true;
        std::lock_guard error_lock(error_mutex_);
        load_error_ = info.error();
        return nullptr;
    }
    e.data.store(e.storage.data(), std::memory_order_release);
    return e.storage.data();
}

const std::uint8_t* Registry::values(const Material& canonical) const {
    const Slot* s = find(canonical.key());
    return s ? load(*entries_[s->entry]) : nullptr;
}

const Indexer* Registry::indexer(const Material& canonical) const {
    const Slot* s = find(canonical.key());
    return s ? &entries_[s->entry]->indexer : nullptr;
}

std::string Registry::load_error() const {
    std::lock_guard lock(error_mutex_);
    return load_error_;
}

std::optional<std::uint8_t> Registry::probe(const Placement& p) const {
    std::uint32_t key = 0;
    for (int i = 0; i < p.n; ++i) {
        const chess::PieceType pt = chess::type_of(p.piece[i]);
        if (pt != chess::kKing) key += 1u << (3 * (chess::color_of(p.piece[i]) * 5 + pt));
    }
    if (key == 0) return kDrawByte;
    const Slot* slot = find(key);
    if (!slot) return std::nullopt;
    const Entry& e = *entries_[slot->entry];
    const std::uint8_t* data = load(e);
    if (!data) return std::nullopt;
    const int flip = slot->flip ? 1 : 0;
    Square sq[kMaxMen];
    bool used[kMaxMen] = {};
    for (int i = 0; i < e.indexer.men(); ++i) {
        const chess::Piece want =
            chess::make_piece(chess::Color(e.indexer.color(i) ^ flip), e.indexer.type(i));
        int j = 0;
        while (j < p.n && (used[j] || p.piece[j] != want)) ++j;
        if (j == p.n) return std::nullopt;
        used[j] = true;
        sq[i] = Square(p.square[j] ^ (flip * 56));
    }
    const int stm = p.stm ^ flip;
    return data[std::uint64_t(stm) * e.indexer.size() + e.indexer.index(sq)];
}

std::optional<std::uint8_t> Registry::probe(const chess::Position& pos) const {
    const std::uint32_t key = material_key(pos);
    const int men = core::popcount(pos.pieces());
    if (men == 2) return kDrawByte;
    const Slot* slot = find(key);
    if (!slot) return std::nullopt;
    const Entry& e = *entries_[slot->entry];
    if (men != e.indexer.men()) return std::nullopt;  // counts beyond the key's 3 bits
    const std::uint8_t* data = load(e);
    if (!data) return std::nullopt;
    const int flip = slot->flip ? 1 : 0;
    Square sq[kMaxMen];
    chess::Bitboard bb = 0;
    for (int i = 0; i < e.indexer.men(); ++i) {
        const chess::Color c = chess::Color(e.indexer.color(i) ^ flip);
        const chess::PieceType pt = e.indexer.type(i);
        if (i == 0 || pt != e.indexer.type(i - 1) || e.indexer.color(i) != e.indexer.color(i - 1))
            bb = pos.pieces(c, pt);
        sq[i] = Square(core::pop_lsb(bb) ^ (flip * 56));
    }
    const int stm = pos.side_to_move() ^ flip;
    return data[std::uint64_t(stm) * e.indexer.size() + e.indexer.index(sq)];
}

}  // namespace kibitz::tb
