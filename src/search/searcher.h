// The engine search: negamax principal variation search (NegaScout) inside iterative deepening
// with aspiration windows, a transposition table, move ordering by TT move, SEE and MVV-LVA
// with capture history, killers, counter moves, history and continuation history, null-move
// pruning, late move reductions, futility, reverse futility, late-move and history pruning,
// check and singular extensions (with multi-cut, double and negative extensions), the static
// evaluation corrected by correction history, mate-distance pruning and a quiescence search.
// Every technique is a switch in Features (search/features.h); those still on trial are off
// through their parameters (search/params.h) until games say they pay.
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <functional>
#include <vector>

#include "search/correction.h"
#include "search/features.h"
#include "search/game.h"
#include "search/history.h"
#include "search/limits.h"
#include "search/move_picker.h"
#include "search/params.h"
#include "search/stats.h"
#include "search/time_control.h"
#include "search/tt.h"

namespace kibitz::search {

template <Game G, class E, Features F = Features{}>
class Searcher {
public:
    using Move = typename G::Move;
    using Report = std::function<void(const Iteration<Move>&)>;
    // The root move being searched, its number (from 1) and the depth; sent after a second.
    using CurrMoveReport = std::function<void(Move, int, Depth)>;

    // tt and stop are shared by all threads of one search; eval scores positions.
    Searcher(TranspositionTable& tt, std::atomic<bool>& stop, E eval = {})
        : tt_(tt), stop_(stop), eval_(std::move(eval)) {
        static_assert(HasSearchParams<G>, "the game supplies its search parameters (margins)");
        // Each feature in use needs its margin from the game (a 0 would prune everything, or
        // divide by zero).
        constexpr SearchParams p = G::search_params();
        static_assert(!F.aspiration || p.aspiration_window > 0, "aspiration_window");
        static_assert(!F.reverse_futility || p.rfp_margin > 0, "rfp_margin");
        static_assert(!(F.null_move && HasNullMove<G>) || p.nmp_eval_step > 0, "nmp_eval_step");
        static_assert(!F.futility || p.futility_per_depth > 0, "futility_per_depth");
        static_assert(!F.see_pruning || !HasTacticalInfo<G> || p.see_quiet > 0, "see_quiet");
        static_assert(!F.delta_pruning || !HasTacticalInfo<G> || p.delta_margin > 0,
                      "delta_margin");
        if constexpr (HasMoveIndex<G>) history_.resize(G::kMoveIndexCount);
        if constexpr (HasCaptureIndex<G>) history_.resize_captures(G::kCaptureIndexCount);
        if constexpr (F.continuation_history && HasMoveIndex<G>) history_.resize_continuation();
        set_params(G::search_params());
    }

    // The margins, depth limits and factors of the search (search/params.h).
    void set_params(const SearchParams& p) {
        params_ = p;
        const double base = p.lmr_base / 100.0, divisor = p.lmr_divisor / 100.0;
        for (int d = 1; d < 64; ++d)
            for (int n = 1; n < 64; ++n)
                lmr_[d][n] = int(base + std::log(double(d)) * std::log(double(n)) / divisor);
    }
    const SearchParams& params() const { return params_; }

    // Thread 0 reports and watches the clock; helper threads (Lazy SMP) only search.
    void set_thread_index(int index) { thread_index_ = index; }
    void set_multipv(int n) { multipv_ = std::max(1, n); }
    void set_currmove_report(CurrMoveReport report) { currmove_report_ = std::move(report); }
    // Forgets history, killers, counter moves and corrections (a new game).
    void clear() {
        history_.clear();
        correction_.clear();
    }

    // Turns an infinite (pondering) search into a timed one, with limits counted from now;
    // safe to call from another thread while think() runs.
    void ponderhit(std::int64_t soft_ms, std::int64_t hard_ms) {
        time_.ponderhit(soft_ms, hard_ms);
    }
    E& evaluator() { return eval_; }
    // The static evaluation of g as the search uses it: the evaluator's, corrected by what
    // earlier searches found (correction history).
    Score static_eval(const G& g) { return corrected(g, eval_(g)); }

    // Iterative deepening on g until a limit or the stop flag; returns the best move
    // (Move{} when g has no legal move). report is called after each iteration.
    Move think(G& g, const Limits& limits, const Report& report = {});

    // Sets the limits and starts the clock ahead of think() (which then keeps them), so that
    // another thread may call ponderhit() before think() has begun.
    void prepare(const Limits& limits) {
        limits_ = limits;
        time_.start(limits.soft_ms, limits.hard_ms, limits.infinite);
        prepared_ = true;
    }

    // Results of the last think().
    const Stats& stats() const { return stats_; }
    std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
    Score score() const { return root_.empty() ? 0 : root_[0].score; }
    Depth completed_depth() const { return completed_depth_; }
    std::vector<Move> pv() const { return root_.empty() ? std::vector<Move>{} : root_[0].pv; }
    // The MultiPV lines of the last completed iteration: first move, score and PV, best first.
    struct Line {
        Move move;
        Score score;
        std::vector<Move> pv;
    };
    std::vector<Line> lines() const {
        std::vector<Line> out;
        for (int i = 0; i < std::min<int>(multipv_, int(root_.size())); ++i) {
            const RootMove& r = root_[std::size_t(i)];
            out.push_back(Line{r.move, r.score == -kInfinite ? r.previous : r.score, r.pv});
        }
        return out;
    }

private:
    enum NodeKind { kNonPV, kPV };
    static constexpr Score kNoEval = -kInfinite;

    struct RootMove {
        Move move;
        Score score = -kInfinite;
        Score previous = -kInfinite;
        std::vector<Move> pv;
        std::uint64_t nodes = 0;  // this thread's nodes under the move in this iteration
    };
    struct Frame {
        Score eval = kNoEval;
        Move move{};
        int move_index = -1;  // history index of the move made from this ply, -1 for none
        bool null = false;
        Move excluded{};            // the move a singular-extension search at this ply leaves out
        int double_extensions = 0;  // on the line from the root to this ply
    };

