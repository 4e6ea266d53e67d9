// An independent check of a table: every legal position's value recomputed from its
// successors with chess::Position and its legal move generator, probing the same and the
// smaller tables (e.p. rights of the successors taken exactly), compared with the stored byte.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/result.h"
#include "tb/material.h"

namespace kibitz::tb {

struct VerifyReport {
    std::uint64_t checked = 0;          // legal positions checked (both sides to move)
    std::uint64_t mismatches = 0;       // positions whose stored value differs from the recomputed
    std::vector<std::string> examples;  // the first few mismatches: FEN, stored, recomputed
};

// Verifies table m (any orientation) in dir, whose subtables must be there too. threads
// split the index range (0: the hardware's concurrency). Fails when a table is missing or
// unreadable, or when stopped.
core::Result<VerifyReport> verify(const std::string& dir, const Material& m, int threads,
                                  const std::atomic<bool>* stop = nullptr,
                                  const std::function<void(const std::string&)>& progress = {});

}  // namespace kibitz::tb
