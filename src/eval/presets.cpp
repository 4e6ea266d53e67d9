// The seed papers' evaluations (thesis and Cornell report) and the preset switch.
#include "eval/presets.h"

#include <string>

#include "chess/attacks.h"
#include "core/bits.h"
#include "eval/chess_eval.h"
#include "eval/masks.h"

namespace kibitz::eval {

using chess::Color;
using chess::kBlack;
using chess::kKing;
using chess::kPawn;
using chess::kWhite;
using chess::Position;
using chess::Square;

namespace {

// Every square attacked by side c (pawns diagonally, sliders stopped by the first piece).
Bitboard attacks_of_side(const Position& pos, Color c) {
    Bitboard a = chess::pawn_attacks_bb(c, pos.pieces(c, kPawn));
    const Bitboard occ = pos.pieces();
    for (Bitboard b = pos.pieces(c) & ~pos.pieces(kPawn); b;) {
        const Square sq = Square(core::pop_lsb(b));
        a |= chess::attacks_of(chess::type_of(pos.piece_on(sq)), sq, occ);
    }
    return a;
}

// Sum over c's pawns of the ranks each has advanced from its starting rank.
int pawn_ranks_advanced(const Position& pos, Color c) {
    int n = 0;
    for (Bitboard b = pos.pieces(c, kPawn); b;)
        n += chess::relative_rank(c, Square(core::pop_lsb(b))) - 1;
    return n;
}

// The king stands where castling puts it: a1-c1 or g1-h1 from its side's view.
bool castled(const Position& pos, Color c) {
    const Square k = chess::relative_square(c, pos.king_square(c));
    return chess::rank_of(k) == 0 && (chess::file_of(k) <= 2 || chess::file_of(k) >= 6);
}

// The thesis's points of side c. Our readings of its one-line descriptions: "each square
// attacked" counts distinct squares; "key squares occupied" counts any own piece or pawn on
// d4 e4 d5 e5; a passed pawn has no enemy pawn ahead on its file or the adjacent ones; "doubled
// pawns" counts each pawn beyond the first on a file; "adjacent pawn (chain)" counts each
// diagonal link between two own pawns (a pawn defended by two pawns has two links).
int thesis_points(const Position& pos, Color c, const ThesisWeights& w) {
    const Color them = c == kWhite ? kBlack : kWhite;
    const Bitboard pawns = pos.pieces(c, kPawn);
    const auto count = [&](chess::PieceType pt) { return core::popcount(pos.pieces(c, pt)); };
    int points = w.pawn * count(kPawn) + w.knight * count(chess::kKnight) +
                 w.bishop * count(chess::kBishop) + w.rook * count(chess::kRook) +
                 w.queen * count(chess::kQueen);
    points += w.attacked_square * core::popcount(attacks_of_side(pos, c));
    points += w.key_square * core::popcount(pos.pieces(c) & kCentreSquares);
    for (int f = 0; f < 8; ++f)
        if (const int n = core::popcount(pawns & chess::file_bb(f)); n > 1)
            points += w.doubled_pawn * (n - 1);
    if (castled(pos, c)) points += w.castled;
    points += w.pawn_rank * pawn_ranks_advanced(pos, c);
    for (Bitboard b = pawns; b;) {
        const Square sq = Square(core::pop_lsb(b));
        if (!(kMasks.passed_span[c][sq] & pos.pieces(them, kPawn))) points += w.passed_pawn;
        points += w.pawn_chain * core::popcount(chess::pawn_attacks(c, sq) & pawns);
    }
    return points;
}

// The Cornell report's points of side c. Mobility counts pseudo-legal moves (pawn pushes,
// double pushes and captures; a promotion counts once; castling and en passant are left out);
// threats count enemy pieces of each type that c attacks, protection own pieces that c defends.
int franaszczuk_points(const Position& pos, Color c, const FranaszczukWeights& w) {
    const Color them = c == kWhite ? kBlack : kWhite;
    const Bitboard occ = pos.pieces(), own = pos.pieces(c), empty = ~occ;
    int points = w.pawn_advance * pawn_ranks_advanced(pos, c);
    for (int pt = kPawn; pt <= kKing; ++pt)
        points += w.material[pt] * core::popcount(pos.pieces(c, chess::PieceType(pt)));

    const Bitboard pawns = pos.pieces(c, kPawn);
    const Bitboard single = chess::forward(c, pawns) & empty;
    const Bitboard twice = chess::forward(c, single & chess::relative_rank_bb(c, 2)) & empty;
    const Bitboard ahead = chess::forward(c, pawns);
    const int captures = core::popcount(chess::east(ahead) & pos.pieces(them)) +
                         core::popcount(chess::west(ahead) & pos.pieces(them));
    points += w.mobility[kPawn] * (core::popcount(single) + core::popcount(twice) + captures);

    Bitboard attacked = chess::pawn_attacks_bb(c, pawns);
    for (Bitboard b = own & ~pawns; b;) {
        const Square sq = Square(core::pop_lsb(b));
        const chess::PieceType pt = chess::type_of(pos.piece_on(sq));
        const Bitboard a = chess::attacks_of(pt, sq, occ);
        attacked |= a;
        points += w.mobility[pt] * core::popcount(a & ~own);
    }
    for (int pt = kPawn; pt <= kKing; ++pt) {
        points += w.threats[pt] * core::popcount(attacked & pos.pieces(them, chess::PieceType(pt)));
        points += w.protection[pt] * core::popcount(attacked & pos.pieces(c, chess::PieceType(pt)));
    }
    return points;
}

}  // namespace

Score evaluate_thesis(const Position& pos, const ThesisWeights& w) {
    const Color us = pos.side_to_move();
    return thesis_points(pos, us, w) - thesis_points(pos, us == kWhite ? kBlack : kWhite, w);
}

Score evaluate_thesis(const Position& pos) { return evaluate_thesis(pos, ThesisWeights{}); }

Score evaluate_franaszczuk(const Position& pos, const FranaszczukWeights& w) {
    const Color us = pos.side_to_move();
    return franaszczuk_points(pos, us, w) -
           franaszczuk_points(pos, us == kWhite ? kBlack : kWhite, w);
}

const FranaszczukWeights& default_franaszczuk_weights() {
    static const FranaszczukWeights w{};
    return w;
}

core::Result<Preset> parse_preset(std::string_view text) {
    if (text == "full") return Preset::kFull;
    if (text == "thesis") return Preset::kThesis;
    if (text == "franaszczuk" || text == "cornell") return Preset::kFranaszczuk;
    return core::error("unknown evaluation preset '" + std::string(text) +
                       "' (expected full, thesis or franaszczuk)");
}

std::string_view to_string(Preset preset) {
    switch (preset) {
        case Preset::kFull: return "full";
        case Preset::kThesis: return "thesis";
        case Preset::kFranaszczuk: return "franaszczuk";
    }
    return "";
}

Score evaluate(const Position& pos, Preset preset) {
    switch (preset) {
        case Preset::kFull: return evaluate(pos);
        case Preset::kThesis: return evaluate_thesis(pos);
        case Preset::kFranaszczuk: return evaluate_franaszczuk(pos, default_franaszczuk_weights());
    }
    return 0;
}

}  // namespace kibitz::eval