    Score search_root(G& g, Score alpha, Score beta, Depth depth);
    template <NodeKind N>
    Score pvs(G& g, Score alpha, Score beta, Depth depth, int ply, bool cut_node);
    template <NodeKind N>
    Score qsearch(G& g, Score alpha, Score beta, int ply, int qply);
    OrderingHints<Move> hints(Move tt_move, int ply) const;
    void update_quiet_stats(const G& g, int ply, Move best, Depth depth, const Move* quiets,
                            int quiet_count);
    void update_capture_stats(const G& g, Move best, bool best_tactical, Depth depth,
                              const Move* captures, int capture_count);
    // The index of the move made 1, 2 or 4 plies (k = 0, 1, 2) before the node at ply; -1
    // when there is none (the root is nearer, or it was a null move).
    int earlier_move_index(int ply, int k) const {
        const int back = k == 2 ? 4 : k + 1;
        return ply >= back ? frames_[ply - back].move_index : -1;
    }
    // What LMR and history pruning know of a quiet move (by index) at ply: its history, and
    // with lmr_continuation its continuation history 1 and 2 plies back.
    int move_history(int ply, int index) const {
        int h = 0;
        if constexpr (HasMoveIndex<G>) {
            if constexpr (F.history) h = history_.quiet(index);
            if constexpr (F.continuation_history)
                if (params_.lmr_continuation)
                    for (int k = 0; k < std::min(2, params_.continuation_plies); ++k)
                        if (const int prev = earlier_move_index(ply, k); prev >= 0)
                            h += history_.continuation_row(prev)[index];
        }
        return h;
    }
    int history_bonus(Depth depth) const {
        return std::min(params_.history_max,
                        params_.history_quadratic * depth * depth + params_.history_linear * depth);
    }
    void update_pv(int ply, Move m);
    bool should_stop();
    bool limits_reached();
    // The game's exact solver at a node searched at least that deep: returns true with the
    // score when it was used.
    bool try_solve(G& g, Score alpha, Score beta, Depth depth, int ply, Score& score);
    void count_node(int ply) {
        nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
        if (ply > stats_.seldepth) stats_.seldepth = ply;
    }
    Score evaluate(const G& g) {
        ++stats_.leaves;
        return eval_(g);
    }
    // The static evaluation with correction history's correction.
    Score corrected(const G& g, Score raw) const {
        if constexpr (F.correction_history && HasCorrectionKeys<G>)
            if (params_.correction_limit > 0 && raw > -kMateBound && raw < kMateBound)
                return std::clamp(raw + correction_.correction(g.pawn_key(), g.material_key()),
                                  -kMateBound + 1, kMateBound - 1);
        return raw;
    }
    void update_correction(const G& g, Score best, Move best_move, Bound bound, Score raw_eval,
                           Score static_eval, Depth depth);
    Iteration<Move> make_iteration(const RootMove& rm, Depth depth, int pv_index, Bound bound);
    // Member templates (T is always G), not members constrained on G: an explicit instantiation
    // of the class instantiates constrained members whose constraints fail too in clang 14.
    template <class T>
    requires HasTableProbe<T>
    bool keep_table_best_root_moves(T& g);
    // The tables' exact score of g, kept in the transposition table too.
    template <class T>
    requires HasTableProbe<T>
    bool probe_tables(const T& g, int ply, Depth depth, Score& score) {
        if (!g.probe_table(ply, depth, score)) return false;
        ++stats_.tb_hits;
        if constexpr (F.tt)
            tt_.store(g.key(), 0, score_to_tt(score, ply), kNoEval,
                      std::clamp(depth + 6, 0, kMaxPly - 1), kBoundExact);
        return true;
    }

    TranspositionTable& tt_;
    std::atomic<bool>& stop_;
    E eval_;
    SearchParams params_;
    MoveHistory history_;
    CorrectionHistory correction_;
    int lmr_[64][64] = {};
    int thread_index_ = 0;
    int multipv_ = 1;
    CurrMoveReport currmove_report_;
    int pv_index_ = 0;

