// The full chess evaluation.
//
// Structure: the tapered evaluation (separate middlegame and endgame sums blended by the
// remaining non-pawn material) is the scheme of Fruit (Fabien Letouzey, 2005) and PeSTO; the
// attack maps are computed once per call and shared by mobility, threats, protection and king
// safety. Where each term comes from is noted at the term. The defaults are hand-set; no term
// has been kept or dropped by a match yet (no SPRT results exist for the evaluation so far).
#include "eval/chess_eval.h"

#include <algorithm>

#include "chess/attacks.h"
#include "chess/status.h"
#include "core/bits.h"
#include "eval/masks.h"

namespace kibitz::eval {

using chess::Color;
using chess::kBishop;
using chess::kBlack;
using chess::kKing;
using chess::kKnight;
using chess::kPawn;
using chess::kQueen;
using chess::kRook;
using chess::kWhite;
using chess::Position;
using chess::Square;

namespace {

constexpr Color other(Color c) { return c == kWhite ? kBlack : kWhite; }

// Ranks 4-6 from each side's view: where an outpost helps (Nimzowitsch's outposts).
constexpr Bitboard kOutpostRanks[2] = {chess::rank_bb(3) | chess::rank_bb(4) | chess::rank_bb(5),
                                       chess::rank_bb(2) | chess::rank_bb(3) | chess::rank_bb(4)};

// Attack units per piece that attacks the enemy king's zone, and per kind of safe check
// (the attack-unit scheme of Ed Schroder's Rebel, as described on the Chess Programming Wiki's
// "King Safety" page; our own unit values).
constexpr int kZoneUnits[6] = {0, 2, 2, 3, 5, 0};
constexpr int kCheckUnits[6] = {0, 3, 2, 3, 3, 0};

template <class Trace>
class Evaluation {
public:
    Evaluation(const Position& pos, const Weights& w, Trace& trace) : pos_(pos), s_{w, trace} {}

    Score run(PawnTable* table) {
        if constexpr (Trace::kEnabled) s_.trace.reset();
        PawnEntry local;
        if constexpr (!Trace::kEnabled) {
            if (table) pawns_ = &table->probe(pos_, s_.w);
        }
        if (!pawns_) {
            evaluate_pawns(pos_, s_.w, s_.trace, local);
            pawns_ = &local;
        }
        s_.mg += pawns_->mg;
        s_.eg += pawns_->eg;

        prepare<kWhite>();
        prepare<kBlack>();
        pieces<kWhite>();
        pieces<kBlack>();
        threats<kWhite>();
        threats<kBlack>();
        passed<kWhite>();
        passed<kBlack>();
        king<kWhite>();
        king<kBlack>();
        other_terms<kWhite>();
        other_terms<kBlack>();

        // Tempo: the side to move is, on average, ahead by part of a move.
        const Color stm = pos_.side_to_move();
        if (stm == kWhite)
            s_.template add<kWhite>(s_.w.tempo);
        else
            s_.template add<kBlack>(s_.w.tempo);

        const int phase = game_phase(pos_);
        const int scale = scale_factor(final_score(s_.mg, s_.eg, phase, kScaleNormal, kWhite));
        if constexpr (Trace::kEnabled) s_.trace.finish(phase, scale, stm);
        return final_score(s_.mg, s_.eg, phase, scale, stm);
    }

private:
    // Pawn attacks, king attacks, king zones and outpost squares, needed before the pieces.
    template <Color C>
    void prepare() {
        constexpr Color Them = other(C);
        const Square ksq = pos_.king_square(C);
        attacked_by_[C][kPawn] = chess::pawn_attacks_bb(C, pos_.pieces(C, kPawn));
        attacked_by_[C][kKing] = chess::king_attacks(ksq);
        const Bitboard ring = attacked_by_[C][kKing] | chess::square_bb(ksq);
        king_zone_[C] = ring | chess::forward(C, ring);
        // Squares the enemy pawns attack now or after advancing (their attack span).
        const Bitboard span =
            chess::pawn_attacks_bb(Them, fill_forward<Them>(pos_.pieces(Them, kPawn)));
        outpost_squares_[C] = kOutpostRanks[C] & attacked_by_[C][kPawn] & ~span;
    }

