// Variant no_tt of the engine (see variant_list.h).
#include "lab/variant_impl.h"

namespace kibitz::lab {

namespace {
constexpr search::Features kFeatures = [] {
    search::Features f;
    f.tt = false;
    return f;
}();
}  // namespace

KIBITZ_DEFINE_VARIANT(no_tt, kFeatures)

}  // namespace kibitz::lab
