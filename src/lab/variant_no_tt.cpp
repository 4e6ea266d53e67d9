// Variant no_tt of the engine (see variant_list.h).
#include "lab/variant_impl.h"

namespace kibitz::lab {

namespace {
constexpr search::Features kFeatures = [] {
    search::Features f;
    f.tt = false;
    f.iir = false;  // it reduces every node without a table move: with no table, all of them
    return f;
}();
}  // namespace

KIBITZ_DEFINE_VARIANT(no_tt, kFeatures)

}  // namespace kibitz::lab
