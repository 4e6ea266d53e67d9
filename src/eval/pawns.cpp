// Pawn structure evaluation and the pawn hash table.
//
// The pawn terms are the classical ones of chess teaching (doubled, isolated, backward, passed,
// chains and phalanxes; e.g. Nimzowitsch, "My System"); caching them by a pawn-only key is the
// usual pawn hash table of chess programs since the 1970s (pawn structures change rarely
// within a search, so hit rates above 90% are common).
#include "eval/pawns.h"

#include "core/bits.h"
#include "eval/masks.h"

namespace kibitz::eval {

using chess::Color;
using chess::kBlack;
using chess::kPawn;
using chess::kWhite;
using chess::Square;

namespace {

template <Color C, class Trace>
void pawns_of(const chess::Position& pos, detail::Scorer<Trace>& s, PawnEntry& e) {
    constexpr Color Them = C == kWhite ? kBlack : kWhite;
    const Weights& w = s.w;
    const Bitboard ours = pos.pieces(C, kPawn), theirs = pos.pieces(Them, kPawn);
    int advanced = 0;
    for (Bitboard b = ours; b;) {
        const Square sq = Square(core::pop_lsb(b));
        const int f = chess::file_of(sq), rr = chess::relative_rank(C, sq);  // rr in 1..6
        const Square stop = sq + chess::pawn_push(C);
        const Bitboard beside = kMasks.adjacent_files[f] & ours;
        advanced += rr - 1;
        s.template add<C>(w.pst[kPawn][chess::relative_square(C, sq)]);

        const bool doubled = kMasks.forward_file[C][sq] & ours;
        if (doubled) s.template add<C>(w.doubled);
        if (!beside) {
            s.template add<C>(w.isolated);
        } else if (!(beside & ~kMasks.ranks_ahead[C][chess::rank_of(sq)]) &&
                   (chess::pawn_attacks(C, stop) & theirs)) {
            // Every neighbour is ahead of it and an enemy pawn guards the square in front.
            s.template add<C>(w.backward);
        }
        if (chess::pawn_attacks(Them, sq) & ours) s.template add<C>(w.chain[rr - 2]);
        if (beside & chess::rank_bb(chess::rank_of(sq))) s.template add<C>(w.phalanx[rr - 1]);
        if (!doubled && !(kMasks.passed_span[C][sq] & theirs)) {
            e.passed |= chess::square_bb(sq);
            s.template add<C>(w.passed[rr - 1]);
        }
    }
    s.template add<C>(w.advance, advanced);
}

}  // namespace

template <class Trace>
void evaluate_pawns(const chess::Position& pos, const Weights& w, Trace& trace, PawnEntry& e) {
    detail::Scorer<Trace> s{w, trace};
    e.passed = 0;
    pawns_of<kWhite>(pos, s, e);
    pawns_of<kBlack>(pos, s, e);
    e.mg = s.mg;
    e.eg = s.eg;
}

template void evaluate_pawns(const chess::Position&, const Weights&, NoTrace&, PawnEntry&);
template void evaluate_pawns(const chess::Position&, const Weights&, EvalTrace&, PawnEntry&);
template void evaluate_pawns(const chess::Position&, const Weights&, SideTrace&, PawnEntry&);

PawnTable::PawnTable(int size_log2)
    : entries_(std::size_t(1) << size_log2), mask_((std::uint64_t(1) << size_log2) - 1) {}

void PawnTable::clear() {
    for (auto& e : entries_) e = PawnEntry{};
}

void PawnTable::reset_for(const Weights& w) {
    clear();
    weights_ = &w;
}

const PawnEntry& PawnTable::fill(PawnEntry& e, const chess::Position& pos) {
    ++misses_;
    NoTrace trace;
    evaluate_pawns(pos, *weights_, trace, e);
    e.key = pos.pawn_key();
    return e;
}

}  // namespace kibitz::eval
