// Huge-page-backed byte buffers.
#include "tb/bytes.h"

#include <sys/mman.h>

#include <cstdlib>

namespace kibitz::tb {

namespace {

constexpr std::size_t kHugePage = std::size_t(2) << 20;

}  // namespace

Bytes::Bytes(std::size_t n) {
    if (n == 0) return;
    std::uint8_t* p = nullptr;
    if (n >= 2 * kHugePage) {
        const std::size_t rounded = (n + kHugePage - 1) / kHugePage * kHugePage;
        p = static_cast<std::uint8_t*>(std::aligned_alloc(kHugePage, rounded));
        if (p) ::madvise(p, rounded, MADV_HUGEPAGE);  // advice only: failure is harmless
    } else {
        p = static_cast<std::uint8_t*>(std::malloc(n));
    }
    if (!p) return;
    data_.reset(p);
    size_ = n;
}

void Bytes::shrink(std::size_t n) {
    if (n >= size_) return;
    if (void* p = std::realloc(data_.get(), n ? n : 1)) {
        (void)data_.release();
        data_.reset(static_cast<std::uint8_t*>(p));
    }
    size_ = n;
}

void Bytes::Free::operator()(std::uint8_t* p) const { std::free(p); }

}  // namespace kibitz::tb
