// The material of an endgame table ("KQK", "KRPKR"): parsing, the canonical name, a packed key
// for fast lookup, and the smaller tables a table needs (captures and promotions).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "chess/position.h"
#include "chess/types.h"
#include "core/result.h"

namespace kibitz::tb {

// The most men (kings included) a table may have.
inline constexpr int kMaxMen = 5;

// The non-king piece types in naming order (Q R B N P).
inline constexpr chess::PieceType kNameOrder[5] = {chess::kQueen, chess::kRook, chess::kBishop,
                                                   chess::kKnight, chess::kPawn};

// The non-king pieces of two sides. Side 0 is the first-named side, which is White in the
// table; a canonical material names the stronger side first (see is_canonical).
class Material {
public:
    Material() = default;

    // Parses a name such as "KQK", "KRPKR" or "krkq" (any case, any piece order within a
    // side). The result keeps the order of the sides as written; call canonical() to normalise.
    // The error names the bad name and what is wrong with it.
    static core::Result<Material> parse(std::string_view name);

    // The material of a position, White as side 0.
    static Material of(const chess::Position& pos);

    int count(int side, chess::PieceType pt) const { return counts_[side][pt]; }
    void add(int side, chess::PieceType pt) { ++counts_[side][pt]; }
    void remove(int side, chess::PieceType pt) { --counts_[side][pt]; }
    // Men on the board, kings included.
    int men() const;
    // Non-king pieces of one side.
    int pieces(int side) const;
    bool has_pawns() const { return counts_[0][chess::kPawn] + counts_[1][chess::kPawn] > 0; }

    // "KRPKR": side 0 then side 1, each king first and its pieces in the order Q R B N P.
    std::string name() const;
    // The same material with the sides exchanged.
    Material swapped() const;
    // True when side 0 is at least as strong as side 1: more material (Q 9, R 5, B 3, N 3,
    // P 1), then more pieces, then more queens, rooks, bishops, knights, pawns in that order.
    bool is_canonical() const;
    Material canonical() const { return is_canonical() ? *this : swapped(); }

    // A packed key of the counts (3 bits per side and type) in this orientation.
    std::uint32_t key() const;

    // The canonical materials one capture and/or promotion away (from either side), without
    // the bare kings (always a draw); sorted, no duplicates.
    std::vector<Material> successors() const;

    bool operator==(const Material&) const = default;

private:
    std::array<std::array<std::uint8_t, 6>, 2> counts_{};  // by chess::PieceType, king unused
};

// The packed material key of a position (White as side 0), as Material::of(pos).key().
std::uint32_t material_key(const chess::Position& pos);

// The materials the given tables need, themselves included, smaller first: every table comes
// after all the tables its captures and promotions lead to.
std::vector<Material> closure(const std::vector<Material>& tables);

// All canonical materials with exactly `men` men (3 to kMaxMen), sorted by name.
std::vector<Material> all_with_men(int men);

// Orders materials so that every table comes after the ones it needs: fewer men, then fewer
// pawns, then by name.
bool generation_order(const Material& a, const Material& b);

}  // namespace kibitz::tb
