// The reference move generator: mailbox stepping, then "make it on a copy and look whether the
// own king is attacked". Written for obviousness, not speed; it uses no bitboard attack table.
#include "reference_movegen.h"

#include <algorithm>

namespace kibitz::test {

using chess::Bitboard;
using chess::Color;
using chess::Move;
using chess::Piece;
using chess::PieceType;
using chess::Position;
using chess::Square;

namespace {

struct Step {
    int df, dr;
};
constexpr Step kKnightSteps[8] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                  {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr Step kKingSteps[8] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
constexpr Step kRookSteps[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr Step kBishopSteps[4] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }
Square square_at(int file, int rank) { return Square(rank * 8 + file); }
int file_ix(Square s) { return int(s) % 8; }
int rank_ix(Square s) { return int(s) / 8; }

bool is(Piece p, Color c, PieceType pt) {
    return p != chess::kNoPiece && chess::color_of(p) == c && chess::type_of(p) == pt;
}
bool is_color(Piece p, Color c) { return p != chess::kNoPiece && chess::color_of(p) == c; }

// The square of the king of colour c on board b, kNoSquare if there is none.
Square find_king(const Mailbox& b, Color c) {
    for (int s = 0; s < 64; ++s)
        if (is(b.at[s], c, chess::kKing)) return Square(s);
    return chess::kNoSquare;
}

// 1 for White (pawns move up the ranks), -1 for Black.
int pawn_dir(Color c) { return c == chess::kWhite ? 1 : -1; }

void add_pawn_move(std::vector<Move>& out, Square from, Square to, Color us) {
    const int last_rank = us == chess::kWhite ? 7 : 0;
    if (rank_ix(to) == last_rank) {
        for (const PieceType pt : {chess::kKnight, chess::kBishop, chess::kRook, chess::kQueen})
            out.push_back(Move(from, to, Move::kPromotion, pt));
    } else {
        out.push_back(Move(from, to));
    }
}

// The en passant target square, decided from the board: the hint (the square a pawn of the
// opponent just passed with a double push) is accepted only when the board agrees with it.
Square en_passant_target(const Position& pos, const Mailbox& b) {
    Square hint = pos.ep_target();
    if (hint == chess::kNoSquare) hint = pos.ep_square();
    if (hint == chess::kNoSquare) return chess::kNoSquare;
    const Color us = pos.side_to_move(), them = ~us;
    const int dir = pawn_dir(us);
    const int f = file_ix(hint), r = rank_ix(hint);
    if (r != (us == chess::kWhite ? 5 : 2)) return chess::kNoSquare;
    if (b.at[hint] != chess::kNoPiece) return chess::kNoSquare;
    if (!is(b.at[square_at(f, r - dir)], them, chess::kPawn)) return chess::kNoSquare;
    if (b.at[square_at(f, r + dir)] != chess::kNoPiece) return chess::kNoSquare;
    return hint;
}

void pawn_moves(const Position& pos, const Mailbox& b, Square from, std::vector<Move>& out) {
    const Color us = pos.side_to_move(), them = ~us;
    const int dir = pawn_dir(us);
    const int f = file_ix(from), r = rank_ix(from);
    const int start_rank = us == chess::kWhite ? 1 : 6;
    // Pushes.
    if (on_board(f, r + dir) && b.at[square_at(f, r + dir)] == chess::kNoPiece) {
        add_pawn_move(out, from, square_at(f, r + dir), us);
        if (r == start_rank && b.at[square_at(f, r + 2 * dir)] == chess::kNoPiece)
            out.push_back(Move(from, square_at(f, r + 2 * dir)));
    }
    // Captures, en passant included.
    const Square ep = en_passant_target(pos, b);
    for (const int df : {-1, 1}) {
        if (!on_board(f + df, r + dir)) continue;
        const Square to = square_at(f + df, r + dir);
        if (is_color(b.at[to], them)) add_pawn_move(out, from, to, us);
        if (to == ep) out.push_back(Move(from, to, Move::kEnPassant));
    }
}

void leaper_moves(const Mailbox& b, Square from, Color us, const Step (&steps)[8],
                  std::vector<Move>& out) {
    for (const Step st : steps) {
        const int f = file_ix(from) + st.df, r = rank_ix(from) + st.dr;
        if (!on_board(f, r)) continue;
        const Square to = square_at(f, r);
        if (!is_color(b.at[to], us)) out.push_back(Move(from, to));
    }
}

void slider_moves(const Mailbox& b, Square from, Color us, const Step (&steps)[4],
                  std::vector<Move>& out) {
    for (const Step st : steps) {
        int f = file_ix(from) + st.df, r = rank_ix(from) + st.dr;
        while (on_board(f, r)) {
            const Square to = square_at(f, r);
            if (is_color(b.at[to], us)) break;
            out.push_back(Move(from, to));
            if (b.at[to] != chess::kNoPiece) break;
            f += st.df, r += st.dr;
        }
    }
}

// Castling moves (king takes own rook), checked square by square on the back rank.
void castling_moves(const Position& pos, const Mailbox& b, std::vector<Move>& out) {
    const Color us = pos.side_to_move(), them = ~us;
    const int back = us == chess::kWhite ? 0 : 7;
    const Square ksq = find_king(b, us);
    if (ksq == chess::kNoSquare || rank_ix(ksq) != back) return;
    if (reference_attacked(b, ksq, them)) return;  // no castling out of check
    for (const bool king_side : {true, false}) {
        const chess::CastlingRights right = chess::castling_right(us, king_side);
        if (!(pos.castling_rights() & right)) continue;
        const Square rsq = pos.castling_rook(right);
        if (rsq == chess::kNoSquare || rank_ix(rsq) != back || !is(b.at[rsq], us, chess::kRook))
            continue;
        if ((rsq > ksq) != king_side) continue;
        const Square kto = square_at(king_side ? 6 : 2, back);
        const Square rto = square_at(king_side ? 5 : 3, back);
        // Every square from the king to its destination and from the rook to its destination
        // is empty, apart from the king and the castling rook themselves.
        bool clear = true;
        for (const auto& [a, z] : {std::pair{ksq, kto}, std::pair{rsq, rto}}) {
            for (int f = std::min(file_ix(a), file_ix(z)); f <= std::max(file_ix(a), file_ix(z));
                 ++f) {
                const Square s = square_at(f, back);
                if (s != ksq && s != rsq && b.at[s] != chess::kNoPiece) clear = false;
            }
        }
        if (!clear) continue;
        // No square the king passes through or lands on is attacked (its own square is not
        // attacked either: that was the check test above).
        bool safe = true;
        const int step = file_ix(kto) > file_ix(ksq) ? 1 : -1;
        for (int f = file_ix(ksq); f != file_ix(kto);) {
            f += step;
            if (reference_attacked(b, square_at(f, back), them)) safe = false;
        }
        if (safe) out.push_back(Move(ksq, rsq, Move::kCastling));
    }
}

}  // namespace

Mailbox mailbox_of(const Position& pos) {
    Mailbox b;
    for (int s = 0; s < 64; ++s) b.at[s] = pos.piece_on(Square(s));
    return b;
}

Bitboard reference_attackers(const Mailbox& b, Square s, Color by) {
    Bitboard found = 0;
    const int f0 = file_ix(s), r0 = rank_ix(s);
    const auto mark = [&](int f, int r) { found |= Bitboard(1) << square_at(f, r); };
    // A pawn of colour `by` attacks s from one rank behind s (seen from `by`), one file aside.
    for (const int df : {-1, 1}) {
        const int f = f0 + df, r = r0 - pawn_dir(by);
        if (on_board(f, r) && is(b.at[square_at(f, r)], by, chess::kPawn)) mark(f, r);
    }
    for (const Step st : kKnightSteps) {
        const int f = f0 + st.df, r = r0 + st.dr;
        if (on_board(f, r) && is(b.at[square_at(f, r)], by, chess::kKnight)) mark(f, r);
    }
    for (const Step st : kKingSteps) {
        const int f = f0 + st.df, r = r0 + st.dr;
        if (on_board(f, r) && is(b.at[square_at(f, r)], by, chess::kKing)) mark(f, r);
    }
    // Sliders: step outwards to the first piece; it attacks s when it moves that way.
    for (const bool straight : {true, false}) {
        const PieceType slider = straight ? chess::kRook : chess::kBishop;
        for (const Step st : straight ? kRookSteps : kBishopSteps) {
            int f = f0 + st.df, r = r0 + st.dr;
            while (on_board(f, r)) {
                const Piece p = b.at[square_at(f, r)];
                if (p != chess::kNoPiece) {
                    if (is(p, by, slider) || is(p, by, chess::kQueen)) mark(f, r);
                    break;
                }
                f += st.df, r += st.dr;
            }
        }
    }
    return found;
}

bool reference_attacked(const Mailbox& b, Square s, Color by) {
    return reference_attackers(b, s, by) != 0;
}

std::vector<Move> reference_pseudo_legal_moves(const Position& pos) {
    const Mailbox b = mailbox_of(pos);
    const Color us = pos.side_to_move();
    std::vector<Move> out;
    for (int i = 0; i < 64; ++i) {
        const Square s = Square(i);
        if (!is_color(b.at[s], us)) continue;
        switch (chess::type_of(b.at[s])) {
            case chess::kPawn: pawn_moves(pos, b, s, out); break;
            case chess::kKnight: leaper_moves(b, s, us, kKnightSteps, out); break;
            case chess::kBishop: slider_moves(b, s, us, kBishopSteps, out); break;
            case chess::kRook: slider_moves(b, s, us, kRookSteps, out); break;
            case chess::kQueen:
                slider_moves(b, s, us, kBishopSteps, out);
                slider_moves(b, s, us, kRookSteps, out);
                break;
            case chess::kKing: leaper_moves(b, s, us, kKingSteps, out); break;
            default: break;
        }
    }
    castling_moves(pos, b, out);
    return out;
}

std::vector<Move> reference_legal_moves(const Position& pos) {
    const Color us = pos.side_to_move();
    Position base = pos;
    base.clear_history();  // copies below stay cheap
    std::vector<Move> legal;
    for (const Move m : reference_pseudo_legal_moves(pos)) {
        Position after = base;
        after.make(m);
        const Mailbox b = mailbox_of(after);
        const Square k = find_king(b, us);
        if (k != chess::kNoSquare && !reference_attacked(b, k, ~us)) legal.push_back(m);
    }
    std::sort(legal.begin(), legal.end(), [](Move a, Move z) { return a.raw() < z.raw(); });
    return legal;
}

}  // namespace kibitz::test