    // Material, piece-squares, mobility, attack maps, king-zone attackers, rooks and queens on
    // files, rook on the seventh, outposts.
    template <Color C>
    void pieces() {
        constexpr Color Them = other(C);
        const Weights& w = s_.w;
        const Bitboard occ = pos_.pieces();
        // Mobility counts squares not occupied by our pieces and not attacked by enemy pawns
        // (the "mobility area" of modern engines; counting pseudo-moves goes back to Shannon).
        const Bitboard area = ~pos_.pieces(C) & ~attacked_by_[Them][kPawn];
        const Bitboard all_pawns = pos_.pieces(kPawn), our_pawns = pos_.pieces(C, kPawn);
        for (int pt = kPawn; pt <= kQueen; ++pt)
            s_.template add<C>(w.material[pt],
                               core::popcount(pos_.pieces(C, chess::PieceType(pt))));

        Bitboard all = attacked_by_[C][kPawn] | attacked_by_[C][kKing];
        const auto piece = [&](chess::PieceType pt, Square sq, Bitboard a) {
            attacked_by_[C][pt] |= a;
            s_.template add<C>(w.pst[pt][chess::relative_square(C, sq)]);
            if (a & king_zone_[Them]) {
                king_units_[Them] += kZoneUnits[pt];
                ++king_attackers_[Them];
            }
            return core::popcount(a & area);
        };
        const auto files = [&](Square sq, const Pair& open, const Pair& half_open) {
            const Bitboard file = chess::file_bb(chess::file_of(sq));
            if (!(file & all_pawns))
                s_.template add<C>(open);
            else if (!(file & our_pawns))
                s_.template add<C>(half_open);
        };
        for (Bitboard b = pos_.pieces(C, kKnight); b;) {
            const Square sq = Square(core::pop_lsb(b));
            s_.template add<C>(w.mobility_knight[piece(kKnight, sq, chess::knight_attacks(sq))]);
            if (outpost_squares_[C] & chess::square_bb(sq)) s_.template add<C>(w.outpost_knight);
        }
        // A bishop hemmed in by its own pawns on its colour, worse when they are rammed (the
        // "bad bishop" of chess teaching).
        const Bitboard rammed = our_pawns & chess::forward(Them, pos_.pieces(Them, kPawn));
        for (Bitboard b = pos_.pieces(C, kBishop); b;) {
            const Square sq = Square(core::pop_lsb(b));
            const Bitboard a = chess::bishop_attacks(sq, occ);
            s_.template add<C>(w.mobility_bishop[piece(kBishop, sq, a)]);
            if (outpost_squares_[C] & chess::square_bb(sq)) s_.template add<C>(w.outpost_bishop);
            const Bitboard colour =
                (kDarkSquares & chess::square_bb(sq)) ? kDarkSquares : ~kDarkSquares;
            s_.template add<C>(w.bishop_pawns, core::popcount(our_pawns & colour));
            s_.template add<C>(w.bishop_rammed, core::popcount(rammed & colour));
        }
        // A minor piece behind one of our pawns, shielded from the front.
        const Bitboard minors = pos_.pieces(C, kKnight) | pos_.pieces(C, kBishop);
        s_.template add<C>(w.minor_behind_pawn,
                           core::popcount(chess::forward(C, minors) & our_pawns));
        for (Bitboard b = pos_.pieces(C, kRook); b;) {
            const Square sq = Square(core::pop_lsb(b));
            s_.template add<C>(w.mobility_rook[piece(kRook, sq, chess::rook_attacks(sq, occ))]);
            files(sq, w.rook_open, w.rook_half_open);
            // Rook on the seventh (a classic of chess teaching): it cuts off the king on the
            // eighth or attacks pawns still at home.
            if (chess::relative_rank(C, sq) == 6 &&
                (chess::relative_rank(C, pos_.king_square(Them)) == 7 ||
                 (pos_.pieces(Them, kPawn) & chess::relative_rank_bb(C, 6))))
                s_.template add<C>(w.rook_seventh);
        }
        for (Bitboard b = pos_.pieces(C, kQueen); b;) {
            const Square sq = Square(core::pop_lsb(b));
            s_.template add<C>(w.mobility_queen[piece(kQueen, sq, chess::queen_attacks(sq, occ))]);
            files(sq, w.queen_open, w.queen_half_open);
        }
        s_.template add<C>(w.pst[kKing][chess::relative_square(C, pos_.king_square(C))]);
        for (int pt = kKnight; pt <= kQueen; ++pt) all |= attacked_by_[C][pt];
        attacked_[C] = all;
    }

