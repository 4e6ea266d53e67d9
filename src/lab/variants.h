// The engine's search with one technique switched off: compile-time variants of
// engine::Engine (search/features.h), reachable by name at run time so that experiments can
// search with them and `kibitz lab uci NAME` can play them in matches.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "chess/position.h"
#include "search/limits.h"
#include "search/stats.h"

namespace kibitz::lab {

struct VariantInfo {
    std::string name;         // "no-null-move"
    std::string description;  // "null-move pruning off"
};

// Every variant, "full" (the engine as it plays) first.
const std::vector<VariantInfo>& engine_variants();
bool is_engine_variant(const std::string& name);

// One search of a position by a variant, with a fresh table of hash_mb and fresh history.
struct VariantSearch {
    search::Stats stats;
    std::int64_t ms = 0;
    search::Score score = 0;
    search::Depth depth = 0;                    // deepest completed iteration
    std::vector<std::uint64_t> nodes_by_depth;  // nodes when iteration 1, 2, ... completed
    chess::Move best;
};
VariantSearch search_with_variant(const std::string& variant, const chess::Position& pos,
                                  const search::Limits& limits, std::size_t hash_mb = 16);

// Runs the variant as a UCI engine on in/out (its id name is "Kibitz <variant>"); returns the
// exit status.
int run_uci_variant(const std::string& variant, std::istream& in, std::ostream& out);

}  // namespace kibitz::lab
