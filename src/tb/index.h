// The index of a table: a number for each placement of the table's pieces, per side to move.
//
// Piece order: 0 = side 0's king (White in the table), 1 = side 1's king, then side 0's pieces
// in the order Q R B N P, then side 1's. The index is
//   king_pair * prod(radix) + digits of the other pieces (64 squares, or 48 for pawns),
// the last piece changing fastest. Symmetry shrinks the king pairs: without pawns the board's
// 8 symmetries put side 0's king in the triangle a1-d1-d4 (and side 1's king on or below the
// a1-h8 diagonal when side 0's king is on it): 462 pairs; with pawns the left-right mirror puts
// side 0's king on files a-d: 1806 pairs. Identical pieces are stored in ascending square
// order. Placements that other indices already represent (or with pieces on one square) are
// left unused; the generator marks them illegal.
#pragma once

#include <cstdint>

#include "chess/types.h"
#include "tb/material.h"

namespace kibitz::tb {

inline constexpr int kPawnlessKingPairs = 462;
inline constexpr int kPawnKingPairs = 1806;

class Indexer {
public:
    // The index of a canonical material.
    explicit Indexer(const Material& m);

    const Material& material() const { return material_; }
    int men() const { return n_; }
    bool pawns() const { return pawns_; }
    // Colour (kWhite = side 0) and type of piece i in table order.
    chess::Color color(int i) const { return color_[i]; }
    chess::PieceType type(int i) const { return type_[i]; }
    // Indices per side to move.
    std::uint64_t size() const { return size_; }

    // The index of a placement (sq[i] is the square of piece i; any of the symmetric forms;
    // kings not adjacent, pawns on ranks 2-7, no two pieces on one square).
    std::uint64_t index(const chess::Square* sq) const;
    // The placement stored at idx, as index() orders it (may be unused: see above).
    void decode(std::uint64_t idx, chess::Square* sq) const;
    // True when decode(idx) gave sq and idx is the index of that placement (pieces on distinct
    // squares assumed): a faster index(sq) == idx.
    bool is_canonical(std::uint64_t idx, const chess::Square* sq) const;
    // The index of the placement sq (the decoded canonical form of idx) with piece i moved to
    // square to: incremental when the symmetry and the order of identical pieces cannot
    // change, else index().
    std::uint64_t moved_index(std::uint64_t idx, const chess::Square* sq, int i,
                              chess::Square to) const;

private:
    std::uint64_t raw_index(chess::Square* s) const;  // sorts identical pieces in s

    Material material_;
    int n_ = 2;
    bool pawns_ = false;
    chess::Color color_[kMaxMen] = {};
    chess::PieceType type_[kMaxMen] = {};
    int radix_[kMaxMen] = {};
    std::uint64_t weight_[kMaxMen] = {};  // the index step of one square of piece i
    bool twin_[kMaxMen] = {};             // piece i has an identical piece
    int offset_[kMaxMen] = {};            // 8 for pawns: squares a2..h7 become 0..47
    // Runs of identical pieces: [start, start + length).
    int group_start_[kMaxMen] = {};
    int group_len_[kMaxMen] = {};
    int groups_ = 0;
    const std::int16_t* pair_index_ = nullptr;          // [64 * 64]: king pair or -1
    const chess::Square (*pair_squares_)[2] = nullptr;  // [pairs]: the two kings' squares
    std::uint64_t per_king_pair_ = 1;
    std::uint64_t size_ = 0;
};

// Symmetries of squares.
constexpr chess::Square mirror_file(chess::Square s) { return chess::Square(s ^ 7); }
constexpr chess::Square mirror_rank(chess::Square s) { return chess::Square(s ^ 56); }
constexpr chess::Square transpose(chess::Square s) {
    return chess::Square(((s & 7) << 3) | (s >> 3));
}
constexpr chess::Square anti_transpose(chess::Square s) { return chess::Square(63 - transpose(s)); }

}  // namespace kibitz::tb
