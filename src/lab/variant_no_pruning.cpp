// Variant no_pruning of the engine (see variant_list.h).
#include "lab/variant_impl.h"

namespace kibitz::lab {

namespace {
constexpr search::Features kFeatures = [] {
    search::Features f;
    f.null_move = false;
    f.lmr = false;
    f.futility = false;
    f.reverse_futility = false;
    f.late_move_pruning = false;
    f.see_pruning = false;
    f.delta_pruning = false;
    f.singular = false;  // its multi-cut prunes
    return f;
}();
}  // namespace

KIBITZ_DEFINE_VARIANT(no_pruning, kFeatures)

}  // namespace kibitz::lab
