// Othello on 64-bit boards: the legal squares of a side, the discs a move flips, and the eight
// symmetries of the board. Squares are numbered A1 = 0, B1 = 1, ..., H1 = 7, A2 = 8, ..., H8 =
// 63: columns A to H from left to right, rows 1 to 8 from the top, as Othello players write them.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <type_traits>

#if defined(__AVX2__) || defined(__AVX512VL__)
#include <immintrin.h>
#endif

namespace kibitz::othello {

using Bitboard = std::uint64_t;

constexpr Bitboard square_bit(int sq) { return Bitboard{1} << sq; }
constexpr int column_of(int sq) { return sq & 7; }
constexpr int row_of(int sq) { return sq >> 3; }

constexpr Bitboard kCorners = 0x8100000000000081ULL;
// The squares diagonally next to a corner (B2, G2, B7, G7) and beside it on an edge (C-squares).
constexpr Bitboard kXSquares = 0x0042000000004200ULL;
constexpr Bitboard kCSquares = 0x4281000000008142ULL;
constexpr Bitboard kEdges = 0xFF818181818181FFULL;

// The squares where the side with discs `player` may move against `opponent`: empty squares
// from which a line of opponent discs, in one of the eight directions, ends at a player disc.
// Each direction and its opposite shift the player's discs through the opponent's, doubling
// the step (1, 2, 4 then 6 long: 4 rounds instead of 6); with AVX2 four directions at once.
constexpr Bitboard legal_squares(Bitboard player, Bitboard opponent) {
    const Bitboard inner = opponent & 0x7E7E7E7E7E7E7E7EULL;  // no wrap from column H to A
    const Bitboard empty = ~(player | opponent);
#if defined(__AVX2__)
    if (!std::is_constant_evaluated()) {
        const __m256i shift = _mm256_set_epi64x(9, 7, 8, 1);
        const __m256i shift2 = _mm256_set_epi64x(18, 14, 16, 2);
        const __m256i p = _mm256_set1_epi64x(std::int64_t(player));
        const __m256i m = _mm256_set_epi64x(std::int64_t(inner), std::int64_t(inner),
                                            std::int64_t(opponent), std::int64_t(inner));
        // Runs of opponent discs next to a player disc: 1, then up to 2, 4 and 6 long.
        __m256i up = _mm256_and_si256(m, _mm256_sllv_epi64(p, shift));
        __m256i down = _mm256_and_si256(m, _mm256_srlv_epi64(p, shift));
        up = _mm256_or_si256(up, _mm256_and_si256(m, _mm256_sllv_epi64(up, shift)));
        down = _mm256_or_si256(down, _mm256_and_si256(m, _mm256_srlv_epi64(down, shift)));
        const __m256i m_up = _mm256_and_si256(m, _mm256_sllv_epi64(m, shift));
        const __m256i m_down = _mm256_and_si256(m, _mm256_srlv_epi64(m, shift));
        up = _mm256_or_si256(up, _mm256_and_si256(m_up, _mm256_sllv_epi64(up, shift2)));
        down = _mm256_or_si256(down, _mm256_and_si256(m_down, _mm256_srlv_epi64(down, shift2)));
        up = _mm256_or_si256(up, _mm256_and_si256(m_up, _mm256_sllv_epi64(up, shift2)));
        down = _mm256_or_si256(down, _mm256_and_si256(m_down, _mm256_srlv_epi64(down, shift2)));
        const __m256i all =
            _mm256_or_si256(_mm256_sllv_epi64(up, shift), _mm256_srlv_epi64(down, shift));
        const __m128i half =
            _mm_or_si128(_mm256_castsi256_si128(all), _mm256_extracti128_si256(all, 1));
        const Bitboard moves =
            Bitboard(_mm_cvtsi128_si64(half)) | Bitboard(_mm_extract_epi64(half, 1));
        return moves & empty;
    }
#endif
    Bitboard moves = 0;
    // One direction and its opposite: shift by d up and down through the masked opponent discs.
    auto both_ways = [&](int d, Bitboard mask) {
        Bitboard up = mask & (player << d), down = mask & (player >> d);
        up |= mask & (up << d);
        down |= mask & (down >> d);
        const Bitboard mask_up = mask & (mask << d), mask_down = mask & (mask >> d);
        up |= mask_up & (up << (2 * d));
        down |= mask_down & (down >> (2 * d));
        up |= mask_up & (up << (2 * d));
        down |= mask_down & (down >> (2 * d));
        moves |= (up << d) | (down >> d);
    };
    both_ways(1, inner);
    both_ways(8, opponent);
    both_ways(7, inner);
    both_ways(9, inner);
    return moves & empty;
}

// The rays from each square in each of the eight directions, the square itself excluded:
// directions 0-3 go to higher square numbers (east, south-west, south, south-east), 4-7 to
// lower ones (west, north-east, north, north-west).
struct alignas(64) Rays {
    std::array<std::array<Bitboard, 8>, 64> from{};
    constexpr Rays() {
        constexpr int dc[8] = {1, -1, 0, 1, -1, 1, 0, -1};
        constexpr int dr[8] = {0, 1, 1, 1, 0, -1, -1, -1};
        for (int sq = 0; sq < 64; ++sq)
            for (int d = 0; d < 8; ++d) {
                int c = column_of(sq) + dc[d], r = row_of(sq) + dr[d];
                Bitboard ray = 0;
                for (; c >= 0 && c < 8 && r >= 0 && r < 8; c += dc[d], r += dr[d])
                    ray |= square_bit(r * 8 + c);
                from[std::size_t(sq)][std::size_t(d)] = ray;
            }
    }
};
inline constexpr Rays kRays{};

// The opponent discs that a disc played on the empty square sq flips (none: not a legal move).
// Along a ray to higher squares the first square that is not the opponent's is its lowest bit;
// along a ray to lower squares, its highest bit; the discs in between flip when it is ours.
// With AVX-512 (VL, CD) the four rays of each kind are done at once, without branches.
inline Bitboard flipped_discs(int sq, Bitboard player, Bitboard opponent) {
    const auto& rays = kRays.from[std::size_t(sq)];
#if defined(__AVX512VL__) && defined(__AVX512CD__)
    const __m256i p = _mm256_set1_epi64x(std::int64_t(player));
    const __m256i o = _mm256_set1_epi64x(std::int64_t(opponent));
    const __m256i zero = _mm256_setzero_si256();
    const __m256i one = _mm256_set1_epi64x(1);
    // Rays to higher squares: the lowest bit that is not an opponent disc.
    const __m256i ray_up = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(&rays[0]));
    const __m256i stop_up = _mm256_andnot_si256(o, ray_up);
    const __m256i first_up = _mm256_and_si256(stop_up, _mm256_sub_epi64(zero, stop_up));
    const __mmask8 ours_up = _mm256_test_epi64_mask(first_up, p);
    const __m256i flips_up =
        _mm256_maskz_and_epi64(ours_up, ray_up, _mm256_sub_epi64(first_up, one));
    // Rays to lower squares: the highest such bit (a shift by 64 leading zeros gives 0).
    const __m256i ray_down = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(&rays[4]));
    const __m256i stop_down = _mm256_andnot_si256(o, ray_down);
    const __m256i first_down = _mm256_srlv_epi64(_mm256_set1_epi64x(std::int64_t(1ULL << 63)),
                                                 _mm256_lzcnt_epi64(stop_down));
    const __mmask8 ours_down = _mm256_test_epi64_mask(first_down, p);
    const __m256i flips_down = _mm256_maskz_andnot_epi64(
        ours_down, _mm256_sub_epi64(_mm256_add_epi64(first_down, first_down), one), ray_down);
    const __m256i all = _mm256_or_si256(flips_up, flips_down);
    const __m128i half =
        _mm_or_si128(_mm256_castsi256_si128(all), _mm256_extracti128_si256(all, 1));
    return Bitboard(_mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))));
