// The lab's own search: negamax minimax / alpha-beta / NegaScout with every classic technique
// of the seed papers as a run-time switch, so that one function can be measured with each
// move ordering, with and without a transposition table, iterative deepening, aspiration
// windows and MTD(f), and with a quiescence search of bounded depth.
//
// Unlike the engine's search (search/searcher.h) nothing here changes the value of the root:
// there is no forward pruning, the table cuts only with entries of exactly the same depth, and
// positions are scored as they stand, without repetition or fifty-move draws (as the papers'
// programs did), so that a position's value never depends on the path to it. Every
// configuration therefore returns the minimax value at the root; only the work differs.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/timer.h"
#include "search/game.h"
#include "search/stats.h"
#include "search/tt.h"

namespace kibitz::lab {

using search::Depth;
using search::Score;

// How moves are ordered before they are searched. From kMvvLva on, each adds to the previous.
enum class Order {
    kWorstFirst,   // by the score after the move (static evaluation), worst for the mover first
    kNone,         // as generated (both: captures by MVV-LVA in quiescence)
    kFranaszczuk,  // by the absolute value of that score, smallest first (the Cornell report)
    kBestFirst,    // by the score after the move, best for the mover first: a one-ply search,
                   // the classic Othello ordering (in quiescence: captures by MVV-LVA)
    kMvvLva,       // captures and promotions first, most valuable victim / least valuable attacker
    kKillers,      // + two killer moves per ply after the captures
    kHistory,      // + the other quiet moves by the history heuristic
    kOracle,       // perfect: by each move's exact value, found by a separate search (slow)
};

struct Config {
    Order order = Order::kHistory;
    bool pruning = true;     // alpha-beta; false = minimax (every move of every node searched)
    bool pvs = false;        // NegaScout / PVS: moves after the first with a null window
    bool tt = false;         // table: its move first, and cutoffs by entries of the same depth
    bool iterative = false;  // iterative deepening 1..depth instead of depth alone
    bool mtdf = false;       // MTD(f) null-window passes at each depth (needs tt)
    Score aspiration = 0;    // half-width of the window around the last iteration; 0 = full
    int quiescence = -1;     // plies of captures and promotions beyond the horizon; -1 = none
};

// Configurations that must all return the minimax value, for the tests: alpha-beta with each
// ordering; with the table, then iterative deepening (also best first); NegaScout alone, with the
// table, iterative deepening and an aspiration window of half-width aspiration; MTD(f) direct
// and iterative. Each with quiescence plies of quiescence.
inline std::vector<std::pair<std::string, Config>> value_preserving(int quiescence,
                                                                    Score aspiration) {
    std::vector<std::pair<std::string, Config>> out;
    Config c;
    c.quiescence = quiescence;
    for (Order o : {Order::kWorstFirst, Order::kNone, Order::kFranaszczuk, Order::kBestFirst,
                    Order::kMvvLva, Order::kKillers, Order::kHistory, Order::kOracle}) {
        c.order = o;
        out.push_back({"alpha-beta, order " + std::to_string(int(o)), c});
    }
    c.order = Order::kHistory;
    c.tt = true;
    out.push_back({"alpha-beta + tt", c});
    c.iterative = true;
    out.push_back({"alpha-beta + tt + id", c});
    c.order = Order::kBestFirst;
    out.push_back({"best first + tt + id", c});
    c.order = Order::kHistory;
    c.tt = c.iterative = false;
    c.pvs = true;
    out.push_back({"pvs", c});
    c.tt = true;
    out.push_back({"pvs + tt", c});
    c.iterative = true;
    out.push_back({"pvs + tt + id", c});
    c.aspiration = aspiration;
    out.push_back({"pvs + tt + id + aspiration " + std::to_string(aspiration), c});
    c.aspiration = 0;
    c.pvs = c.iterative = false;
    c.mtdf = true;
    out.push_back({"mtdf", c});
    c.iterative = true;
    out.push_back({"mtdf + id", c});
    return out;
}

struct Outcome {
    Score score = 0;
    std::uint16_t best = 0;  // raw move
    search::Stats stats;
    std::uint64_t order_evals = 0;  // static evaluations made only to order moves
    std::int64_t ns = 0;
    int passes = 0;  // root searches: iterations, aspiration re-searches, MTD(f) passes
};

template <class G>
concept LabTactics = requires(const G cg, typename G::Move m, typename G::MoveList list) {
    { cg.is_tactical(m) } -> std::convertible_to<bool>;
    { cg.capture_order(m) } -> std::convertible_to<int>;
    {cg.generate_tactical(list)};
};

template <search::Game G, class E>
class AlphaBeta {
public:
    using Move = typename G::Move;

    // tt is needed when config.tt; it is not cleared here.
    AlphaBeta(E& eval, Config config, search::TranspositionTable* tt = nullptr)
        : eval_(eval), config_(config), tt_(tt) {}

