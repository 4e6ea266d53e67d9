// MTD(f) (Plaat, Schaeffer, Pijls, de Bruin 1995): a sequence of null-window alpha-beta
// searches with memory that converges on the minimax value from a first guess.
#pragma once

#include "search/reference.h"
#include "search/tt.h"

namespace kibitz::search {

// Negamax alpha-beta with a transposition table. To preserve the exact value, an entry is
// used only when it was searched to exactly the same remaining depth.
template <Game G, class E, class Order = NoOrder>
Score alphabeta_memory(G& g, E& eval, TranspositionTable& tt, Score alpha, Score beta, Depth depth,
                       int ply, Stats& st, typename G::Move* best = nullptr, Order order = {}) {
    const Score alpha0 = alpha;
    TTData hit;
    ++st.tt_probes;
    if (ply > 0 && tt.probe(g.key(), hit) && hit.depth == depth) {
        ++st.tt_hits;
        const Score s = score_from_tt(hit.score, ply);
        if (tt_bound_cuts(hit.bound, s, alpha, beta)) {
            ++st.tt_cutoffs;
            ++st.nodes;
            return s;
        }
    }
    typename G::MoveList list;
    Score value;
    if (detail::leaf(g, eval, depth, ply, list, value, st)) return value;
    order(g, list, ply);
    value = -kInfinite;
    typename G::Move best_move = list[0];
    for (const auto m : list) {
        const auto u = g.make(m);
        const Score v =
            -alphabeta_memory(g, eval, tt, -beta, -alpha, depth - 1, ply + 1, st, nullptr, order);
        g.unmake(m, u);
        if (v > value) {
            value = v;
            best_move = m;
        }
        alpha = std::max(alpha, value);
        if (alpha >= beta) {
            ++st.beta_cutoffs;
            break;
        }
    }
    if (best) *best = best_move;
    const Bound bound = value <= alpha0 ? kBoundUpper : value >= beta ? kBoundLower : kBoundExact;
    tt.store(g.key(), best_move.raw(), score_to_tt(value, ply), 0, depth, bound);
    return value;
}

// MTD(f): returns the value of the position at `depth`, starting from the guess `first`.
template <Game G, class E, class Order = NoOrder>
Score mtdf(G& g, E& eval, TranspositionTable& tt, Score first, Depth depth, Stats& st,
           typename G::Move* best = nullptr, Order order = {}) {
    Score value = first, lower = -kInfinite, upper = kInfinite;
    bool have_best = false;
    while (lower < upper) {
        const Score beta = value == lower ? value + 1 : value;
        typename G::Move move{};
        value = alphabeta_memory(g, eval, tt, beta - 1, beta, depth, 0, st, &move, order);
        // A pass that fails high proves its move reaches the new lower bound.
        if (best && (value >= beta || !have_best)) *best = move, have_best = true;
        if (value < beta)
            upper = value;
        else
            lower = value;
    }
    return value;
}

}  // namespace kibitz::search
