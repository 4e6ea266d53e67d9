// The techniques of the engine search, each a compile-time switch so that the lab can
// instantiate the search without any one of them and measure what it is worth.
#pragma once

namespace kibitz::search {

struct Features {
    bool tt = true;                    // transposition table cutoffs and move
    bool aspiration = true;            // aspiration windows in iterative deepening
    bool killers = true;               // killer moves
    bool history = true;               // history heuristic for quiet moves
    bool counter_moves = true;         // counter-move heuristic
    bool capture_history = true;       // history heuristic for captures, in their order
    bool continuation_history = true;  // history of a move after the moves 1, 2, 4 plies back
    bool null_move = true;             // null-move pruning
    bool lmr = true;                   // late move reductions
    bool futility = true;              // futility pruning of quiet moves near the leaves
    bool reverse_futility = true;      // static null move: prune when eval is far above beta
    bool late_move_pruning = true;     // skip late quiet moves near the leaves
    bool quiescence = true;            // quiescence search at the horizon
    bool quiescence_checks = true;     // quiet checking moves at the first quiescence ply
    bool see_pruning = true;           // skip losing captures (SEE) near leaves and in quiescence
    bool delta_pruning = true;         // skip captures that cannot raise alpha in quiescence
    bool check_extension = true;       // search checking moves one ply deeper
    bool mate_distance = true;         // mate-distance pruning
    bool iir = true;                   // internal iterative reduction without a TT move
    bool probcut = true;               // Multi-ProbCut, for games that supply its model
    bool singular = true;              // singular extension of a table move far above the rest
    bool correction_history = true;    // static evaluation corrected by what searches found
};

}  // namespace kibitz::search
