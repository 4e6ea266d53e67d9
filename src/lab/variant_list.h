// The variants: X(id, name, description). Each has its own variant_<id>.cpp that sets its
// search::Features and instantiates the engine and the UCI session with them.
#pragma once

#include <iosfwd>
#include <string>

#include "lab/variants.h"

#define KIBITZ_VARIANTS(X)                                                                     \
    X(full, "full", "the engine as it plays")                                                  \
    X(no_tt, "no-tt",                                                                          \
      "no transposition table (nor the internal iterative reduction that relies on it)")       \
    X(no_null, "no-null-move", "no null-move pruning")                                         \
    X(no_lmr, "no-lmr", "no late move reductions")                                             \
    X(no_futility, "no-futility", "no futility pruning (neither at the frontier nor reverse)") \
    X(no_qchecks, "no-qchecks", "no quiet checks in the quiescence search")                    \
    X(no_check_ext, "no-check-ext", "no check extension")                                      \
    X(no_singular, "no-singular", "no singular extension (nor its multi-cut)")                 \
    X(no_pruning, "no-pruning",                                                                \
      "plain PVS: no null move, reductions, futility, late-move, SEE, delta pruning or multi-cut")

namespace kibitz::lab {

#define KIBITZ_VARIANT_DECLARE(id, name, description)                                      \
    VariantSearch search_##id(const chess::Position&, const search::Limits&, std::size_t); \
    int uci_##id(const std::string&, std::istream&, std::ostream&);
KIBITZ_VARIANTS(KIBITZ_VARIANT_DECLARE)
#undef KIBITZ_VARIANT_DECLARE

}  // namespace kibitz::lab
