// Variant no_null of the engine (see variant_list.h).
#include "lab/variant_impl.h"

namespace kibitz::lab {

namespace {
constexpr search::Features kFeatures = [] {
    search::Features f;
    f.null_move = false;
    return f;
}();
}  // namespace

KIBITZ_DEFINE_VARIANT(no_null, kFeatures)

}  // namespace kibitz::lab
