// Variant no_lmr of the engine (see variant_list.h).
#include "lab/variant_impl.h"

namespace kibitz::lab {

namespace {
constexpr search::Features kFeatures = [] {
    search::Features f;
    f.lmr = false;
    return f;
}();
}  // namespace

KIBITZ_DEFINE_VARIANT(no_lmr, kFeatures)

}  // namespace kibitz::lab
