// A byte buffer for table values: large buffers on transparent huge pages, which makes the
// scattered accesses of generation and probing cheaper (fewer TLB misses).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace kibitz::tb {

class Bytes {
public:
    Bytes() = default;
    // n bytes, uninitialised; empty when the memory cannot be had.
    explicit Bytes(std::size_t n);

    std::uint8_t* data() { return data_.get(); }
    const std::uint8_t* data() const { return data_.get(); }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    std::uint8_t& operator[](std::size_t i) { return data_.get()[i]; }
    std::uint8_t operator[](std::size_t i) const { return data_.get()[i]; }
    // Keeps the first n bytes and gives the rest back.
    void shrink(std::size_t n);

private:
    struct Free {
        void operator()(std::uint8_t* p) const;
    };
    std::unique_ptr<std::uint8_t, Free> data_;
    std::size_t size_ = 0;
};

}  // namespace kibitz::tb
