// The chess position: bitboards plus mailbox, make/unmake with incremental Zobrist keys,
// FEN/EPD input and output, Chess960 castling, repetition history.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "chess/attacks.h"
#include "chess/bitboard.h"
#include "chess/types.h"
#include "core/result.h"

namespace kibitz::chess {

// The FEN piece-placement field ("rnbqkbnr/pppppppp/8/…") of a board given square by square
// (a1 = 0 … h8 = 63) as FEN piece letters, '\0' on the empty squares.
std::string fen_placement(const char (&board)[64]);

inline constexpr std::string_view kStartFen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// What make() changes that unmake() cannot recompute; returned by make, handed back to unmake.
struct Undo {
    std::uint64_t key;
    std::uint64_t pawn_key;
    Bitboard checkers;
    std::int32_t halfmove;
    Piece captured;
    CastlingRights castling;
    Square ep;
    Square ep_target;
};

class Position {
public:
    // The standard starting position.
    Position();

    // Parses a FEN (6 fields) or the first 4 fields of an EPD line. Castling may be KQkq,
    // X-FEN or Shredder-FEN; Chess960 is switched on when asked or when the castling field
    // needs it. The error names the field and what is wrong with it.
    static core::Result<Position> from_fen(std::string_view fen, bool chess960 = false);

    // FEN of this position (X-FEN castling field in Chess960); epd() gives the first 4 fields.
    std::string fen() const;
    std::string epd() const;

    // --- Board contents ---
    Bitboard pieces() const { return by_color_[kWhite] | by_color_[kBlack]; }
    Bitboard pieces(Color c) const { return by_color_[c]; }
    Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
    Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
    Bitboard pieces(Color c, PieceType a, PieceType b) const {
        return by_color_[c] & (by_type_[a] | by_type_[b]);
    }
    Piece piece_on(Square s) const { return board_[s]; }
    Square king_square(Color c) const { return Square(core::lsb(pieces(c, kKing))); }

    // --- State ---
    Color side_to_move() const { return side_; }
    CastlingRights castling_rights() const { return castling_; }
    // The en-passant target square, set only when an en-passant capture is legal.
    Square ep_square() const { return ep_; }
    // The square passed by the last double pawn push when a pawn of the side to move stands
    // beside it (Polyglot's rule), legal or not; kNoSquare otherwise.
    Square ep_target() const { return ep_target_; }
    int halfmove_clock() const { return halfmove_; }
    int fullmove_number() const { return game_ply_ / 2 + 1; }
    // Half-moves since the start of the game (from the FEN's move number).
    int game_ply() const { return game_ply_; }
    std::uint64_t key() const { return key_; }
    std::uint64_t pawn_key() const { return pawn_key_; }
    bool chess960() const { return chess960_; }
    void set_chess960(bool on) { chess960_ = on; }

    // --- Castling geometry ---
    // The rook that castles for this right, kNoSquare if the right is absent.
    Square castling_rook(CastlingRights r) const { return castling_rook_[castling_index(r)]; }
    // Squares that must be empty / must not be attacked for this castling.
    Bitboard castling_path(CastlingRights r) const { return castling_path_[castling_index(r)]; }
    Bitboard castling_king_path(CastlingRights r) const {
        return castling_king_path_[castling_index(r)];
    }

    // --- Attacks and checks ---
    Bitboard checkers() const { return checkers_; }
    bool in_check() const { return checkers_ != 0; }
    // All pieces of both colours attacking s with the given occupancy.
    Bitboard attackers_to(Square s, Bitboard occ) const;
    Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
    // Pieces of colour c that block a slider's line to c's king (pinned pieces when of colour c).
    Bitboard king_blockers(Color c) const;

    // --- Moves ---
    // Plays a legal move; returns what unmake needs.
    Undo make(Move m);
    // Takes back m, which must be the last move made, with the Undo that make returned.
    void unmake(Move m, const Undo& u);
    // Passes the move to the opponent (null move); not allowed in check.
    Undo make_null();
    void unmake_null(const Undo& u);
    // True when m is a legal move in this position.
    bool is_legal(Move m) const;
    // True when m captures (including en passant).
    bool is_capture(Move m) const {
        return m.kind() == Move::kEnPassant ||
               (m.kind() != Move::kCastling && board_[m.to()] != kNoPiece);
    }
    // The piece that m moves.
    Piece moved_piece(Move m) const { return board_[m.from()]; }
    // True when the legal move m checks the opponent's king (directly or by discovery).
    bool gives_check(Move m) const;
    // True when colour c has a piece other than pawns and king (null-move safety).
    bool has_non_pawn_material(Color c) const {
        return pieces(c) & ~(by_type_[kPawn] | by_type_[kKing]);
    }

    // --- Game history ---
    // How many times the current position has occurred (counting this one) since the last
    // irreversible move, by key: 3 or more means threefold repetition may be claimed.
    int repetition_count() const;
    // True when the position already occurred since the last irreversible move.
    bool is_repetition() const { return repetition_count() >= 2; }
    // Forgets the history before the current position (e.g. for a new search root).
    void clear_history() { history_.clear(); }

    // Recomputes the keys from scratch (for tests of the incremental update).
    std::uint64_t compute_key() const;
    std::uint64_t compute_pawn_key() const;

    // Same pieces, side, rights and en passant (ignores counters and history).
    bool same_position(const Position& o) const;

private:
    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    void set_castling_right(Color c, Square rook_sq);
    void update_en_passant(Square target);
    bool ep_capture_legal(Square from, Square ep) const;
    struct Empty {};
    explicit Position(Empty);

    Bitboard by_type_[kPieceTypeCount] = {};
    Bitboard by_color_[2] = {};
    Piece board_[64];  // kNoPiece on empty squares
    Color side_ = kWhite;
    CastlingRights castling_ = kNoCastling;
    Square ep_ = kNoSquare;
    Square ep_target_ = kNoSquare;
    int halfmove_ = 0;
    int game_ply_ = 0;
    std::uint64_t key_ = 0;
    std::uint64_t pawn_key_ = 0;
    Bitboard checkers_ = 0;
    bool chess960_ = false;
    Square castling_rook_[4] = {kNoSquare, kNoSquare, kNoSquare, kNoSquare};
    Bitboard castling_path_[4] = {};
    Bitboard castling_king_path_[4] = {};
    CastlingRights castling_mask_[64] = {};
    std::vector<std::uint64_t> history_;  // keys of the positions before this one
};

}  // namespace kibitz::chess
