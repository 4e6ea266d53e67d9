// Chess as a search::Game: the rules of src/chess/ seen through the search library's concept.
#pragma once

#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/see.h"
#include "chess/status.h"
#include "core/bits.h"
#include "engine/tablebases.h"
#include "search/game.h"
#include "search/params.h"
#include "search/score.h"

namespace kibitz::engine {

class ChessGame {
public:
    using Move = chess::Move;
    using Undo = chess::Undo;
    using MoveList = chess::MoveList;

    ChessGame() = default;
    explicit ChessGame(chess::Position pos) : pos_(std::move(pos)) {}

    const chess::Position& position() const { return pos_; }
    chess::Position& position() { return pos_; }

    std::uint64_t key() const { return pos_.key(); }
    void generate(MoveList& list) const { chess::generate<chess::Gen::kAll>(pos_, list); }
    void generate_tactical(MoveList& list) const {
        chess::generate<chess::Gen::kTactical>(pos_, list);
    }
    void generate_quiet(MoveList& list) const { chess::generate<chess::Gen::kQuiet>(pos_, list); }
    bool is_legal(Move m) const { return pos_.is_legal(m); }
    Undo make(Move m) { return pos_.make(m); }
    void unmake(Move m, const Undo& u) { pos_.unmake(m, u); }
    Undo make_null() { return pos_.make_null(); }
    void unmake_null(const Undo& u) { pos_.unmake_null(u); }
    bool in_check() const { return pos_.in_check(); }

    // No legal move: mated when in check, else stalemate (a draw).
    search::Score terminal_score(int ply) const {
        return pos_.in_check() ? search::mated_in(ply) : search::kDraw;
    }

    // Draws the search scores as 0 before looking at moves: a repetition of any earlier
    // position since the last irreversible move, the fifty-move rule (unless the side to move
    // is mated), and insufficient material.
    bool is_draw(int /*ply*/) const {
        if (pos_.halfmove_clock() >= 100 &&
            (!pos_.in_check() || chess::count_legal_moves(pos_) > 0))
            return true;
        return pos_.is_repetition() || chess::insufficient_material(pos_);
    }

    // The search's margins in centipawns; the other parameters keep their defaults.
    static constexpr search::SearchParams search_params() {
        search::SearchParams p;
        p.aspiration_window = 25;
        p.score_drop = 30;
        p.rfp_margin = 90;
        p.rfp_improving = 30;
        p.nmp_eval_step = 200;
        p.futility_base = 100;
        p.futility_per_depth = 120;
        p.see_tactical = 100;
        p.see_quiet = 30;
        p.delta_margin = 200;
        p.se_margin = 2;
        // Each kept by an SPRT (docs/strength.md): correction history +26.6 +/- 16.6 Elo over
        // 993 games; continuation history in the order and in LMR +22.7 +/- 15.0 over 1,059.
        p.correction_limit = 96;
        p.continuation_plies = 3;
        p.lmr_continuation = 1;
        return p;
    }

    // History-table index of a move: moving piece and destination.
    static constexpr int kMoveIndexCount = 12 * 64;
    int move_index(Move m) const { return pos_.moved_piece(m) * 64 + m.to(); }
    // Capture-history index of a tactical move: moving piece, destination, captured piece type
    // (en passant a pawn; a promotion without capture kNoPieceType).
    static constexpr int kCaptureIndexCount = 12 * 64 * 8;
    int capture_index(Move m) const {
        using namespace chess;
        const Piece victim = m.kind() == Move::kCastling ? kNoPiece : pos_.piece_on(m.to());
        const int captured = m.kind() == Move::kEnPassant ? kPawn
                             : victim == kNoPiece         ? kNoPieceType
                                                          : type_of(victim);
        return (pos_.moved_piece(m) * 64 + m.to()) * 8 + captured;
    }

