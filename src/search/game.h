// The Game concept: what a game must offer so that the search library can play it.
// Optional abilities are detected with `requires` and used through `if constexpr`.
#pragma once

#include <concepts>
#include <cstdint>
#include <vector>

#include "search/score.h"

namespace kibitz::search {

// Required: a move type that round-trips through 16 bits (for the transposition table), an
// undo record, a move list, the position key, legal move generation (empty only when the game
// is over: Othello's pass is a move), make/unmake, and the score of a finished game.
template <class G>
concept Game = requires(G g, const G cg, typename G::Move m, typename G::Undo u,
                        typename G::MoveList list, int ply) {
    { cg.key() } -> std::convertible_to<std::uint64_t>;
    {cg.generate(list)};
    { g.make(m) } -> std::same_as<typename G::Undo>;
    {g.unmake(m, u)};
    { cg.terminal_score(ply) } -> std::convertible_to<Score>;
    { m.raw() } -> std::convertible_to<std::uint16_t>;
    { G::Move::from_raw(std::uint16_t{}) } -> std::same_as<typename G::Move>;
};

// Optional abilities.
template <class G>
concept HasNullMove = requires(G g, typename G::Undo u) {
    { g.make_null() } -> std::same_as<typename G::Undo>;
    {g.unmake_null(u)};
};
template <class G>
concept HasTactical = requires(const G cg, typename G::MoveList list) {
    {cg.generate_tactical(list)};
};
template <class G>
concept HasCheck = requires(const G cg) {
    { cg.in_check() } -> std::convertible_to<bool>;
};
template <class G>
concept HasDraw = requires(const G cg, int ply) {
    { cg.is_draw(ply) } -> std::convertible_to<bool>;
};
template <class G>
concept HasMoveIndex = requires(const G cg, typename G::Move m) {
    { cg.move_index(m) } -> std::convertible_to<int>;
};
// A history index for tactical moves (chess: moving piece, destination and captured piece), in
// [0, G::kCaptureIndexCount): capture history.
template <class G>
concept HasCaptureIndex = requires(const G cg, typename G::Move m) {
    { G::kCaptureIndexCount } -> std::convertible_to<int>;
    { cg.capture_index(m) } -> std::convertible_to<int>;
};
// An exact endgame solver: at a node searched to solve_depth() or deeper (a game returns more
// than any depth when it cannot solve the position), solve() returns the exact score, fail-soft
// in (alpha, beta), adds the positions it visited to nodes, and calls poll() now and then: once
// poll() returns true the search is over and any score will do.
template <class G>
concept HasSolver = requires(G g, const G cg, Score a, Score b, std::uint64_t& nodes,
                             bool (*poll)()) {
    { cg.solve_depth() } -> std::convertible_to<Depth>;
    { g.solve(a, b, nodes, poll) } -> std::convertible_to<Score>;
};

// Exact values from endgame tables: true, with the score from the side to move's view (mate
// and table-win scores counted from the root, `ply` plies above), when a table covers the
// position; `depth` is the depth left, which lets a game skip costly probes near the horizon.
template <class G>
concept HasTableProbe = requires(const G cg, int ply, Depth depth, Score& score) {
    { cg.probe_table(ply, depth, score) } -> std::convertible_to<bool>;
};

// Tables that rank the root moves themselves (for chess: Syzygy's DTZ with the fifty-move
// rule): true, with one rank per move (larger is better), when they cover the root and every
// move; the search then keeps the best-ranked moves only.
template <class G>
concept HasTableRootRanks = requires(G g, const std::vector<typename G::Move>& moves,
                                     std::vector<int>& ranks) {
    { g.rank_table_root(moves, ranks) } -> std::convertible_to<bool>;
};

// Multi-ProbCut (Buro 1995, 1997): a search to `depth` is predicted from a shallow one,
// v_depth ~ slope * v_shallow + offset with a normal error of deviation sigma; when the
// prediction lies beyond beta (or below alpha) by `cut` deviations, the deep search is skipped.
// The game supplies the fitted model for the position and depth (false: no cut here).
struct ProbCutModel {
    Depth shallow = 0;
    double slope = 1.0, offset = 0.0, sigma = 0.0, cut = 1.5;
    // A check is searched only when the node's static evaluation lies above beta - pre * sigma
    // (the check for a fail high) or below alpha + pre * sigma (for a fail low): far from a
    // bound, its check would almost never cut. 0: both checks always.
    double pre = 0.0;
};
template <class G>
concept HasProbCut = requires(const G cg, Depth depth, ProbCutModel& model) {
    { cg.probcut_model(depth, model) } -> std::convertible_to<bool>;
};

// What a game offers so that the search can order and prune tactical moves (chess has it).
template <class G>
concept HasTacticalInfo = requires(const G cg, typename G::Move m) {
    { cg.is_tactical(m) } -> std::convertible_to<bool>;
    { cg.capture_order(m) } -> std::convertible_to<int>;
    { cg.captured_value(m) } -> std::convertible_to<int>;
    { cg.see_ge(m, 0) } -> std::convertible_to<bool>;
    { cg.gives_check(m) } -> std::convertible_to<bool>;
    { cg.null_move_allowed() } -> std::convertible_to<bool>;
};

// What a game offers to order quiet moves that save a threatened piece first.
template <class G>
concept HasThreats = requires(const G cg, typename G::Move m, std::uint64_t t) {
    { cg.threatened() } -> std::convertible_to<std::uint64_t>;
    { cg.escapes(m, t) } -> std::convertible_to<bool>;
};
// Keys for correction history (search/correction.h): a hash of the pawns and one of the
// material, each also telling the side to move apart.
template <class G>
concept HasCorrectionKeys = requires(const G cg) {
    { cg.pawn_key() } -> std::convertible_to<std::uint64_t>;
    { cg.material_key() } -> std::convertible_to<std::uint64_t>;
};
// What a game offers to order quiet moves that attack a bigger piece before the others.
template <class G>
concept HasQuietThreats = requires(const G cg, typename G::Move m) {
    { cg.threatens(m) } -> std::convertible_to<bool>;
};

// A cheap legality test for a move that was not generated (from the transposition table, a
// killer or a counter move): with it and the two halves of generation, the search generates
// moves in stages and stops at the first that cuts off.
template <class G>
concept HasStagedGeneration = HasTactical<G> &&
    requires(const G cg, typename G::Move m, typename G::MoveList list) {
    {cg.generate_quiet(list)};
    { cg.is_legal(m) } -> std::convertible_to<bool>;
};

// An evaluator scores a position of game G from the side to move.
template <class E, class G>
concept Evaluator = requires(E e, const G cg) {
    { e(cg) } -> std::convertible_to<Score>;
};

}  // namespace kibitz::search
