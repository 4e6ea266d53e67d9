// SAN output with minimal disambiguation and check/mate suffixes; tolerant SAN input.
#include "chess/san.h"

#include <algorithm>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "core/strings.h"

namespace kibitz::chess {

namespace {

constexpr char kPieceLetters[] = "PNBRQK";

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }
bool ends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// The piece type of an upper-case SAN piece letter (P included), kNoPieceType otherwise.
PieceType piece_from_letter(char c) {
    for (int i = 0; i < 6; ++i)
        if (kPieceLetters[i] == c) return PieceType(i);
    return kNoPieceType;
}

// The promotion piece of a letter in either case, kNoPieceType otherwise.
PieceType promotion_from_letter(char c) {
    switch (c) {
        case 'N':
        case 'n': return kKnight;
        case 'B':
        case 'b': return kBishop;
        case 'R':
        case 'r': return kRook;
        case 'Q':
        case 'q': return kQueen;
        default: return kNoPieceType;
    }
}

// What a SAN text asks for, once parsed; unset fields are free.
struct SanQuery {
    PieceType piece = kPawn;
    int from_file = -1, from_rank = -1;
    int to_file = -1, to_rank = -1;  // to_rank -1: rankless pawn capture ("exd")
    PieceType promotion = kNoPieceType;
    bool capture_marked = false;
    int castle = 0;  // 1 = king side, 2 = queen side
};

// Removes trailing annotations (+ # ! ?), "e.p." and blanks.
std::string_view strip_suffixes(std::string_view s) {
    for (bool changed = true; changed && !s.empty();) {
        changed = false;
        s = core::trim(s);
        while (!s.empty() &&
               (s.back() == '+' || s.back() == '#' || s.back() == '!' || s.back() == '?')) {
            s.remove_suffix(1);
            changed = true;
        }
        if (ends_with(s, "e.p.")) {
            s.remove_suffix(4);
            changed = true;
        }
    }
    return s;
}

// Parses s (annotations already stripped) into q; false when it is not SAN-like at all.
bool parse_san(std::string_view s, SanQuery& q) {
    if (s == "O-O" || s == "0-0" || s == "o-o") return q.castle = 1, true;
    if (s == "O-O-O" || s == "0-0-0" || s == "o-o-o") return q.castle = 2, true;

    // 1. Promotion at the end: e8=Q, e8Q, e8q, e8/Q, e8(Q).
    if (s.size() >= 5 && s.back() == ')' && s[s.size() - 3] == '(') {
        q.promotion = promotion_from_letter(s[s.size() - 2]);
        if (q.promotion == kNoPieceType) return false;
        s.remove_suffix(3);
    } else if (s.size() >= 3 && promotion_from_letter(s.back()) != kNoPieceType) {
        const char before = s[s.size() - 2];
        if (is_rank(before) || before == '=' || before == '/') {
            q.promotion = promotion_from_letter(s.back());
            s.remove_suffix(before == '=' || before == '/' ? 2 : 1);
        }
    }

    // 2. Rankless pawn capture: exd, e:d, ed (never with a piece letter).
    if (s.size() >= 2 && s.size() <= 3 && is_file(s.front()) && is_file(s.back()) &&
        (s.size() == 2 || s[1] == 'x' || s[1] == ':')) {
        q.from_file = s.front() - 'a';
        q.to_file = s.back() - 'a';
        q.capture_marked = true;
        return q.from_file != q.to_file;
    }

    // 3. Destination square, then an optional capture mark or hyphen.
    if (s.size() < 2 || !is_file(s[s.size() - 2]) || !is_rank(s.back())) return false;
    q.to_file = s[s.size() - 2] - 'a';
    q.to_rank = s.back() - '1';
    s.remove_suffix(2);
    if (!s.empty() && (s.back() == 'x' || s.back() == ':' || s.back() == '-')) {
        q.capture_marked = s.back() != '-';
        s.remove_suffix(1);
    }

    // 4. Piece letter, then an optional origin file and/or rank.
    if (!s.empty() && piece_from_letter(s.front()) != kNoPieceType) {
        q.piece = piece_from_letter(s.front());
        s.remove_prefix(1);
    }
    if (!s.empty() && is_file(s.front())) {
        q.from_file = s.front() - 'a';
        s.remove_prefix(1);
    }
    if (!s.empty() && is_rank(s.front())) {
        q.from_rank = s.front() - '1';
        s.remove_prefix(1);
    }
    return s.empty();
}

bool matches(const Position& pos, Move m, const SanQuery& q, bool ignore_promotion) {
    if (m.kind() == Move::kCastling) return false;
    if (type_of(pos.moved_piece(m)) != q.piece) return false;
    const Square from = m.from(), to = m.to();
    if (file_of(to) != q.to_file) return false;
    if (q.to_rank >= 0 && rank_of(to) != q.to_rank) return false;
    if (q.from_file >= 0 && file_of(from) != q.from_file) return false;
    if (q.from_rank >= 0 && rank_of(from) != q.from_rank) return false;
    if (q.piece == kPawn && q.from_file < 0) {
        // "e4" is a push; "xd5" / "Pxd5" (no origin file) is any capture onto d5.
        if (q.capture_marked != (file_of(from) != file_of(to))) return false;
    }
    if (ignore_promotion) return true;
    if (m.kind() == Move::kPromotion) return m.promotion() == q.promotion;
    return q.promotion == kNoPieceType;
}

std::string quoted(std::string_view text) {
    std::string s = "'";
    s += text;
    s += '\'';
    return s;
}

}  // namespace

