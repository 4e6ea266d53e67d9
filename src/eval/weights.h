// The weights of the chess evaluation: one aggregate of (middlegame, endgame) pairs, visited in
// a stable order with stable names by for_each_param (JSON I/O, genetic algorithm, Texel tuner).
#pragma once

#include <charconv>
#include <concepts>
#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>

#include "core/result.h"

namespace kibitz::eval {

// A weight in centipawns: its middlegame and endgame values, blended by game phase.
struct Pair {
    int mg = 0, eg = 0;
    constexpr bool operator==(const Pair&) const = default;
};

constexpr int kKingDangerSize = 40;  // king-danger table: attack units 0..39 (more is clamped)

// Every weight of the full evaluation. Only Pair members, so that a weight's index is its
// offset / sizeof(Pair) (param_index); the declaration order is the order of for_each_param.
// Ranks are relative (from the owner's side); piece-square tables are from White's view and
// are mirrored (a1 <-> a8) for Black. The signs are those of the side that owns the feature:
// penalties are negative.
struct Weights {
    Pair material[5];         // pawn, knight, bishop, rook, queen
    Pair pst[6][64];          // [piece type][square]
    Pair mobility_knight[9];  // by the number of safe squares attacked
    Pair mobility_bishop[14];
    Pair mobility_rook[15];
    Pair mobility_queen[28];
    Pair threat_by_pawn[4];    // our knight, bishop, rook, queen attacked by an enemy pawn
    Pair threat_by_lesser[2];  // our rook (by a minor), queen (by a minor or rook)
    Pair threat_hanging[5];    // our pawn..queen attacked and not defended
    Pair protection[5];        // our pawn..queen defended by one of our pieces
    Pair passed[6];            // passed pawn on rank 2..7
    Pair passed_free[6];       // ... with every square up to promotion empty, rank 2..7
    Pair passed_king_own;      // per (rank factor x distance of our king to the stop square)
    Pair passed_king_enemy;    // per (rank factor x distance of their king to it)
    Pair doubled;              // per pawn with one of ours in front on its file
    Pair isolated;             // no pawn of ours on the adjacent files
    Pair backward;             // behind its neighbours, stop square attacked by a pawn
    Pair chain[5];             // pawn defended by a pawn, rank 3..7
    Pair phalanx[6];           // pawn with one of ours beside it, rank 2..7
    Pair advance;              // per rank each pawn has advanced
    Pair key_pawn;             // our pawn on d4 e4 d5 e5
    Pair key_piece;            // our knight..queen on them
    Pair key_control;          // key square attacked by us
    Pair castled;              // king on a1-c1 or g1-h1 (its side's view)
    Pair castling_right;       // per castling right kept
    Pair shelter[4];           // per file around the king: our nearest pawn 1, 2, 3+ ahead, none
    Pair storm[4];             // per file: their nearest pawn 1, 2, 3, 4 ranks ahead of the king
    Pair king_danger[kKingDangerSize];  // by attack units on our king's zone
    Pair bishop_pair;
    Pair rook_open;       // no pawn on the rook's file
    Pair rook_half_open;  // only enemy pawns on it
    Pair queen_open;
    Pair queen_half_open;
    Pair rook_seventh;    // rook on rank 7 with their king on 8 or pawns on 7
    Pair outpost_knight;  // ranks 4-6, defended by our pawn, no enemy pawn can attack it
    Pair outpost_bishop;
    Pair tempo;  // for the side to move
    // Added for the 10 M-position refit (issue 24), after tempo so that the earlier weights keep
    // their indices; 0 in the hand weights and until a fit sets them.
    Pair threat_minor_by_minor;  // our knight or bishop attacked by an enemy knight or bishop
    Pair threat_pawn_push;       // our piece that an enemy pawn attacks after a safe push
    Pair king_attackers[4];      // enemy pieces attacking our king's zone: 1, 2, 3, 4 or more
    Pair king_weak_zone;         // zone square they attack that only our king or queen defends
    Pair space;                  // safe squares in our half of the centre files, behind pawns twice
    Pair passed_unstoppable;     // passed pawn their king cannot catch, they have only pawns
    // Added for the second refit (issue 24), after the first ones for the same reason.
    Pair passed_safe[6];      // passed pawn whose stop square is empty and not attacked, rank 2..7
    Pair passed_blocked[6];   // passed pawn whose stop square holds an enemy piece, rank 2..7
    Pair minor_behind_pawn;   // our knight or bishop with one of our pawns just in front of it
    Pair bishop_pawns;        // per bishop: our pawns on the squares of its colour
    Pair bishop_rammed;       // per bishop: those of them blocked by an enemy pawn
    Pair king_pawn_distance;  // the distance of our king to the nearest pawn (of either side)

