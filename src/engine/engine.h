// Engine<G, E>: position + search threads + transposition table + time control behind one API.
// UCI, NBoard, the HTTP server, matches and the tuner are all clients of it.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#include "core/result.h"
#include "engine/strength.h"
#include "engine/time_manager.h"
#include "search/searcher.h"

namespace kibitz::engine {

// What a bench run measured (kibitz bench, kibitz othello bench).
struct BenchResult {
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    std::uint64_t nps = 0;
    int positions = 0;     // searched to the end (the nodes are theirs)
    bool stopped = false;  // a stop ended the bench before its last position
};

template <search::Game G, class E, search::Features F = search::Features{}>
class Engine {
public:
    using Move = typename G::Move;
    using Searcher = search::Searcher<G, E, F>;
    using InfoCallback = std::function<void(const search::Iteration<Move>&)>;
    // Best move and the expected reply (Move{} when unknown); called once per go().
    using BestMoveCallback = std::function<void(Move best, Move ponder)>;
    using CurrMoveCallback = std::function<void(Move move, int number, search::Depth depth)>;

    explicit Engine(E eval = {}) : eval_(std::move(eval)), tt_(16) { set_threads(1); }
    ~Engine() {
        stop();
        wait();
    }
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    InfoCallback on_info;
    BestMoveCallback on_bestmove;
    CurrMoveCallback on_currmove;

    // Settings; they take effect at the next go().
    void set_threads(int n) {
        wait();
        searchers_.clear();
        for (int i = 0; i < std::max(1, n); ++i) {
            searchers_.push_back(std::make_unique<Searcher>(tt_, stop_, eval_));
            searchers_.back()->set_thread_index(i);
            searchers_.back()->set_multipv(multipv_);
            searchers_.back()->set_params(params_);
        }
        if (elo_) searchers_[0]->set_multipv(std::max(multipv_, strength_lines(elo_)));
    }
    int threads() const { return int(searchers_.size()); }
    // The table's size in MB; refused (the old table kept) when the memory is not there, with
    // the reason in the error.
    core::Status set_hash_mb(std::size_t mb) {
        wait();
        return tt_.resize(mb);
    }
    std::size_t hash_mb() const { return tt_.size_mb(); }
    void set_multipv(int n) {
        multipv_ = std::max(1, n);
        for (auto& s : searchers_) s->set_multipv(multipv_);
        if (elo_) searchers_[0]->set_multipv(std::max(multipv_, strength_lines(elo_)));
    }
    void set_move_overhead(std::int64_t ms) { overhead_ms_ = ms; }
    // The search's margins and limits (the game's own by default; a tuning build's options).
    void set_search_params(const search::SearchParams& p) {
        wait();
        params_ = p;
        for (auto& s : searchers_) s->set_params(params_);
    }
    const search::SearchParams& search_params() const { return params_; }
    // Limited strength at about this rating (kMinElo..kMaxElo); 0 plays at full strength.
    void set_strength(int elo, std::uint64_t seed) {
        wait();
        elo_ = elo ? std::clamp(elo, kMinElo, kMaxElo) : 0;
        rng_ = core::SplitMix64(seed);
        searchers_[0]->set_multipv(elo_ ? std::max(multipv_, strength_lines(elo_)) : multipv_);
    }
    int strength() const { return elo_; }
    // The evaluator that new searches copy (e.g. another preset or weights).
    void set_evaluator(E eval) {
        wait();
        eval_ = std::move(eval);
        set_threads(threads());
    }
    // A new game: forget the table and the move-ordering memory.
    void clear() {
        wait();
        tt_.clear();
        for (auto& s : searchers_) s->clear();
    }

    // The position to search next (a copy, with its history).
    void set_position(const G& g) {
        wait();
        game_ = g;
    }
    const G& game() const { return game_; }

    // Starts searching the position in the background; on_info reports progress and
    // on_bestmove the result. A pondering or infinite search reports its move only after
    // ponderhit() or stop(), as UCI demands.
    void go(const GoParams& params, int side_to_move) {
        wait();
        arm_stop();
        {
            std::lock_guard lock(mutex_);
            waiting_ = (params.infinite || params.ponder) && !cancelled_.load();
            finished_ = false;
        }
        GoParams timed = params;  // the limits that apply once a ponder search is hit
        timed.ponder = false;
        planned_ = plan_limits(timed, side_to_move, overhead_ms_);
        search::Limits limits = plan_limits(params, side_to_move, overhead_ms_);
        if (elo_) limit_for_elo(elo_, limits);
        tt_.new_search();
        searching_ = true;
        // Prepared here, not in the thread, so that a quick ponderhit() cannot be lost.
        searchers_[0]->prepare(limits);
        try {
            main_ = std::thread([this, limits] { run(limits); });
        } catch (const std::system_error&) {
            // No thread to be had (a memory or process limit): a one-ply search here, which
            // cannot wait for a stop that this thread could not read, still gives a move.
            search::Limits now;
            now.depth = 1;
            {
                std::lock_guard lock(mutex_);
                waiting_ = false;
            }
            searchers_[0]->prepare(now);
            run(now);
        }
    }

    // Ends the search as soon as possible; the best move found so far is reported.
    void stop() {
        stop_.store(true);
        release();
    }

    // Ends the running search and every later one at once, until resume(): for a client on
    // another thread, whose stop() could come just before a search begins and be forgotten
    // (every search starts with the stop flag down). Safe from any thread.
    void cancel() {
        cancelled_.store(true);
        stop();
    }
    void resume() { cancelled_.store(false); }