    // Threats against C's pieces and their protection (the "threats" and "protection" terms of
    // the Cornell report's evaluation, split by attacker as in modern engines).
    template <Color C>
    void threats() {
        constexpr Color Them = other(C);
        const Weights& w = s_.w;
        const Bitboard by_pawn = attacked_by_[Them][kPawn];
        for (int pt = kKnight; pt <= kQueen; ++pt)
            s_.template add<C>(w.threat_by_pawn[pt - kKnight],
                               core::popcount(pos_.pieces(C, chess::PieceType(pt)) & by_pawn));
        const Bitboard by_minor = attacked_by_[Them][kKnight] | attacked_by_[Them][kBishop];
        s_.template add<C>(w.threat_by_lesser[0], core::popcount(pos_.pieces(C, kRook) & by_minor));
        s_.template add<C>(
            w.threat_by_lesser[1],
            core::popcount(pos_.pieces(C, kQueen) & (by_minor | attacked_by_[Them][kRook])));
        const Bitboard minors = pos_.pieces(C, kKnight) | pos_.pieces(C, kBishop);
        s_.template add<C>(w.threat_minor_by_minor, core::popcount(minors & by_minor));
        // A safe push: an enemy pawn steps (one square, or two from its start) to an empty
        // square that we do not attack or that they defend too, and attacks a piece there.
        const Bitboard empty = ~pos_.pieces();
        Bitboard push = chess::forward(Them, pos_.pieces(Them, kPawn)) & empty;
        push |= chess::forward(Them, push & chess::relative_rank_bb(Them, 2)) & empty;
        push &= ~attacked_[C] | attacked_[Them];
        const Bitboard pieces = pos_.pieces(C) & ~pos_.pieces(kPawn) & ~pos_.pieces(kKing);
        s_.template add<C>(w.threat_pawn_push,
                           core::popcount(chess::pawn_attacks_bb(Them, push) & pieces & ~by_pawn));
        const Bitboard hanging = attacked_[Them] & ~attacked_[C];
        for (int pt = kPawn; pt <= kQueen; ++pt) {
            const Bitboard b = pos_.pieces(C, chess::PieceType(pt));
            s_.template add<C>(w.threat_hanging[pt], core::popcount(b & hanging));
            s_.template add<C>(w.protection[pt], core::popcount(b & attacked_[C]));
        }
    }

    // Passed pawns beyond their rank bonus: free path to promotion, and the king race
    // (distances of both kings to the square in front, weighted by how far the pawn is).
    template <Color C>
    void passed() {
        constexpr Color Them = other(C);
        const Weights& w = s_.w;
        const Square own_king = pos_.king_square(C), their_king = pos_.king_square(Them);
        for (Bitboard b = pawns_->passed & pos_.pieces(C, kPawn); b;) {
            const Square sq = Square(core::pop_lsb(b));
            const int rr = chess::relative_rank(C, sq);
            const Square stop = sq + chess::pawn_push(C);
            const bool free = !(kMasks.forward_file[C][sq] & pos_.pieces());
            if (free) s_.template add<C>(w.passed_free[rr - 1]);
            // The next step: safe when the stop square is empty and they do not attack it;
            // blocked when one of their pieces stands on it.
            const Bitboard stop_bb = chess::square_bb(stop);
            if (!(stop_bb & (pos_.pieces() | attacked_[Them])))
                s_.template add<C>(w.passed_safe[rr - 1]);
            else if (stop_bb & pos_.pieces(Them))
                s_.template add<C>(w.passed_blocked[rr - 1]);
            // The rule of the square: with no enemy pieces but pawns, a pawn whose path is
            // empty and whose promotion square their king cannot reach in time queens.
            if (free &&
                pos_.pieces(Them) == (pos_.pieces(Them, kPawn) | pos_.pieces(Them, kKing))) {
                const Square queening = chess::make_square(chess::file_of(sq), C == kWhite ? 7 : 0);
                const int pawn_moves = std::min(7 - rr, 5);  // the first step may be two
                const int king_moves =
                    distance(their_king, queening) - (pos_.side_to_move() == Them ? 1 : 0);
                if (king_moves > pawn_moves) s_.template add<C>(w.passed_unstoppable);
            }
            if (const int factor = rr - 2; factor > 0) {
                s_.template add<C>(w.passed_king_own, factor * distance(own_king, stop));
                s_.template add<C>(w.passed_king_enemy, factor * distance(their_king, stop));
            }
        }
    }

