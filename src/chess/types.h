// Basic chess types: colours, pieces, squares, castling rights and the 16-bit move.
#pragma once

#include <cstdint>

namespace kibitz::chess {

enum Color : std::uint8_t { kWhite, kBlack };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : std::uint8_t { kPawn, kKnight, kBishop, kRook, kQueen, kKing, kNoPieceType };
constexpr int kPieceTypeCount = 6;

// A coloured piece: colour * 6 + type; kNoPiece marks an empty square.
enum Piece : std::uint8_t { kNoPiece = 12 };
constexpr Piece make_piece(Color c, PieceType pt) { return Piece(c * 6 + pt); }
constexpr Color color_of(Piece p) { return Color(p >= 6); }
constexpr PieceType type_of(Piece p) { return PieceType(p % 6); }

// clang-format off
enum Square : std::uint8_t {
    kA1, kB1, kC1, kD1, kE1, kF1, kG1, kH1,
    kA2, kB2, kC2, kD2, kE2, kF2, kG2, kH2,
    kA3, kB3, kC3, kD3, kE3, kF3, kG3, kH3,
    kA4, kB4, kC4, kD4, kE4, kF4, kG4, kH4,
    kA5, kB5, kC5, kD5, kE5, kF5, kG5, kH5,
    kA6, kB6, kC6, kD6, kE6, kF6, kG6, kH6,
    kA7, kB7, kC7, kD7, kE7, kF7, kG7, kH7,
    kA8, kB8, kC8, kD8, kE8, kF8, kG8, kH8,
    kNoSquare
};
// clang-format on

constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr bool is_ok(Square s) { return s < kNoSquare; }
// The square seen from the given side: ranks mirrored for Black.
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
constexpr int relative_rank(Color c, Square s) { return c == kWhite ? rank_of(s) : 7 - rank_of(s); }
// One step forward for the given side.
constexpr int pawn_push(Color c) { return c == kWhite ? 8 : -8; }
constexpr Square operator+(Square s, int d) { return Square(int(s) + d); }
constexpr Square operator-(Square s, int d) { return Square(int(s) - d); }

// Castling rights: one bit for each side and wing.
enum CastlingRights : std::uint8_t {
    kNoCastling = 0,
    kWhiteOO = 1,
    kWhiteOOO = 2,
    kBlackOO = 4,
    kBlackOOO = 8,
    kAllCastling = 15,
};
constexpr CastlingRights operator|(CastlingRights a, CastlingRights b) {
    return CastlingRights(int(a) | int(b));
}
constexpr CastlingRights operator&(CastlingRights a, CastlingRights b) {
    return CastlingRights(int(a) & int(b));
}
constexpr CastlingRights operator~(CastlingRights a) { return CastlingRights(~int(a) & 15); }
// The right of one side on one wing (king side when king_side).
constexpr CastlingRights castling_right(Color c, bool king_side) {
    return CastlingRights((king_side ? 1 : 2) << (2 * c));
}
// Index 0..3 of a single right (for per-right tables).
constexpr int castling_index(CastlingRights r) {
    return r == kWhiteOO ? 0 : r == kWhiteOOO ? 1 : r == kBlackOO ? 2 : 3;
}

// A move in 16 bits: to (0-5), from (6-11), promotion piece - knight (12-13), kind (14-15).
// Castling is stored as "king takes own rook", which serves standard chess and Chess960 alike.
class Move {
public:
    enum Kind : std::uint16_t {
        kNormal = 0,
        kPromotion = 1 << 14,
        kEnPassant = 2 << 14,
        kCastling = 3 << 14
    };

    constexpr Move() = default;
    constexpr Move(Square from, Square to) : data_(std::uint16_t(from << 6 | to)) {}
    constexpr Move(Square from, Square to, Kind kind, PieceType promo = kKnight)
        : data_(std::uint16_t(kind | (promo - kKnight) << 12 | from << 6 | to)) {}

    // The empty move (no move) and the null move (pass, for null-move pruning).
    static constexpr Move none() { return Move(); }
    static constexpr Move null() { return Move(kB1, kB1); }

    constexpr Square from() const { return Square((data_ >> 6) & 63); }
    constexpr Square to() const { return Square(data_ & 63); }
    constexpr Kind kind() const { return Kind(data_ & (3 << 14)); }
    // The promotion piece; meaningful only for promotions.
    constexpr PieceType promotion() const { return PieceType(((data_ >> 12) & 3) + kKnight); }
    constexpr bool is_ok() const { return from() != to(); }
    constexpr std::uint16_t raw() const { return data_; }
    static constexpr Move from_raw(std::uint16_t raw) {
        Move m;
        m.data_ = raw;
        return m;
    }

    constexpr bool operator==(const Move&) const = default;

private:
    std::uint16_t data_ = 0;
};

}  // namespace kibitz::chess
