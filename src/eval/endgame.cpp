#include "eval/endgame.h"

#include <algorithm>
#include <cstdlib>

#include "chess/bitboard.h"
#include "core/bits.h"
#include "eval/masks.h"

namespace kibitz::eval {

namespace {

using namespace chess;

// 0 in the four centre squares, 3 on the edge.
int edge_closeness(Square s) {
    const auto from_centre = [](int x) { return x < 4 ? 3 - x : x - 4; };
    return std::max(from_centre(file_of(s)), from_centre(rank_of(s)));
}

}  // namespace

int mating_bonus(const Position& pos) {
    const Bitboard pawns = pos.pieces(kPawn);
    if (pawns) return 0;
    Color weak;
    if (pos.pieces(kBlack) == pos.pieces(kBlack, kKing))
        weak = kBlack;
    else if (pos.pieces(kWhite) == pos.pieces(kWhite, kKing))
        weak = kWhite;
    else
        return 0;
    const Color strong = ~weak;
    const int queens = core::popcount(pos.pieces(strong, kQueen));
    const int rooks = core::popcount(pos.pieces(strong, kRook));
    const Bitboard bishops = pos.pieces(strong, kBishop);
    const int knights = core::popcount(pos.pieces(strong, kKnight));
    const bool both_colours = (bishops & kDarkSquares) && (bishops & ~kDarkSquares);
    const bool bishop_and_knight =
        bishops && knights && !queens && !rooks && core::popcount(bishops) == 1 && knights == 1;
    if (!queens && !rooks && !both_colours && !bishop_and_knight) return 0;

    const Square lone = pos.king_square(weak), hunter = pos.king_square(strong);
    int bonus = 10 * (7 - distance(lone, hunter));
    if (bishop_and_knight) {
        // Mate is only forced in a corner of the bishop's colour.
        const bool dark = bishops & kDarkSquares;
        const Square c1 = dark ? kA1 : kH1, c2 = dark ? kH8 : kA8;
        bonus += 40 * (7 - std::min(distance(lone, c1), distance(lone, c2)));
    } else {
        bonus += 60 * edge_closeness(lone);
    }
    return pos.side_to_move() == strong ? bonus : -bonus;
}

}  // namespace kibitz::eval
