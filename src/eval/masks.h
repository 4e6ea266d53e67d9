// Bitboard masks for the evaluation (built at compile time): files beside a file, squares in
// front of a square, passed-pawn spans, ranks ahead, forward fills and king distance.
#pragma once

#include <array>
#include <cstdlib>

#include "chess/bitboard.h"

namespace kibitz::eval {

using chess::Bitboard;

constexpr Bitboard kCentreSquares = chess::square_bb(chess::kD4) | chess::square_bb(chess::kE4) |
                                    chess::square_bb(chess::kD5) | chess::square_bb(chess::kE5);
constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;

struct EvalMasks {
    std::array<Bitboard, 8> adjacent_files{};                // files f-1 and f+1
    std::array<std::array<Bitboard, 8>, 2> ranks_ahead{};    // ranks beyond rank r
    std::array<std::array<Bitboard, 64>, 2> forward_file{};  // squares ahead on the file
    std::array<std::array<Bitboard, 64>, 2> passed_span{};   // ahead on the 3 files
};

constexpr EvalMasks make_eval_masks() {
    EvalMasks m;
    for (int f = 0; f < 8; ++f)
        m.adjacent_files[f] =
            (f > 0 ? chess::file_bb(f - 1) : 0) | (f < 7 ? chess::file_bb(f + 1) : 0);
    for (int r = 0; r < 8; ++r) {
        for (int r2 = r + 1; r2 < 8; ++r2) m.ranks_ahead[chess::kWhite][r] |= chess::rank_bb(r2);
        for (int r2 = 0; r2 < r; ++r2) m.ranks_ahead[chess::kBlack][r] |= chess::rank_bb(r2);
    }
    for (int c = 0; c < 2; ++c)
        for (int sq = 0; sq < 64; ++sq) {
            const int f = sq & 7, r = sq >> 3;
            m.forward_file[c][sq] = m.ranks_ahead[c][r] & chess::file_bb(f);
            m.passed_span[c][sq] = m.ranks_ahead[c][r] & (chess::file_bb(f) | m.adjacent_files[f]);
        }
    return m;
}

inline constexpr EvalMasks kMasks = make_eval_masks();

// b and every square in front of it (towards the side's promotion rank).
template <chess::Color C>
constexpr Bitboard fill_forward(Bitboard b) {
    if constexpr (C == chess::kWhite) {
        b |= b << 8;
        b |= b << 16;
        return b | b << 32;
    } else {
        b |= b >> 8;
        b |= b >> 16;
        return b | b >> 32;
    }
}

// King moves from a to b (Chebyshev distance).
constexpr int distance(chess::Square a, chess::Square b) {
    const int df = std::abs(chess::file_of(a) - chess::file_of(b));
    const int dr = std::abs(chess::rank_of(a) - chess::rank_of(b));
    return df > dr ? df : dr;
}

}  // namespace kibitz::eval
