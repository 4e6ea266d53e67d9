// Engine options for the Othello protocol tests: shallow searches and a small solver, because
// these tests also run under the sanitizers.
#pragma once

#include "nboard/nboard.h"

namespace kibitz::test {

inline nboard::PlayOptions fast_othello_options() {
    nboard::PlayOptions o;
    o.depth = 2;
    o.solve_empties = 6;
    o.hash_mb = 1;
    return o;
}

}  // namespace kibitz::test
