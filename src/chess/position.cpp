// Position: board updates, make/unmake with incremental keys, attacks, repetition.
#include "chess/position.h"

#include <algorithm>

#include "chess/zobrist.h"

namespace kibitz::chess {

namespace {
const auto& Z = kZobrist;

// Where the king and rook end up after castling with the rook on rook_sq.
Square castled_king_square(Color c, Square king, Square rook) {
    return relative_square(c, rook > king ? kG1 : kC1);
}
Square castled_rook_square(Color c, Square king, Square rook) {
    return relative_square(c, rook > king ? kF1 : kD1);
}
}  // namespace

Position::Position() { *this = *from_fen(kStartFen); }

Position::Position(Empty) { std::fill(std::begin(board_), std::end(board_), kNoPiece); }

// ---------------------------------------------------------------------------------------
// Board updates (no key changes: callers update keys themselves).

void Position::put_piece(Piece p, Square s) {
    board_[s] = p;
    by_type_[type_of(p)] |= square_bb(s);
    by_color_[color_of(p)] |= square_bb(s);
}

void Position::remove_piece(Square s) {
    const Piece p = board_[s];
    by_type_[type_of(p)] ^= square_bb(s);
    by_color_[color_of(p)] ^= square_bb(s);
    board_[s] = kNoPiece;
}

void Position::move_piece(Square from, Square to) {
    const Piece p = board_[from];
    const Bitboard both = square_bb(from) | square_bb(to);
    by_type_[type_of(p)] ^= both;
    by_color_[color_of(p)] ^= both;
    board_[from] = kNoPiece;
    board_[to] = p;
}

// ---------------------------------------------------------------------------------------
// Attacks.

Bitboard Position::attackers_to(Square s, Bitboard occ) const {
    return (pawn_attacks(kBlack, s) & pieces(kWhite, kPawn)) |
           (pawn_attacks(kWhite, s) & pieces(kBlack, kPawn)) |
           (knight_attacks(s) & by_type_[kKnight]) |
           (rook_attacks(s, occ) & (by_type_[kRook] | by_type_[kQueen])) |
           (bishop_attacks(s, occ) & (by_type_[kBishop] | by_type_[kQueen])) |
           (king_attacks(s) & by_type_[kKing]);
}

Bitboard Position::king_blockers(Color c) const {
    const Square ksq = king_square(c);
    const Color them = ~c;
    Bitboard snipers = (rook_attacks(ksq, 0) & pieces(them, kRook, kQueen)) |
                       (bishop_attacks(ksq, 0) & pieces(them, kBishop, kQueen));
    const Bitboard occ = pieces();
    Bitboard blockers = 0;
    while (snipers) {
        const Square s = Square(core::pop_lsb(snipers));
        const Bitboard b = between_bb(ksq, s) & ~square_bb(s) & occ;
        if (b && !core::more_than_one(b)) blockers |= b;
    }
    return blockers;
}

// True when the side to move may capture en passant from `from` onto ep without leaving its
// king attacked: the two pawns leave their squares at once, which can open a rank or diagonal.
bool Position::ep_capture_legal(Square from, Square ep) const {
    const Color us = side_, them = ~us;
    const Square captured = ep - pawn_push(us);
    const Square ksq = king_square(us);
    const Bitboard occ = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
    return !((rook_attacks(ksq, occ) & pieces(them, kRook, kQueen)) |
             (bishop_attacks(ksq, occ) & pieces(them, kBishop, kQueen)) |
             (knight_attacks(ksq) & pieces(them, kKnight)) |
             (pawn_attacks(us, ksq) & pieces(them, kPawn) & ~square_bb(captured)));
}

// Sets the en-passant squares after a double push that passed `target`; the side to move is
// already the one that may capture. Only a legal capture makes ep_ (and the key) change.
void Position::update_en_passant(Square target) {
    Bitboard capturers = pawn_attacks(~side_, target) & pieces(side_, kPawn);
    if (!capturers) return;
    ep_target_ = target;
    while (capturers) {
        if (ep_capture_legal(Square(core::pop_lsb(capturers)), target)) {
            ep_ = target;
            return;
        }
    }
}

bool Position::gives_check(Move m) const {
    const Color us = side_;
    const Square from = m.from(), to = m.to(), ksq = king_square(~us);
    const Bitboard king = square_bb(ksq);
    if (m.kind() == Move::kCastling) {
        // Only the rook can give check, from its castled square, with king and rook moved.
        const Square kto = castled_king_square(us, from, to);
        const Square rto = castled_rook_square(us, from, to);
        const Bitboard occ =
            (pieces() ^ square_bb(from) ^ square_bb(to)) | square_bb(kto) | square_bb(rto);
        return rook_attacks(rto, occ) & king;
    }
    // The squares the move empties: its origin, and the pawn taken en passant.
    const bool en_passant = m.kind() == Move::kEnPassant;
    const Square emptied[2] = {from, en_passant ? to - pawn_push(us) : from};
    const int emptied_count = 1 + en_passant;
    const Bitboard occ =
        (pieces() ^ square_bb(from) ^ (en_passant ? square_bb(emptied[1]) : 0)) | square_bb(to);
    const auto straight = [ksq](Square s) {
        return file_of(s) == file_of(ksq) || rank_of(s) == rank_of(ksq);
    };

    // Direct check by the piece on its new square (the promoted piece for promotions). A
    // slider checks when it stands on a line of its kind through the king with nothing
    // between: table lookups, no attack generation.
    const PieceType now = m.kind() == Move::kPromotion ? m.promotion() : type_of(board_[from]);
    switch (now) {
        case kPawn:
            if (pawn_attacks(us, to) & king) return true;
            break;
        case kKnight:
            if (knight_attacks(to) & king) return true;
            break;
        case kKing: break;
        default:
            if (line_bb(to, ksq) && (now == kQueen || (now == kRook) == straight(to)) &&
                !(between_bb(to, ksq) & occ & ~king))
                return true;
    }

    // Discovered check: a slider of ours now sees the king through an emptied square. Only a
    // square on a line through the king can uncover one, and only a slider of that line's kind.
    bool rook_line = false, bishop_line = false;
    for (int i = 0; i < emptied_count; ++i) {
        const Square s = emptied[i];
        if (!line_bb(ksq, s)) continue;
        (straight(s) ? rook_line : bishop_line) = true;
    }
    if (!rook_line && !bishop_line) return false;
    const Bitboard mine = pieces(us) & ~square_bb(from);
    return (rook_line && (rook_attacks(ksq, occ) & mine & (by_type_[kRook] | by_type_[kQueen]))) ||
           (bishop_line &&
            (bishop_attacks(ksq, occ) & mine & (by_type_[kBishop] | by_type_[kQueen])));
}

// ---------------------------------------------------------------------------------------
// Make / unmake.

Undo Position::make(Move m) {
    Undo u{key_, pawn_key_, checkers_, halfmove_, kNoPiece, castling_, ep_, ep_target_};
    history_.push_back(key_);

    const Color us = side_, them = ~us;
    const Square from = m.from(), to = m.to();
    const Piece pc = board_[from];
    std::uint64_t k = key_ ^ Z.side;
    if (ep_ != kNoSquare) k ^= Z.ep_file[file_of(ep_)];
    ep_ = ep_target_ = kNoSquare;
    ++halfmove_;
    ++game_ply_;
    Square double_push = kNoSquare;

    if (m.kind() == Move::kCastling) {
        const Square kto = castled_king_square(us, from, to);
        const Square rto = castled_rook_square(us, from, to);
        const Piece rook = board_[to];
        remove_piece(from);
        remove_piece(to);
        put_piece(pc, kto);
        put_piece(rook, rto);
        k ^= Z.piece[pc][from] ^ Z.piece[pc][kto] ^ Z.piece[rook][to] ^ Z.piece[rook][rto];
    } else {
        const Square capsq = m.kind() == Move::kEnPassant ? to - pawn_push(us) : to;
        const Piece cap = board_[capsq];
        if (cap != kNoPiece) {
            remove_piece(capsq);
            k ^= Z.piece[cap][capsq];
            if (type_of(cap) == kPawn) pawn_key_ ^= Z.piece[cap][capsq];
            halfmove_ = 0;
            u.captured = cap;
        }
        move_piece(from, to);
        k ^= Z.piece[pc][from] ^ Z.piece[pc][to];
        if (type_of(pc) == kPawn) {
            halfmove_ = 0;
            pawn_key_ ^= Z.piece[pc][from] ^ Z.piece[pc][to];
            if (m.kind() == Move::kPromotion) {
                const Piece promo = make_piece(us, m.promotion());
                remove_piece(to);
                put_piece(promo, to);
                k ^= Z.piece[pc][to] ^ Z.piece[promo][to];
                pawn_key_ ^= Z.piece[pc][to];
            } else if ((from ^ to) == 16) {
                double_push = from + pawn_push(us);
            }
        }
    }

    const CastlingRights lost = castling_mask_[from] | castling_mask_[to];
    if (castling_ & lost) {
        k ^= Z.castling[castling_];
        castling_ = castling_ & ~lost;
        k ^= Z.castling[castling_];
    }

    side_ = them;
    checkers_ = attackers_to(king_square(them)) & by_color_[us];
    if (double_push != kNoSquare) {
        update_en_passant(double_push);
        if (ep_ != kNoSquare) k ^= Z.ep_file[file_of(ep_)];
    }
    key_ = k;
    return u;
}

void Position::unmake(Move m, const Undo& u) {
    side_ = ~side_;
    const Color us = side_;
    const Square from = m.from(), to = m.to();

    if (m.kind() == Move::kCastling) {
        const Square kto = castled_king_square(us, from, to);
        const Square rto = castled_rook_square(us, from, to);
        const Piece king = board_[kto], rook = board_[rto];
        remove_piece(kto);
        remove_piece(rto);
        put_piece(king, from);
        put_piece(rook, to);
    } else {
        if (m.kind() == Move::kPromotion) {
            remove_piece(to);
            put_piece(make_piece(us, kPawn), to);
        }
        move_piece(to, from);
        if (u.captured != kNoPiece)
            put_piece(u.captured, m.kind() == Move::kEnPassant ? to - pawn_push(us) : to);
    }

    key_ = u.key;
    pawn_key_ = u.pawn_key;
    checkers_ = u.checkers;
    halfmove_ = u.halfmove;
    castling_ = u.castling;
    ep_ = u.ep;
    ep_target_ = u.ep_target;
    --game_ply_;
    history_.pop_back();
}

Undo Position::make_null() {
    Undo u{key_, pawn_key_, checkers_, halfmove_, kNoPiece, castling_, ep_, ep_target_};
    history_.push_back(key_);
    key_ ^= Z.side;
    if (ep_ != kNoSquare) key_ ^= Z.ep_file[file_of(ep_)];
    ep_ = ep_target_ = kNoSquare;
    ++halfmove_;
    ++game_ply_;
    side_ = ~side_;
    checkers_ = 0;
    return u;
}

void Position::unmake_null(const Undo& u) {
    side_ = ~side_;
    key_ = u.key;
    checkers_ = u.checkers;
    halfmove_ = u.halfmove;
    ep_ = u.ep;
    ep_target_ = u.ep_target;
    --game_ply_;
    history_.pop_back();
}

// ---------------------------------------------------------------------------------------
// Keys, history, comparison.

std::uint64_t Position::compute_key() const {
    std::uint64_t k = 0;
    for (int s = 0; s < 64; ++s)
        if (board_[s] != kNoPiece) k ^= Z.piece[board_[s]][s];
    k ^= Z.castling[castling_];
    if (ep_ != kNoSquare) k ^= Z.ep_file[file_of(ep_)];
    if (side_ == kBlack) k ^= Z.side;
    return k;
}

std::uint64_t Position::compute_pawn_key() const {
    std::uint64_t k = 0;
    Bitboard b = by_type_[kPawn];
    while (b) {
        const Square s = Square(core::pop_lsb(b));
        k ^= Z.piece[board_[s]][s];
    }
    return k;
}

int Position::repetition_count() const {
    int count = 1;
    const int n = int(history_.size());
    const int stop = std::max(0, n - halfmove_);
    for (int i = n - 2; i >= stop; i -= 2)
        if (history_[i] == key_) ++count;
    return count;
}

bool Position::same_position(const Position& o) const {
    return std::equal(std::begin(by_type_), std::end(by_type_), std::begin(o.by_type_)) &&
           by_color_[0] == o.by_color_[0] && by_color_[1] == o.by_color_[1] && side_ == o.side_ &&
           castling_ == o.castling_ && ep_ == o.ep_;
}

}  // namespace kibitz::chess
