#include "othello/solver.h"

#include <algorithm>
#include <bit>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "othello/endgame_shallow.h"
#include "othello/endgame_stability.h"

namespace kibitz::othello {

namespace {

using namespace endgame;

// The tuning below was measured by the nodes and time to solve FFO #40-#44 (see
// data/othello/README.md); each choice names the alternative it beat.
// Positions with at least this many empties use the transposition table, and a node whose
// children do loads their buckets into the cache while it orders its moves. From 8 empties:
// on FFO #45-#52, 11% fewer nodes than from 10 (0.86-0.92 a position) and 3% less time; on
// #40-#47 640 M nodes instead of 741 M, 7% less time. From 7: fewer nodes, slower; without the
// children's buckets loaded ahead, 8 was slower than 10.
constexpr int kHashMin = 8;
// Enhanced transposition cutoffs (probing every child) from this many empties (12 and 16:
// a little slower).
constexpr int kEtcMin = 14;
// From this many empties moves are ordered by a shallow alpha-beta search over order_value()
// (depth 2, 3 from kOrderSearchDeep, 4 from kOrderSearchDeeper), below by fastest first: 30%
// fewer nodes than depth 1 from 18 empties and 2 from 21. Depth 4 from 24 empties: on FFO #56
// (29 empties) 0.81 of the nodes and 14% less time, on #53 (28) 0.97 and 2% less, on #45-#52
// 0.97 (#51 0.55, #50 1.16) and 3% less; from 22 empties, #45 took 1.30 times the nodes.
constexpr int kOrderSearchMin = 15;
constexpr int kOrderSearchDeep = 21;
constexpr int kOrderSearchDeeper = 24;
// The root's moves are ordered by a search this deep from 20 empties (1 below): on FFO #40-#47,
// 1,314 M nodes instead of 1,808 M at depth 3 (#47: 47 M instead of 361 M, #45: 734 M instead
// of 891 M), and #50 1,460 M instead of 2,158 M; depths 5, 7 and 8 gave 1,299 M, 1,304 M and
// 1,330 M, depth 4 1,451 M. A wrong first move at the root costs a whole solve.
constexpr int kRootOrderDepth = 6;
// With helper threads, a node is shared from this many empties (below, a move's subtree is too
// small to be worth handing over).
constexpr int kSplitMin = 12;
// A selective pass (solve_root, from 20 empties: Solver::set_selective_from): first a search with
// ProbCut (Buro 1995) at nodes with kProbCutMin empties or more, which leaves its best moves in the
// table, then the exact search in an aspiration window of kAspiration discs around the selective
// score (searched again on the side where the exact score falls outside). A node is cut when a
// shallow search over the pattern evaluation (order_eval) lies more than kSelectivity tenths of
// the standard deviation of its error beyond the window; the error was measured against exact
// scores (docs/othello.md). On FFO #40-#47, 794 M nodes instead of 997 M without the pass;
// with 0.5 and 1.0 deviations 857 M and 874 M, a window of 3 or 6 discs 812 M or 790 M, no
// window 820 M (each count includes the selective pass). Two passes, 0.3 then 1.0 deviations (the
// table keeping each bound's selectivity), gave 769 M but took 11% longer; 0.3 then 0.8, 0.5 then
// 1.5, 0.3, 1.0 and 2.0 gave 776 M, 809 M and 811 M.
constexpr int kProbCutMin = 12;
constexpr int kSelectivity = 3;
constexpr int kAspiration = 4;
// The shallow search's depth by empties and its error's standard deviation (1000 = a disc).
constexpr int probcut_depth(int empties) { return empties >= 18 ? 4 : 2; }
constexpr int probcut_sigma(int depth) { return depth >= 4 ? 7000 : 8500; }

// At a node whose alpha is at least this (to beat it the opponent must end with at most 8
// discs) moves are ordered by fastest first at every number of empties, and a selective
// search's move in the table is not tried first in the exact search. The pattern evaluation
// behind the ordering searches and the selective pass knows nothing of wipeouts: on FFO #59
// (+64, 34 empties) the exact pass took 1,400 M nodes with them and 12 M without (from alpha
// 58 or less; from 60, 115 M; from 62, 233 M). FFO #1-#19 visit the same nodes as before,
// #20-#38 0.1% fewer.
constexpr int kHuntAlpha = 48;

// The stability cutoff is tried at nodes whose alpha is at least this: stable discs rarely
// prove a fail-low for a lower alpha, and counting them costs time (Edax's thresholds, 2 ·
// empties - 4, saved 0.01% of the nodes on FFO #40-#47).
constexpr int stability_threshold(int empties) { return empties <= 12 ? 20 : 30; }

// Mobility with the corners counted twice (a corner move is worth more to the mover).
inline int weighted_mobility(Bitboard moves) {
    return std::popcount(moves) + std::popcount(moves & kCorners);
}

// The empty squares next to a disc of `discs`: where the other side may get moves later.
inline Bitboard frontier_empties(Bitboard discs, Bitboard empties) {
    const Bitboard not_a = 0xFEFEFEFEFEFEFEFEULL, not_h = 0x7F7F7F7F7F7F7F7FULL;
    const Bitboard around = ((discs << 1) & not_a) | ((discs >> 1) & not_h) | (discs << 8) |
                            (discs >> 8) | ((discs << 9) & not_a) | ((discs >> 9) & not_h) |
                            ((discs << 7) & not_h) | ((discs >> 7) & not_a);
    return around & empties;
}

// The discs of `own` on a corner or on an edge square next to its own corner: stable, cheaply.
inline Bitboard corner_stable(Bitboard own) {
    const Bitboard corners = own & kCorners;
    const Bitboard beside = ((corners & 0x0100000000000001ULL) << 1) |
                            ((corners & 0x8000000000000080ULL) >> 1) | (corners << 8) |
                            (corners >> 8);
    return corners | (own & kCSquares & beside);
}

}  // namespace

struct Solver::Candidate {
    Bitboard flips;
    int sq;
    int value;
};

struct Solver::Worker {
    std::uint64_t nodes = 0;
    SplitPoint* split = nullptr;  // the innermost shared node this thread works below
};

// A node whose remaining moves are shared: the owner and its helpers take them one by one.
struct Solver::SplitPoint {
    std::mutex lock;
    SplitPoint* parent = nullptr;  // the shared node the owner was working below
    Bitboard player = 0, opponent = 0;
    int n_empties = 0;
    int alpha = 0, beta = 0, best = 0, best_sq = -1;  // under lock
    const Candidate* moves = nullptr;
    int count = 0, next = 0;  // next: the first move nobody took yet (under lock)
    int helpers = 0;          // helpers searching a move of this node (under lock)
    std::atomic<bool> cutoff{false};

