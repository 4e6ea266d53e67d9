// Polyglot keys and moves. The key is a Zobrist hash (Zobrist 1970) over the spec's own table.
#include "chess/polyglot.h"

#include "chess/movegen.h"
#include "core/bits.h"

namespace kibitz::chess {

std::uint64_t polyglot_key(const Position& pos) {
    std::uint64_t key = 0;

    // 1. Pieces: kind = 2 * type + (white ? 1 : 0) with types pawn .. king (our PieceType
    //    order), offset 64 * kind + 8 * rank + file (our square numbering).
    for (Bitboard b = pos.pieces(); b;) {
        const Square s = Square(core::pop_lsb(b));
        const Piece p = pos.piece_on(s);
        const int kind = 2 * type_of(p) + (color_of(p) == kWhite ? 1 : 0);
        key ^= kPolyglotRandom[64 * kind + s];
    }

    // 2. Castling: one entry per KQkq flag, which are our four rights in bit order. In
    //    Chess960 each right maps onto its flag; the xboard extension for inner rooks
    //    (RandomCastle[16]) is not used.
    const CastlingRights rights = pos.castling_rights();
    for (int i = 0; i < 4; ++i)
        if (rights & (1 << i)) key ^= kPolyglotRandom[kPolyglotCastleOffset + i];

    // 3. En passant: the file of the double-pushed pawn when a pawn of the side to move stands
    //    beside it, whether or not the capture is legal (not FEN's unconditional rule).
    if (pos.ep_target() != kNoSquare)
        key ^= kPolyglotRandom[kPolyglotEnPassantOffset + file_of(pos.ep_target())];

    // 4. Turn.
    if (pos.side_to_move() == kWhite) key ^= kPolyglotRandom[kPolyglotTurnOffset];
    return key;
}

std::uint16_t move_to_polyglot(Move m) {
    // Our from/to fields (6 bits each, square = 8 * rank + file) are laid out exactly as
    // Polyglot's to file, to rank, from file, from rank.
    std::uint16_t code = m.raw() & 0x0FFF;
    if (m.kind() == Move::kPromotion) code |= std::uint16_t((m.promotion() - kKnight + 1) << 12);
    return code;
}

Move polyglot_to_move(const Position& pos, std::uint16_t code) {
    const Square from = Square((code >> 6) & 63), to = Square(code & 63);
    const int promo = (code >> 12) & 7;
    if (promo > 4 || code >> 15) return Move::none();
    for (const Move m : legal_moves(pos)) {
        if (m.from() != from || m.to() != to) continue;
        const bool is_promo = m.kind() == Move::kPromotion;
        if (promo == 0 ? !is_promo : is_promo && m.promotion() == PieceType(kKnight + promo - 1))
            return m;
    }
    return Move::none();
}

}  // namespace kibitz::chess
