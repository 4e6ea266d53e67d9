// Pawn structure: the terms that depend on the pawns alone (pawn piece-squares, passed-pawn rank
// bonus, doubled, isolated, backward, chain, phalanx, advancement), and a per-thread hash table
// that caches them by Position::pawn_key().
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "chess/position.h"
#include "eval/trace.h"
#include "eval/weights.h"

namespace kibitz::eval {

// The pawn-only part of the evaluation of one pawn structure under one set of weights
// (32 bytes: two entries per cache line).
struct alignas(32) PawnEntry {
    std::uint64_t key = ~std::uint64_t(0);  // pawn key; the initial value matches no real one
    chess::Bitboard passed = 0;             // passed pawns of both colours
    int mg = 0, eg = 0;                     // White minus Black
};

// Computes the pawn entry of pos (all fields but key), recording the terms in trace.
template <class Trace>
void evaluate_pawns(const chess::Position& pos, const Weights& w, Trace& trace, PawnEntry& e);

// A small always-replace hash table of pawn entries. One per search thread (not thread-safe)
// and per set of weights: probing with other weights than the last clears the table; after
// changing the weights in place, call clear().
class PawnTable {
public:
    // A table of 2^size_log2 entries (32 bytes each; default 16384 entries = 512 KB).
    explicit PawnTable(int size_log2 = 14);

    // Forgets every entry.
    void clear();

    // The entry for pos's pawns under w, from the table or computed and stored.
    const PawnEntry& probe(const chess::Position& pos, const Weights& w) {
        if (&w != weights_) reset_for(w);
        PawnEntry& e = entries_[pos.pawn_key() & mask_];
        if (e.key == pos.pawn_key()) {
            ++hits_;
            return e;
        }
        return fill(e, pos);
    }

    std::uint64_t hits() const { return hits_; }
    std::uint64_t misses() const { return misses_; }

private:
    void reset_for(const Weights& w);
    const PawnEntry& fill(PawnEntry& e, const chess::Position& pos);

    std::vector<PawnEntry> entries_;
    std::uint64_t mask_;
    const Weights* weights_ = nullptr;
    std::uint64_t hits_ = 0, misses_ = 0;
};

}  // namespace kibitz::eval