    // True when this node or one above it has cut off: the work below is wasted.
    bool aborted() const {
        for (const SplitPoint* s = this; s; s = s->parent)
            if (s->cutoff.load(std::memory_order_relaxed)) return true;
        return false;
    }
    bool below(const SplitPoint* ancestor) const {
        for (const SplitPoint* s = this; s; s = s->parent)
            if (s == ancestor) return true;
        return false;
    }
};

// The helper threads and the shared nodes with moves left. Lock order: the pool's lock, then a
// split point's.
struct Solver::Pool {
    std::mutex lock;
    std::condition_variable wake;
    std::vector<SplitPoint*> open;
    bool quit = false;
    std::atomic<int> idle{0};  // helpers waiting for work (changed under lock, read without)
    std::vector<std::unique_ptr<Worker>> workers;
    std::vector<std::thread> threads;
};

Solver::Solver(std::size_t hash_mb) : table_(hash_mb), main_(std::make_unique<Worker>()) {}

Solver::~Solver() { set_threads(1); }

void Solver::set_threads(int threads) {
    if (pool_) {
        {
            std::lock_guard lk(pool_->lock);
            pool_->quit = true;
        }
        pool_->wake.notify_all();
        for (auto& t : pool_->threads) t.join();
        pool_.reset();
    }
    if (threads <= 1) return;
    pool_ = std::make_unique<Pool>();
    for (int i = 1; i < threads; ++i) {
        pool_->workers.push_back(std::make_unique<Worker>());
        Worker* w = pool_->workers.back().get();
        pool_->threads.emplace_back([this, w] { helper_loop(*w); });
    }
}

int Solver::threads() const { return pool_ ? int(pool_->threads.size()) + 1 : 1; }

std::uint64_t Solver::nodes() const {
    std::uint64_t n = main_->nodes;
    if (pool_)
        for (const auto& w : pool_->workers) n += w->nodes;
    return n;
}

void Solver::reset_nodes() {
    main_->nodes = 0;
    if (pool_)
        for (const auto& w : pool_->workers) w->nodes = 0;
    next_poll_ = 0;
    polled_stop_ = false;
}

bool Solver::stopped(const Worker& w) const {
    if (stop_ && stop_->load(std::memory_order_relaxed)) return true;
    if (w.split && w.split->aborted()) return true;
    if (&w != main_.get() || !poll_ || polled_stop_.load(std::memory_order_relaxed) ||
        w.nodes < next_poll_)
        return polled_stop_.load(std::memory_order_relaxed);
    next_poll_ = w.nodes + 100000;
    polled_stop_ = poll_();
    return polled_stop_;
}

void Solver::clear() { table_.clear(); }

int Solver::order_value(Bitboard player, Bitboard opponent) const {
    const Bitboard empties = ~(player | opponent);
    if (order_eval_ && std::popcount(empties) >= order_eval_min_empties_)
        return order_eval_(player, opponent);
    const int mobility = weighted_mobility(legal_squares(player, opponent)) -
                         weighted_mobility(legal_squares(opponent, player));
    const int corners = std::popcount(player & kCorners) - std::popcount(opponent & kCorners);
    const int potential = std::popcount(frontier_empties(opponent, empties)) -
                          std::popcount(frontier_empties(player, empties));
    // X-squares beside an empty corner give the corner away.
    const Bitboard empty_corners = empties & kCorners;
    const Bitboard risky = ((empty_corners & 0x0000000000000001ULL) << 9) |
                           ((empty_corners & 0x0000000000000080ULL) << 7) |
                           ((empty_corners & 0x0100000000000000ULL) >> 7) |
                           ((empty_corners & 0x8000000000000000ULL) >> 9);
    const int x_squares = std::popcount(opponent & risky) - std::popcount(player & risky);
    const int stable =
        std::popcount(corner_stable(player)) - std::popcount(corner_stable(opponent));
    return 8 * mobility + 2 * potential + 16 * corners + 16 * x_squares + 8 * stable;
}

// Alpha-beta to depth over order_value, for move ordering, or with patterns over order_eval
// at every leaf (1000 a disc), for ProbCut; nodes count as solver nodes.
int Solver::order_search(Worker& w, Bitboard player, Bitboard opponent, int depth, int alpha,
                         int beta, bool patterns) {
    ++w.nodes;
    if (depth <= 0) return patterns ? order_eval_(player, opponent) : order_value(player, opponent);
    Bitboard moves = legal_squares(player, opponent);
    if (!moves) {
        if (!legal_squares(opponent, player)) return 1000 * final_score(player, opponent);
        return -order_search(w, opponent, player, depth, -beta, -alpha, patterns);
    }
    int best = -1000000;
    for (; moves; moves &= moves - 1) {
        const int x = std::countr_zero(moves);
        const Bitboard f = flipped_discs(x, player, opponent);
        const int v = -order_search(w, opponent ^ f, player | f | square_bit(x), depth - 1, -beta,
                                    -alpha, patterns);
        if (v > best) {
            best = v;
            if (v >= beta) break;
            if (v > alpha) alpha = v;
        }
    }
    return best;
}

// The hashed null-window search: positions with more than kShallowMax empties.
int Solver::search(Worker& w, Bitboard player, Bitboard opponent, int alpha, int beta) {
    // 1. Count the node; stop when asked.
    ++w.nodes;
    if (stopped(w)) return 0;
    const Bitboard empties = ~(player | opponent);
    const int n_empties = std::popcount(empties);

    const bool hashed = n_empties >= kHashMin;
    const std::uint64_t key = hashed ? Board::hash(player, opponent) : 0;
    if (hashed) table_.prefetch(key);  // loads during steps 2 and 3

    // 2. No move: pass, or the game is over.
    Bitboard moves = legal_squares(player, opponent);
    if (!moves) {
        if (!legal_squares(opponent, player)) return final_score(player, opponent);
        return -search(w, opponent, player, -beta, -alpha);
    }

    // 3. Stability cutoff: the opponent's stable discs bound the score from above.
    if (alpha >= stability_threshold(n_empties)) {
        const int upper = 64 - 2 * std::popcount(stable_discs(opponent, player));
        if (upper <= alpha) return upper;
        if (upper < beta) beta = upper;
    }

    // 4. The transposition table: a cutoff, a narrower window, or a move to try first (only
    //    the move, from a selective search's entry, when this search is exact; not even that
    //    when hunting a wipeout, kHuntAlpha).
    const bool hunt = alpha >= kHuntAlpha;
    int hash_move = -1;
    if (hashed) {
        TableHit hit;
        if (table_.probe(key, hit)) {
            if (!(hunt && hit.selective && !selectivity_)) hash_move = hit.move;
            if (!hit.selective || selectivity_) {
                if (hit.lower >= beta) return hit.lower;
                if (hit.upper <= alpha) return hit.upper;
                if (hit.lower == hit.upper) return hit.lower;
                alpha = std::max(alpha, hit.lower);
                beta = std::min(beta, hit.upper);
            }
        }
    }

    // 4b. ProbCut, in a selective search only.
    if (selectivity_ && n_empties >= kProbCutMin) {
        const int depth = probcut_depth(n_empties);
        const int margin = selectivity_ * probcut_sigma(depth) / 10;
        const int v = order_search(w, player, opponent, depth, -1000000, 1000000, true);
        if (v - margin >= 1000 * beta) return beta;
        if (v + margin <= 1000 * alpha) return alpha;
    }

    // 5. The hash move first, before anything is spent on ordering the others.
    int best = kNoScore, best_sq = -1;
    const int alpha0 = alpha;
    bool first = true;
    // NegaScout: the first move with the full window, the others with a null window and a
    // re-search when one lands inside it. True on a cutoff.
    auto try_move = [&](const Candidate& c) {
        const int v = first ? child_value(w, player, opponent, c, n_empties, alpha, beta)
                            : child_value(w, player, opponent, c, n_empties, alpha, alpha + 1);
        const int v2 = !first && v > alpha && v < beta
                           ? child_value(w, player, opponent, c, n_empties, v - 1, beta)
                           : v;
        first = false;
        if (v2 > best) {
            best = v2;
            best_sq = c.sq;
            if (v2 >= beta) return true;
            if (v2 > alpha) alpha = v2;
        }
        return false;
    };
    bool cut = false;
    if (hash_move >= 0 && (moves & square_bit(hash_move))) {
        cut = try_move(Candidate{flipped_discs(hash_move, player, opponent), hash_move, 0});
        moves &= ~square_bit(hash_move);
    }

    // 6. The other moves with their flips and an ordering value: at many empties a shallow
    //    search, else (and when hunting a wipeout) fastest first (fewest replies for the
    //    opponent); then best first.
    Candidate list[34];
    int n = 0;
    const int order_depth = hunt                              ? 0
                            : n_empties >= kOrderSearchDeeper ? 4
                            : n_empties >= kOrderSearchDeep   ? 3
                            : n_empties >= kOrderSearchMin    ? 2
                                                              : 0;
    const bool etc = n_empties >= kEtcMin;
    std::uint64_t child_keys[34];
    for (; moves && !cut; moves &= moves - 1) {
        Candidate& c = list[n];
        c.sq = std::countr_zero(moves);
        c.flips = flipped_discs(c.sq, player, opponent);
        if (n_empties > kHashMin) {  // the children's buckets load while the rest is done
            child_keys[n] = Board::hash(opponent ^ c.flips, player | c.flips | square_bit(c.sq));
            table_.prefetch(child_keys[n]);
        }
        ++n;
    }
    for (int i = 0; i < n && !cut; ++i) {
        Candidate& c = list[i];
        const Bitboard next_player = opponent ^ c.flips;
        const Bitboard next_opponent = player | c.flips | square_bit(c.sq);
        // Enhanced transposition cutoff: a child the table already refutes enough.
        if (etc) {
            TableHit child_hit;
            if (table_.probe(child_keys[i], child_hit) && (!child_hit.selective || selectivity_) &&
                -child_hit.upper >= beta) {
                best = -child_hit.upper;
                best_sq = c.sq;
                cut = true;
                break;
            }
        }
        if (order_depth > 0) {
            c.value =
                -order_search(w, next_player, next_opponent, order_depth - 1, -1000000, 1000000);
        } else {
            // Fastest first: few replies for the opponent (corners count twice), and the
            // mover's discs that are stable at the corners (weight 4; 0 and 16: 5-10% more).
            const Bitboard replies = legal_squares(next_player, next_opponent);
            c.value =
                -16 * weighted_mobility(replies) + 4 * std::popcount(corner_stable(next_opponent));
        }
    }
    for (int i = 0; i < n && !cut; ++i) {
        // With idle helpers, the moves after the first are shared (young brothers wait).
        if (!first && n - i >= 2 && can_split(n_empties)) {
            std::stable_sort(list + i, list + n, [](const Candidate& a, const Candidate& b) {
                return a.value > b.value;
            });
            split(w, player, opponent, n_empties, list + i, n - i, alpha, beta, best, best_sq);
            break;
        }
        int pick = i;
        for (int j = i + 1; j < n; ++j)
            if (list[j].value > list[pick].value) pick = j;
        std::swap(list[i], list[pick]);
        cut = try_move(list[i]);
    }

    // 7. Remember the result.
    if (hashed && !stopped(w))
        table_.store(key, n_empties, alpha0, beta, best, best_sq, selectivity_ != 0);
    return best;
}

int Solver::child_value(Worker& w, Bitboard player, Bitboard opponent, const Candidate& c,
                        int n_empties, int alpha, int beta) {
    const Bitboard next_player = opponent ^ c.flips;
    const Bitboard next_opponent = player | c.flips | square_bit(c.sq);
    return n_empties - 1 <= kShallowMax
               ? -solve_small(next_player, next_opponent, -beta, -alpha, w.nodes)
               : -search(w, next_player, next_opponent, -beta, -alpha);
}

bool Solver::can_split(int n_empties) const {
    return pool_ && n_empties >= kSplitMin && pool_->idle.load(std::memory_order_relaxed) > 0;
}

// Shares moves[0..count) of the node (player, opponent), whose first move was searched:
// alpha, best and best_sq come in as that search left them and go out as all moves left them.
void Solver::split(Worker& w, Bitboard player, Bitboard opponent, int n_empties,
                   const Candidate* moves, int count, int& alpha, int beta, int& best,
                   int& best_sq) {
    SplitPoint sp;
    sp.parent = w.split;
    sp.player = player;
    sp.opponent = opponent;
    sp.n_empties = n_empties;
    sp.alpha = alpha;
    sp.beta = beta;
    sp.best = best;
    sp.best_sq = best_sq;
    sp.moves = moves;
    sp.count = count;
    {
        std::lock_guard lk(pool_->lock);
        pool_->open.push_back(&sp);
    }
    pool_->wake.notify_all();
    // 1. The owner takes moves too, until none is left.
    work_at(w, sp, true);
    // 2. Closed to newcomers; then the owner helps below it until its helpers are done.
    {
        std::lock_guard lk(pool_->lock);
        std::erase(pool_->open, &sp);
    }
    help_below(w, sp);
    std::lock_guard lk(sp.lock);
    alpha = sp.alpha;
    best = sp.best;
    best_sq = sp.best_sq;
}

// Takes moves of sp one at a time and searches each with sp's current window (a null window,
// then the re-search of NegaScout), until none is left or sp is cut off.
void Solver::work_at(Worker& w, SplitPoint& sp, bool owner) {
    SplitPoint* const saved = w.split;
    w.split = &sp;
    for (;;) {
        int k, alpha, beta;
        {
            std::lock_guard lk(sp.lock);
            if (sp.next >= sp.count || sp.aborted()) break;
            k = sp.next++;
            alpha = sp.alpha;
            beta = sp.beta;
        }
        const Candidate& c = sp.moves[k];
        int v = child_value(w, sp.player, sp.opponent, c, sp.n_empties, alpha, alpha + 1);
        if (v > alpha && v < beta && !stopped(w))
            v = child_value(w, sp.player, sp.opponent, c, sp.n_empties, v - 1, beta);
        if (stopped(w)) break;
        std::lock_guard lk(sp.lock);
        if (v > sp.best) {
            sp.best = v;
            sp.best_sq = c.sq;
            if (v >= sp.beta)
                sp.cutoff.store(true, std::memory_order_relaxed);
            else if (v > sp.alpha)
                sp.alpha = v;
        }
    }
    w.split = saved;
    if (!owner) {
        std::lock_guard lk(sp.lock);
        --sp.helpers;
    }
}

// The owner of sp, its own moves done, waits for its helpers and meanwhile helps at the
// shared nodes below sp (those are its helpers' work).
void Solver::help_below(Worker& w, SplitPoint& sp) {
    for (;;) {
        {
            std::lock_guard lk(sp.lock);
            if (sp.helpers == 0) return;
        }
        SplitPoint* job = nullptr;
        {
            std::lock_guard lk(pool_->lock);
            job = take_job(&sp);
        }
        if (job)
            work_at(w, *job, false);
        else
            std::this_thread::yield();
    }
}

// With the pool's lock held: a shared node with moves left and not cut off, below `under`
// when one is given, with its helper count raised for the caller; null when there is none.
Solver::SplitPoint* Solver::take_job(const SplitPoint* under) {
    for (SplitPoint* s : pool_->open) {
        if (under && (s == under || !s->below(under))) continue;
        std::lock_guard lk(s->lock);
        if (s->next < s->count && !s->aborted()) {
            ++s->helpers;
            return s;
        }
    }
    return nullptr;
}

void Solver::helper_loop(Worker& w) {
    std::unique_lock lk(pool_->lock);
    for (;;) {
        if (SplitPoint* job = take_job(nullptr)) {
            lk.unlock();
            work_at(w, *job, false);
            lk.lock();
            continue;
        }
        if (pool_->quit) return;
        ++pool_->idle;
        pool_->wake.wait(lk);
        --pool_->idle;
    }
}

int Solver::solve_any(Worker& w, Bitboard player, Bitboard opponent, int alpha, int beta) {
    if (std::popcount(~(player | opponent)) <= kShallowMax)
        return solve_small(player, opponent, alpha, beta, w.nodes);
    return search(w, player, opponent, alpha, beta);
}

int Solver::solve(const Board& board, int alpha, int beta) {
    table_.new_search();
    return solve_any(*main_, board.player(), board.opponent(), alpha, beta);
}

SolveResult Solver::solve_root(const Board& board, int alpha, int beta) {
    SolveResult result;
    Worker& w = *main_;
    const std::uint64_t nodes_before = nodes();
    table_.new_search();
    Bitboard player = board.player(), opponent = board.opponent();

    // 1. The root: each move's exact value (or bound), NegaScout as in search().
    Bitboard moves = legal_squares(player, opponent);
    if (!moves) {
        if (!legal_squares(opponent, player)) {
            ++w.nodes;
            result.score = final_score(player, opponent);
            result.nodes = nodes() - nodes_before;
            return result;
        }
        result.best = Move::pass();
        ++w.nodes;
        result.score = -solve_any(w, opponent, player, -beta, -alpha);
    } else {
        // The root's moves are ordered once for every pass (at 34 empties, FFO #59, the
        // ordering searches are 1.2 M nodes).
        Candidate list[34];
        const int n = order_root(w, player, opponent, list);
        // A selective pass first (see kSelectivity), then the exact search in a window around
        // its score. The root keeps its own order: the selective pass's best move first gave
        // 893 M nodes on FFO #40-#47 instead of 794 M (#45: 506 M instead of 419 M).
        if (order_eval_ && std::popcount(~(player | opponent)) >= selective_from_) {
            selectivity_ = kSelectivity;
            const int guess = search_root(w, player, opponent, list, n, alpha, beta, result.best);
            selectivity_ = 0;
            // When the exact score falls outside the window, the next window reaches twice as
            // far beyond it: narrow windows cost far less than the rest of the range (FFO #57,
            // where the guess was 9 discs off: 7.05 G nodes instead of 24.0 G).
            int lo = std::max(alpha, guess - kAspiration);
            int hi = std::min(beta, guess + kAspiration);
            int width = kAspiration;
            int v = search_root(w, player, opponent, list, n, lo, hi, result.best);
            while (!stopped(w) && v > alpha && v < beta && (v <= lo || v >= hi)) {
                width *= 2;
                if (v <= lo) {  // the score is at most v
                    hi = v + 1;
                    lo = std::max(alpha, v - width);
                } else {  // at least v
                    lo = v - 1;
                    hi = std::min(beta, v + width);
                }
                v = search_root(w, player, opponent, list, n, lo, hi, result.best);
            }
            result.score = v;
        } else {
            result.score = search_root(w, player, opponent, list, n, alpha, beta, result.best);
        }
    }
    result.nodes = nodes() - nodes_before;

    // 2. The principal variation, when the score is exact: at each position a move whose child
    //    solves to minus the score (the table makes these re-solves cheap). Not counted.
    const bool exact =
        (result.score > alpha || alpha <= -64) && (result.score < beta || beta >= 64);
    if (exact && !stopped(w)) {
        std::vector<std::uint64_t> counted{w.nodes};
        if (pool_)
            for (const auto& helper : pool_->workers) counted.push_back(helper->nodes);
        Board b = board;
        int score = result.score;
        Move m = result.best;
        while (!m.is_none()) {
            result.pv.push_back(m);
            b.make(m);
            score = -score;
            m = Move();
            MoveList list;
            b.generate(list);
            // The table's move first: a wrong move can cost a whole proof that it falls short
            // (on FFO #59, in the generator's order, 90 s against the solve's 1 s).
            TableHit hit;
            if (table_.probe(Board::hash(b.player(), b.opponent()), hit) && hit.move >= 0)
                for (std::size_t i = 1; i < list.size(); ++i)
                    if (list[i].is_square() && list[i].square() == hit.move)
                        std::swap(list[0], list[i]);
            const int lo = std::max(-64, -score - 1), hi = std::min(64, -score + 1);
            for (const Move candidate : list) {
                Board child = b;
                child.make(candidate);
                if (-solve_any(w, child.player(), child.opponent(), lo, hi) == score) {
                    m = candidate;
                    break;
                }
            }
        }
        w.nodes = counted[0];
        if (pool_)
            for (std::size_t i = 0; i < pool_->workers.size(); ++i)
                pool_->workers[i]->nodes = counted[i + 1];
    }
    return result;
}

int Solver::order_root(Worker& w, Bitboard player, Bitboard opponent, Candidate* list) {
    const int n_empties = std::popcount(~(player | opponent));
    int n = 0;
    for (Bitboard moves = legal_squares(player, opponent); moves; moves &= moves - 1) {
        Candidate& c = list[n++];
        c.sq = std::countr_zero(moves);
        c.flips = flipped_discs(c.sq, player, opponent);
        const Bitboard next_player = opponent ^ c.flips;
        const Bitboard next_opponent = player | c.flips | square_bit(c.sq);
        c.value = -order_search(w, next_player, next_opponent,
                                n_empties >= 20 ? kRootOrderDepth : 1, -1000000, 1000000);
    }
    std::stable_sort(list, list + n,
                     [](const Candidate& a, const Candidate& b) { return a.value > b.value; });
    return n;
}

int Solver::search_root(Worker& w, Bitboard player, Bitboard opponent, const Candidate* list, int n,
                        int alpha, int beta, Move& best) {
    ++w.nodes;
    const int n_empties = std::popcount(~(player | opponent));
    int best_score = kNoScore, best_sq = -1;
    for (int i = 0; i < n; ++i) {
        const Candidate& c = list[i];
        // With idle helpers, the moves after the first are shared.
        if (i > 0 && n - i >= 2 && pool_ && n_empties >= kSplitMin) {
            split(w, player, opponent, n_empties, list + i, n - i, alpha, beta, best_score,
                  best_sq);
            break;
        }
        int v;
        if (i == 0) {
            v = child_value(w, player, opponent, c, n_empties, alpha, beta);
        } else {
            v = child_value(w, player, opponent, c, n_empties, alpha, alpha + 1);
            if (v > alpha && v < beta)
                v = child_value(w, player, opponent, c, n_empties, v - 1, beta);
        }
        if (stopped(w)) break;
        if (v > best_score) {
            best_score = v;
            best_sq = c.sq;
            if (v >= beta) break;
            if (v > alpha) alpha = v;
        }
    }
    if (best_sq >= 0) best = Move::at(best_sq);
    return best_score;
}

}  // namespace kibitz::othello
