// Variant full of the engine (see variant_list.h).
#include "lab/variant_impl.h"

namespace kibitz::lab {

namespace {
constexpr search::Features kFeatures = [] {
    search::Features f;
    return f;
}();
}  // namespace

KIBITZ_DEFINE_VARIANT(full, kFeatures)

}  // namespace kibitz::lab
