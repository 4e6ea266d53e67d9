// Reference searches, kept small and plain because the lab compares them: minimax and
// alpha-beta in max/min form, negamax, negamax alpha-beta, and NegaScout. Every one visits
// leaves at exactly `depth` plies and returns the same root value (the equivalence tests
// check it); only the number of nodes differs.
#pragma once

#include <algorithm>

#include "search/game.h"
#include "search/stats.h"

namespace kibitz::search {

// No move ordering: moves are tried in generation order.
struct NoOrder {
    template <class G, class List>
    void operator()(const G&, List&, int /*ply*/) const {}
};

// The result at the root: value for the side to move, and the move that reaches it.
template <class Move>
struct RootResult {
    Score score = 0;
    Move best{};
};

namespace detail {

// Shared leaf logic: returns true and sets `out` when the node needs no children: a draw by
// the game's rules (not at the root), a finished game, or the horizon.
template <Game G, class E>
bool leaf(G& g, E& eval, Depth depth, int ply, typename G::MoveList& list, Score& out, Stats& st) {
    ++st.nodes;
    if constexpr (HasDraw<G>)
        if (ply > 0 && g.is_draw(ply)) {
            out = kDraw;
            return true;
        }
    g.generate(list);
    if (list.empty()) {
        out = g.terminal_score(ply);
        return true;
    }
    if (depth <= 0) {
        ++st.leaves;
        out = eval(g);
        return true;
    }
    return false;
}

}  // namespace detail

// Minimax (von Neumann 1928; Shannon 1950), max/min form: the root's side maximises, the
// other minimises; all values are from the root side's point of view.
template <Game G, class E, class Order = NoOrder>
Score minimax(G& g, E& eval, Depth depth, bool maximizing, int ply, Stats& st,
              typename G::Move* best = nullptr, Order order = {}) {
    typename G::MoveList list;
    Score leaf_value;
    if (detail::leaf(g, eval, depth, ply, list, leaf_value, st))
        return maximizing ? leaf_value : -leaf_value;
    order(g, list, ply);
    Score value = maximizing ? -kInfinite : kInfinite;
    for (const auto m : list) {
        const auto u = g.make(m);
        const Score v = minimax(g, eval, depth - 1, !maximizing, ply + 1, st, nullptr, order);
        g.unmake(m, u);
        if (maximizing ? v > value : v < value) {
            value = v;
            if (best) *best = m;
        }
    }
    return value;
}

// Alpha-beta (Knuth and Moore 1975), max/min form, fail-soft.
template <Game G, class E, class Order = NoOrder>
Score alphabeta(G& g, E& eval, Score alpha, Score beta, Depth depth, bool maximizing, int ply,
                Stats& st, typename G::Move* best = nullptr, Order order = {}) {
    typename G::MoveList list;
    Score leaf_value;
    if (detail::leaf(g, eval, depth, ply, list, leaf_value, st))
        return maximizing ? leaf_value : -leaf_value;
    order(g, list, ply);
    Score value = maximizing ? -kInfinite : kInfinite;
    for (const auto m : list) {
        const auto u = g.make(m);
        const Score v =
            alphabeta(g, eval, alpha, beta, depth - 1, !maximizing, ply + 1, st, nullptr, order);
        g.unmake(m, u);
        if (maximizing ? v > value : v < value) {
            value = v;
            if (best) *best = m;
        }
        if (maximizing)
            alpha = std::max(alpha, value);
        else
            beta = std::min(beta, value);
        if (alpha >= beta) {
            ++st.beta_cutoffs;
            break;
        }
    }
    return value;
}

// Negamax: minimax written once, from the side to move (max(a, b) = -min(-a, -b)).
template <Game G, class E, class Order = NoOrder>
Score negamax(G& g, E& eval, Depth depth, int ply, Stats& st, typename G::Move* best = nullptr,
              Order order = {}) {
    typename G::MoveList list;
    Score value;
    if (detail::leaf(g, eval, depth, ply, list, value, st)) return value;
    order(g, list, ply);
    value = -kInfinite;
    for (const auto m : list) {
        const auto u = g.make(m);
        const Score v = -negamax(g, eval, depth - 1, ply + 1, st, nullptr, order);
        g.unmake(m, u);
        if (v > value) {
            value = v;
            if (best) *best = m;
        }
    }
    return value;
}

// Negamax with alpha-beta pruning, fail-soft.
template <Game G, class E, class Order = NoOrder>
Score negamax_alphabeta(G& g, E& eval, Score alpha, Score beta, Depth depth, int ply, Stats& st,
                        typename G::Move* best = nullptr, Order order = {}) {
    typename G::MoveList list;
    Score value;
    if (detail::leaf(g, eval, depth, ply, list, value, st)) return value;
    order(g, list, ply);
    value = -kInfinite;
    int index = 0;
    for (const auto m : list) {
        const auto u = g.make(m);
        const Score v =
            -negamax_alphabeta(g, eval, -beta, -alpha, depth - 1, ply + 1, st, nullptr, order);
        g.unmake(m, u);
        if (v > value) {
            value = v;
            if (best) *best = m;
        }
        alpha = std::max(alpha, value);
        if (alpha >= beta) {
            ++st.beta_cutoffs;
            st.first_move_cutoffs += index == 0;
            st.first3_cutoffs += index < 3;
            break;
        }
        ++index;
    }
    return value;
}

// NegaScout / principal variation search (Reinefeld 1983; Marsland 1983): the first move with
// the full window, the others with a null window, re-searched when they beat alpha.
template <Game G, class E, class Order = NoOrder>
Score negascout(G& g, E& eval, Score alpha, Score beta, Depth depth, int ply, Stats& st,
                typename G::Move* best = nullptr, Order order = {}) {
    typename G::MoveList list;
    Score value;
    if (detail::leaf(g, eval, depth, ply, list, value, st)) return value;
    order(g, list, ply);
    value = -kInfinite;
    bool first = true;
    for (const auto m : list) {
        const auto u = g.make(m);
        Score v;
        if (first) {
            v = -negascout(g, eval, -beta, -alpha, depth - 1, ply + 1, st, nullptr, order);
        } else {
            v = -negascout(g, eval, -alpha - 1, -alpha, depth - 1, ply + 1, st, nullptr, order);
            if (v > alpha && v < beta) {
                ++st.researches;
                v = -negascout(g, eval, -beta, -v, depth - 1, ply + 1, st, nullptr, order);
            }
        }
        g.unmake(m, u);
        first = false;
        if (v > value) {
            value = v;
            if (best) *best = m;
        }
        alpha = std::max(alpha, value);
        if (alpha >= beta) {
            ++st.beta_cutoffs;
            break;
        }
    }
    return value;
}

}  // namespace kibitz::search
