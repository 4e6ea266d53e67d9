// Variant no_futility of the engine (see variant_list.h).
#include "lab/variant_impl.h"

namespace kibitz::lab {

namespace {
constexpr search::Features kFeatures = [] {
    search::Features f;
    f.futility = false;
    f.reverse_futility = false;
    return f;
}();
}  // namespace

KIBITZ_DEFINE_VARIANT(no_futility, kFeatures)

}  // namespace kibitz::lab