#else
    Bitboard flips = 0;
    for (int d = 0; d < 4; ++d) {
        const Bitboard ray = rays[std::size_t(d)];
        const Bitboard stop = ray & ~opponent;
        const Bitboard first = stop & (0 - stop);
        if (first & player) flips |= ray & (first - 1);
    }
    for (int d = 4; d < 8; ++d) {
        const Bitboard ray = rays[std::size_t(d)];
        const Bitboard stop = (ray & ~opponent) | 1;  // | 1: never empty; bit 0 checked below
        const Bitboard first = Bitboard{1} << (63 - std::countl_zero(stop));
        if (first & player & ray) flips |= ray & ~((first << 1) - 1);
    }
    return flips;
#endif
}

// The eight symmetries of the square: mirrors and rotations, as maps of boards.
constexpr Bitboard flip_vertical(Bitboard b) { return __builtin_bswap64(b); }  // row 1 <-> 8
constexpr Bitboard mirror_horizontal(Bitboard b) {                             // column A <-> H
    b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
    b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
    return ((b >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((b & 0x0F0F0F0F0F0F0F0FULL) << 4);
}
constexpr Bitboard flip_diagonal(Bitboard b) {  // about the A1-H8 diagonal: B1 <-> A2
    Bitboard t = 0x0F0F0F0F00000000ULL & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    t = 0x3333000033330000ULL & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    t = 0x5500550055005500ULL & (b ^ (b << 7));
    return b ^ t ^ (t >> 7);
}
// Symmetry number s (0-7): bit 0 mirrors columns, bit 1 mirrors rows, bit 2 then transposes.
constexpr Bitboard symmetry(Bitboard b, int s) {
    if (s & 1) b = mirror_horizontal(b);
    if (s & 2) b = flip_vertical(b);
    if (s & 4) b = flip_diagonal(b);
    return b;
}
// Where square sq goes under symmetry s.
constexpr int symmetry_square(int sq, int s) {
    return std::countr_zero(symmetry(square_bit(sq), s));
}

}  // namespace kibitz::othello
