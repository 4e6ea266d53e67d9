// The endgame solver's transposition table: for a position (by a 64-bit hash of its discs) the
// bounds on its exact score found so far and the best move. All stored values are exact solves,
// so bounds from different windows of the same position merge by intersection.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace kibitz::othello::endgame {

struct TableHit {
    int lower = -64, upper = 64;  // the score lies in [lower, upper]
    int move = -1;                // best square found, -1 none
};

class Table {
public:
    // About mb megabytes, rounded down to a power of two buckets (at least one).
    // The memory is aligned to 2 MB and, on Linux, asks for huge pages: the probes are random
    // accesses, and with 4 KB pages most of them also miss the TLB.
    explicit Table(std::size_t mb) {
        std::size_t buckets = 1;
        while (buckets * 2 * sizeof(Bucket) <= mb * 1024 * 1024) buckets *= 2;
        const std::size_t bytes = buckets * sizeof(Bucket);
        constexpr std::size_t kHuge = 2 * 1024 * 1024;
        const std::size_t alignment = bytes >= kHuge ? kHuge : alignof(Bucket);
        buckets_.reset(static_cast<Bucket*>(std::aligned_alloc(alignment, bytes)));
        if (!buckets_) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        if (bytes >= kHuge) madvise(buckets_.get(), bytes, MADV_HUGEPAGE);
#endif
        size_ = buckets;
        mask_ = buckets - 1;
        clear();
    }

    void clear() {
        std::fill(buckets_.get(), buckets_.get() + size_, Bucket{});
        generation_ = 0;
    }
    // Starts loading the bucket of key into the cache (a probe or store follows soon).
    void prefetch(std::uint64_t key) const { __builtin_prefetch(&buckets_[key & mask_]); }
    // A new search: entries of older ones are replaced first.
    void new_search() { generation_ = std::uint8_t(generation_ + 1); }

    // The entry for key, if any.
    bool probe(std::uint64_t key, TableHit& hit) const {
        const Bucket& b = buckets_[key & mask_];
        for (const Entry& e : b.e)
            if (e.key == key) {
                hit.lower = e.lower;
                hit.upper = e.upper;
                hit.move = e.move;
                return true;
            }
        return false;
    }

    // Records the result score of a search of window (alpha, beta) at a position with the
    // given empties: an upper bound when score <= alpha, a lower bound when >= beta.
    void store(std::uint64_t key, int empties, int alpha, int beta, int score, int move) {
        const int lower = score > alpha ? score : -64;
        const int upper = score < beta ? score : 64;
        Bucket& b = buckets_[key & mask_];
        Entry* slot = nullptr;
        for (Entry& e : b.e)
            if (e.key == key) {
                slot = &e;
                break;
            }
        if (slot) {
            slot->lower = std::int8_t(std::max<int>(slot->lower, lower));
            slot->upper = std::int8_t(std::min<int>(slot->upper, upper));
            if (move >= 0) slot->move = std::int8_t(move);
            slot->empties = std::uint8_t(std::max<int>(slot->empties, empties));
            slot->generation = generation_;
            return;
        }
        // Replace the entry of an older search first, then the one with fewer empties.
        auto worth = [&](const Entry& e) {
            return (e.generation == generation_ ? 256 : 0) + int(e.empties);
        };
        slot = worth(b.e[0]) <= worth(b.e[1]) ? &b.e[0] : &b.e[1];
        slot->key = key;
        slot->lower = std::int8_t(lower);
        slot->upper = std::int8_t(upper);
        slot->move = std::int8_t(move);
        slot->empties = std::uint8_t(empties);
        slot->generation = generation_;
    }

private:
    struct Entry {
        std::uint64_t key = 0;
        std::int8_t lower = -64, upper = 64, move = -1;
        std::uint8_t empties = 0, generation = 0;
    };
    struct alignas(32) Bucket {
        Entry e[2];
    };
    struct Free {
        void operator()(Bucket* b) const { std::free(b); }
    };
    std::unique_ptr<Bucket[], Free> buckets_;
    std::size_t size_ = 0, mask_ = 0;
    std::uint8_t generation_ = 0;
};

}  // namespace kibitz::othello::endgame
