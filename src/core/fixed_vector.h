// A vector with fixed capacity stored inline: no allocation, for move lists and stacks.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>

namespace kibitz::core {

template <class T, std::size_t Capacity>
class FixedVector {
public:
    using value_type = T;

    // Appends v; the caller guarantees that capacity is not exceeded.
    constexpr void push_back(const T& v) {
        assert(size_ < Capacity);
        items_[size_++] = v;
    }
    constexpr void pop_back() { --size_; }
    constexpr void clear() { size_ = 0; }
    constexpr void resize(std::size_t n) { size_ = n; }

    constexpr std::size_t size() const { return size_; }
    constexpr bool empty() const { return size_ == 0; }
    static constexpr std::size_t capacity() { return Capacity; }

    constexpr T& operator[](std::size_t i) { return items_[i]; }
    constexpr const T& operator[](std::size_t i) const { return items_[i]; }
    constexpr T& back() { return items_[size_ - 1]; }

    constexpr T* begin() { return items_.data(); }
    constexpr T* end() { return items_.data() + size_; }
    constexpr const T* begin() const { return items_.data(); }
    constexpr const T* end() const { return items_.data() + size_; }

    // True when v is one of the items.
    constexpr bool contains(const T& v) const {
        for (std::size_t i = 0; i < size_; ++i)
            if (items_[i] == v) return true;
        return false;
    }

private:
    std::array<T, Capacity> items_{};
    std::size_t size_ = 0;
};

}  // namespace kibitz::core
