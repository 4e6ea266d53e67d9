// Bitboards: masks, shifts, leaper attacks and the between/line tables (all built at compile time).
#pragma once

#include <array>
#include <cstdint>

#include "chess/types.h"
#include "core/bits.h"

namespace kibitz::chess {

using Bitboard = std::uint64_t;

constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kFileH = kFileA << 7;
constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard kRank8 = kRank1 << 56;

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard file_bb(int file) { return kFileA << file; }
constexpr Bitboard rank_bb(int rank) { return kRank1 << (8 * rank); }
// The given rank counted from the side's own back rank (0 = back rank).
constexpr Bitboard relative_rank_bb(Color c, int rank) {
    return rank_bb(c == kWhite ? rank : 7 - rank);
}

// Shifts all bits one step in a direction, dropping those that leave the board.
constexpr Bitboard north(Bitboard b) { return b << 8; }
constexpr Bitboard south(Bitboard b) { return b >> 8; }
constexpr Bitboard east(Bitboard b) { return (b & ~kFileH) << 1; }
constexpr Bitboard west(Bitboard b) { return (b & ~kFileA) >> 1; }
// One step forward for the given side.
constexpr Bitboard forward(Color c, Bitboard b) { return c == kWhite ? north(b) : south(b); }
// Squares attacked by all pawns of colour c standing on b.
constexpr Bitboard pawn_attacks_bb(Color c, Bitboard b) {
    const Bitboard f = forward(c, b);
    return east(f) | west(f);
}

namespace detail {

constexpr Bitboard leaper_attacks(Square s, const int (&steps)[8][2]) {
    Bitboard b = 0;
    for (const auto& st : steps) {
        const int f = file_of(s) + st[0], r = rank_of(s) + st[1];
        if (f >= 0 && f < 8 && r >= 0 && r < 8) b |= square_bb(make_square(f, r));
    }
    return b;
}
constexpr int kKnightSteps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                    {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int kKingSteps[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                  {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

// Squares a slider reaches from s along (df, dr), stopping at the first piece of occ.
constexpr Bitboard ray(Square s, int df, int dr, Bitboard occ) {
    Bitboard b = 0;
    int f = file_of(s) + df, r = rank_of(s) + dr;
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
        const Bitboard sq = square_bb(make_square(f, r));
        b |= sq;
        if (occ & sq) break;
        f += df, r += dr;
    }
    return b;
}

}  // namespace detail

// Slider attacks computed step by step: slow, used to build tables and by reference code.
constexpr Bitboard slow_rook_attacks(Square s, Bitboard occ) {
    return detail::ray(s, 1, 0, occ) | detail::ray(s, -1, 0, occ) | detail::ray(s, 0, 1, occ) |
           detail::ray(s, 0, -1, occ);
}
constexpr Bitboard slow_bishop_attacks(Square s, Bitboard occ) {
    return detail::ray(s, 1, 1, occ) | detail::ray(s, -1, 1, occ) | detail::ray(s, 1, -1, occ) |
           detail::ray(s, -1, -1, occ);
}

struct LeaperTables {
    std::array<Bitboard, 64> knight{}, king{};
    std::array<std::array<Bitboard, 64>, 2> pawn{};
};

constexpr LeaperTables make_leaper_tables() {
    LeaperTables t;
    for (int s = 0; s < 64; ++s) {
        t.knight[s] = detail::leaper_attacks(Square(s), detail::kKnightSteps);
        t.king[s] = detail::leaper_attacks(Square(s), detail::kKingSteps);
        t.pawn[kWhite][s] = pawn_attacks_bb(kWhite, square_bb(Square(s)));
        t.pawn[kBlack][s] = pawn_attacks_bb(kBlack, square_bb(Square(s)));
    }
    return t;
}
inline constexpr LeaperTables kLeapers = make_leaper_tables();

constexpr Bitboard knight_attacks(Square s) { return kLeapers.knight[s]; }
constexpr Bitboard king_attacks(Square s) { return kLeapers.king[s]; }
constexpr Bitboard pawn_attacks(Color c, Square s) { return kLeapers.pawn[c][s]; }

// between[a][b]: squares strictly between a and b on a shared line, plus b itself (so that a
// check by a slider from b can be answered by blocking or capturing); just b when not aligned.
// line[a][b]: the whole line through a and b, or 0 when they are not aligned.
struct LineTables {
    std::array<std::array<Bitboard, 64>, 64> between{}, line{};
};

constexpr LineTables make_line_tables() {
    LineTables t;
    for (int a = 0; a < 64; ++a) {
        for (int b = 0; b < 64; ++b) {
            const Square sa = Square(a), sb = Square(b);
            t.between[a][b] = square_bb(sb);
            if (a == b) continue;
            if (slow_rook_attacks(sa, 0) & square_bb(sb)) {
                t.line[a][b] = (slow_rook_attacks(sa, 0) & slow_rook_attacks(sb, 0)) |
                               square_bb(sa) | square_bb(sb);
                t.between[a][b] |=
                    slow_rook_attacks(sa, square_bb(sb)) & slow_rook_attacks(sb, square_bb(sa));
            } else if (slow_bishop_attacks(sa, 0) & square_bb(sb)) {
                t.line[a][b] = (slow_bishop_attacks(sa, 0) & slow_bishop_attacks(sb, 0)) |
                               square_bb(sa) | square_bb(sb);
                t.between[a][b] |=
                    slow_bishop_attacks(sa, square_bb(sb)) & slow_bishop_attacks(sb, square_bb(sa));
            }
        }
    }
    return t;
}
extern const LineTables kLines;

inline Bitboard between_bb(Square a, Square b) { return kLines.between[a][b]; }
inline Bitboard line_bb(Square a, Square b) { return kLines.line[a][b]; }
// True when the three squares lie on one line.
inline bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & square_bb(c); }

}  // namespace kibitz::chess