    // The opponent played the expected move: the pondering search goes on under the clock.
    void ponderhit() {
        if (!searching_) return;
        searchers_[0]->ponderhit(planned_.soft_ms, planned_.hard_ms);
        bool done;
        {
            std::lock_guard lock(mutex_);
            done = finished_;
        }
        // A search that already finished while pondering has nothing left to think about.
        if (done) stop_.store(true);
        release();
    }

    // Blocks until the current search (if any) has reported its best move.
    void wait() {
        if (main_.joinable()) main_.join();
        searching_ = false;
    }
    bool searching() const { return searching_; }

    // Statistics of the last search (main thread) and total nodes of all threads.
    const search::Stats& stats() const { return searchers_[0]->stats(); }
    std::uint64_t nodes() const {
        std::uint64_t n = 0;
        for (const auto& s : searchers_) n += s->nodes();
        return n;
    }
    search::TranspositionTable& tt() { return tt_; }

    // Searches synchronously (for bench, matches in process and tests); returns the best move.
    Move search_now(const search::Limits& limits) {
        wait();
        arm_stop();
        tt_.new_search();
        G g = game_;
        return searchers_[0]->think(g, limits, on_info);
    }

private:
    // The main search thread: starts the helpers (Lazy SMP: same position, shared table,
    // slightly different depths), searches, stops the helpers, reports the result.
    void run(search::Limits limits) {
        std::vector<std::thread> helpers;
        std::vector<G> games(searchers_.size(), game_);
        for (std::size_t i = 1; i < searchers_.size(); ++i) {
            search::Limits helper_limits = limits;
            helper_limits.infinite = true;  // helpers stop when the main thread says so
            try {
                helpers.emplace_back([this, i, helper_limits, &games] {
                    searchers_[i]->think(games[i], helper_limits);
                });
            } catch (const std::system_error&) {
                break;  // no more threads to be had (a memory or process limit): fewer helpers
            }
        }
        searchers_[0]->set_currmove_report(on_currmove);
        // Limited strength searches extra lines to choose from; a GUI sees only the lines it
        // asked for (MultiPV), and the last complete iteration is kept for the final report.
        search::Iteration<Move> last{};
        const auto report = [this, &last](const search::Iteration<Move>& it) {
            if (elo_ && it.multipv > multipv_) return;
            if (it.multipv == 1 && it.bound == search::kBoundExact) last = it;
            if (on_info) on_info(it);
        };
        Move best = searchers_[0]->think(games[0], limits, report);
        // An infinite or pondering search waits for stop or ponderhit before it reports.
        {
            std::unique_lock lock(mutex_);
            finished_ = true;
            release_cv_.wait(lock, [this] { return !waiting_; });
        }
        stop_.store(true);
        for (auto& t : helpers) t.join();
        auto pv = searchers_[0]->pv();
        if (elo_ && best != Move{}) {
            const auto lines = searchers_[0]->lines();
            std::vector<int> scores;
            for (const auto& l : lines) scores.push_back(l.score);
            const std::size_t c = std::size_t(choose_line(elo_, scores, rng_));
            best = lines[c].move;
            pv = lines[c].pv;
            if (c != 0 && last.depth > 0) report_choice(lines, c, last);
        }
        Move ponder{};
        if (pv.size() >= 2 && pv[0] == best) ponder = pv[1];
        if (ponder == Move{} && best != Move{}) ponder = expected_reply(best);
        if (on_bestmove) on_bestmove(best, ponder);
    }

    // Limited strength chose another line than the best: the lines are said once more, the
    // move to be played as line 1 (with its own score and line) and then the others in score
    // order, up to MultiPV, so that a GUI shows the move that comes.
    template <class Lines>
    void report_choice(const Lines& lines, std::size_t chosen, search::Iteration<Move> it) {
        if (!on_info) return;
        std::vector<std::size_t> order{chosen};
        for (std::size_t i = 0; i < lines.size(); ++i)
            if (i != chosen) order.push_back(i);
        for (int k = 0; k < std::min<int>(multipv_, int(order.size())); ++k) {
            const auto& line = lines[order[std::size_t(k)]];
            it.multipv = k + 1;
            it.score = line.score;
            it.bound = search::kBoundExact;
            it.pv = line.pv;
            on_info(it);
        }
    }

    // The reply the table expects after best (a short PV has none), if it is legal.
    Move expected_reply(Move best) {
        G g = game_;
        const auto undo = g.make(best);
        (void)undo;
        search::TTData hit;
        if (!tt_.probe(g.key(), hit) || !hit.move) return Move{};
        typename G::MoveList list;
        g.generate(list);
        for (const auto m : list)
            if (m.raw() == hit.move) return m;
        return Move{};
    }

    // Lowers the stop flag for a new search, unless cancel() asked for every search to stop.
    // cancel() raises cancelled_ before the flag, so whichever way the two interleave, a
    // cancel() during this call leaves the flag raised.
    void arm_stop() {
        stop_.store(false);
        if (cancelled_.load()) stop_.store(true);
    }

    void release() {
        {
            std::lock_guard lock(mutex_);
            waiting_ = false;
        }
        release_cv_.notify_all();
    }

    E eval_;
    search::TranspositionTable tt_;
    std::atomic<bool> stop_{false};
    std::atomic<bool> cancelled_{false};
    std::vector<std::unique_ptr<Searcher>> searchers_;
    G game_;
    int multipv_ = 1;
    search::SearchParams params_ = G::search_params();
    int elo_ = 0;
    core::SplitMix64 rng_{1};
    std::int64_t overhead_ms_ = 30;
    search::Limits planned_;
    std::thread main_;
    std::atomic<bool> searching_{false};
    std::mutex mutex_;
    std::condition_variable release_cv_;
    bool waiting_ = false;
    bool finished_ = false;
};

}  // namespace kibitz::engine
