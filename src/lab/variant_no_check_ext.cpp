// Variant no_check_ext of the engine (see variant_list.h).
#include "lab/variant_impl.h"

namespace kibitz::lab {

namespace {
constexpr search::Features kFeatures = [] {
    search::Features f;
    f.check_extension = false;
    return f;
}();
}  // namespace

KIBITZ_DEFINE_VARIANT(no_check_ext, kFeatures)

}  // namespace kibitz::lab
