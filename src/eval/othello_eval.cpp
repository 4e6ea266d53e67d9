#include "eval/othello_eval.h"

#include <algorithm>
#include <array>
#include <bit>

#include "eval/othello_patterns.h"

namespace kibitz::eval {

using othello::Bitboard;

int othello_square_class(int sq) {
    int r = othello::row_of(sq), c = othello::column_of(sq);
    r = std::min(r, 7 - r);
    c = std::min(c, 7 - c);
    if (r > c) std::swap(r, c);
    // (row, column) with row <= column <= 3, in the order of OthelloSquareClass.
    static constexpr int kClass[4][4] = {{kSqCorner, kSqC, kSqA, kSqB},
                                         {-1, kSqX, kSqC2, kSqD2},
                                         {-1, -1, kSqC3, kSqD3},
                                         {-1, -1, -1, kSqCentre}};
    return kClass[r][c];
}

namespace {

struct ClassMasks {
    std::array<Bitboard, kSquareClasses> mask{};
    ClassMasks() {
        for (int sq = 0; sq < 64; ++sq)
            mask[std::size_t(othello_square_class(sq))] |= Bitboard{1} << sq;
    }
};
const ClassMasks& class_masks() {
    static const ClassMasks masks;
    return masks;
}

// Each corner with its X-square and its two C-squares.
struct CornerSquares {
    int corner, x, c1, c2;
};
constexpr CornerSquares kCornerSquares[4] = {
    {0, 9, 1, 8}, {7, 14, 6, 15}, {56, 49, 57, 48}, {63, 54, 62, 55}};

// Hand-set weights (centi-discs): the seed's ordering of the squares, with mobility worth most
// early and the disc count only at the end.
constexpr OthelloWeights kDefaultWeights = {
    .disc = {0, 100},
    .square = {{700, 200},   // corner
               {-120, -20},  // C
               {40, 10},     // A
               {20, 5},      // B
               {-250, -40},  // X
               {-30, 0},     // C2
               {-10, 0},     // D2
               {20, 5},      // C3
               {5, 0},       // D3
               {0, 0}},      // centre
    .x_corner_taken = {0, 0},
    .c_corner_taken = {30, 10},
    .mobility = {70, 30},
    .potential_mobility = {25, 5},
    .parity = {0, 50},
};

}  // namespace

const OthelloWeights& default_othello_weights() { return kDefaultWeights; }

core::Result<OthelloEvalLevel> parse_othello_eval_level(std::string_view name) {
    if (name == "discs") return OthelloEvalLevel::kDiscs;
    if (name == "table") return OthelloEvalLevel::kTable;
    if (name == "mobility") return OthelloEvalLevel::kMobility;
    if (name == "patterns") return OthelloEvalLevel::kPatterns;
    return core::error("othello evaluation '" + std::string(name) +
                       "' is not one of discs, table, mobility, patterns");
}

std::string_view othello_eval_level_name(OthelloEvalLevel level) {
    switch (level) {
        case OthelloEvalLevel::kDiscs: return "discs";
        case OthelloEvalLevel::kTable: return "table";
        case OthelloEvalLevel::kMobility: return "mobility";
        case OthelloEvalLevel::kPatterns: return "patterns";
    }
    return "?";
}

Bitboard empty_neighbours(Bitboard discs, Bitboard empties) {
    constexpr Bitboard kNotA = 0xFEFEFEFEFEFEFEFEULL, kNotH = 0x7F7F7F7F7F7F7F7FULL;
    const Bitboard east = (discs << 1) & kNotA, west = (discs >> 1) & kNotH;
    const Bitboard row = discs | east | west;
    return (east | west | (row << 8) | (row >> 8)) & empties;
}

int evaluate_othello(const othello::Board& board, const OthelloWeights& w, OthelloEvalLevel level) {
    const Bitboard p = board.player(), o = board.opponent();
    if (level == OthelloEvalLevel::kPatterns) return evaluate_othello_patterns(p, o);
    const int diff = std::popcount(p) - std::popcount(o);
    if (level == OthelloEvalLevel::kDiscs) return 100 * diff;

    // Blend (opening, ending) by the number of discs: 4 at the start, 64 at the end.
    const int discs = std::popcount(p | o);
    auto blend = [discs](Pair x) { return (x.mg * (64 - discs) + x.eg * (discs - 4)) / 60; };
    int score = diff * blend(w.disc);

    const auto& masks = class_masks().mask;
    for (int c = 0; c < kSquareClasses; ++c) {
        const Bitboard m = masks[std::size_t(c)];
        score += (std::popcount(p & m) - std::popcount(o & m)) * blend(w.square[c]);
    }
    // Next to a taken corner an X- or C-square is no longer a gift to the opponent.
    const Bitboard occupied = p | o;
    const int x_change = blend(w.x_corner_taken) - blend(w.square[kSqX]);
    const int c_change = blend(w.c_corner_taken) - blend(w.square[kSqC]);
    for (const CornerSquares& k : kCornerSquares) {
        if (!(occupied >> k.corner & 1)) continue;
        auto owner = [&](int sq) { return int(p >> sq & 1) - int(o >> sq & 1); };
        score += owner(k.x) * x_change + (owner(k.c1) + owner(k.c2)) * c_change;
    }
    if (level == OthelloEvalLevel::kTable) return score;

    const Bitboard empties = ~occupied;
    const int mobility =
        std::popcount(othello::legal_squares(p, o)) - std::popcount(othello::legal_squares(o, p));
    const int potential =
        std::popcount(empty_neighbours(o, empties)) - std::popcount(empty_neighbours(p, empties));
    score += mobility * blend(w.mobility) + potential * blend(w.potential_mobility);
    if (std::popcount(empties) & 1) score += blend(w.parity);
    return score;
}

int evaluate_othello_default(Bitboard player, Bitboard opponent) {
    return evaluate_othello(othello::Board::from_discs(player, opponent, othello::kBlack),
                            kDefaultWeights);
}

}  // namespace kibitz::eval
