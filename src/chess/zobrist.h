// Zobrist keys (Zobrist 1970): one random 64-bit number per feature, XORed into the position key.
#pragma once

#include <array>
#include <cstdint>

#include "chess/types.h"
#include "core/rng.h"

namespace kibitz::chess {

struct ZobristKeys {
    std::array<std::array<std::uint64_t, 64>, 12> piece{};
    std::array<std::uint64_t, 16> castling{};  // one per set of rights
    std::array<std::uint64_t, 8> ep_file{};
    std::uint64_t side = 0;  // XORed when Black is to move
};

constexpr ZobristKeys make_zobrist_keys() {
    ZobristKeys z;
    core::SplitMix64 rng(0x4B494249545AULL);  // "KIBITZ"
    for (auto& per_piece : z.piece)
        for (auto& k : per_piece) k = rng.next();
    std::array<std::uint64_t, 4> single{};
    for (auto& k : single) k = rng.next();
    for (int r = 0; r < 16; ++r)
        for (int i = 0; i < 4; ++i)
            if (r & (1 << i)) z.castling[r] ^= single[i];
    for (auto& k : z.ep_file) k = rng.next();
    z.side = rng.next();
    return z;
}

inline constexpr ZobristKeys kZobrist = make_zobrist_keys();

}  // namespace kibitz::chess
