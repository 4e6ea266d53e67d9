// Scores from the side to move's point of view, with mate scores that carry their distance.
#pragma once

#include <cstdint>
#include <cstdlib>

namespace kibitz::search {

using Score = int;
using Depth = int;

constexpr int kMaxPly = 128;        // deepest ply the search ever reaches
constexpr Score kInfinite = 32001;  // outside every real score
constexpr Score kMate = 32000;      // mate on the board at ply 0
// Scores beyond this are mates: up to 1000 plies away, since endgame tables know mates far
// beyond the search's own horizon.
constexpr Score kMateBound = kMate - 1000;
constexpr Score kDraw = 0;

// Mate scores: mate_in(ply) for the side that mates, mated_in(ply) for the side that is mated.
constexpr Score mate_in(int ply) { return kMate - ply; }
constexpr Score mated_in(int ply) { return -kMate + ply; }
constexpr bool is_mate_score(Score s) { return s >= kMateBound || s <= -kMateBound; }

// A win that a table knows without its distance to mate (Syzygy's WDL), found `ply` plies
// below the root: above every evaluation, below every mate, nearer ones better.
constexpr Score kTableWin = 20000;
constexpr Score kTableWinBound = kTableWin - kMaxPly;
constexpr Score table_win_in(int ply) { return kTableWin - ply; }
constexpr Score table_loss_in(int ply) { return -kTableWin + ply; }

// Moves until mate (positive: we mate, negative: we are mated), as UCI's "score mate N".
constexpr int mate_moves(Score s) { return s > 0 ? (kMate - s + 1) / 2 : -(kMate + s) / 2; }

// Mate and table-win scores are stored in the transposition table relative to the node, not
// the root, so that an entry found at another ply still gives the right distance.
constexpr Score score_to_tt(Score s, int ply) {
    return s >= kTableWinBound ? s + ply : s <= -kTableWinBound ? s - ply : s;
}
constexpr Score score_from_tt(Score s, int ply) {
    return s >= kTableWinBound ? s - ply : s <= -kTableWinBound ? s + ply : s;
}

}  // namespace kibitz::search
