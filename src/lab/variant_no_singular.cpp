// Variant no_singular of the engine (see variant_list.h).
#include "lab/variant_impl.h"

namespace kibitz::lab {

namespace {
constexpr search::Features kFeatures = [] {
    search::Features f;
    f.singular = false;
    return f;
}();
}  // namespace

KIBITZ_DEFINE_VARIANT(no_singular, kFeatures)

}  // namespace kibitz::lab
