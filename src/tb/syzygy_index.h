// Syzygy tables: the index of a position, as the public generator numbers the placements of a
// table's pieces (written from the format's description; see docs/tablebases.md).
//
// 1. The table's pieces come in groups: the leading group first (both kings and one more
//    unique piece when the material has one, else the two kings; with pawns, the pawns of the
//    leading colour), then runs of identical pieces in the order the file gives.
// 2. Symmetry puts the leading piece in a small region: with pawns, the leading pawn (the one
//    nearest an edge file, then the lowest) on files a-d, one sub-table per file; without
//    pawns, the first piece in the triangle a1-d1-d4, and the first piece of the leading group
//    off the a1-h8 diagonal below it.
// 3. The leading group gets a dense number (the 462 king pairs, the 31332 placements of three
//    unique pieces, or a pawn combination); every other group the combination number of its
//    sorted squares, counted over the squares that earlier groups leave free.
// 4. The index is a mixed-radix number of the group numbers, in the per-table group order
//    stored in the file (the "order" nibbles), which the loader turns into group weights.
#pragma once

#include <cstdint>

namespace kibitz::tb::syzygy {

// Syzygy tables have at most 7 men; the index works up to 8.
inline constexpr int kMaxPieces = 8;

// The encoding of one sub-table (one side to move, one leading-pawn file): its pieces in
// order, the lengths of its groups and the weight of each group in the index.
struct Encoding {
    int n = 0;                                  // pieces
    std::uint8_t pieces[kMaxPieces] = {};       // piece codes: 1..6 White P N B R Q K, 9..14 Black
    int groups = 0;                             // groups in use
    int group_len[kMaxPieces + 1] = {};         // pieces per group, 0 after the last
    std::uint64_t weight[kMaxPieces + 1] = {};  // index weight per group; weight[groups] = size
};

// What the material says about the index.
struct Shape {
    bool pawns = false;   // any pawn on the board
    bool unique = false;  // some non-king piece (pawns too) is alone of its kind
    int lead_pawns = 0;   // pawns of the leading colour (0 without pawns)
    int other_pawns = 0;  // pawns of the other colour
};

// Sets the groups and weights of e (e.pieces and e.n set) for the leading-pawn file `file`
// (0 without pawns) from the two order nibbles of the file. False when the numbers cannot
// belong to a valid table (a group order out of range).
bool set_groups(Encoding& e, const Shape& shape, int order0, int order1, int file);

// The rank of a pawn square for choosing the leading pawn: the larger, the nearer an edge
// file, then the lower rank (a2 = 47 … d7 = 0). Squares a1 = 0 … h8 = 63.
int pawn_rank(int square);

// The index of squares sq[0..e.n) of the pieces in e's order (pawns of the leading colour
// first, the leading pawn at sq[0]), oriented by the caller only for colour. Reorders and
// mirrors sq.
std::uint64_t encode(const Encoding& e, const Shape& shape, int* sq);

}  // namespace kibitz::tb::syzygy
