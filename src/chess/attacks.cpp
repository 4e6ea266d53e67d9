// Builds the slider attack tables once at program start.
#include "chess/attacks.h"

#include <vector>

#include "core/rng.h"

namespace kibitz::chess {

constexpr LineTables kLines = make_line_tables();

namespace detail {

SliderEntry rook_entries[64];
SliderEntry bishop_entries[64];

namespace {

Bitboard rook_table[0x19000];   // 102,400 entries: the sum of 2^bits over all squares
Bitboard bishop_table[0x1480];  // 5,248 entries

// Relevant occupancy: the slider's empty-board rays without the board edge at their ends.
Bitboard relevant_mask(Square s, bool rook) {
    const Bitboard edges =
        ((kRank1 | kRank8) & ~rank_bb(rank_of(s))) | ((kFileA | kFileH) & ~file_bb(file_of(s)));
    return (rook ? slow_rook_attacks(s, 0) : slow_bishop_attacks(s, 0)) & ~edges;
}

// Fills entries for all squares; with magics, searches a magic per square by trial
// (the "fancy magic" scheme: sparse random candidates, verified against every subset).
void build(SliderEntry* entries, Bitboard* table, bool rook) {
    core::SplitMix64 rng(rook ? 0x5EED0001ULL : 0x5EED0002ULL);
    std::vector<Bitboard> occupancy, reference;
#if !KIBITZ_USE_PEXT
    std::vector<int> epoch_of;
    int epoch = 0;
#endif
    Bitboard* next = table;
    for (int sq = 0; sq < 64; ++sq) {
        const Square s = Square(sq);
        SliderEntry& e = entries[sq];
        e.mask = relevant_mask(s, rook);
        const int bits = core::popcount(e.mask);
        e.shift = 64 - bits;
        e.table = next;
        const std::size_t size = std::size_t(1) << bits;
        next += size;

        // Enumerate all subsets of the mask (Carry-Rippler) with their attack sets.
        occupancy.clear();
        reference.clear();
        Bitboard b = 0;
        do {
            occupancy.push_back(b);
            reference.push_back(rook ? slow_rook_attacks(s, b) : slow_bishop_attacks(s, b));
            b = (b - e.mask) & e.mask;
        } while (b);

#if KIBITZ_USE_PEXT
        e.magic = 0;
        for (std::size_t i = 0; i < occupancy.size(); ++i)
            e.table[e.index(occupancy[i])] = reference[i];
#else
        epoch_of.assign(size, 0);
        for (;;) {
            do {
                e.magic = rng.sparse();
            } while (core::popcount((e.mask * e.magic) >> 56) < 6);
            ++epoch;
            bool ok = true;
            for (std::size_t i = 0; ok && i < occupancy.size(); ++i) {
                const auto idx = e.index(occupancy[i]);
                if (epoch_of[idx] != epoch) {
                    epoch_of[idx] = epoch;
                    e.table[idx] = reference[i];
                } else if (e.table[idx] != reference[i]) {
                    ok = false;
                }
            }
            if (ok) break;
        }
#endif
    }
}

struct Init {
    Init() {
        build(rook_entries, rook_table, true);
        build(bishop_entries, bishop_table, false);
    }
} const init;

}  // namespace
}  // namespace detail

const char* slider_method() { return KIBITZ_USE_PEXT ? "pext" : "magic"; }

}  // namespace kibitz::chess
