// Transposition table (Greenblatt 1967; Zobrist keys): buckets of four entries, depth-preferred
// replacement with aging. Lock-free and safe with several threads: each entry stores
// key XOR data beside data (Hyatt and Mann's lockless hashing), so a torn write never
// passes verification, and every access is a relaxed atomic.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <string>

#include "core/memory.h"
#include "core/result.h"
#include "search/score.h"

namespace kibitz::search {

enum Bound : std::uint8_t { kBoundNone = 0, kBoundUpper = 1, kBoundLower = 2, kBoundExact = 3 };

// What the table knows of a position.
struct TTData {
    std::uint16_t move = 0;  // raw best move, 0 when none
    Score score = 0;         // adjusted for mate distance with score_to_tt
    Score eval = 0;          // static evaluation
    Depth depth = 0;
    Bound bound = kBoundNone;
};

// True when a stored score with this bound settles a search with window (alpha, beta).
constexpr bool tt_bound_cuts(Bound bound, Score score, Score alpha, Score beta) {
    return bound == kBoundExact || (bound == kBoundLower && score >= beta) ||
           (bound == kBoundUpper && score <= alpha);
}

// A static evaluation sharpened by a stored score whose bound points the right way.
constexpr Score tt_sharpened(Score eval, Bound bound, Score score) {
    return bound == kBoundExact || (bound == kBoundLower && score > eval) ||
                   (bound == kBoundUpper && score < eval)
               ? score
               : eval;
}

class TranspositionTable {
public:
    // A table of about megabytes (one of 1 MB when there is not the memory for it).
    explicit TranspositionTable(std::size_t megabytes = 16) {
        if (!resize(megabytes)) (void)resize(1);
        if (!buckets_) throw std::bad_alloc();
    }

    // Reallocates to about the given size (at least one bucket) and clears. Refused, with the
    // table left as it was, when the memory is not there: more than core::available_memory_mb()
    // and this table's own memory together (which is given back first when only that makes
    // room), or an allocation that fails. Linux may grant an allocation that it cannot back and
    // kill the process when clear() touches the pages, hence the check before allocating.
    core::Status resize(std::size_t megabytes) {
        constexpr std::size_t kMB = 1024 * 1024;
        megabytes = std::min(megabytes, kMaxMegabytes);
        const std::size_t count = std::max<std::size_t>(1, megabytes * kMB / sizeof(Bucket));
        const std::size_t held = buckets_ ? size_mb() : 0;
        // 1. Is the memory there? Small tables are not worth reading /proc for.
        bool free_first = false;
        if (megabytes > held + kUncheckedMegabytes) {
            const std::size_t available = core::available_memory_mb();
            if (megabytes > available + held)
                return core::error("only " + std::to_string(available + held) +
                                   " MB of memory available");
            free_first = megabytes > available;  // it fits only once this table is given back
        }
        // 2. The new table; when that fails the old one stays (or, given back first, comes
        // back at its old size, its entries forgotten).
        if (free_first) {
            const std::size_t old_count = count_;
            buckets_.reset();
            buckets_.reset(new (std::nothrow) Bucket[count]);
            if (!buckets_) {
                buckets_.reset(new (std::nothrow) Bucket[old_count]);
                if (!buckets_) buckets_ = std::make_unique<Bucket[]>(count_ = 1);
                clear();
                return core::error("the allocation of " + std::to_string(megabytes) + " MB failed");
            }
        } else {
            std::unique_ptr<Bucket[]> fresh(new (std::nothrow) Bucket[count]);
            if (!fresh)
                return core::error("the allocation of " + std::to_string(megabytes) + " MB failed");
            buckets_ = std::move(fresh);
        }
        count_ = count;
        clear();
        return core::Done{};
    }

    // Forgets everything.
    void clear() {
        for (std::size_t i = 0; i < count_; ++i)
            for (auto& e : buckets_[i].entries) {
                e.check.store(0, std::memory_order_relaxed);
                e.data.store(0, std::memory_order_relaxed);
            }
        generation_ = 0;
    }

    // Starts a new search: older entries become cheaper to replace.
    void new_search() { generation_ = (generation_ + 1) & 63; }

    std::size_t size_mb() const { return count_ * sizeof(Bucket) / (1024 * 1024); }

