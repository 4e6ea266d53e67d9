// Syzygy's index of a position (see syzygy_index.h for the steps).
#include "tb/syzygy_index.h"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace kibitz::tb::syzygy {

namespace {

constexpr int file_of(int s) { return s & 7; }
constexpr int rank_of(int s) { return s >> 3; }
// Above the a1-h8 diagonal > 0, on it 0, below < 0.
constexpr int off_diagonal(int s) { return rank_of(s) - file_of(s); }
constexpr int mirror_file(int s) { return s ^ 7; }
constexpr int mirror_rank(int s) { return s ^ 56; }
constexpr int transpose(int s) { return ((s >> 3) | (s << 3)) & 63; }

// Numbers the tables below once, at first use.
struct Maps {
    std::uint64_t binomial[kMaxPieces][64] = {};  // [k][n]: ways to choose k of n
    int below_diagonal[64] = {};                  // b1..h7 below a1-h8 → 0..27
    int triangle[64] = {};                        // a1-d1-d4 → 0..9, the diagonal last
    int king_pair[10][64] = {};                   // (first king's triangle code, second) → 0..461
    int pawn[64] = {};                            // a2..h7 → 0..47 (pawn_rank)
    std::uint64_t lead_index[kMaxPieces][64] = {};  // [lead pawns][square of the leading one]
    std::uint64_t lead_size[kMaxPieces][4] = {};    // [lead pawns][file]

    Maps() {
        for (int n = 0; n < 64; ++n)
            for (int k = 0; k < kMaxPieces; ++k)
                binomial[k][n] = k == 0   ? 1
                                 : n == 0 ? 0
                                          : binomial[k - 1][n - 1] + binomial[k][n - 1];

        int code = 0;
        for (int s = 0; s < 64; ++s)
            if (off_diagonal(s) < 0) below_diagonal[s] = code++;

        code = 0;
        for (int s = 0; s < 64; ++s)
            if (file_of(s) <= 3 && rank_of(s) <= 3 && off_diagonal(s) < 0) triangle[s] = code++;
        for (int s = 0; s < 64; ++s)
            if (file_of(s) <= 3 && rank_of(s) <= 3 && off_diagonal(s) == 0) triangle[s] = code++;

        // King pairs: the first king in the triangle, the second anywhere not next to it and,
        // when the first is on the diagonal, not above it; pairs with both kings on the
        // diagonal come last.
        code = 0;
        std::array<std::pair<int, int>, 64> diagonal_pairs{};
        int diagonal_count = 0;
        for (int t = 0; t < 10; ++t) {
            int k1 = -1;
            for (int s = 0; s < 64; ++s)
                if (file_of(s) <= 3 && rank_of(s) <= 3 && off_diagonal(s) <= 0 && triangle[s] == t)
                    k1 = s;
            for (int k2 = 0; k2 < 64; ++k2) {
                const bool touching = std::abs(file_of(k1) - file_of(k2)) <= 1 &&
                                      std::abs(rank_of(k1) - rank_of(k2)) <= 1;
                if (touching) continue;
                if (off_diagonal(k1) == 0 && off_diagonal(k2) > 0) continue;
                if (off_diagonal(k1) == 0 && off_diagonal(k2) == 0)
                    diagonal_pairs[diagonal_count++] = {t, k2};
                else
                    king_pair[t][k2] = code++;
            }
        }
        for (int i = 0; i < diagonal_count; ++i)
            king_pair[diagonal_pairs[i].first][diagonal_pairs[i].second] = code++;

        // Pawn squares: a2 47, h2 46, a3 45, h3 44 … then the b and g files, down to d7/e7.
        int left = 47;
        for (int f = 0; f < 4; ++f)
            for (int r = 1; r <= 6; ++r) {
                pawn[r * 8 + f] = left--;
                pawn[r * 8 + 7 - f] = left--;
            }
        // Leading pawns by file: the leading pawn's square from rank 2 up, each followed by
        // the combinations of the others on the squares that rank below it.
        for (int lead = 1; lead < kMaxPieces; ++lead)
            for (int f = 0; f < 4; ++f) {
                std::uint64_t idx = 0;
                for (int r = 1; r <= 6; ++r) {
                    const int s = r * 8 + f;
                    lead_index[lead][s] = idx;
                    idx += binomial[lead - 1][pawn[s]];
                }
                lead_size[lead][f] = idx;
            }
    }
};

const Maps& maps() {
    static const Maps m;
    return m;
}

}  // namespace

int pawn_rank(int square) { return maps().pawn[square]; }