    // Safety of C's king: attack units from the enemy pieces on its zone and safe checks turned
    // into a table entry (linear in the trace: one count at the units' index); pawn shelter
    // and pawn storm on the king's file and the two beside it.
    template <Color C>
    void king() {
        constexpr Color Them = other(C);
        const Weights& w = s_.w;
        const Square ksq = pos_.king_square(C);
        const Bitboard occ = pos_.pieces();
        const Bitboard safe = ~pos_.pieces(Them) & ~attacked_[C];
        const Bitboard diagonal = chess::bishop_attacks(ksq, occ);
        const Bitboard straight = chess::rook_attacks(ksq, occ);
        int units = king_units_[C];
        if (chess::knight_attacks(ksq) & attacked_by_[Them][kKnight] & safe)
            units += kCheckUnits[kKnight];
        if (diagonal & attacked_by_[Them][kBishop] & safe) units += kCheckUnits[kBishop];
        if (straight & attacked_by_[Them][kRook] & safe) units += kCheckUnits[kRook];
        if ((diagonal | straight) & attacked_by_[Them][kQueen] & safe) units += kCheckUnits[kQueen];
        if (!pos_.pieces(Them, kQueen)) units /= 2;  // attacks without the queen rarely mate
        s_.template add<C>(w.king_danger[std::min(units, kKingDangerSize - 1)]);
        if (const int n = king_attackers_[C])
            s_.template add<C>(w.king_attackers[std::min(n, 4) - 1]);
        // Weak squares of the zone: attacked by them, defended by nothing of ours but the king
        // or the queen.
        const Bitboard defended = attacked_by_[C][kPawn] | attacked_by_[C][kKnight] |
                                  attacked_by_[C][kBishop] | attacked_by_[C][kRook];
        s_.template add<C>(w.king_weak_zone,
                           core::popcount(king_zone_[C] & attacked_[Them] & ~defended));

        // In the ending the king belongs near the pawns: its distance to the nearest one.
        if (const Bitboard pawns = pos_.pieces(kPawn)) {
            int nearest = 7;
            for (Bitboard b = pawns; b && nearest > 1;)
                nearest = std::min(nearest, distance(ksq, Square(core::pop_lsb(b))));
            s_.template add<C>(w.king_pawn_distance, nearest);
        }

        // Shelter and storm (Chess Programming Wiki, "King Safety": pawn shield, pawn storm).
        const int king_file = std::clamp(chess::file_of(ksq), 1, 6);
        const int king_rank = chess::relative_rank(C, ksq);
        const Bitboard ahead = kMasks.ranks_ahead[C][chess::rank_of(ksq)];
        for (int f = king_file - 1; f <= king_file + 1; ++f) {
            const Bitboard file = chess::file_bb(f) & ahead;
            if (const Bitboard ours = pos_.pieces(C, kPawn) & file) {
                const Square nearest = Square(C == kWhite ? core::lsb(ours) : core::msb(ours));
                const int d = chess::relative_rank(C, nearest) - king_rank;
                s_.template add<C>(w.shelter[std::min(d, 3) - 1]);
            } else {
                s_.template add<C>(w.shelter[3]);
            }
            if (const Bitboard theirs = pos_.pieces(Them, kPawn) & file) {
                const Square nearest = Square(C == kWhite ? core::lsb(theirs) : core::msb(theirs));
                const int d = chess::relative_rank(C, nearest) - king_rank;
                if (d <= 4) s_.template add<C>(w.storm[d - 1]);
            }
        }
    }

