// Walking the positions of a table (see placements.h).
#include "tb/placements.h"

#include <algorithm>
#include <chrono>
#include <thread>
#include <vector>

#include "chess/bitboard.h"
#include "core/bits.h"

namespace kibitz::tb {

void for_each_placement(const Indexer& ix, std::uint64_t stride, int threads,
                        const std::atomic<bool>* stop, const std::atomic<bool>* quit,
                        const std::function<void(std::uint64_t)>& visit,
                        const std::function<void(int, int)>& progress) {
    constexpr std::uint64_t kChunk = 1 << 10;
    if (stride == 0) stride = 1;
    if (threads <= 0) threads = int(std::max(1u, std::thread::hardware_concurrency()));
    const std::uint64_t steps = (ix.size() + stride - 1) / stride;
    const std::uint64_t chunks = (steps + kChunk - 1) / kChunk;
    std::atomic<std::uint64_t> next{0};
    const auto start = std::chrono::steady_clock::now();
    auto last = start;
    auto work = [&](int t) {
        chess::Square sq[kMaxMen];
        for (;;) {
            if ((quit && quit->load()) || (stop && stop->load())) return;
            const std::uint64_t k = next.fetch_add(1);
            if (k >= chunks) return;
            const std::uint64_t end = std::min(steps, (k + 1) * kChunk);
            for (std::uint64_t step = k * kChunk; step < end; ++step) {
                const std::uint64_t idx = step * stride;
                ix.decode(idx, sq);
                chess::Bitboard occ = 0;
                for (int i = 0; i < ix.men(); ++i) occ |= chess::square_bb(sq[i]);
                // Unused: pieces on one square, or another index's mirror image.
                if (core::popcount(occ) != ix.men() || ix.index(sq) != idx) continue;
                visit(idx);
            }
            if (t == 0 && progress) {
                const auto now = std::chrono::steady_clock::now();
                if (now - last >= std::chrono::seconds(5)) {
                    last = now;
                    progress(int(100 * k / chunks),
                             int(std::chrono::duration<double>(now - start).count()));
                }
            }
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
    work(0);
    for (auto& th : pool) th.join();
}

}  // namespace kibitz::tb