    // Searches g to depth as configured and returns the value, the move and the work done.
    Outcome run(G& g, Depth depth) {
        out_ = Outcome{};
        history_.assign(history_size(), 0);
        for (auto& k : killers_) k[0] = k[1] = 0;
        core::Stopwatch clock;
        Score value = 0;
        for (Depth d = config_.iterative ? 1 : depth; d <= depth; ++d) value = iterate(g, d, value);
        out_.score = value;
        out_.ns = clock.elapsed_ns();
        return out_;
    }

private:
    static constexpr Score kInf = search::kInfinite;

    Score iterate(G& g, Depth depth, Score previous) {
        const bool first = !config_.iterative || depth == 1;
        if (config_.mtdf) {
            // MTD(f): null-window searches that move the bounds until they meet.
            Score value = first ? 0 : previous, lower = -kInf, upper = kInf;
            while (lower < upper) {
                const Score beta = value == lower ? value + 1 : value;
                value = root(g, beta - 1, beta, depth);
                (value < beta ? upper : lower) = value;
            }
            return value;
        }
        Score alpha = -kInf, beta = kInf;
        if (config_.aspiration > 0 && !first) {
            alpha = previous - config_.aspiration;
            beta = previous + config_.aspiration;
        }
        for (;;) {
            const Score value = root(g, alpha, beta, depth);
            if (value <= alpha && alpha > -kInf) {
                alpha = -kInf;  // failed low: open the window downwards and search again
            } else if (value >= beta && beta < kInf) {
                beta = kInf;
            } else {
                return value;
            }
            ++out_.stats.researches;
        }
    }

    Score root(G& g, Score alpha, Score beta, Depth depth) {
        ++out_.passes;
        return search(g, alpha, beta, depth, 0);
    }

    Score search(G& g, Score alpha, Score beta, Depth depth, int ply) {
        if (depth <= 0 && config_.quiescence >= 0)
            return quiesce(g, alpha, beta, config_.quiescence, ply);
        ++out_.stats.nodes;
        typename G::MoveList list;
        g.generate(list);
        if (list.empty()) return g.terminal_score(ply);
        if (depth <= 0) {
            ++out_.stats.leaves;
            return eval_(g);
        }

        // The table: a result of the same depth whose bound settles the window ends the node.
        search::TTData hit;
        std::uint16_t tt_move = 0;
        if (config_.tt) {
            ++out_.stats.tt_probes;
            if (tt_->probe(g.key(), hit)) {
                ++out_.stats.tt_hits;
                tt_move = hit.move;
                const Score s = search::score_from_tt(hit.score, ply);
                if (ply > 0 && hit.depth == depth &&
                    search::tt_bound_cuts(hit.bound, s, alpha, beta)) {
                    ++out_.stats.tt_cutoffs;
                    return s;
                }
            }
        }

        order(g, list, tt_move, depth, ply, false);
        const Score alpha0 = alpha;
        Score best = -kInf;
        Move best_move = list[0];
        for (std::size_t i = 0; i < list.size(); ++i) {
            const Move m = list[i];
            const auto u = g.make(m);
            Score v;
            if (!config_.pruning) {
                v = -search(g, -kInf, kInf, depth - 1, ply + 1);
            } else if (config_.pvs && i > 0) {
                v = -search(g, -alpha - 1, -alpha, depth - 1, ply + 1);
                if (v > alpha && v < beta) {
                    ++out_.stats.researches;
                    v = -search(g, -beta, -alpha, depth - 1, ply + 1);
                }
            } else {
                v = -search(g, -beta, -alpha, depth - 1, ply + 1);
            }
            g.unmake(m, u);
            if (v > best) {
                best = v;
                best_move = m;
                if (ply == 0) out_.best = m.raw();
            }
            if (!config_.pruning) continue;
            alpha = std::max(alpha, v);
            if (alpha >= beta) {
                ++out_.stats.beta_cutoffs;
                out_.stats.first_move_cutoffs += i == 0;
                out_.stats.first3_cutoffs += i < 3;
                remember_cutoff(g, m, depth, ply);
                break;
            }
        }
        if (config_.tt) {
            const search::Bound bound = best >= beta    ? search::kBoundLower
                                        : best > alpha0 ? search::kBoundExact
                                                        : search::kBoundUpper;
            tt_->store(g.key(), best_move.raw(), search::score_to_tt(best, ply), 0, depth, bound);
        }
        return best;
    }

    // Captures and promotions only, with the static evaluation as a floor (stand pat).
    Score quiesce(G& g, Score alpha, Score beta, int qdepth, int ply) {
        ++out_.stats.nodes;
        ++out_.stats.qnodes;
        ++out_.stats.leaves;
        const Score stand = eval_(g);
        if (ply > out_.stats.seldepth) out_.stats.seldepth = ply;
        if constexpr (LabTactics<G>) {
            if (qdepth <= 0 || ply >= search::kMaxPly - 1) return stand;
            Score best = stand;
            if (config_.pruning) {
                if (stand >= beta) return stand;
                alpha = std::max(alpha, stand);
            }
            typename G::MoveList list;
            g.generate_tactical(list);
            order(g, list, 0, qdepth, ply, true);
            for (std::size_t i = 0; i < list.size(); ++i) {
                const Move m = list[i];
                const auto u = g.make(m);
                const Score v = config_.pruning ? -quiesce(g, -beta, -alpha, qdepth - 1, ply + 1)
                                                : -quiesce(g, -kInf, kInf, qdepth - 1, ply + 1);
                g.unmake(m, u);
                best = std::max(best, v);
                if (!config_.pruning) continue;
                alpha = std::max(alpha, v);
                if (alpha >= beta) break;
            }
            return best;
        } else {
            (void)alpha, (void)beta, (void)qdepth;
            return stand;
        }
    }

