// Small deterministic pseudo-random generators (usable at compile time).
#pragma once

#include <cstdint>

namespace kibitz::core {

// SplitMix64 (Steele, Lea, Flood 2014): fast, full-period, good enough to seed or to make keys.
class SplitMix64 {
public:
    constexpr explicit SplitMix64(std::uint64_t seed) : state_(seed) {}

    // Next 64 random bits.
    constexpr std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }

    // Uniform integer in [0, n); n > 0. Slight modulo bias is irrelevant for our uses.
    constexpr std::uint64_t below(std::uint64_t n) { return next() % n; }

    // A number with about 1/8 of its bits set (for magic-number search).
    constexpr std::uint64_t sparse() { return next() & next() & next(); }

private:
    std::uint64_t state_;
};

}  // namespace kibitz::core
