// The experiments, one function each (src/lab/exp_<name>.cpp), listed by lab.cpp.
#pragma once

#include "lab/lab.h"

namespace kibitz::lab {

Experiment experiment_cornell();     // 1. minimax vs alpha-beta with quiescence (Cornell report)
Experiment experiment_minimax();     // 2. alpha-beta vs minimax by depth, and the ideal tree
Experiment experiment_ordering();    // 3. move ordering
Experiment experiment_algorithms();  // 4. NegaScout/PVS and MTD(f) vs alpha-beta
Experiment experiment_hashing();     // 5. transposition table; iterative vs direct
Experiment experiment_pruning();     // 6. pruning and extensions of the engine, one at a time
Experiment experiment_aspiration();  // 7. aspiration windows
Experiment experiment_presets();     // 8. fast searcher vs knowledge-based vs hybrid
Experiment experiment_tournament();  // 9. round-robin between configurations
// Experiments 2-5 on Othello positions (src/lab/exp_othello_<name>.cpp).
Experiment experiment_othello_minimax();     // 10. alpha-beta vs minimax, the ideal tree
Experiment experiment_othello_ordering();    // 11. move ordering
Experiment experiment_othello_algorithms();  // 12. NegaScout/PVS and MTD(f) vs alpha-beta
Experiment experiment_othello_hashing();     // 13. transposition table; iterative vs direct

}  // namespace kibitz::lab