    Limits limits_;
    bool prepared_ = false;
    TimeControl time_;
    Stats stats_;
    std::atomic<std::uint64_t> nodes_{0};
    std::vector<RootMove> root_;
    Depth root_depth_ = 0;
    Depth completed_depth_ = 0;
    Frame frames_[kMaxPly + 8];
    Move pv_[kMaxPly + 1][kMaxPly + 1];
    int pv_length_[kMaxPly + 1] = {};
};

// ---------------------------------------------------------------------------------------
// Iterative deepening with aspiration windows.

template <Game G, class E, Features F>
typename G::Move Searcher<G, E, F>::think(G& g, const Limits& limits, const Report& report) {
    if (!prepared_) prepare(limits);
    prepared_ = false;
    stats_ = Stats{};
    nodes_.store(0, std::memory_order_relaxed);
    completed_depth_ = 0;
    history_.clear_killers();
    for (auto& f : frames_) f = Frame{};

    // 1. The root moves; nothing to search without a legal move.
    root_.clear();
    typename G::MoveList list;
    g.generate(list);
    for (const auto m : list) root_.push_back(RootMove{m, -kInfinite, -kInfinite, {m}});
    if (root_.empty()) return Move{};
    bool root_in_tables = false;
    if constexpr (HasTableProbe<G>) root_in_tables = keep_table_best_root_moves(g);
    TTData hit;
    if (tt_.probe(g.key(), hit) && hit.move) {
        const auto it = std::find_if(root_.begin(), root_.end(),
                                     [&](const RootMove& r) { return r.move.raw() == hit.move; });
        if (it != root_.end()) std::rotate(root_.begin(), it, it + 1);
    }
    const int lines = std::min<int>(multipv_, int(root_.size()));

    // When an exact solver can take the whole tree (each root move searched to the end, one
    // pass included), a few shallow iterations order the root moves and the next one solves.
    Depth exact_depth = kMaxPly;
    if constexpr (HasSolver<G>) exact_depth = g.solve_depth() + 1;

    // 2. Deepen one ply at a time. Helper threads start one ply deeper every other thread.
    time_.new_iterations(root_[0].move.raw());
    for (Depth depth = 1 + (thread_index_ & 1); depth <= limits_.depth; ++depth) {
        if (exact_depth <= limits_.depth && depth > 4 && depth < exact_depth) depth = exact_depth;
        root_depth_ = depth;
        for (auto& r : root_) {
            r.previous = r.score;
            r.nodes = 0;
        }
        for (pv_index_ = 0; pv_index_ < lines; ++pv_index_) {
            // 3. Aspiration window around the previous score (Baudet 1978; Gillogly 1978),
            // widened on a fail high or low until the score falls inside.
            Score previous = root_[std::size_t(pv_index_)].previous;
            Score delta = params_.aspiration_window, alpha = -kInfinite, beta = kInfinite;
            if (F.aspiration && depth >= params_.aspiration_depth && previous > -kTableWinBound &&
                previous < kTableWinBound) {
                alpha = std::max(previous - delta, -kInfinite);
                beta = std::min(previous + delta, kInfinite);
            }
            for (;;) {
                const Score s = search_root(g, alpha, beta, depth);
                std::stable_sort(
                    root_.begin() + pv_index_, root_.end(),
                    [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
                if (stop_.load(std::memory_order_relaxed)) break;
                if (s <= alpha) {
                    if (report && thread_index_ == 0 && time_.elapsed_ms() > 2000)
                        report(make_iteration(root_[std::size_t(pv_index_)], depth, pv_index_,
                                              kBoundUpper));
                    beta = (alpha + beta) / 2;
                    alpha = std::max(s - delta, -kInfinite);
                    ++stats_.researches;
                } else if (s >= beta) {
                    if (report && thread_index_ == 0 && time_.elapsed_ms() > 2000)
                        report(make_iteration(root_[std::size_t(pv_index_)], depth, pv_index_,
                                              kBoundLower));
                    beta = std::min(s + delta, kInfinite);
                    ++stats_.researches;
                } else {
                    break;
                }
                delta += delta * params_.aspiration_growth / 100;
            }
            if (stop_.load(std::memory_order_relaxed)) break;
            // The lines found so far in score order: a later line's search can find more than
            // an earlier one's (its window and table differ), and line 1 is the best move.
            std::stable_sort(
                root_.begin(), root_.begin() + pv_index_ + 1,
                [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        }
        if (stop_.load(std::memory_order_relaxed)) break;
        completed_depth_ = depth;
        if (report && thread_index_ == 0)
            for (int i = 0; i < lines; ++i)
                report(make_iteration(root_[std::size_t(i)], depth, i, kBoundExact));

        // 4. Stop when a limit says so: a mate found, or the soft time limit (the time
        // control stretches it when the best move just changed or the score fell, and shrinks
        // it when the move has been stable).
        if (thread_index_ != 0) continue;
        if (depth >= exact_depth) break;  // solved: nothing deeper to learn
        // A solved root gains nothing from deeper iterations, infinite or not (an infinite
        // search still holds its move until stop): the tables already chose among the root
        // moves (one iteration picks among equals), or the move mates at once.
        if (root_in_tables) break;
        if (lines == 1 && root_[0].score >= mate_in(1)) break;
        if (lines == 1 && is_mate_score(root_[0].score) &&
            depth >= 2 * (kMate - std::abs(root_[0].score)) + params_.mate_settled_depth)
            break;
        const Score best = root_[0].score;
        std::uint64_t iteration_nodes = 0;
        for (const auto& r : root_) iteration_nodes += r.nodes;
        SearchEffort effort{depth, -1};
        if (iteration_nodes) effort.best_share = double(root_[0].nodes) / double(iteration_nodes);
        const bool time_up = time_.stop_after_iteration(root_[0].move.raw(), best, params_, effort);
        if (limits_.mate && best >= kMateBound && (kMate - best + 1) / 2 <= limits_.mate) break;
        if (time_.infinite()) continue;
        if (time_up) break;
        if (limits_.nodes && nodes() >= limits_.nodes) break;
    }
    stats_.nodes = nodes();
    return root_[0].move;
}

template <Game G, class E, Features F>
Iteration<typename G::Move> Searcher<G, E, F>::make_iteration(const RootMove& rm, Depth depth,
                                                              int pv_index, Bound bound) {
    Iteration<Move> it;
    it.depth = depth;
    it.seldepth = stats_.seldepth;
    it.multipv = pv_index + 1;
    it.score = rm.score == -kInfinite ? rm.previous : rm.score;
    it.bound = bound;
    it.nodes = nodes();
    it.time_ms = time_.elapsed_ms();
    it.hashfull = tt_.hashfull();
    it.tb_hits = stats_.tb_hits;
    it.pv = rm.pv;
    return it;
}

// Endgame tables at the root: when they cover the root and every reply, only the root moves
// with the best table value stay (the fastest win, the slowest loss, the draws), so whatever
// the search prefers among them is perfect play. A reply that repeats a position counts as the
// draw it is. Not with several lines of analysis, which should show the other moves too.
template <Game G, class E, Features F>
template <class T>
requires HasTableProbe<T>
bool Searcher<G, E, F>::keep_table_best_root_moves(T& g) {
    if (multipv_ > 1) return false;
    // Tables that rank the moves themselves (Syzygy with the fifty-move rule) first.
    if constexpr (HasTableRootRanks<G>) {
        std::vector<Move> moves;
        for (const RootMove& r : root_) moves.push_back(r.move);
        std::vector<int> ranks;
        if (g.rank_table_root(moves, ranks)) {
            ++stats_.tb_hits;
            const int best = *std::max_element(ranks.begin(), ranks.end());
            std::vector<RootMove> kept;
            for (std::size_t i = 0; i < root_.size(); ++i)
                if (ranks[i] == best) kept.push_back(root_[i]);
            root_ = std::move(kept);
            return true;
        }
    }
    Score root_score;
    if (!g.probe_table(0, kMaxPly, root_score)) return false;
    ++stats_.tb_hits;
    std::vector<Score> scores;
    Score best = -kInfinite;
    for (const RootMove& r : root_) {
        const auto undo = g.make(r.move);
        Score s = 0;
        bool known = true;
        bool drawn = false;
        if constexpr (HasDraw<G>) drawn = g.is_draw(1);
        if (!drawn) known = g.probe_table(1, kMaxPly, s);
        g.unmake(r.move, undo);
        if (!known) return false;
        stats_.tb_hits += !drawn;
        scores.push_back(drawn ? kDraw : -s);
        best = std::max(best, scores.back());
    }
    std::vector<RootMove> kept;
    for (std::size_t i = 0; i < root_.size(); ++i)
        if (scores[i] == best) kept.push_back(root_[i]);
    root_ = std::move(kept);
    return true;
}

template <Game G, class E, Features F>
bool Searcher<G, E, F>::should_stop() {
    if (stop_.load(std::memory_order_relaxed)) return true;
    if (thread_index_ != 0 || (nodes() & 1023) != 0) return false;
    return limits_reached();
}

// Thread 0 only: sets the stop flag once the hard time or the node limit is reached.
template <Game G, class E, Features F>
bool Searcher<G, E, F>::limits_reached() {
    if (stop_.load(std::memory_order_relaxed)) return true;
    if (thread_index_ != 0) return false;
    const bool out_of_time = time_.out_of_time();
    const bool out_of_nodes = limits_.nodes && nodes() >= limits_.nodes;
    if ((out_of_time || out_of_nodes) && completed_depth_ >= 1) stop_.store(true);
    return stop_.load(std::memory_order_relaxed);
}

template <Game G, class E, Features F>
bool Searcher<G, E, F>::try_solve(G& g, Score alpha, Score beta, Depth depth, int ply,
                                  Score& score) {
    if constexpr (HasSolver<G>) {
        if (depth < g.solve_depth()) return false;
        count_node(ply);
        // The solver polls through a plain function: the searcher in a thread-local slot.
        static thread_local Searcher* current = nullptr;
        current = this;
        std::uint64_t solver_nodes = 0;
        score = g.solve(
            alpha, beta, solver_nodes, +[] { return current->limits_reached(); });
        nodes_.store(nodes_.load(std::memory_order_relaxed) + solver_nodes,
                     std::memory_order_relaxed);
        stats_.solver_nodes += solver_nodes;
        if (stop_.load(std::memory_order_relaxed)) score = 0;
        return true;
    }
    return false;
}

// ---------------------------------------------------------------------------------------
// Root: the moves in the order of the last iteration; the first with the full window.

template <Game G, class E, Features F>
Score Searcher<G, E, F>::search_root(G& g, Score alpha, Score beta, Depth depth) {
    count_node(0);
    Score best = -kInfinite;
    bool first = true;
    for (std::size_t i = std::size_t(pv_index_); i < root_.size(); ++i) {
        RootMove& rm = root_[i];
        const Move m = rm.move;
        if (currmove_report_ && thread_index_ == 0 && time_.elapsed_ms() > 1000)
            currmove_report_(m, int(i) + 1, depth);
        bool check = false;
        if constexpr (HasTacticalInfo<G>) check = g.gives_check(m);
        const Depth new_depth = depth - 1 + (F.check_extension && check);
        frames_[0].move = m;
        if constexpr (HasMoveIndex<G>) frames_[0].move_index = g.move_index(m);
        const std::uint64_t nodes_before = nodes();
        const auto u = g.make(m);
        Score s;
        if (first) {
            s = -pvs<kPV>(g, -beta, -alpha, new_depth, 1, false);
        } else {
            s = -pvs<kNonPV>(g, -alpha - 1, -alpha, new_depth, 1, true);
            if (s > alpha && !stop_.load(std::memory_order_relaxed)) {
                ++stats_.researches;
                s = -pvs<kPV>(g, -beta, -alpha, new_depth, 1, false);
            }
        }
        g.unmake(m, u);
        rm.nodes += nodes() - nodes_before;
        if (stop_.load(std::memory_order_relaxed)) break;
        first = false;
        if (s > alpha || i == std::size_t(pv_index_)) {
            rm.score = s;
            rm.pv.assign(1, m);
            for (int k = 0; k < pv_length_[1]; ++k) rm.pv.push_back(pv_[1][k]);
        } else {
            rm.score = -kInfinite;  // only an upper bound: sorts behind the best
        }
        if (s > best) best = s;
        if (s > alpha) {
            alpha = s;
            if (s >= beta) break;
        }
    }
    return best;
}

// ---------------------------------------------------------------------------------------
// Interior nodes.

template <Game G, class E, Features F>
template <typename Searcher<G, E, F>::NodeKind N>
Score Searcher<G, E, F>::pvs(G& g, Score alpha, Score beta, Depth depth, int ply, bool cut_node) {
    constexpr bool kPvNode = N == kPV;
    pv_length_[ply] = 0;
    // A singular-extension search of this node without one move: what is known of the whole
    // node (table, solver, endgame tables, pruning of the node) does not answer it.
    const Move excluded = frames_[ply].excluded;
    const bool excluding = excluded.raw() != 0;

    // 1. An exact solver replaces a search that would reach the end of the game anyway.
    if constexpr (HasSolver<G>) {
        Score solved;
        if (!excluding && try_solve(g, alpha, beta, depth, ply, solved)) return solved;
    }

    // Horizon: resolve captures first (quiescence), or take the static evaluation; an
    // endgame table knows better than either.
    if (depth <= 0) {
        if constexpr (HasTableProbe<G>) {
            Score table_score;
            if (probe_tables(g, ply, depth, table_score)) return table_score;
        }
        if constexpr (F.quiescence) return qsearch<N>(g, alpha, beta, ply, 0);
        count_node(ply);
        typename G::MoveList list;
        g.generate(list);
        if (list.empty()) return g.terminal_score(ply);
        return evaluate(g);
    }
    count_node(ply);
    if (should_stop()) return 0;

    // 2. Draws by the rules, the ply limit, and mate-distance pruning: no line from here can
    // beat a mate already found nearer the root.
    if constexpr (HasDraw<G>)
        if (g.is_draw(ply)) return kDraw;
    if (ply >= kMaxPly - 1) return evaluate(g);
    if constexpr (F.mate_distance) {
        alpha = std::max(alpha, mated_in(ply));
        beta = std::min(beta, mate_in(ply + 1));
        if (alpha >= beta) return alpha;
    }

    // 3. Transposition table: a deep enough entry with a usable bound ends a non-PV node.
    TTData hit;
    bool tt_hit = false;
    if constexpr (F.tt) {
        ++stats_.tt_probes;
        tt_hit = tt_.probe(g.key(), hit);
        stats_.tt_hits += tt_hit;
    }
    const Score tt_score = tt_hit ? score_from_tt(hit.score, ply) : 0;
    const Move tt_move = tt_hit ? Move::from_raw(hit.move) : Move{};
    if (!kPvNode && !excluding && tt_hit && hit.depth >= depth &&
        tt_bound_cuts(hit.bound, tt_score, alpha, beta)) {
        ++stats_.tt_cutoffs;
        return tt_score;
    }

    // 4. Endgame tables: an exact value ends the node.
    if constexpr (HasTableProbe<G>) {
        Score table_score;
        if (!excluding && probe_tables(g, ply, depth, table_score)) return table_score;
    }

    // 5. Static evaluation, sharpened by the TT score when its bound allows.
    bool in_check = false;
    if constexpr (HasCheck<G>) in_check = g.in_check();
    Frame& frame = frames_[ply];
    if (!excluding) frame.double_extensions = ply > 0 ? frames_[ply - 1].double_extensions : 0;
    const int doubles = frame.double_extensions;
    Score raw_eval = kNoEval, static_eval = kNoEval, eval = kNoEval;
    if (!in_check) {
        raw_eval = tt_hit && hit.eval != kNoEval ? hit.eval : evaluate(g);
        static_eval = corrected(g, raw_eval);
        eval = static_eval;
        if (tt_hit) eval = tt_sharpened(eval, hit.bound, tt_score);
    }
    frame.eval = static_eval;
    const bool improving = !in_check && (ply < 2 || frames_[ply - 2].eval == kNoEval ||
                                         static_eval > frames_[ply - 2].eval);

    // 6. Pruning of whole nodes, never in check or at PV nodes.
    if (!kPvNode && !in_check && !excluding && beta < kTableWinBound && beta > -kTableWinBound) {
        // Reverse futility / static null move: far above beta near the leaves, stop here.
        if constexpr (F.reverse_futility)
            if (depth <= params_.rfp_depth &&
                eval - (params_.rfp_margin - params_.rfp_improving * improving) * depth >= beta)
                return eval;

        // Null move (Beal 1989; Donninger 1993): pass; if the opponent still cannot reach beta,
        // a real move would do better. Unsafe in zugzwang, so only with pieces on the board;
        // verified by a reduced normal search at high depth.
        if constexpr (F.null_move && HasNullMove<G> && HasTacticalInfo<G>) {
            if (depth >= params_.nmp_depth && eval >= beta && !frames_[ply - 1].null &&
                !frame.null && g.null_move_allowed()) {
                const Depth r =
                    params_.nmp_base + depth / params_.nmp_depth_divisor +
                    std::min(params_.nmp_eval_max, (eval - beta) / params_.nmp_eval_step);
                frame.null = true;
                frame.move = Move{};
                frame.move_index = -1;
                const auto u = g.make_null();
                Score s = -pvs<kNonPV>(g, -beta, -beta + 1, depth - r, ply + 1, !cut_node);
                g.unmake_null(u);
                frame.null = false;
                if (stop_.load(std::memory_order_relaxed)) return 0;
                if (s >= beta) {
                    if (s >= kTableWinBound) s = beta;
                    if (depth < params_.nmp_verify_depth) return s;
                    frame.null = true;  // verification search without another null move here
                    const Score v = pvs<kNonPV>(g, beta - 1, beta, depth - r, ply, false);
                    frame.null = false;
                    if (v >= beta) return s;
                }
            }
        }
    }

    // Multi-ProbCut: a shallow null-window search predicts that the deep one would fail
    // high (or low) with high probability; both bounds are tried, the likelier cut first,
    // unless the game's model says to check only a bound near the static evaluation (pre).
    if constexpr (F.probcut && HasProbCut<G>) {
        ProbCutModel m;
        if (!kPvNode && !excluding && beta < kTableWinBound && alpha > -kTableWinBound &&
            g.probcut_model(depth, m)) {
            const double margin = m.cut * m.sigma;
            const Score high = Score(std::lround((beta + margin - m.offset) / m.slope));
            const Score low = Score(std::lround((alpha - margin - m.offset) / m.slope));
            const double near = m.pre * m.sigma;
            if ((m.pre <= 0 || eval == kNoEval || eval >= beta - near) && high < kTableWinBound) {
                ++stats_.mpc_checks;
                const Score s = pvs<kNonPV>(g, high - 1, high, m.shallow, ply, cut_node);
                if (stop_.load(std::memory_order_relaxed)) return 0;
                if (s >= high) {
                    ++stats_.mpc_cuts;
                    return beta;
                }
            }
            if ((m.pre <= 0 || eval == kNoEval || eval <= alpha + near) && low > -kTableWinBound) {
                ++stats_.mpc_checks;
                const Score s = pvs<kNonPV>(g, low, low + 1, m.shallow, ply, cut_node);
                if (stop_.load(std::memory_order_relaxed)) return 0;
                if (s <= low) {
                    ++stats_.mpc_cuts;
                    return alpha;
                }
            }
        }
    }

    // ProbCut by captures (Buro 1995; the capture form of Stockfish): a capture that wins
    // enough by SEE and still beats beta by a margin in a search some plies shallower makes
    // the full search of this node very likely to fail high too. Not when the table already
    // says the node falls short of that bound at about that depth.
    if constexpr (HasTactical<G> && HasTacticalInfo<G>) {
        const Score pc_beta = beta + params_.probcut_margin;
        if (params_.probcut_margin > 0 && !kPvNode && !in_check && !excluding &&
            depth >= params_.probcut_depth && beta < kTableWinBound && beta > -kTableWinBound &&
            pc_beta < kTableWinBound &&
            !(tt_hit && hit.depth >= depth - params_.probcut_reduction && tt_score < pc_beta)) {
            typename G::MoveList tactical;
            g.generate_tactical(tactical);
            MovePicker<G, F> pc_picker(g, history_, hints(tt_move, ply), tactical);
            Move pm;
            while (pc_picker.next(pm)) {
                if (!g.see_ge(pm, pc_beta - static_eval)) continue;
                frame.move = pm;
                if constexpr (HasMoveIndex<G>) frame.move_index = g.move_index(pm);
                const auto u = g.make(pm);
                Score s = -qsearch<kNonPV>(g, -pc_beta, -pc_beta + 1, ply + 1, 0);
                if (s >= pc_beta)
                    s = -pvs<kNonPV>(g, -pc_beta, -pc_beta + 1, depth - params_.probcut_reduction,
                                     ply + 1, !cut_node);
                g.unmake(pm, u);
                if (stop_.load(std::memory_order_relaxed)) return 0;
                if (s >= pc_beta) {
                    ++stats_.probcuts;
                    if constexpr (F.tt)
                        tt_.store(g.key(), pm.raw(), score_to_tt(s, ply), raw_eval,
                                  depth - params_.probcut_reduction + 1, kBoundLower);
                    return s;
                }
            }
        }
    }

    // 7. Internal iterative reduction: without a TT move the ordering is poor; search
    // shallower now and let the next iteration, with a TT move, go deeper.
    if constexpr (F.iir)
        if (depth >= params_.iir_depth && (kPvNode || cut_node) && (!tt_hit || !hit.move)) --depth;

    // 8. Moves, in the picker's order (a finished game has none).
    MovePicker<G, F> picker(g, history_, hints(tt_move, ply));
    Score best = -kInfinite;
    Move best_move{};
    Move quiets[64], captures[32];
    int quiet_count = 0, capture_count = 0, searched = 0;
    const Score alpha0 = alpha;
    Move m;
    while (picker.next(m)) {
        if (m == excluded) continue;
        bool tactical = false, check = false;
        if constexpr (HasTacticalInfo<G>) {
            tactical = g.is_tactical(m);
            check = g.gives_check(m);
        }

        // 9. Pruning of single moves once a move has been searched and no mate is at stake.
        if (best > -kTableWinBound && !in_check && ply > 0) {
            if (!tactical && !check) {
                if constexpr (F.late_move_pruning)
                    if (depth <= params_.lmp_depth &&
                        searched >= (params_.lmp_base + depth * depth) / (2 - improving))
                        continue;
                if constexpr (F.futility)
                    if (depth <= params_.futility_depth &&
                        eval + params_.futility_base + params_.futility_per_depth * depth <= alpha)
                        continue;
                if constexpr (HasMoveIndex<G> && F.history)
                    if (depth <= params_.history_prune_depth &&
                        move_history(ply, g.move_index(m)) <
                            -params_.history_prune_margin * depth) {
                        ++stats_.history_prunes;
                        continue;
                    }
            }
            if constexpr (F.see_pruning && HasTacticalInfo<G>)
                if (depth <= params_.see_depth &&
                    !g.see_ge(m, tactical ? -params_.see_tactical * depth
                                          : -params_.see_quiet * depth * depth))
                    continue;
        }

        // 10. Search the move: check extension; first move with the full window, later ones
        // with a null window and late move reductions (quiet moves late in the ordering, and
        // losing captures when lmr_bad_captures says so, are searched shallower first),
        // re-searched when they turn out better.
        Depth extension = F.check_extension && check;
        // A capture that loses material by SEE (taken before make()), for its reduction below.
        [[maybe_unused]] bool bad_capture = false;
        if constexpr (F.lmr && HasTacticalInfo<G>)
            bad_capture = tactical && params_.lmr_bad_captures > 0 && depth >= params_.lmr_depth &&
                          !g.see_ge(m, 0);
        // Singular extension: the table move, when every other move searched to half depth
        // fails low against its score less a margin, is the only good move here and gets a ply
        // more, or two when they fall far short (double extension). When even that lowered
        // bound is reached and is at least beta, more than one move beats beta: the node is cut
        // (multi-cut); when it is not but the table move's score is, the table move is searched
        // a ply shallower (negative extension), as other moves may do as well.
        if constexpr (F.singular)
            if (params_.se_margin > 0 && !excluding && depth >= params_.se_depth && m == tt_move &&
                (hit.bound & kBoundLower) && hit.depth >= depth - params_.se_tt_slack &&
                std::abs(tt_score) < kTableWinBound && ply < 2 * root_depth_) {
                const Score singular_beta = tt_score - params_.se_margin * depth;
                frame.excluded = m;
                const Score s = pvs<kNonPV>(g, singular_beta - 1, singular_beta, (depth - 1) / 2,
                                            ply, cut_node);
                frame.excluded = Move{};
                if (stop_.load(std::memory_order_relaxed)) return 0;
                if (s < singular_beta) {
                    ++stats_.singular_extensions;
                    extension = 1;
                    if (!kPvNode && params_.se_double_margin > 0 &&
                        s < singular_beta - params_.se_double_margin &&
                        doubles < params_.se_double_limit) {
                        ++stats_.double_extensions;
                        extension = 2;
                    }
                } else if (singular_beta >= beta) {
                    ++stats_.multi_cuts;
                    return singular_beta;
                } else if (params_.se_negative && tt_score >= beta) {
                    ++stats_.negative_extensions;
                    extension = -1;
                }
            }
        const Depth new_depth =
            depth - 1 + (extension < 0 || ply < 2 * root_depth_ ? extension : 0);
        frame.double_extensions = doubles + (extension == 2);
        frame.move = m;
        if constexpr (HasMoveIndex<G>) frame.move_index = g.move_index(m);
        const auto u = g.make(m);
        if constexpr (F.tt) tt_.prefetch(g.key());  // the child probes it first
        ++searched;
        Score s;
        if (searched == 1) {
            s = -pvs<N>(g, -beta, -alpha, new_depth, ply + 1, kPvNode ? false : !cut_node);
        } else {
            Depth r = 0;
            if constexpr (F.lmr) {
                if (depth >= params_.lmr_depth && searched > 1 + 2 * kPvNode && !tactical) {
                    r = lmr_[std::min(depth, 63)][std::min(searched, 63)];
                    r += cut_node - kPvNode - check + !improving;
                    // The index was taken before make(): afterwards `from` is empty.
                    if constexpr (HasMoveIndex<G>)
                        r -= move_history(ply, frame.move_index) / params_.lmr_history_divisor;
                    r = std::clamp(r, 0, std::max(0, new_depth - 1));
                } else if (bad_capture && searched > 1 + 2 * kPvNode && !check) {
                    r = std::clamp(params_.lmr_bad_captures + cut_node, 0,
                                   std::max(0, new_depth - 1));
                    stats_.bad_capture_reductions += r > 0;
                }
            }
            s = -pvs<kNonPV>(g, -alpha - 1, -alpha, new_depth - r, ply + 1, true);
            if (s > alpha && r > 0)
                s = -pvs<kNonPV>(g, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
            if (kPvNode && s > alpha && s < beta) {
                ++stats_.researches;
                s = -pvs<kPV>(g, -beta, -alpha, new_depth, ply + 1, false);
            }
        }
        g.unmake(m, u);
        if (stop_.load(std::memory_order_relaxed)) return 0;

        // 11. Keep the best; a cutoff updates the ordering memory.
        if (s > best) {
            best = s;
            if (s > alpha) {
                best_move = m;
                if constexpr (kPvNode) update_pv(ply, m);
                if (s >= beta) {
                    ++stats_.beta_cutoffs;
                    stats_.first_move_cutoffs += searched == 1;
                    stats_.first3_cutoffs += searched <= 3;
                    if (!tactical) update_quiet_stats(g, ply, m, depth, quiets, quiet_count);
                    update_capture_stats(g, m, tactical, depth, captures, capture_count);
                    break;
                }
                alpha = s;
            }
        }
        if (!tactical && quiet_count < 64) quiets[quiet_count++] = m;
        if (tactical && capture_count < 32) captures[capture_count++] = m;
    }
    if (picker.given() == 0) return g.terminal_score(ply);
    if (searched == 0) return alpha0;  // every move pruned: nothing better than alpha is known

    // 12. Store the result with its bound, and what it says about the static evaluation (not
    // the result of a search without one move).
    if (excluding) return best;
    const Bound bound = best >= beta ? kBoundLower : best > alpha0 ? kBoundExact : kBoundUpper;
    update_correction(g, best, best_move, bound, raw_eval, static_eval, depth);
    if constexpr (F.tt) {
        tt_.store(g.key(), bound == kBoundUpper ? std::uint16_t(0) : best_move.raw(),
                  score_to_tt(best, ply), raw_eval, depth, bound);
    }
    return best;
}

// ---------------------------------------------------------------------------------------
// Quiescence search: only captures and promotions (and, at its first ply, quiet checks), with
// the static evaluation as a floor ("stand pat"); in check, every evasion.

template <Game G, class E, Features F>
template <typename Searcher<G, E, F>::NodeKind N>
Score Searcher<G, E, F>::qsearch(G& g, Score alpha, Score beta, int ply, int qply) {
    constexpr bool kPvNode = N == kPV;
    pv_length_[ply] = 0;
    count_node(ply);
    ++stats_.qnodes;
    if (should_stop()) return 0;
    if constexpr (HasDraw<G>)
        if (g.is_draw(ply)) return kDraw;
    if (ply >= kMaxPly - 1) return evaluate(g);

    // 1. Transposition table.
    TTData hit;
    bool tt_hit = false;
    if constexpr (F.tt) tt_hit = tt_.probe(g.key(), hit);
    const Score tt_score = tt_hit ? score_from_tt(hit.score, ply) : 0;
    if (!kPvNode && tt_hit && tt_bound_cuts(hit.bound, tt_score, alpha, beta)) return tt_score;

    // 2. Stand pat: the side to move may decline every capture (not when in check).
    bool in_check = false;
    if constexpr (HasCheck<G>) in_check = g.in_check();
    Score best = -kInfinite, stand = kNoEval, raw_eval = kNoEval;
    if (!in_check) {
        raw_eval = tt_hit && hit.eval != kNoEval ? hit.eval : evaluate(g);
        stand = corrected(g, raw_eval);
        if (tt_hit) stand = tt_sharpened(stand, hit.bound, tt_score);
        if (stand >= beta) return stand;
        alpha = std::max(alpha, stand);
        best = stand;
    }

    // 3. Moves: evasions in check; else captures and promotions, plus quiet checks at qply 0.
    typename G::MoveList list;
    if (in_check) {
        g.generate(list);
        if (list.empty()) return mated_in(ply);
    } else if constexpr (HasTactical<G>) {
        g.generate_tactical(list);
        if constexpr (F.quiescence_checks && HasTacticalInfo<G>) {
            if (qply == 0 && params_.qsearch_checks) {
                typename G::MoveList quiet;
                g.generate_quiet(quiet);
                for (const auto m : quiet)
                    if (g.gives_check(m)) {
                        list.push_back(m);
                        ++stats_.qsearch_checks;
                    }
            }
        }
    } else {
        return stand;  // a game without tactical moves has no quiescence
    }
    const Move tt_move = tt_hit ? Move::from_raw(hit.move) : Move{};
    MovePicker<G, F> picker(g, history_, hints(tt_move, ply), list);
    Move best_move{};
    const Score alpha0 = alpha;
    Move m;
    while (picker.next(m)) {
        // 4. Delta pruning (even winning this piece cannot lift us to alpha) and SEE pruning.
        if (!in_check && best > -kTableWinBound) {
            if constexpr (HasTacticalInfo<G>) {
                if constexpr (F.delta_pruning)
                    if (g.is_tactical(m) &&
                        stand + g.captured_value(m) + params_.delta_margin <= alpha)
                        continue;
                if constexpr (F.see_pruning)
                    if (!g.see_ge(m, 0)) continue;
            }
        }
        // The move, for the replies' continuation history and counter move; only with
        // continuation history, as the search without it was measured with the replies
        // reading the move before.
        if constexpr (HasMoveIndex<G>)
            if (params_.continuation_plies > 0) frames_[ply].move_index = g.move_index(m);
        const auto u = g.make(m);
        if constexpr (F.tt) tt_.prefetch(g.key());
        const Score s = -qsearch<N>(g, -beta, -alpha, ply + 1, qply + 1);
        g.unmake(m, u);
        if (stop_.load(std::memory_order_relaxed)) return 0;
        if (s > best) {
            best = s;
            if (s > alpha) {
                best_move = m;
                if constexpr (kPvNode) update_pv(ply, m);
                if (s >= beta) break;
                alpha = s;
            }
        }
    }

    if constexpr (F.tt) {
        const Bound bound = best >= beta               ? kBoundLower
                            : best > alpha0 && kPvNode ? kBoundExact
                                                       : kBoundUpper;
        tt_.store(g.key(), best_move.raw(), score_to_tt(best, ply), raw_eval, 0, bound);
    }
    return best;
}

// ---------------------------------------------------------------------------------------
// Move ordering.

// The ordering memory of this ply for the picker: the table move, the killers, and the
// counter move to the opponent's last move.
template <Game G, class E, Features F>
OrderingHints<typename G::Move> Searcher<G, E, F>::hints(Move tt_move, int ply) const {
    OrderingHints<Move> h;
    h.tt = tt_move;
    if constexpr (F.killers) {
        h.killer0 = history_.killers(ply)[0];
        h.killer1 = history_.killers(ply)[1];
    }
    if constexpr (F.counter_moves && HasMoveIndex<G>)
        if (ply > 0 && frames_[ply - 1].move_index >= 0)
            h.counter = history_.counter(frames_[ply - 1].move_index);
    if constexpr (F.capture_history) h.capture_divisor = params_.capture_history_divisor;
    if constexpr (F.continuation_history && HasMoveIndex<G>)
        for (int k = 0; k < params_.continuation_plies; ++k)
            if (const int prev = earlier_move_index(ply, k); prev >= 0)
                h.continuation[std::size_t(k)] = history_.continuation_row(prev);
    h.threat_bonus = params_.quiet_threat_bonus;
    return h;
}

template <Game G, class E, Features F>
void Searcher<G, E, F>::update_quiet_stats(const G& g, int ply, Move best, Depth depth,
                                           const Move* quiets, int quiet_count) {
    if constexpr (F.killers) history_.add_killer(ply, best.raw());
    if constexpr (HasMoveIndex<G>) {
        if constexpr (F.history) {
            const int bonus = history_bonus(depth);
            history_.update_quiet(g.move_index(best), bonus);
            for (int i = 0; i < quiet_count; ++i)
                history_.update_quiet(g.move_index(quiets[i]), -bonus);
        }
        if constexpr (F.continuation_history) {
            const int bonus = history_bonus(depth);
            for (int k = 0; k < params_.continuation_plies; ++k) {
                const int prev = earlier_move_index(ply, k);
                if (prev < 0) continue;
                history_.update_continuation(prev, g.move_index(best), bonus);
                for (int i = 0; i < quiet_count; ++i)
                    history_.update_continuation(prev, g.move_index(quiets[i]), -bonus);
            }
        }
        if constexpr (F.counter_moves)
            if (ply > 0 && frames_[ply - 1].move_index >= 0)
                history_.set_counter(frames_[ply - 1].move_index, best.raw());
    }
}

// A cutoff: the capture that made it (if it was one) gains, the captures tried before it lose.
template <Game G, class E, Features F>
void Searcher<G, E, F>::update_capture_stats(const G& g, Move best, bool best_tactical, Depth depth,
                                             const Move* captures, int capture_count) {
    if constexpr (F.capture_history && HasCaptureIndex<G>) {
        if (params_.capture_history_divisor == 0) return;
        const int bonus = history_bonus(depth);
        if (best_tactical) history_.update_capture(g.capture_index(best), bonus);
        for (int i = 0; i < capture_count; ++i)
            history_.update_capture(g.capture_index(captures[i]), -bonus);
    } else {
        (void)g, (void)best, (void)best_tactical, (void)depth, (void)captures, (void)capture_count;
    }
}

// After a node's search: where the result lies on the side of the static evaluation that its
// bound allows (a fail low below it, a fail high above it, or exact), and the best move is no
// capture or promotion (whose gain the evaluation never sees), the error of the raw
// evaluation moves the correction entries of the position's pawns and material.
template <Game G, class E, Features F>
void Searcher<G, E, F>::update_correction(const G& g, Score best, Move best_move, Bound bound,
                                          Score raw_eval, Score static_eval, Depth depth) {
    if constexpr (F.correction_history && HasCorrectionKeys<G> && HasTacticalInfo<G>) {
        if (params_.correction_limit <= 0 || raw_eval == kNoEval) return;
        if (best <= -kTableWinBound || best >= kTableWinBound) return;
        if (best_move.raw() != 0 && g.is_tactical(best_move)) return;
        if ((bound == kBoundLower && best <= static_eval) ||
            (bound == kBoundUpper && best >= static_eval))
            return;
        const int weight = std::min(params_.correction_weight_per_ply * (depth + 1),
                                    params_.correction_weight_max);
        correction_.update(g.pawn_key(), g.material_key(), best - raw_eval, weight,
                           params_.correction_limit);
    } else {
        (void)g, (void)best, (void)best_move, (void)bound, (void)raw_eval, (void)static_eval;
        (void)depth;
    }
}

template <Game G, class E, Features F>
void Searcher<G, E, F>::update_pv(int ply, Move m) {
    pv_[ply][0] = m;
    const int child = pv_length_[ply + 1];
    for (int k = 0; k < child; ++k) pv_[ply][k + 1] = pv_[ply + 1][k];
    pv_length_[ply] = child + 1;
}

}  // namespace kibitz::search