bool set_groups(Encoding& e, const Shape& shape, int order0, int order1, int file) {
    const Maps& m = maps();
    // 1. Group lengths: the leading group, then runs of identical pieces.
    int first = shape.pawns ? shape.lead_pawns : shape.unique ? 3 : 2;
    if (first > e.n || e.n < 2) return false;
    if (shape.pawns) {
        // The leading colour's pawns, all alike, then (when there are any) the other's.
        for (int i = 0; i < first; ++i)
            if (e.pieces[i] != e.pieces[0] || (e.pieces[0] & 7) != 1) return false;
        if (first < e.n && e.pieces[first] == e.pieces[0]) return false;
        for (int i = first; i < first + shape.other_pawns; ++i)
            if (i >= e.n || (e.pieces[i] & 7) != 1 || e.pieces[i] == e.pieces[0]) return false;
    }
    int g = 0;
    e.group_len[0] = first;
    for (int i = first; i < e.n; ++i) {
        if (i > first && e.pieces[i] == e.pieces[i - 1])
            ++e.group_len[g];
        else
            e.group_len[++g] = 1;
    }
    e.groups = g + 1;
    e.group_len[e.groups] = 0;

    // 2. Weights in the file's order: `order0` is the leading group's place, `order1` the
    //    other colour's pawns' place (15 when there are none); the rest follow in turn.
    const bool two_pawn_groups = shape.pawns && shape.other_pawns > 0;
    if (two_pawn_groups && (e.groups < 2 || e.group_len[1] != shape.other_pawns)) return false;
    int next = two_pawn_groups ? 2 : 1;
    int free = 64 - e.group_len[0] - (two_pawn_groups ? e.group_len[1] : 0);
    std::uint64_t w = 1;
    bool placed0 = false, placed1 = !two_pawn_groups;
    for (int k = 0; k <= kMaxPieces; ++k) {
        if (k == order0) {
            e.weight[0] = w;
            w *= shape.pawns ? m.lead_size[e.group_len[0]][file] : shape.unique ? 31332 : 462;
            placed0 = true;
        } else if (two_pawn_groups && k == order1) {
            e.weight[1] = w;
            w *= m.binomial[e.group_len[1]][48 - e.group_len[0]];
            placed1 = true;
        } else if (next < e.groups) {
            if (e.group_len[next] >= kMaxPieces || free < 0) return false;
            e.weight[next] = w;
            w *= m.binomial[e.group_len[next]][free];
            free -= e.group_len[next++];
        }
        if (placed0 && placed1 && next >= e.groups) break;
    }
    if (!placed0 || !placed1 || next < e.groups) return false;
    e.weight[e.groups] = w;
    return true;
}

std::uint64_t encode(const Encoding& e, const Shape& shape, int* sq) {
    const Maps& m = maps();
    const int n = e.n;
    // 1. The leading piece on files a-d.
    if (file_of(sq[0]) > 3)
        for (int i = 0; i < n; ++i) sq[i] = mirror_file(sq[i]);

    std::uint64_t idx = 0;
    if (shape.pawns) {
        // 2a. The leading pawn's square, then the other leading pawns by pawn rank.
        const int lead = shape.lead_pawns;
        idx = m.lead_index[lead][sq[0]];
        std::stable_sort(sq + 1, sq + lead, [&](int a, int b) { return m.pawn[a] < m.pawn[b]; });
        for (int i = 1; i < lead; ++i) idx += m.binomial[i][m.pawn[sq[i]]];
    } else {
        // 2b. The leading piece on ranks 1-4, then the first piece of the leading group that
        //     is off the diagonal below it.
        if (rank_of(sq[0]) > 3)
            for (int i = 0; i < n; ++i) sq[i] = mirror_rank(sq[i]);
        for (int i = 0; i < e.group_len[0]; ++i) {
            if (off_diagonal(sq[i]) == 0) continue;
            if (off_diagonal(sq[i]) > 0)
                for (int j = i; j < n; ++j) sq[j] = transpose(sq[j]);
            break;
        }
        if (shape.unique) {
            // 3. Three unique pieces: by how many of them stand on the diagonal.
            const int a1 = sq[1] > sq[0];
            const int a2 = (sq[2] > sq[0]) + (sq[2] > sq[1]);
            if (off_diagonal(sq[0]))
                idx = (std::uint64_t(m.triangle[sq[0]]) * 63 + (sq[1] - a1)) * 62 + sq[2] - a2;
            else if (off_diagonal(sq[1]))
                idx = (6 * 63 + std::uint64_t(rank_of(sq[0])) * 28 + m.below_diagonal[sq[1]]) * 62 +
                      sq[2] - a2;
            else if (off_diagonal(sq[2]))
                idx = 6 * 63 * 62 + 4 * 28 * 62 + std::uint64_t(rank_of(sq[0])) * 7 * 28 +
                      (rank_of(sq[1]) - a1) * 28 + m.below_diagonal[sq[2]];
            else
                idx = 6 * 63 * 62 + 4 * 28 * 62 + 4 * 7 * 28 +
                      std::uint64_t(rank_of(sq[0])) * 7 * 6 + (rank_of(sq[1]) - a1) * 6 +
                      (rank_of(sq[2]) - a2);
        } else {
            idx = m.king_pair[m.triangle[sq[0]]][sq[1]];
        }
    }
    idx *= e.weight[0];

    // 4. Each further group: its sorted squares, each less the squares of earlier groups
    //    below it (and less the first rank for the other colour's pawns).
    int start = e.group_len[0];
    bool pawn_group = shape.pawns && shape.other_pawns > 0;
    for (int g = 1; g < e.groups; ++g) {
        const int len = e.group_len[g];
        std::stable_sort(sq + start, sq + start + len);
        std::uint64_t c = 0;
        for (int i = 0; i < len; ++i) {
            int below = 0;
            for (int j = 0; j < start; ++j) below += sq[j] < sq[start + i];
            c += m.binomial[i + 1][sq[start + i] - below - (pawn_group ? 8 : 0)];
        }
        pawn_group = false;
        idx += c * e.weight[g];
        start += len;
    }
    return idx;
}

}  // namespace kibitz::tb::syzygy
