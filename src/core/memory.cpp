// Memory limits from Linux's /proc and /sys files, sysconf and getrlimit.
#include "core/memory.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>
#include <string>

namespace kibitz::core {

namespace {

constexpr std::uint64_t kMB = 1024 * 1024;
constexpr std::uint64_t kUnlimited = std::numeric_limits<std::uint64_t>::max();

// The first whole number in the file, or nullopt (no file, "max", anything else).
std::optional<std::uint64_t> read_number(const std::string& path) {
    std::ifstream in(path);
    std::uint64_t v = 0;
    if (!(in >> v)) return std::nullopt;
    return v;
}

// MemAvailable of /proc/meminfo in bytes.
std::optional<std::uint64_t> mem_available() {
    std::ifstream in("/proc/meminfo");
    std::string key, unit;
    std::uint64_t kb = 0;
    while (in >> key >> kb) {
        std::getline(in, unit);
        if (key == "MemAvailable:") return kb * 1024;
    }
    return std::nullopt;
}

// The limit less the usage of this process's memory cgroup, in bytes (kUnlimited without one).
// The files are looked for under the cgroup's own path (/proc/self/cgroup), then at the root of
// the mount, which is where a container sees its own cgroup.
std::uint64_t cgroup_headroom() {
    std::ifstream in("/proc/self/cgroup");
    std::string line, v1_path, v2_path;
    while (std::getline(in, line)) {
        const auto first = line.find(':');
        const auto second = line.find(':', first + 1);
        if (first == std::string::npos || second == std::string::npos) continue;
        const std::string controllers = line.substr(first + 1, second - first - 1);
        const std::string path = line.substr(second + 1);
        if (controllers.empty()) v2_path = path;
        std::istringstream list(controllers);
        for (std::string c; std::getline(list, c, ',');)
            if (c == "memory") v1_path = path;
    }
    const auto headroom = [](const std::string& dir, const char* limit_file,
                             const char* usage_file) -> std::optional<std::uint64_t> {
        const auto limit = read_number(dir + limit_file);
        if (!limit) return std::nullopt;
        const std::uint64_t usage = read_number(dir + usage_file).value_or(0);
        return *limit > usage ? *limit - usage : 0;
    };
    std::uint64_t best = kUnlimited;
    for (const std::string& dir :
         {"/sys/fs/cgroup" + v2_path + "/", std::string("/sys/fs/cgroup/")})
        if (const auto h = headroom(dir, "memory.max", "memory.current")) {
            best = std::min(best, *h);
            break;
        }
    for (const std::string& dir :
         {"/sys/fs/cgroup/memory" + v1_path + "/", std::string("/sys/fs/cgroup/memory/")})
        if (const auto h = headroom(dir, "memory.limit_in_bytes", "memory.usage_in_bytes")) {
            best = std::min(best, *h);
            break;
        }
    return best;
}

// The address space left under RLIMIT_AS, in bytes (kUnlimited without a limit).
std::uint64_t address_space_left() {
    rlimit limit{};
    if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return kUnlimited;
    const long page = sysconf(_SC_PAGESIZE);
    const std::uint64_t pages = read_number("/proc/self/statm").value_or(0);  // VmSize
    const std::uint64_t used = pages * std::uint64_t(page > 0 ? page : 4096);
    return limit.rlim_cur > used ? limit.rlim_cur - used : 0;
}

}  // namespace

std::size_t physical_memory_mb() {
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0) return 0;
    return std::size_t(std::uint64_t(pages) * std::uint64_t(page) / kMB);
}

std::size_t available_memory_mb() {
    std::uint64_t bytes = mem_available().value_or(std::uint64_t(physical_memory_mb()) * kMB);
    if (bytes == 0) bytes = kUnlimited;  // nothing known: only the allocation itself can tell
    bytes = std::min({bytes, cgroup_headroom(), address_space_left()});
    return std::size_t(
        std::min<std::uint64_t>(bytes / kMB, std::numeric_limits<std::size_t>::max()));
}

}  // namespace kibitz::core