    // Looks up key; on a hit fills out and returns true.
    bool probe(std::uint64_t key, TTData& out) const {
        const Bucket& b = bucket(key);
        for (const auto& e : b.entries) {
            const std::uint64_t data = e.data.load(std::memory_order_relaxed);
            if ((e.check.load(std::memory_order_relaxed) ^ data) == key && data != 0) {
                out = unpack(data);
                return true;
            }
        }
        return false;
    }

    // Starts loading key's bucket into the cache, for a probe a little later.
    void prefetch(std::uint64_t key) const { __builtin_prefetch(&bucket(key)); }

    // Stores a result. An entry for the same key is overwritten unless it is much deeper and
    // the new result not exact; otherwise the least valuable entry (shallow, old) goes.
    void store(std::uint64_t key, std::uint16_t move, Score score, Score eval, Depth depth,
               Bound bound) {
        Bucket& b = bucket(key);
        Entry* victim = nullptr;
        int victim_worth = 1 << 30;
        for (auto& e : b.entries) {
            const std::uint64_t data = e.data.load(std::memory_order_relaxed);
            if ((e.check.load(std::memory_order_relaxed) ^ data) == key && data != 0) {
                const TTData old = unpack(data);
                if (bound != kBoundExact && depth + 3 < old.depth &&
                    generation_of(data) == generation_)
                    return;
                if (move == 0) move = old.move;  // keep the old best move
                victim = &e;
                break;
            }
            const int age = (generation_ - generation_of(data)) & 63;
            const int worth = data == 0 ? -(1 << 20) : unpack(data).depth - 8 * age;
            if (worth < victim_worth) {
                victim_worth = worth;
                victim = &e;
            }
        }
        const std::uint64_t data = pack(move, score, eval, depth, bound);
        victim->data.store(data, std::memory_order_relaxed);
        victim->check.store(key ^ data, std::memory_order_relaxed);
    }

    // Permille of a sample of entries written in the current search (UCI "hashfull").
    int hashfull() const {
        int used = 0;
        const std::size_t sample = std::min<std::size_t>(count_, 250);
        for (std::size_t i = 0; i < sample; ++i)
            for (const auto& e : buckets_[i].entries) {
                const std::uint64_t data = e.data.load(std::memory_order_relaxed);
                used += data != 0 && generation_of(data) == generation_;
            }
        return int(used * 1000 / (sample * 4));
    }

private:
    struct Entry {
        std::atomic<std::uint64_t> check{0};  // key ^ data
        std::atomic<std::uint64_t> data{0};
    };
    struct alignas(64) Bucket {
        Entry entries[4];
    };

    // data: move (16) | score (16) | eval (16) | depth + 16 (8) | bound (2) | generation (6).
    // Stored depths are above -16, so a used entry's data is never 0 (0 marks an empty one).
    std::uint64_t pack(std::uint16_t move, Score score, Score eval, Depth depth,
                       Bound bound) const {
        const auto d = std::uint64_t(std::clamp(depth + 16, 0, 255));
        return std::uint64_t(move) | std::uint64_t(std::uint16_t(std::int16_t(score))) << 16 |
               std::uint64_t(std::uint16_t(std::int16_t(eval))) << 32 | d << 48 |
               std::uint64_t(bound) << 56 | std::uint64_t(generation_) << 58;
    }
    static TTData unpack(std::uint64_t data) {
        TTData t;
        t.move = std::uint16_t(data);
        t.score = std::int16_t(std::uint16_t(data >> 16));
        t.eval = std::int16_t(std::uint16_t(data >> 32));
        t.depth = int((data >> 48) & 255) - 16;
        t.bound = Bound((data >> 56) & 3);
        return t;
    }
    static int generation_of(std::uint64_t data) { return int(data >> 58) & 63; }

    const Bucket& bucket(std::uint64_t key) const {
        return buckets_[std::size_t((unsigned __int128)key * count_ >> 64)];
    }
    Bucket& bucket(std::uint64_t key) {
        return buckets_[std::size_t((unsigned __int128)key * count_ >> 64)];
    }

    // Sizes above this are not asked for (65536, UCI's maximum, times 16); growth by up to
    // kUncheckedMegabytes is allocated without looking at the free memory first.
    static constexpr std::size_t kMaxMegabytes = std::size_t(1) << 20;
    static constexpr std::size_t kUncheckedMegabytes = 64;

    std::unique_ptr<Bucket[]> buckets_;
    std::size_t count_ = 0;
    int generation_ = 0;
};

}  // namespace kibitz::search
