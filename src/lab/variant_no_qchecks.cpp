// Variant no_qchecks of the engine (see variant_list.h).
#include "lab/variant_impl.h"

namespace kibitz::lab {

namespace {
constexpr search::Features kFeatures = [] {
    search::Features f;
    f.quiescence_checks = false;
    return f;
}();
}  // namespace

KIBITZ_DEFINE_VARIANT(no_qchecks, kFeatures)

}  // namespace kibitz::lab
