// The endgame solver's transposition table: for a position (by a 64-bit hash of its discs) the
// bounds on its exact score found so far and the best move. Bounds of exact searches from
// different windows of the same position merge by intersection; a selective search's bounds
// (ProbCut, solver.cpp) are flagged as guesses, which an exact search reads only for the move.
//
// Several solver threads share one table without locks: an entry is two 64-bit words, the data
// (bounds, move, empties, generation) and the key XOR the data, each read and written whole
// (std::atomic_ref, relaxed: plain moves on x86-64). A probe checks that the two words belong
// together, so an entry that another thread was writing at the same time reads as a miss, never as
// the bounds of another position. Two threads merging bounds into one entry at once may lose one
// thread's bounds; what is kept is still true of the position.
#pragma once

#include <algorithm>
#include <atomic>
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
    bool selective = false;       // the bounds come from a selective search (below): guesses
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

    // Not while a solve runs.
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
        for (const Entry& e : b.e) {
            const std::uint64_t data = load(e.data);
            if ((load(e.check) ^ data) == key) {
                const Fields f = unpack(data);
                hit.lower = f.lower;
                hit.upper = f.upper;
                hit.move = f.move;
                hit.selective = f.selective;
                return true;
            }
        }
        return false;
    }

    // Records the result score of a search of window (alpha, beta) at a position with the
    // given empties: an upper bound when score <= alpha, a lower bound when >= beta. A
    // selective search's bounds (selective: true) are guesses: they never replace or narrow an
    // exact search's, and an exact search's replace theirs.
    void store(std::uint64_t key, int empties, int alpha, int beta, int score, int move,
               bool selective = false) {
        Fields f{score > alpha ? score : -64,
                 score < beta ? score : 64,
                 move,
                 empties,
                 generation_,
                 selective};
        Bucket& b = buckets_[key & mask_];
        Entry* slot = nullptr;
        for (Entry& e : b.e) {
            const std::uint64_t data = load(e.data);
            if ((load(e.check) ^ data) == key) {
                const Fields old = unpack(data);
                if (selective && !old.selective) return;
                if (selective == old.selective) {
                    f.lower = std::max(f.lower, old.lower);
                    f.upper = std::min(f.upper, old.upper);
                }
                if (move < 0) f.move = old.move;
                f.empties = std::max(f.empties, old.empties);
                slot = &e;
                break;
            }
        }
        // Else replace the entry of an older search first, then the one with fewer empties.
        if (!slot) {
            auto worth = [&](const Entry& e) {
                const Fields old = unpack(load(e.data));
                return (old.generation == generation_ ? 256 : 0) + old.empties;
            };
            slot = worth(b.e[0]) <= worth(b.e[1]) ? &b.e[0] : &b.e[1];
        }
        const std::uint64_t data = pack(f);
        std::atomic_ref(slot->data).store(data, std::memory_order_relaxed);
        std::atomic_ref(slot->check).store(key ^ data, std::memory_order_relaxed);
    }

private:
    struct Fields {
        int lower, upper, move, empties;
        std::uint8_t generation;
        bool selective;
    };
    // All zero means "nothing known": bounds -64 and 64, no move.
    static std::uint64_t pack(const Fields& f) {
        return std::uint64_t(f.lower + 64) | std::uint64_t(64 - f.upper) << 8 |
               std::uint64_t(f.move + 1) << 16 | std::uint64_t(f.empties) << 24 |
               std::uint64_t(f.generation) << 32 | std::uint64_t(f.selective) << 40;
    }
    static Fields unpack(std::uint64_t d) {
        return Fields{int(d & 0xFF) - 64,    64 - int((d >> 8) & 0xFF), int((d >> 16) & 0xFF) - 1,
                      int((d >> 24) & 0xFF), std::uint8_t(d >> 32),     ((d >> 40) & 1) != 0};
    }
    // Read and written whole through std::atomic_ref while solver threads share the table.
    struct Entry {
        std::uint64_t check = 0;  // the key XOR data
        std::uint64_t data = 0;
    };
    static std::uint64_t load(const std::uint64_t& word) {
        return std::atomic_ref(const_cast<std::uint64_t&>(word)).load(std::memory_order_relaxed);
    }
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
