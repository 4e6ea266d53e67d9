// The Game concept: what a game must offer so that the search library can play it.
// Optional abilities are detected with `requires` and used through `if constexpr`.
#pragma once

#include <concepts>
#include <cstdint>

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
template <class G>
concept HasSolver = requires(G g, Score a, Score b) {
    { g.solve(a, b) } -> std::convertible_to<Score>;
};

// Exact values from endgame tables: true, with the score from the side to move's view (mate
// scores counted from the root, `ply` plies above), when a table covers the position.
template <class G>
concept HasTableProbe = requires(const G cg, int ply, Score& score) {
    { cg.probe_table(ply, score) } -> std::convertible_to<bool>;
};

// An evaluator scores a position of game G from the side to move.
template <class E, class G>
concept Evaluator = requires(E e, const G cg) {
    { e(cg) } -> std::convertible_to<Score>;
};

}  // namespace kibitz::search