    bool operator==(const Weights&) const = default;
};

static_assert(std::is_standard_layout_v<Weights> && sizeof(Weights) % sizeof(Pair) == 0);

// The number of Pairs in Weights (the number of visits of for_each_param).
constexpr int kParamCount = int(sizeof(Weights) / sizeof(Pair));

// The index of a Pair of w in for_each_param's order (p must be a member of w).
inline int param_index(const Weights& w, const Pair& p) {
    return int((reinterpret_cast<const char*>(&p) - reinterpret_cast<const char*>(&w)) /
               std::ptrdiff_t(sizeof(Pair)));
}

// The Pair of w with index i (0 <= i < kParamCount).
inline const Pair& param_at(const Weights& w, int i) {
    return *reinterpret_cast<const Pair*>(reinterpret_cast<const char*>(&w) + i * sizeof(Pair));
}
inline Pair& param_at(Weights& w, int i) {
    return *reinterpret_cast<Pair*>(reinterpret_cast<char*>(&w) + i * sizeof(Pair));
}

namespace detail {

inline constexpr std::string_view kPieceNames[6] = {"pawn", "knight", "bishop",
                                                    "rook", "queen",  "king"};
inline constexpr std::string_view kShelterNames[4] = {"near", "mid", "far", "none"};

// A small buffer that joins name parts (strings and numbers) without allocating.
class ParamName {
public:
    template <class... Parts>
    std::string_view operator()(const Parts&... parts) {
        len_ = 0;
        (append(parts), ...);
        return {buf_, len_};
    }

private:
    void append(std::string_view s) {
        for (char c : s) buf_[len_++] = c;
    }
    void append(int n) { len_ = std::size_t(std::to_chars(buf_ + len_, buf_ + 63, n).ptr - buf_); }
    char buf_[64];
    std::size_t len_ = 0;
};

inline std::string_view square_text(int sq) {
    static constexpr char kNames[] =
        "a1b1c1d1e1f1g1h1a2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4"
        "a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8";
    return {kNames + 2 * sq, 2};
}

}  // namespace detail

// Calls visit(name, pair) for every Pair of w (Weights or const Weights) in declaration order,
// with stable unique names such as "material.knight", "pst.knight.e4", "mobility.bishop.7".
template <class W, class V>
requires std::same_as<std::remove_const_t<W>, Weights>
void for_each_param(W& w, V&& visit) {
    using detail::kPieceNames;
    detail::ParamName name;
    for (int pt = 0; pt < 5; ++pt) visit(name("material.", kPieceNames[pt]), w.material[pt]);
    for (int pt = 0; pt < 6; ++pt)
        for (int sq = 0; sq < 64; ++sq)
            visit(name("pst.", kPieceNames[pt], ".", detail::square_text(sq)), w.pst[pt][sq]);
    const auto table = [&](std::string_view prefix, auto& pairs, int first) {
        int i = first;
        for (auto& p : pairs) visit(name(prefix, i++), p);
    };
    table("mobility.knight.", w.mobility_knight, 0);
    table("mobility.bishop.", w.mobility_bishop, 0);
    table("mobility.rook.", w.mobility_rook, 0);
    table("mobility.queen.", w.mobility_queen, 0);
    for (int i = 0; i < 4; ++i)
        visit(name("threat.pawn.", kPieceNames[i + 1]), w.threat_by_pawn[i]);
    visit(name("threat.lesser.rook"), w.threat_by_lesser[0]);
    visit(name("threat.lesser.queen"), w.threat_by_lesser[1]);
    for (int i = 0; i < 5; ++i) visit(name("threat.hanging.", kPieceNames[i]), w.threat_hanging[i]);
    for (int i = 0; i < 5; ++i) visit(name("protection.", kPieceNames[i]), w.protection[i]);
    table("passed.rank", w.passed, 2);
    table("passed.free.rank", w.passed_free, 2);
    visit(name("passed.king_own"), w.passed_king_own);
    visit(name("passed.king_enemy"), w.passed_king_enemy);
    visit(name("pawn.doubled"), w.doubled);
    visit(name("pawn.isolated"), w.isolated);
    visit(name("pawn.backward"), w.backward);
    table("pawn.chain.rank", w.chain, 3);
    table("pawn.phalanx.rank", w.phalanx, 2);
    visit(name("pawn.advance"), w.advance);
    visit(name("key.pawn"), w.key_pawn);
    visit(name("key.piece"), w.key_piece);
    visit(name("key.control"), w.key_control);
    visit(name("castle.done"), w.castled);
    visit(name("castle.right"), w.castling_right);
    for (int i = 0; i < 4; ++i)
        visit(name("king.shelter.", detail::kShelterNames[i]), w.shelter[i]);
    table("king.storm.", w.storm, 1);
    table("king.danger.", w.king_danger, 0);
    visit(name("bishop.pair"), w.bishop_pair);
    visit(name("rook.open"), w.rook_open);
    visit(name("rook.half_open"), w.rook_half_open);
    visit(name("queen.open"), w.queen_open);
    visit(name("queen.half_open"), w.queen_half_open);
    visit(name("rook.seventh"), w.rook_seventh);
    visit(name("outpost.knight"), w.outpost_knight);
    visit(name("outpost.bishop"), w.outpost_bishop);
    visit(name("tempo"), w.tempo);
    visit(name("threat.minor_by_minor"), w.threat_minor_by_minor);
    visit(name("threat.pawn_push"), w.threat_pawn_push);
    table("king.attackers.", w.king_attackers, 1);
    visit(name("king.weak_zone"), w.king_weak_zone);
    visit(name("space"), w.space);
    visit(name("passed.unstoppable"), w.passed_unstoppable);
    table("passed.safe.rank", w.passed_safe, 2);
    table("passed.blocked.rank", w.passed_blocked, 2);
    visit(name("minor.behind_pawn"), w.minor_behind_pawn);
    visit(name("minor.bishop_pawns"), w.bishop_pawns);
    visit(name("minor.bishop_rammed"), w.bishop_rammed);
    visit(name("king.pawn_distance"), w.king_pawn_distance);
}

// The built-in defaults: src/eval/default_weights.inc, written by the tuner once tuned weights
// beat the previous defaults by SPRT (docs/tuning.md).
const Weights& default_weights();

// The hand-set weights, reasoned term by term in weights.cpp: where tuning starts from.
const Weights& hand_weights();

// Text form: one line "name mg eg" per weight, in for_each_param's order, after a '#' comment.
std::string weights_to_text(const Weights& w);

// Reads the text form. Weights not named keep their default values; blank lines and lines
// starting with '#' are skipped. Unknown or repeated names, bad numbers and malformed lines are
// errors that name the line.
core::Result<Weights> weights_from_text(std::string_view text);

}  // namespace kibitz::eval
