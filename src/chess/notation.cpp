// Square names and UCI move notation.
#include "chess/notation.h"

#include "chess/movegen.h"

namespace kibitz::chess {

std::string square_name(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

std::optional<Square> parse_square(std::string_view s) {
    if (s.size() != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') return std::nullopt;
    return make_square(s[0] - 'a', s[1] - '1');
}

std::string move_to_uci(const Position& pos, Move m) {
    if (m == Move::none()) return "0000";
    if (m == Move::null()) return "0000";
    Square to = m.to();
    if (m.kind() == Move::kCastling && !pos.chess960())
        to = make_square(m.to() > m.from() ? 6 : 2, rank_of(m.from()));
    std::string s = square_name(m.from()) + square_name(to);
    if (m.kind() == Move::kPromotion) s += "nbrq"[m.promotion() - kKnight];
    return s;
}

core::Result<Move> move_from_uci(const Position& pos, std::string_view text) {
    std::string quoted = "'";  // built in steps: GCC 12 warns falsely on "'" + s + "'"
    quoted += text;
    quoted += '\'';
    if (text.size() < 4 || text.size() > 5)
        return core::error("move " + quoted + " is not UCI notation (like e2e4 or e7e8q)");
    const auto from = parse_square(text.substr(0, 2));
    const auto to = parse_square(text.substr(2, 2));
    if (!from || !to)
        return core::error("move " + quoted + " is not UCI notation (like e2e4 or e7e8q)");
    PieceType promo = kNoPieceType;
    if (text.size() == 5) {
        switch (text[4]) {
            case 'n':
            case 'N': promo = kKnight; break;
            case 'b':
            case 'B': promo = kBishop; break;
            case 'r':
            case 'R': promo = kRook; break;
            case 'q':
            case 'Q': promo = kQueen; break;
            default:
                return core::error("move " + quoted + ": '" + std::string(1, text[4]) +
                                   "' is not a promotion piece (n, b, r or q)");
        }
    }
    for (const Move m : legal_moves(pos)) {
        if (m.from() != *from) continue;
        const bool promo_ok =
            m.kind() == Move::kPromotion ? m.promotion() == promo : promo == kNoPieceType;
        if (!promo_ok) continue;
        if (m.to() == *to) return m;  // includes king-takes-rook castling
        if (m.kind() == Move::kCastling && move_to_uci(pos, m) == std::string(text.substr(0, 4)))
            return m;
        if (m.kind() == Move::kCastling &&
            make_square(m.to() > m.from() ? 6 : 2, rank_of(m.from())) == *to &&
            !(pos.pieces(pos.side_to_move()) & square_bb(*to) & ~square_bb(m.from())))
            return m;  // king's two-step form in a Chess960 position
    }
    return core::error("move " + quoted + " is not legal in " + pos.fen());
}

}  // namespace kibitz::chess