bool gives_check(const Position& pos, Move m) {
    const Color us = pos.side_to_move(), them = ~us;
    const Square ksq = pos.king_square(them);
    const Square from = m.from(), to = m.to();
    Bitboard ours[kPieceTypeCount];
    for (int pt = 0; pt < kPieceTypeCount; ++pt) ours[pt] = pos.pieces(us, PieceType(pt));
    Bitboard occ = pos.pieces();
    const PieceType pt = type_of(pos.moved_piece(m));

    if (m.kind() == Move::kCastling) {
        const bool king_side = to > from;
        const Square kto = relative_square(us, king_side ? kG1 : kC1);
        const Square rto = relative_square(us, king_side ? kF1 : kD1);
        occ = (occ & ~square_bb(from) & ~square_bb(to)) | square_bb(kto) | square_bb(rto);
        ours[kRook] = (ours[kRook] & ~square_bb(to)) | square_bb(rto);
    } else {
        const PieceType after = m.kind() == Move::kPromotion ? m.promotion() : pt;
        ours[pt] &= ~square_bb(from);
        ours[after] |= square_bb(to);
        occ = (occ & ~square_bb(from)) | square_bb(to);
        if (m.kind() == Move::kEnPassant) occ &= ~square_bb(to - pawn_push(us));
    }
    return (pawn_attacks(them, ksq) & ours[kPawn]) || (knight_attacks(ksq) & ours[kKnight]) ||
           (bishop_attacks(ksq, occ) & (ours[kBishop] | ours[kQueen])) ||
           (rook_attacks(ksq, occ) & (ours[kRook] | ours[kQueen]));
}