    // Tactical facts for ordering and pruning.
    bool is_tactical(Move m) const { return pos_.is_capture(m) || m.kind() == Move::kPromotion; }
    // MVV-LVA (most valuable victim, least valuable attacker), promotions counted as gains.
    int capture_order(Move m) const {
        const int victim = captured_value(m) +
                           (m.kind() == Move::kPromotion ? chess::kSeeValue[m.promotion()] : 0);
        return victim * 8 - type_of(pos_.moved_piece(m));
    }
    int captured_value(Move m) const {
        if (m.kind() == Move::kEnPassant) return chess::kSeeValue[chess::kPawn];
        if (m.kind() == Move::kCastling || pos_.piece_on(m.to()) == chess::kNoPiece) return 0;
        return chess::kSeeValue[type_of(pos_.piece_on(m.to()))];
    }
    bool see_ge(Move m, int threshold) const { return chess::see_ge(pos_, m, threshold); }
    bool gives_check(Move m) const { return pos_.gives_check(m); }
    // Our pieces attacked by a lesser enemy piece (pieces other than pawns by pawns; rooks and
    // queens by minor pieces; queens by rooks): moving them away is usually urgent.
    std::uint64_t threatened() const {
        using namespace chess;
        const Color us = pos_.side_to_move(), them = ~us;
        const Bitboard occ = pos_.pieces();
        Bitboard by_pawns = pawn_attacks_bb(them, pos_.pieces(them, kPawn));
        Bitboard by_minors = 0, by_rooks = 0;
        for (Bitboard b = pos_.pieces(them, kKnight); b;)
            by_minors |= knight_attacks(Square(core::pop_lsb(b)));
        for (Bitboard b = pos_.pieces(them, kBishop); b;)
            by_minors |= bishop_attacks(Square(core::pop_lsb(b)), occ);
        for (Bitboard b = pos_.pieces(them, kRook); b;)
            by_rooks |= rook_attacks(Square(core::pop_lsb(b)), occ);
        return (by_pawns & (pos_.pieces(us) & ~pos_.pieces(kPawn) & ~pos_.pieces(kKing))) |
               (by_minors & pos_.pieces(us, kRook, kQueen)) | (by_rooks & pos_.pieces(us, kQueen));
    }
    // True when the quiet move m takes a threatened piece to a square no enemy pawn attacks.
    bool escapes(Move m, std::uint64_t threatened) const {
        using namespace chess;
        return (threatened & square_bb(m.from())) && !(pawn_attacks(pos_.side_to_move(), m.to()) &
                                                       pos_.pieces(~pos_.side_to_move(), kPawn));
    }

    // True when the quiet move m attacks an enemy piece worth more than the mover (a pawn a
    // piece, a minor piece a rook or queen, a rook a queen) from a square no enemy pawn attacks.
    bool threatens(Move m) const {
        using namespace chess;
        const Color us = pos_.side_to_move(), them = ~us;
        const Square to = m.to();
        if (pawn_attacks(us, to) & pos_.pieces(them, kPawn)) return false;
        const Bitboard occ = (pos_.pieces() ^ square_bb(m.from())) | square_bb(to);
        switch (type_of(pos_.moved_piece(m))) {
            case kPawn:
                return pawn_attacks(us, to) & pos_.pieces(them) & ~pos_.pieces(kPawn) &
                       ~pos_.pieces(kKing);
            case kKnight: return knight_attacks(to) & pos_.pieces(them, kRook, kQueen);
            case kBishop: return bishop_attacks(to, occ) & pos_.pieces(them, kRook, kQueen);
            case kRook: return rook_attacks(to, occ) & pos_.pieces(them, kQueen);
            default: return false;
        }
    }

    // Keys of correction history: the pawns, and the number of each piece, with the side to
    // move.
    static constexpr std::uint64_t kBlackKey = 0x6A09E667F3BCC909ull;  // in pawn_key
    std::uint64_t pawn_key() const {
        return pos_.pawn_key() ^ (pos_.side_to_move() == chess::kBlack ? kBlackKey : 0);
    }
    std::uint64_t material_key() const {
        using namespace chess;
        std::uint64_t counts = pos_.side_to_move();
        for (const Color c : {kWhite, kBlack})
            for (const PieceType t : {kPawn, kKnight, kBishop, kRook, kQueen})
                counts = counts * 16 + std::uint64_t(core::popcount(pos_.pieces(c, t)));
        return (counts * 0x9E3779B97F4A7C15ull) >> 20;  // spread into the low bits
    }

    // Endgame tables (none when tables is null or empty); the tables must outlive the game.
    void set_tables(const Tablebases* tables) {
        tables_ = tables && tables->max_men() > 0 ? tables : nullptr;
    }
    bool probe_table(int ply, search::Depth depth, search::Score& score) const {
        if (!tables_ || core::popcount(pos_.pieces()) > tables_->max_men()) return false;
        // Syzygy's probe searches the captures: it makes and unmakes moves on the position
        // and leaves it exactly as it was.
        const auto s = tables_->probe_score(const_cast<chess::Position&>(pos_), ply, depth);
        if (!s) return false;
        score = *s;
        return true;
    }
    bool rank_table_root(const std::vector<chess::Move>& moves, std::vector<int>& ranks) {
        return tables_ && tables_->rank_root(pos_, moves, ranks);
    }

    // A null move is unsafe in zugzwang, which threatens when only pawns are left.
    bool null_move_allowed() const { return pos_.has_non_pawn_material(pos_.side_to_move()); }

private:
    chess::Position pos_;
    const Tablebases* tables_ = nullptr;
};

static_assert(search::Game<ChessGame>);
static_assert(search::HasNullMove<ChessGame> && search::HasTactical<ChessGame> &&
              search::HasCheck<ChessGame> && search::HasDraw<ChessGame> &&
              search::HasMoveIndex<ChessGame> && search::HasTableProbe<ChessGame> &&
              search::HasTableRootRanks<ChessGame>);

}  // namespace kibitz::engine
