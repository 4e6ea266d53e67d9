// SEE by the swap-list method: collect the gains of alternating least-valuable captures,
// revealing x-ray attackers as pieces leave, then let each side stop when it pays. No early
// exit, so the value is exact, not only its sign.
#include "chess/see.h"

#include <algorithm>

namespace kibitz::chess {

int see(const Position& pos, Move m) {
    if (m.kind() == Move::kCastling) return 0;
    const Square from = m.from(), to = m.to();
    int gain[40];
    int d = 0;
    Bitboard occ = pos.pieces() ^ square_bb(from);
    PieceType on_square = type_of(pos.moved_piece(m));  // the piece that now stands on `to`
    if (m.kind() == Move::kEnPassant) {
        gain[0] = kSeeValue[kPawn];
        occ ^= square_bb(to - pawn_push(pos.side_to_move()));
    } else {
        const Piece victim = pos.piece_on(to);
        gain[0] = victim == kNoPiece ? 0 : kSeeValue[type_of(victim)];
    }
    if (m.kind() == Move::kPromotion) {
        gain[0] += kSeeValue[m.promotion()] - kSeeValue[kPawn];
        on_square = m.promotion();
    }
    const Bitboard diagonal = pos.pieces(kBishop) | pos.pieces(kQueen);
    const Bitboard straight = pos.pieces(kRook) | pos.pieces(kQueen);
    Bitboard attackers = pos.attackers_to(to, occ) & occ;
    Color side = ~pos.side_to_move();
    for (;;) {
        const Bitboard mine = attackers & pos.pieces(side);
        if (!mine) break;
        PieceType pt = kPawn;
        while (!(mine & pos.pieces(pt))) pt = PieceType(pt + 1);
        // A king may not capture into a defended square.
        if (pt == kKing && (attackers & pos.pieces(~side))) break;
        ++d;
        gain[d] = kSeeValue[on_square] - gain[d - 1];
        occ ^= square_bb(Square(core::lsb(mine & pos.pieces(pt))));
        if (pt == kPawn || pt == kBishop || pt == kQueen)
            attackers |= bishop_attacks(to, occ) & diagonal;
        if (pt == kRook || pt == kQueen) attackers |= rook_attacks(to, occ) & straight;
        attackers &= occ;
        on_square = pt;
        side = ~side;
        if (d == 38) break;
    }
    while (d > 0) {
        gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
        --d;
    }
    return gain[0];
}

}  // namespace kibitz::chess
