// Wall-clock stopwatch in milliseconds and nanoseconds.
#pragma once

#include <chrono>
#include <cstdint>

namespace kibitz::core {

class Stopwatch {
public:
    Stopwatch() : start_(Clock::now()) {}

    // Restarts the stopwatch.
    void reset() { start_ = Clock::now(); }

    // Elapsed time since construction or the last reset.
    std::int64_t elapsed_ms() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
    }
    std::int64_t elapsed_ns() const {
        return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start_).count();
    }

private:
    using Clock = std::chrono::steady_clock;
    Clock::time_point start_;
};

// Rate per second of count events over ns nanoseconds (0 when no time passed).
inline std::uint64_t per_second(std::uint64_t count, std::int64_t ns) {
    return ns > 0 ? static_cast<std::uint64_t>(static_cast<double>(count) * 1e9 / ns) : 0;
}

}  // namespace kibitz::core
