// Whether this build runs under AddressSanitizer: GCC defines __SANITIZE_ADDRESS__, clang
// answers __has_feature(address_sanitizer) instead. Slow checks then do less, and reports of
// the build say so.
#pragma once

namespace kibitz::core {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

}  // namespace kibitz::core
