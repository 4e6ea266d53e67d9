// Bit helpers on 64-bit boards: population count, lowest bit, iteration.
#pragma once

#include <bit>
#include <cstdint>

namespace kibitz::core {

// Number of set bits.
constexpr int popcount(std::uint64_t b) { return std::popcount(b); }

// Index of the lowest set bit; b must not be zero.
constexpr int lsb(std::uint64_t b) { return std::countr_zero(b); }

// Index of the highest set bit; b must not be zero.
constexpr int msb(std::uint64_t b) { return 63 - std::countl_zero(b); }

// Removes the lowest set bit of b and returns its index; b must not be zero.
constexpr int pop_lsb(std::uint64_t& b) {
    const int i = lsb(b);
    b &= b - 1;
    return i;
}

// True when more than one bit is set.
constexpr bool more_than_one(std::uint64_t b) { return (b & (b - 1)) != 0; }

}  // namespace kibitz::core