std::string move_to_san(const Position& pos, Move m) {
    if (m == Move::null()) return "--";
    const Square from = m.from(), to = m.to();
    const PieceType pt = type_of(pos.moved_piece(m));
    std::string s;
    if (m.kind() == Move::kCastling) {
        s = to > from ? "O-O" : "O-O-O";
    } else if (pt == kPawn) {
        if (pos.is_capture(m)) {
            s += char('a' + file_of(from));
            s += 'x';
        }
        s += square_name(to);
        if (m.kind() == Move::kPromotion) {
            s += '=';
            s += kPieceLetters[m.promotion()];
        }
    } else {
        s += kPieceLetters[pt];
        // Other pieces of the same kind that reach `to`: only then is a legal-move check needed.
        const Bitboard rivals = pos.pieces(pos.side_to_move(), pt) &
                                attacks_of(pt, to, pos.pieces()) & ~square_bb(from);
        if (rivals && pt != kKing) {
            bool clash = false, same_file = false, same_rank = false;
            for (const Move o : legal_moves(pos)) {
                if (o.to() != to || o.from() == from || o.kind() == Move::kCastling ||
                    type_of(pos.moved_piece(o)) != pt)
                    continue;
                clash = true;
                same_file |= file_of(o.from()) == file_of(from);
                same_rank |= rank_of(o.from()) == rank_of(from);
            }
            if (clash && (!same_file || same_rank)) s += char('a' + file_of(from));
            if (clash && same_file) s += char('1' + rank_of(from));
        }
        if (pos.is_capture(m)) s += 'x';
        s += square_name(to);
    }
    if (gives_check(pos, m)) {
        Position after = pos;
        after.make(m);
        s += count_legal_moves(after) == 0 ? '#' : '+';
    }
    return s;
}

core::Result<Move> move_from_san_reason(const Position& pos, std::string_view text) {
    const std::string_view s = strip_suffixes(text);
    if (s.empty()) return core::error("is empty");
    SanQuery q;
    if (!parse_san(s, q))
        return core::error("is not a move in SAN (like e4, Nf3, exd5, O-O, e8=Q)");
    const MoveList legal = legal_moves(pos);

    if (q.castle) {
        for (const Move m : legal)
            if (m.kind() == Move::kCastling && (m.to() > m.from()) == (q.castle == 1)) return m;
        return core::error("is illegal (castling not possible) in " + pos.fen());
    }

    MoveList found;
    for (const Move m : legal)
        if (matches(pos, m, q, false)) found.push_back(m);
    if (found.size() == 1) return found[0];
    if (found.size() > 1) {
        std::vector<std::string> sans;
        for (const Move m : found) sans.push_back(move_to_san(pos, m));
        std::sort(sans.begin(), sans.end());
        std::string list;
        for (const auto& san : sans) list += (list.empty() ? "" : ", ") + san;
        return core::error("is ambiguous in " + pos.fen() + ": could be " + list);
    }

    // Nothing matched as SAN. Long algebraic without a piece letter ("g1f3", "e1g1") names
    // the origin square of any piece; try it as UCI.
    if (q.piece == kPawn && q.from_file >= 0 && q.from_rank >= 0 && q.to_rank >= 0) {
        std::string uci = square_name(make_square(q.from_file, q.from_rank)) +
                          square_name(make_square(q.to_file, q.to_rank));
        if (q.promotion != kNoPieceType) uci += "nbrq"[q.promotion - kKnight];
        if (const auto m = move_from_uci(pos, uci)) return *m;
    }
    for (const Move m : legal)
        if (m.kind() == Move::kPromotion && matches(pos, m, q, true))
            return core::error(q.promotion == kNoPieceType
                                   ? "needs a promotion piece (=Q, =R, =B or =N) in " + pos.fen()
                                   : "is illegal in " + pos.fen());
    return core::error("is illegal in " + pos.fen());
}

core::Result<Move> move_from_san(const Position& pos, std::string_view text) {
    auto r = move_from_san_reason(pos, text);
    if (!r) return core::error("move " + quoted(text) + " " + r.error());
    return r;
}

std::string line_to_san(Position pos, const std::vector<Move>& moves) {
    std::string out;
    bool first = true;
    for (const Move m : moves) {
        if (!out.empty()) out += ' ';
        if (!legal_moves(pos).contains(m)) {
            out += "<illegal: " + move_to_uci(pos, m) + ">";
            break;
        }
        if (pos.side_to_move() == kWhite)
            out += std::to_string(pos.fullmove_number()) + ". ";
        else if (first)
            out += std::to_string(pos.fullmove_number()) + "... ";
        out += move_to_san(pos, m);
        pos.make(m);
        first = false;
    }
    return out;
}

}  // namespace kibitz::chess
