// How much memory a big allocation (a hash table) may take before it would push the machine into
// swapping or the out-of-memory killer. Linux overcommits: a huge allocation may "succeed" and
// the process be killed only when clearing the table touches its pages, so a table size is
// checked against these numbers before it is allocated.
#pragma once

#include <cstddef>

namespace kibitz::core {

// Megabytes that a new allocation can take now: the smallest of the memory the system can
// still give (MemAvailable of /proc/meminfo; the physical memory where that is unknown), the
// cgroup's limit less its usage (v2 memory.max, v1 memory.limit_in_bytes) and the address
// space left under RLIMIT_AS (ulimit -v).
std::size_t available_memory_mb();

// Megabytes of physical memory of the machine (sysconf), 0 when unknown.
std::size_t physical_memory_mb();

}  // namespace kibitz::core
