// The seed papers' own evaluations as presets, so that the lab can play them against the full
// evaluation: the thesis's 8-component evaluation and the 2003 Cornell report's (AIChess)
// 25-weight one, as summarised in the project's seed claims. Both are untapered integer sums.
#pragma once

#include <concepts>
#include <string_view>
#include <type_traits>

#include "chess/position.h"
#include "core/result.h"
#include "eval/trace.h"

namespace kibitz::eval {

// --- Thesis ---------------------------------------------------------------------------------

// The thesis's piece values (its genetic algorithm tunes knight, bishop and rook; pawn = 100
// and queen = 1000 are fixed) and its component points.
struct ThesisWeights {
    int pawn = 100, knight = 300, bishop = 300, rook = 500, queen = 1000;
    int attacked_square = 1;  // per square the side attacks
    int key_square = 4;       // per own piece or pawn on d4 e4 d5 e5
    int passed_pawn = 5;      // per passed pawn
    int doubled_pawn = -4;    // per pawn beyond the first on a file
    int castled = 3;          // king on a1-c1 or g1-h1 (its side's view)
    int pawn_rank = 1;        // per rank each pawn has advanced
    int pawn_chain = 1;       // per diagonal link between two own pawns
};

// The thesis's evaluation: material plus the components above for the side to move minus the
// same for the opponent (the thesis scores "computer minus player"). The thesis counted the
// attacked squares at tree depth 2 and passed them down (a speed trick); we count them in the
// evaluated position itself.
Score evaluate_thesis(const chess::Position& pos, const ThesisWeights& w);
Score evaluate_thesis(const chess::Position& pos);

// Visits the thesis's weights as visit(name, int&); the fixed pawn and queen values are not
// visited (the thesis's GA leaves them alone).
template <class W, class V>
requires std::same_as<std::remove_const_t<W>, ThesisWeights>
void for_each_param(W& w, V&& visit) {
    visit(std::string_view("material.knight"), w.knight);
    visit(std::string_view("material.bishop"), w.bishop);
    visit(std::string_view("material.rook"), w.rook);
}

// --- Cornell report (AIChess, 2003) -----------------------------------------------------------

// The report's 25 integer weights: material for the 6 piece types (the king's value cancels,
// both sides always having one), pawn advancement (1), and mobility, threats and protection for
// each of the 6 piece types (3 x 6): 6 + 1 + 18 = 25. Arrays are indexed by chess::PieceType.
struct FranaszczukWeights {
    int material[6] = {100, 320, 330, 500, 900, 0};
    int pawn_advance = 4;                    // per rank each pawn has advanced
    int mobility[6] = {1, 4, 4, 2, 1, 0};    // per pseudo-legal move of a piece of this type
    int threats[6] = {2, 6, 6, 8, 10, 15};   // per enemy piece of this type we attack
    int protection[6] = {3, 4, 4, 3, 1, 0};  // per own piece of this type we defend
};

// The report's evaluation for the side to move minus the opponent.
Score evaluate_franaszczuk(const chess::Position& pos, const FranaszczukWeights& w);

// The default 25 weights.
const FranaszczukWeights& default_franaszczuk_weights();

// Visits all 25 weights as visit(name, int&): "material.pawn", "advance", "mobility.knight",
// "threats.queen", "protection.rook", ...
template <class W, class V>
requires std::same_as<std::remove_const_t<W>, FranaszczukWeights>
void for_each_param(W& w, V&& visit) {
    constexpr std::string_view kNames[3][6] = {
        {"material.pawn", "material.knight", "material.bishop", "material.rook", "material.queen",
         "material.king"},
        {"mobility.pawn", "mobility.knight", "mobility.bishop", "mobility.rook", "mobility.queen",
         "mobility.king"},
        {"threats.pawn", "threats.knight", "threats.bishop", "threats.rook", "threats.queen",
         "threats.king"}};
    constexpr std::string_view kProtection[6] = {"protection.pawn",   "protection.knight",
                                                 "protection.bishop", "protection.rook",
                                                 "protection.queen",  "protection.king"};
    for (int i = 0; i < 6; ++i) visit(kNames[0][i], w.material[i]);
    visit(std::string_view("advance"), w.pawn_advance);
    for (int i = 0; i < 6; ++i) visit(kNames[1][i], w.mobility[i]);
    for (int i = 0; i < 6; ++i) visit(kNames[2][i], w.threats[i]);
    for (int i = 0; i < 6; ++i) visit(kProtection[i], w.protection[i]);
}

// --- Choosing an evaluation -----------------------------------------------------------------

enum class Preset { kFull, kThesis, kFranaszczuk };

// "full", "thesis" or "franaszczuk" (also "cornell"); the error names the bad text.
core::Result<Preset> parse_preset(std::string_view text);
std::string_view to_string(Preset preset);

// The evaluation of pos by the preset with its default weights, from the side to move.
Score evaluate(const chess::Position& pos, Preset preset);

}  // namespace kibitz::eval
