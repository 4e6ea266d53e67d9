#include "engine/othello_probcut.h"

namespace kibitz::engine {

const ProbCutTable& othello_probcut_table() {
    // Written by `kibitz othello probcut-fit --cpp`; all zeros means no model (no cuts).
    static const ProbCutTable table = {
#include "engine/othello_probcut.inc"
    };
    return table;
}

}  // namespace kibitz::engine
