// Retrograde analysis of one table: distance to mate for every position, given the tables
// that its captures and promotions lead to.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "core/result.h"
#include "tb/bytes.h"
#include "tb/file.h"
#include "tb/material.h"
#include "tb/registry.h"

namespace kibitz::tb {

struct RetroOptions {
    int threads = 1;
    const std::atomic<bool>* stop = nullptr;           // raised: give up between chunks of work
    std::function<void(const std::string&)> progress;  // a line about every 5 s (may be empty)
};

struct RetroOutput {
    Bytes buffer;    // the values: 2 * info.size bytes
    TableInfo info;  // material, size and statistics (no file yet)
    int levels = 0;  // the distances in plies that were propagated
};

// Computes the table of a canonical material. subtables must hold every table of
// m.successors(). Fails when stopped, when a subtable is missing or when a distance does not
// fit the value byte.
core::Result<RetroOutput> retrograde(const Material& m, const Registry& subtables,
                                     const RetroOptions& options);

}  // namespace kibitz::tb
