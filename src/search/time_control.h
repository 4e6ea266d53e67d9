// The clock of one search: its soft limit (no new iteration after it) and hard limit (stop
// now), the soft limit stretched when the best move just changed or the score fell and shrunk
// when the move has been stable, scaled by the share of the nodes the best move took, and
// ponderhit, which starts both limits from that moment.
// The searcher asks it after each iteration whether to go on, and at its nodes whether the
// hard limit has passed. Every decision also has a form that takes the elapsed time, so that
// the rules are tested without a clock or a search.
#pragma once

#include <atomic>
#include <cstdint>

#include "core/timer.h"
#include "search/params.h"
#include "search/score.h"

namespace kibitz::search {

// What the search says after an iteration of its main thread, besides its best move and score:
// the depth completed and the share of that iteration's nodes spent on the best move (0 to 1;
// negative: not known).
struct SearchEffort {
    Depth depth = 0;
    double best_share = -1;
};

class TimeControl {
public:
    // A new search: the limits in ms from now (0: none), and whether it waits for ponderhit or
    // stop (infinite: no limit applies until ponderhit). first_move is the move the search
    // tries first (the table's), against which the first iteration's stability is counted.
    void start(std::int64_t soft_ms, std::int64_t hard_ms, bool infinite,
               std::uint16_t first_move = 0) {
        clock_.reset();
        soft_ms_.store(soft_ms, std::memory_order_relaxed);
        hard_ms_.store(hard_ms, std::memory_order_relaxed);
        infinite_.store(infinite, std::memory_order_relaxed);
        new_iterations(first_move);
    }
    // Forgets the iterations seen (the root moves are known only once the search begins).
    void new_iterations(std::uint16_t first_move) {
        last_best_ = first_move;
        stable_iterations_ = 0;
        last_score_ = -kInfinite;
    }

    // The opponent played the expected move: the limits now count from this moment. Safe to
    // call from another thread while the search runs.
    void ponderhit(std::int64_t soft_ms, std::int64_t hard_ms) {
        ponderhit_at(elapsed_ms(), soft_ms, hard_ms);
    }
    void ponderhit_at(std::int64_t now, std::int64_t soft_ms, std::int64_t hard_ms) {
        soft_ms_.store(soft_ms ? now + soft_ms : 0, std::memory_order_relaxed);
        hard_ms_.store(hard_ms ? now + hard_ms : 0, std::memory_order_relaxed);
        infinite_.store(false, std::memory_order_relaxed);
    }

    std::int64_t elapsed_ms() const { return clock_.elapsed_ms(); }
    bool infinite() const { return infinite_.load(std::memory_order_relaxed); }

    // The hard limit has passed (never while infinite).
    bool out_of_time() const { return out_of_time_at(elapsed_ms()); }
    bool out_of_time_at(std::int64_t now) const {
        const std::int64_t hard = hard_ms_.load(std::memory_order_relaxed);
        return !infinite() && hard && now >= hard;
    }

    // After each completed iteration of the main thread: its best move and score. True when
    // no new iteration should start: the soft limit, scaled by how the search goes, has
    // passed. An infinite search still counts its iterations, for after ponderhit.
    bool stop_after_iteration(std::uint16_t best, Score score, const SearchParams& p,
                              SearchEffort effort = {}) {
        return stop_after_iteration_at(elapsed_ms(), best, score, p, effort);
    }
    bool stop_after_iteration_at(std::int64_t now, std::uint16_t best, Score score,
                                 const SearchParams& p, SearchEffort effort = {}) {
        stable_iterations_ = best == last_best_ ? stable_iterations_ + 1 : 0;
        last_best_ = best;
        const bool score_fell = last_score_ != -kInfinite && score < last_score_ - p.score_drop;
        last_score_ = score;
        if (infinite()) return false;
        const std::int64_t soft = soft_ms_.load(std::memory_order_relaxed);
        if (!soft) return false;
        return now >= std::int64_t(double(soft) * soft_scale(p, score_fell, effort));
    }

    // The factor of the soft limit now: stretched after a change of the best move, shrunk
    // after a run of iterations with the same one, stretched when the score fell, and scaled
    // by the best move's share of the nodes.
    double soft_scale(const SearchParams& p, bool score_fell, SearchEffort effort = {}) const {
        double scale = stable_iterations_ == 0                          ? p.time_unstable / 100.0
                       : stable_iterations_ >= p.time_stable_iterations ? p.time_stable / 100.0
                                                                        : 1.0;
        if (score_fell) scale *= p.time_score_drop / 100.0;
        if (effort.depth >= p.time_node_depth && effort.best_share >= 0)
            scale *= (p.time_node_base + p.time_node_factor * (1 - effort.best_share)) / 100.0;
        return scale;
    }
    int stable_iterations() const { return stable_iterations_; }

private:
    core::Stopwatch clock_;
    std::atomic<std::int64_t> soft_ms_{0}, hard_ms_{0};
    std::atomic<bool> infinite_{false};
    std::uint16_t last_best_ = 0;
    int stable_iterations_ = 0;
    Score last_score_ = -kInfinite;
};

}  // namespace kibitz::search
