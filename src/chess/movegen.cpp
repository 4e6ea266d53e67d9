// Legal move generation by masks: check mask, pin rays and an attack map for the king.
// One generator serves listing and counting through a "sink" template parameter.
#include "chess/movegen.h"

namespace kibitz::chess {

namespace {

// Writes moves into a MoveList.
struct ListSink {
    MoveList& list;
    void targets(Square from, Bitboard to) {
        while (to) list.push_back(Move(from, Square(core::pop_lsb(to))));
    }
    void pawn_targets(Bitboard to, int delta) {
        while (to) {
            const Square s = Square(core::pop_lsb(to));
            list.push_back(Move(s - delta, s));
        }
    }
    template <Gen G>
    void promotions(Bitboard to, int delta) {
        while (to) {
            const Square s = Square(core::pop_lsb(to));
            if constexpr (G != Gen::kQuiet) {
                list.push_back(Move(s - delta, s, Move::kPromotion, kQueen));
                list.push_back(Move(s - delta, s, Move::kPromotion, kKnight));
                list.push_back(Move(s - delta, s, Move::kPromotion, kRook));
                list.push_back(Move(s - delta, s, Move::kPromotion, kBishop));
            }
        }
    }
    void add(Move m) { list.push_back(m); }
};

// Only counts moves.
struct CountSink {
    int n = 0;
    void targets(Square, Bitboard to) { n += core::popcount(to); }
    void pawn_targets(Bitboard to, int) { n += core::popcount(to); }
    template <Gen G>
    void promotions(Bitboard to, int) {
        if constexpr (G != Gen::kQuiet) n += 4 * core::popcount(to);
    }
    void add(Move) { ++n; }
};

// Looks for one move among those generated.
struct FindSink {
    Move m;
    bool found = false;
    void targets(Square from, Bitboard to) {
        found |= from == m.from() && (to & square_bb(m.to())) && Move(from, m.to()) == m;
    }
    void pawn_targets(Bitboard to, int delta) {
        found |= (to & square_bb(m.to())) && Move(m.to() - delta, m.to()) == m;
    }
    template <Gen G>
    void promotions(Bitboard to, int delta) {
        if constexpr (G != Gen::kQuiet)
            found |= (to & square_bb(m.to())) &&
                     Move(m.to() - delta, m.to(), Move::kPromotion, m.promotion()) == m;
    }
    void add(Move x) { found |= x == m; }
};

// Squares attacked by colour c, with occupancy occ (our king removed, so that it cannot
// step back along a checking slider's line).
Bitboard attacked_by(const Position& pos, Color c, Bitboard occ) {
    Bitboard att = pawn_attacks_bb(c, pos.pieces(c, kPawn)) | king_attacks(pos.king_square(c));
    Bitboard b = pos.pieces(c, kKnight);
    while (b) att |= knight_attacks(Square(core::pop_lsb(b)));
    b = pos.pieces(c, kBishop, kQueen);
    while (b) att |= bishop_attacks(Square(core::pop_lsb(b)), occ);
    b = pos.pieces(c, kRook, kQueen);
    while (b) att |= rook_attacks(Square(core::pop_lsb(b)), occ);
    return att;
}

// The legal moves of the pieces on `from` (every square: all of them).
template <Color Us, Gen G, class Sink>
void generate_legal(const Position& pos, Sink& sink, Bitboard from) {
    constexpr Color kThem = ~Us;
    constexpr int kUp = pawn_push(Us);
    constexpr int kUpLeft = kUp - 1, kUpRight = kUp + 1;  // "left" = towards the a-file
    const Bitboard rank3 = relative_rank_bb(Us, 2);

    const Square ksq = pos.king_square(Us);
    const Bitboard us = pos.pieces(Us), them = pos.pieces(kThem), occ = us | them;
    const Bitboard checkers = pos.checkers();

    // 1. King moves: to squares not attacked once the king has left its square.
    Bitboard king_to = from & square_bb(ksq) ? king_attacks(ksq) & ~us : 0;
    if constexpr (G == Gen::kTactical) king_to &= them;
    if constexpr (G == Gen::kQuiet) king_to &= ~occ;
    if (king_to) king_to &= ~attacked_by(pos, kThem, occ ^ square_bb(ksq));
    sink.targets(ksq, king_to);
    if (core::more_than_one(checkers)) return;  // double check: only the king may move

    // 2. The squares other pieces may move to: anywhere, or block/capture a single checker.
    Bitboard target = checkers ? between_bb(ksq, Square(core::lsb(checkers))) : ~Bitboard(0);
    target &= ~us;
    if constexpr (G == Gen::kTactical) target &= them;
    if constexpr (G == Gen::kQuiet) target &= ~occ;

    // 3. Pinned pieces move only along the line through the king and themselves.
    const Bitboard pinned = pos.king_blockers(Us) & us;

    // 4. Pawns. Pinned pawns are handled one at a time; the rest in bulk.
    {
        const Bitboard empty = ~occ;
        const Bitboard pawns = pos.pieces(Us, kPawn) & from;
        const auto shift = [](Bitboard b, int d) { return d > 0 ? b << d : b >> -d; };
        const auto pawn_moves = [&](Bitboard pw, Bitboard mask) {
            // Pushes (the mask restricts destinations: check target and pin line).
            const Bitboard capture_target = them & (checkers ? checkers : ~Bitboard(0)) & mask;
            const Bitboard block =
                (checkers ? between_bb(ksq, Square(core::lsb(checkers))) : ~Bitboard(0)) & mask;
            const Bitboard one = shift(pw, kUp) & empty;
            const Bitboard two = shift(one & rank3, kUp) & empty & block;
            const Bitboard one_ok = one & block;
            const Bitboard left = shift(pw & ~kFileA, kUpLeft) & capture_target;
            const Bitboard right = shift(pw & ~kFileH, kUpRight) & capture_target;
            const Bitboard promo_rank = Us == kWhite ? kRank8 : kRank1;
            if constexpr (G != Gen::kTactical) {
                sink.pawn_targets(one_ok & ~promo_rank, kUp);
                sink.pawn_targets(two, 2 * kUp);
            }
            if constexpr (G != Gen::kQuiet) {
                sink.pawn_targets(left & ~promo_rank, kUpLeft);
                sink.pawn_targets(right & ~promo_rank, kUpRight);
                sink.template promotions<G>(one_ok & promo_rank, kUp);
                sink.template promotions<G>(left & promo_rank, kUpLeft);
                sink.template promotions<G>(right & promo_rank, kUpRight);
            }
        };
        pawn_moves(pawns & ~pinned, ~Bitboard(0));
        Bitboard pinned_pawns = pawns & pinned;
        while (pinned_pawns) {
            const Square s = Square(core::pop_lsb(pinned_pawns));
            pawn_moves(square_bb(s), line_bb(ksq, s));
        }

        // En passant: tested by removing both pawns, which covers every pin and check case.
        if constexpr (G != Gen::kQuiet) {
            const Square ep = pos.ep_square();
            if (ep != kNoSquare) {
                Bitboard capturers = pawn_attacks(kThem, ep) & pawns;
                while (capturers) {
                    const Square from = Square(core::pop_lsb(capturers));
                    const Square captured = ep - kUp;
                    const Bitboard after =
                        (occ ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
                    // Sliders are judged on the new occupancy (the capture may block one);
                    // a knight's check cannot be answered by en passant.
                    const bool exposed =
                        (rook_attacks(ksq, after) & pos.pieces(kThem, kRook, kQueen)) |
                        (bishop_attacks(ksq, after) & pos.pieces(kThem, kBishop, kQueen)) |
                        (checkers & pos.pieces(kThem, kKnight));
                    if (!exposed) sink.add(Move(from, ep, Move::kEnPassant));
                }
            }
        }
    }

    // 5. Knights (a pinned knight can never move), bishops, rooks, queens.
    Bitboard b = pos.pieces(Us, kKnight) & ~pinned & from;
    while (b) {
        const Square s = Square(core::pop_lsb(b));
        sink.targets(s, knight_attacks(s) & target);
    }
    b = pos.pieces(Us, kBishop, kQueen) & from;
    while (b) {
        const Square s = Square(core::pop_lsb(b));
        Bitboard to = bishop_attacks(s, occ) & target;
        if (pinned & square_bb(s)) to &= line_bb(ksq, s);
        sink.targets(s, to);
    }
    b = pos.pieces(Us, kRook, kQueen) & from;
    while (b) {
        const Square s = Square(core::pop_lsb(b));
        Bitboard to = rook_attacks(s, occ) & target;
        if (pinned & square_bb(s)) to &= line_bb(ksq, s);
        sink.targets(s, to);
    }

    // 6. Castling: not in check, path empty, the king's path not attacked, and (Chess960) the
    // king not exposed on its destination once the castling rook has left.
    if constexpr (G != Gen::kTactical) {
        const CastlingRights ours = castling_right(Us, true) | castling_right(Us, false);
        if (!checkers && (from & square_bb(ksq)) && (pos.castling_rights() & ours)) {
            for (const bool king_side : {true, false}) {
                const CastlingRights r = castling_right(Us, king_side);
                if (!(pos.castling_rights() & r) || (pos.castling_path(r) & occ)) continue;
                const Square rsq = pos.castling_rook(r);
                const Bitboard occ_after = occ ^ square_bb(ksq) ^ square_bb(rsq);
                Bitboard path = pos.castling_king_path(r);
                bool safe = true;
                while (path && safe) {
                    const Square s = Square(core::pop_lsb(path));
                    safe = !(pos.attackers_to(s, occ_after) & them);
                }
                if (safe) sink.add(Move(ksq, rsq, Move::kCastling));
            }
        }
    }
}

template <Gen G, class Sink>
void dispatch(const Position& pos, Sink& sink, Bitboard from = ~Bitboard(0)) {
    if (pos.side_to_move() == kWhite)
        generate_legal<kWhite, G>(pos, sink, from);
    else
        generate_legal<kBlack, G>(pos, sink, from);
}

}  // namespace

template <Gen G>
void generate(const Position& pos, MoveList& list) {
    ListSink sink{list};
    dispatch<G>(pos, sink);
}

template void generate<Gen::kAll>(const Position&, MoveList&);
template void generate<Gen::kTactical>(const Position&, MoveList&);
template void generate<Gen::kQuiet>(const Position&, MoveList&);

int count_legal_moves(const Position& pos) {
    CountSink sink;
    dispatch<Gen::kAll>(pos, sink);
    return sink.n;
}

// Generates only the moves of the piece on m's from-square (cheap enough for the search to
// test a move from the transposition table, a killer or a counter move before generating).
bool Position::is_legal(Move m) const {
    if (!(pieces(side_to_move()) & square_bb(m.from()))) return false;
    FindSink sink{m};
    dispatch<Gen::kAll>(*this, sink, square_bb(m.from()));
    return sink.found;
}

}  // namespace kibitz::chess