    // ------------------------------------------------------------------------------------
    // Move ordering.

    struct Keyed {
        Move move;
        long long key;
    };

    void order(G& g, typename G::MoveList& list, std::uint16_t tt_move, Depth depth, int ply,
               bool quiescence) {
        if (list.size() < 2) return;
        std::vector<Keyed> keyed;
        keyed.reserve(list.size());
        for (const Move m : list) keyed.push_back({m, sort_key(g, m, depth, ply, quiescence)});
        if (config_.tt && tt_move)
            for (auto& k : keyed)
                if (k.move.raw() == tt_move) k.key = 1LL << 60;
        std::stable_sort(keyed.begin(), keyed.end(),
                         [](const Keyed& a, const Keyed& b) { return a.key > b.key; });
        for (std::size_t i = 0; i < list.size(); ++i) list[i] = keyed[i].move;
    }

    // Larger keys are searched first.
    // In quiescence, the orderings meant for the full-width search (worst or best first, as
    // generated) sort captures by MVV-LVA instead: a capture search in the worst order explodes
    // and would swamp what they measure. A game without tactical moves (Othello) has no
    // quiescence, and from kMvvLva on its moves are as generated, then killers, then history.
    long long sort_key(G& g, Move m, Depth depth, int ply, bool quiescence) {
        switch (config_.order) {
            case Order::kNone:
                if (!quiescence) return 0;
                break;
            case Order::kWorstFirst:
                if (!quiescence) return -score_after(g, m);
                break;
            case Order::kBestFirst:
                if (!quiescence) return score_after(g, m);
                break;
            case Order::kFranaszczuk: {
                const Score s = score_after(g, m);
                return -(s < 0 ? -s : s);
            }
            case Order::kOracle: return exact_value(g, m, depth, ply, quiescence);
            default: break;
        }
        if constexpr (LabTactics<G>)
            if (g.is_tactical(m)) return (1LL << 40) + g.capture_order(m);
        if (quiescence) return 0;
        if (config_.order >= Order::kKillers) {
            if (m.raw() == killers_[std::size_t(ply)][0]) return 1LL << 38;
            if (m.raw() == killers_[std::size_t(ply)][1]) return (1LL << 38) - 1;
        }
        if constexpr (search::HasMoveIndex<G>)
            if (config_.order >= Order::kHistory) return history_[std::size_t(g.move_index(m))];
        return 0;
    }

    // The static score after m, from the mover's side.
    Score score_after(G& g, Move m) {
        ++out_.order_evals;
        const auto u = g.make(m);
        const Score s = -eval_(g);
        g.unmake(m, u);
        return s;
    }

    // The exact value of m for the mover (depth is the quiescence depth left in quiescence),
    // by a separate plain alpha-beta search whose work is not counted: what a perfect
    // move-ordering oracle would know.
    long long exact_value(G& g, Move m, Depth depth, int ply, bool quiescence) {
        Config plain = config_;
        plain.order = Order::kNone;
        plain.tt = plain.iterative = plain.mtdf = plain.pvs = false;
        plain.aspiration = 0;
        plain.pruning = true;
        AlphaBeta<G, E> oracle(eval_, plain);
        const auto u = g.make(m);
        const Score v = quiescence ? -oracle.quiesce(g, -kInf, kInf, depth - 1, ply + 1)
                                   : -oracle.search(g, -kInf, kInf, depth - 1, ply + 1);
        g.unmake(m, u);
        return v;
    }

    void remember_cutoff(const G& g, Move m, Depth depth, int ply) {
        if constexpr (LabTactics<G>)
            if (g.is_tactical(m)) return;
        if (config_.order >= Order::kKillers && config_.order != Order::kOracle) {
            auto& k = killers_[std::size_t(ply)];
            if (k[0] != m.raw()) k[1] = k[0], k[0] = m.raw();
        }
        if constexpr (search::HasMoveIndex<G>)
            if (config_.order >= Order::kHistory && config_.order != Order::kOracle)
                history_[std::size_t(g.move_index(m))] += depth * depth;
    }

    static std::size_t history_size() {
        if constexpr (search::HasMoveIndex<G>) return std::size_t(G::kMoveIndexCount);
        return 0;
    }

    E& eval_;
    Config config_;
    search::TranspositionTable* tt_;
    Outcome out_;
    std::vector<long long> history_;
    std::uint16_t killers_[search::kMaxPly + 1][2] = {};
};

}  // namespace kibitz::lab
