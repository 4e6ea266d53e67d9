// Walking the positions of a table: every index whose placement is its own canonical form, in
// chunks shared by threads, with a progress line from the first thread every few seconds.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "tb/index.h"

namespace kibitz::tb {

// Calls visit(idx) for every `stride`-th index of ix whose placement has its pieces on
// distinct squares and is the canonical one (ix.index(decode(idx)) == idx), on `threads`
// threads (0: all cores). Stops early when *stop or *quit is set. progress(percent, seconds)
// is called from the first thread about every 5 s.
void for_each_placement(const Indexer& ix, std::uint64_t stride, int threads,
                        const std::atomic<bool>* stop, const std::atomic<bool>* quit,
                        const std::function<void(std::uint64_t)>& visit,
                        const std::function<void(int, int)>& progress);

}  // namespace kibitz::tb