    // Key central squares (the thesis's evaluation), castling, bishop pair.
    template <Color C>
    void other_terms() {
        const Weights& w = s_.w;
        s_.template add<C>(w.key_pawn, core::popcount(pos_.pieces(C, kPawn) & kCentreSquares));
        const Bitboard pieces = pos_.pieces(C) & ~pos_.pieces(kPawn) & ~pos_.pieces(kKing);
        s_.template add<C>(w.key_piece, core::popcount(pieces & kCentreSquares));
        s_.template add<C>(w.key_control, core::popcount(attacked_[C] & kCentreSquares));

        // Space (as in Stockfish's evaluation): squares on files c-f of our second to fourth
        // ranks that no enemy pawn attacks and no pawn of ours stands on; those up to three
        // squares behind one of our pawns count twice.
        constexpr Bitboard kSpaceZone =
            (chess::file_bb(2) | chess::file_bb(3) | chess::file_bb(4) | chess::file_bb(5)) &
            (C == kWhite ? chess::rank_bb(1) | chess::rank_bb(2) | chess::rank_bb(3)
                         : chess::rank_bb(6) | chess::rank_bb(5) | chess::rank_bb(4));
        const Bitboard our_pawns = pos_.pieces(C, kPawn);
        const Bitboard safe_space = kSpaceZone & ~our_pawns & ~attacked_by_[other(C)][kPawn];
        Bitboard behind = our_pawns;
        for (int i = 0; i < 3; ++i) behind |= chess::forward(other(C), behind);
        s_.template add<C>(w.space,
                           core::popcount(safe_space) + core::popcount(safe_space & behind));

        // Castled: the king stands where castling puts it (a1-c1 or g1-h1 from its side).
        const Square ksq = chess::relative_square(C, pos_.king_square(C));
        if (chess::rank_of(ksq) == 0 && (chess::file_of(ksq) <= 2 || chess::file_of(ksq) >= 6))
            s_.template add<C>(w.castled);
        const int rights = pos_.castling_rights() & (C == kWhite ? 3 : 12);
        s_.template add<C>(w.castling_right, core::popcount(std::uint64_t(rights)));

        // Bishop pair (a classic of chess teaching; two bishops on both square colours).
        const Bitboard bishops = pos_.pieces(C, kBishop);
        if ((bishops & kDarkSquares) && (bishops & ~kDarkSquares))
            s_.template add<C>(w.bishop_pair);
    }

    // Draw scaling out of 64 for the side ahead (blended from White's view). 0 in dead
    // positions; opposite-coloured bishops alone scale to 25-62% by the pawns of the side ahead;
    // a side ahead without pawns needs more than a minor piece, more than knights, and an edge
    // of at least a rook (unless it has the only queen) to win.
    int scale_factor(int blended) const {
        if (chess::insufficient_material(pos_)) return 0;
        if (blended == 0) return kScaleNormal;
        const Color strong = blended > 0 ? kWhite : kBlack, weak = other(strong);
        const auto count = [&](Color c, chess::PieceType pt) {
            return core::popcount(pos_.pieces(c, pt));
        };
        const auto npm = [&](Color c) {
            return 3 * (count(c, kKnight) + count(c, kBishop)) + 5 * count(c, kRook) +
                   9 * count(c, kQueen);
        };
        const int strong_pawns = count(strong, kPawn);
        const Bitboard bishops = pos_.pieces(kBishop);
        if (!(pos_.pieces(kKnight) | pos_.pieces(kRook) | pos_.pieces(kQueen)) &&
            count(kWhite, kBishop) == 1 && count(kBlack, kBishop) == 1 &&
            core::popcount(bishops & kDarkSquares) == 1)
            return std::min(40, 16 + 4 * strong_pawns);
        if (strong_pawns == 0) {
            const int strong_npm = npm(strong);
            if (strong_npm <= 3) return 0;
            if (strong_npm == 3 * count(strong, kKnight)) return 4;
            const bool only_queen = count(strong, kQueen) > 0 && count(weak, kQueen) == 0;
            if (strong_npm - npm(weak) < 5 && !only_queen) return 16;
        }
        return kScaleNormal;
    }

    const Position& pos_;
    detail::Scorer<Trace> s_;
    const PawnEntry* pawns_ = nullptr;
    Bitboard attacked_by_[2][6] = {};
    Bitboard attacked_[2] = {};
    Bitboard king_zone_[2] = {};
    Bitboard outpost_squares_[2] = {};
    int king_units_[2] = {};      // attack units against each side's king
    int king_attackers_[2] = {};  // enemy knights, bishops, rooks, queens on each king's zone
};

}  // namespace

template <class Trace>
Score evaluate(const Position& pos, const Weights& w, Trace& trace, PawnTable* pawns) {
    return Evaluation<Trace>(pos, w, trace).run(pawns);
}

template Score evaluate(const Position&, const Weights&, NoTrace&, PawnTable*);
template Score evaluate(const Position&, const Weights&, EvalTrace&, PawnTable*);
template Score evaluate(const Position&, const Weights&, SideTrace&, PawnTable*);

Score evaluate(const Position& pos) {
    NoTrace trace;
    return evaluate(pos, default_weights(), trace);
}

int game_phase(const Position& pos) {
    const int phase = core::popcount(pos.pieces(kKnight) | pos.pieces(kBishop)) +
                      2 * core::popcount(pos.pieces(kRook)) +
                      4 * core::popcount(pos.pieces(kQueen));
    return std::min(phase, kPhaseMax);
}

}  // namespace kibitz::eval
