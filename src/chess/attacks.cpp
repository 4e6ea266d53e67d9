// Fills the slider attack tables once at program start.
//
// 1. Each square's relevant occupancy mask: its empty-board rays without the board edge.
// 2. The portable build indexes a square's table by ((occ & mask) * magic) >> (64 - bits),
//    with the 128 magic numbers stored below; the BMI2 build indexes by PEXT(occ, mask) and
//    ignores them. Both fill the same tables from every subset of the mask.
// 3. The magics were found once by find_magics(), the project's own search (the "fancy magic"
//    scheme: sparse random candidates, each verified against every subset), which used to run
//    at every start-up (0.15-0.2 s of CPU in a portable build, 0.45 s under the sanitizers, in
//    every process; filling the tables from stored magics takes under 10 ms). The unit
//    test Magic.StoredMagicsAreWhatTheSearchFinds re-runs it and prints the tables to paste
//    here if they ever differ; Magic.EveryStoredMagicIndexesWithoutDestructiveCollision checks
//    each magic on its own.
#include "chess/attacks.h"

#include <cassert>
#include <vector>

#include "chess/magics.h"
#include "core/rng.h"

namespace kibitz::chess {

constexpr LineTables kLines = make_line_tables();

namespace detail {

SliderEntry rook_entries[64];
SliderEntry bishop_entries[64];

// Found by find_magics(true) (seed 0x5EED0001) and find_magics(false) (seed 0x5EED0002).
const Bitboard kRookMagics[64] = {
    0x1180001180400120ULL, 0x0040002000100040ULL, 0x2080082000801000ULL, 0x2080048008001000ULL,
    0x0500030008001004ULL, 0x0B00010008020400ULL, 0x0200410818940A00ULL, 0x0100020040308100ULL,
    0x8012802080024000ULL, 0x1002002080421500ULL, 0x4060802000801000ULL, 0x0040808008001000ULL,
    0x8001000801001004ULL, 0x0102000201048810ULL, 0x2000800100800200ULL, 0x0002000214490084ULL,
    0x0801010020408005ULL, 0x8020008020804008ULL, 0x9801010040200010ULL, 0x0140848008001000ULL,
    0x0010828004000800ULL, 0x8000808004000200ULL, 0x8020040018028150ULL, 0x8051020000440081ULL,
    0x1486400080003880ULL, 0x0000820200410020ULL, 0x0020200480100280ULL, 0x0900080080100080ULL,
    0x0204080080040280ULL, 0x1600040801201040ULL, 0x0201814400080210ULL, 0x1002084A00040081ULL,
    0x0402204001800080ULL, 0x0292004102002080ULL, 0x0010200080801000ULL, 0x4140800802801001ULL,
    0x0481001005000800ULL, 0x0202040080800200ULL, 0x4082020001010004ULL, 0x0050291082000044ULL,
    0x0410884102020020ULL, 0x0000200050004000ULL, 0x0402001880420020ULL, 0x1010042011010008ULL,
    0x8004080004008080ULL, 0x002C040002008080ULL, 0x4806000401020008ULL, 0x1041000080410002ULL,
    0x0210420081003200ULL, 0x0000400080200480ULL, 0x0048100220028880ULL, 0x8041024820500300ULL,
    0x0002100800050100ULL, 0x0085000208040100ULL, 0x0201000A00041500ULL, 0x2000800100004080ULL,
    0x000100C120160086ULL, 0x0200201080400101ULL, 0x1444088010204202ULL, 0x80060010C420404AULL,
    0x80420044302068AEULL, 0x0202004810A10402ULL, 0x0002000108040082ULL, 0x0F01000882042041ULL,
};
const Bitboard kBishopMagics[64] = {
    0x00445C0800441080ULL, 0x0084080802668000ULL, 0x0121124401401800ULL, 0x06182A0020210028ULL,
    0x000B114000008040ULL, 0xC000901088000101ULL, 0x6002011002100000ULL, 0x8081004044044000ULL,
    0x1040482088021040ULL, 0x0200200A04106188ULL, 0x01081008A2015401ULL, 0x0880040420844000ULL,
    0x4002040421010001ULL, 0x0004820290040403ULL, 0x0A8C808404024010ULL, 0x4208010841042000ULL,
    0x0812140410300104ULL, 0x0010008210112100ULL, 0x8014844044010040ULL, 0x2605084820420000ULL,
    0x0802010C06110000ULL, 0x4802000022012010ULL, 0x220C000290941080ULL, 0x28012000D4041400ULL,
    0x0088400086040849ULL, 0x0010102005214600ULL, 0x0004410188080100ULL, 0x2422002082008200ULL,
    0x0001010081904000ULL, 0x00008A0244880400ULL, 0x4800A4000C821803ULL, 0x8801020008484C20ULL,
    0x0004304004841421ULL, 0x3008021010086104ULL, 0x8004002084041100ULL, 0x8000100820440400ULL,
    0x80100A0080241004ULL, 0x20101201200A1000ULL, 0x1801080100420122ULL, 0x014200A021020204ULL,
    0x0404412010102904ULL, 0x036602028218A010ULL, 0x0000092808001400ULL, 0x0200161148008400ULL,
    0x800A302012000640ULL, 0x4004509082003100ULL, 0x2008410404000881ULL, 0x02B0020200480031ULL,
    0x08A04404200A2000ULL, 0x0202021084048080ULL, 0x0033410041100112ULL, 0x22210501148808A0ULL,
    0x0102000821010200ULL, 0x4000099001520000ULL, 0x0004200242420800ULL, 0x0404100240490200ULL,
    0x0202108228024000ULL, 0x820001940C020200ULL, 0x2642480842080430ULL, 0x00008A4004208831ULL,
    0x0480100410020210ULL, 0x088280080208A200ULL, 0x0880401012508119ULL, 0x1008100082040420ULL,
};

namespace {

Bitboard rook_table[0x19000];   // 102,400 entries: the sum of 2^bits over all squares
Bitboard bishop_table[0x1480];  // 5,248 entries

Bitboard slow_attacks(Square s, Bitboard occ, bool rook) {
    return rook ? slow_rook_attacks(s, occ) : slow_bishop_attacks(s, occ);
}

// Calls f(occupancy, attacks) for every subset of s's relevant mask (Carry-Rippler order).
template <class F>
void for_each_subset(Square s, bool rook, Bitboard mask, F&& f) {
    Bitboard b = 0;
    do {
        f(b, slow_attacks(s, b, rook));
        b = (b - mask) & mask;
    } while (b);
}

// Fills entries and their tables for all squares from the given magics. A slider always
// attacks at least one square, so an empty slot is an unused one; the assertion (on in the
// sanitizer build) catches a magic that maps two different attack sets to one slot.
void fill(SliderEntry* entries, Bitboard* table, const Bitboard* magics, bool rook) {
    Bitboard* next = table;
    for (int sq = 0; sq < 64; ++sq) {
        const Square s = Square(sq);
        SliderEntry& e = entries[sq];
        e.mask = relevant_mask(s, rook);
        e.magic = magics[sq];
        e.shift = 64 - core::popcount(e.mask);
        e.table = next;
        next += std::size_t(1) << core::popcount(e.mask);
        for_each_subset(s, rook, e.mask, [&e](Bitboard occ, Bitboard attacks) {
            Bitboard& slot = e.table[e.index(occ)];
            assert(slot == 0 || slot == attacks);
            slot = attacks;
        });
    }
}

struct Init {
    Init() {
        fill(rook_entries, rook_table, kRookMagics, true);
        fill(bishop_entries, bishop_table, kBishopMagics, false);
    }
} const init;

}  // namespace

Bitboard relevant_mask(Square s, bool rook) {
    const Bitboard edges =
        ((kRank1 | kRank8) & ~rank_bb(rank_of(s))) | ((kFileA | kFileH) & ~file_bb(file_of(s)));
    return slow_attacks(s, 0, rook) & ~edges;
}

bool magic_is_valid(Square s, bool rook, Bitboard magic) {
    const Bitboard mask = relevant_mask(s, rook);
    const int bits = core::popcount(mask);
    std::vector<Bitboard> slots(std::size_t(1) << bits, 0);
    bool ok = true;
    for_each_subset(s, rook, mask, [&](Bitboard occ, Bitboard attacks) {
        Bitboard& slot = slots[(occ * magic) >> (64 - bits)];
        ok = ok && (slot == 0 || slot == attacks);
        slot = attacks;
    });
    return ok;
}

std::array<Bitboard, 64> find_magics(bool rook) {
    core::SplitMix64 rng(rook ? 0x5EED0001ULL : 0x5EED0002ULL);
    std::array<Bitboard, 64> magics{};
    std::vector<Bitboard> occupancy, reference, slots;
    std::vector<int> epoch_of;
    int epoch = 0;
    for (int sq = 0; sq < 64; ++sq) {
        const Square s = Square(sq);
        const Bitboard mask = relevant_mask(s, rook);
        const int bits = core::popcount(mask);
        occupancy.clear();
        reference.clear();
        for_each_subset(s, rook, mask, [&](Bitboard occ, Bitboard attacks) {
            occupancy.push_back(occ);
            reference.push_back(attacks);
        });
        slots.assign(std::size_t(1) << bits, 0);
        epoch_of.assign(slots.size(), 0);
        // A candidate must spread the mask over the top byte of the product (at least 6 bits
        // set there), which rejects most hopeless ones before the full check. Slots are
        // cleared lazily: a slot is valid only when its epoch is the current candidate's.
        for (;;) {
            Bitboard magic;
            do {
                magic = rng.sparse();
            } while (core::popcount((mask * magic) >> 56) < 6);
            ++epoch;
            bool ok = true;
            for (std::size_t i = 0; ok && i < occupancy.size(); ++i) {
                const auto idx = (occupancy[i] * magic) >> (64 - bits);
                if (epoch_of[idx] != epoch) {
                    epoch_of[idx] = epoch;
                    slots[idx] = reference[i];
                } else if (slots[idx] != reference[i]) {
                    ok = false;
                }
            }
            if (ok) {
                magics[sq] = magic;
                break;
            }
        }
    }
    return magics;
}

}  // namespace detail

const char* slider_method() { return KIBITZ_USE_PEXT ? "pext" : "magic"; }

}  // namespace kibitz::chess
