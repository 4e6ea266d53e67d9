// RFC 3629's UTF-8, checked byte by byte.
#include "server/utf8.h"

#include <cstdint>
#include <cstdio>

namespace kibitz::server {

namespace {

std::string describe(std::string_view text, std::size_t at) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", unsigned(static_cast<unsigned char>(text[at])));
    return std::string("byte ") + hex + " at offset " + std::to_string(at);
}

}  // namespace

std::optional<std::string> utf8_error(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto b = static_cast<unsigned char>(text[i]);
        if (b < 0x80) {
            ++i;
            continue;
        }
        // 1. The lead byte gives the length and the range the second byte must fall in (which
        //    rules out overlong forms, surrogates and code points above U+10FFFF).
        int length = 0;
        unsigned char low = 0x80, high = 0xBF;
        if (b >= 0xC2 && b <= 0xDF) {
            length = 2;
        } else if (b >= 0xE0 && b <= 0xEF) {
            length = 3;
            if (b == 0xE0) low = 0xA0;
            if (b == 0xED) high = 0x9F;
        } else if (b >= 0xF0 && b <= 0xF4) {
            length = 4;
            if (b == 0xF0) low = 0x90;
            if (b == 0xF4) high = 0x8F;
        } else {
            return describe(text, i);
        }
        // 2. The continuation bytes.
        for (int k = 1; k < length; ++k) {
            if (i + std::size_t(k) >= text.size()) return describe(text, i) + " (cut short)";
            const auto c = static_cast<unsigned char>(text[i + std::size_t(k)]);
            const unsigned char lo = k == 1 ? low : 0x80, hi = k == 1 ? high : 0xBF;
            if (c < lo || c > hi) return describe(text, i + std::size_t(k));
        }
        i += std::size_t(length);
    }
    return std::nullopt;
}

}  // namespace kibitz::server
