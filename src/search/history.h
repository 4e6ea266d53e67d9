// Move-ordering memory: killer moves (Akl and Newborn 1977), the history heuristic (Schaeffer
// 1983, 1989) with "gravity" (bonuses shrink as a value nears its bound, so old knowledge fades),
// counter moves (Uiterwijk 1992): the reply that refuted a move last time, capture history:
// the history heuristic for captures, which orders captures of the same victim, and
// continuation history: the history of a move after a given earlier move (one, two or four
// plies back), which remembers which replies work against which plans.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "search/score.h"

namespace kibitz::search {

constexpr int kHistoryMax = 16384;

// Adds bonus to an entry so that it stays within [-kHistoryMax, kHistoryMax].
inline void apply_gravity(std::int16_t& entry, int bonus) {
    entry = std::int16_t(entry + bonus - entry * std::abs(bonus) / kHistoryMax);
}

class MoveHistory {
public:
    explicit MoveHistory(int index_count = 0) { resize(index_count); }

    // Sets the number of move indices (the game's move_index range) and clears.
    void resize(int index_count) {
        size_ = index_count;
        quiet_.assign(std::size_t(size_), 0);
        counter_.assign(std::size_t(size_), 0);
        clear_killers();
    }
    void clear() {
        resize(size_);
        capture_.assign(capture_.size(), 0);
        continuation_.assign(continuation_.size(), 0);
    }
    // Sets the number of capture indices (the game's capture_index range) and clears them.
    void resize_captures(int index_count) { capture_.assign(std::size_t(index_count), 0); }
    // Allocates continuation history, a table of index_count² entries (chess: 1.2 MB).
    void resize_continuation() { continuation_.assign(std::size_t(size_) * std::size_t(size_), 0); }
    void clear_killers() {
        for (auto& k : killers_) k = {0, 0};
    }

    int quiet(int index) const {
        assert(index >= 0 && index < size_);
        return quiet_[std::size_t(index)];
    }
    void update_quiet(int index, int bonus) {
        assert(index >= 0 && index < size_);
        apply_gravity(quiet_[std::size_t(index)], bonus);
    }

    int capture(int index) const {
        assert(index >= 0 && std::size_t(index) < capture_.size());
        return capture_[std::size_t(index)];
    }
    void update_capture(int index, int bonus) {
        assert(index >= 0 && std::size_t(index) < capture_.size());
        apply_gravity(capture_[std::size_t(index)], bonus);
    }

    // The continuation history of every move after the move prev (by index), and its update.
    const std::int16_t* continuation_row(int prev) const {
        assert(prev >= 0 && prev < size_ && !continuation_.empty());
        return &continuation_[std::size_t(prev) * std::size_t(size_)];
    }
    void update_continuation(int prev, int index, int bonus) {
        assert(prev >= 0 && prev < size_ && index >= 0 && index < size_);
        apply_gravity(continuation_[std::size_t(prev) * std::size_t(size_) + std::size_t(index)],
                      bonus);
    }

    // The two killers at ply; the newest first.
    const std::array<std::uint16_t, 2>& killers(int ply) const {
        return killers_[std::size_t(ply)];
    }
    void add_killer(int ply, std::uint16_t move) {
        auto& k = killers_[std::size_t(ply)];
        if (k[0] != move) k = {move, k[0]};
    }

    // The counter move to the opponent's previous move (by its index); 0 when none.
    std::uint16_t counter(int prev_index) const { return counter_[std::size_t(prev_index)]; }
    void set_counter(int prev_index, std::uint16_t move) {
        counter_[std::size_t(prev_index)] = move;
    }

private:
    int size_ = 0;
    std::vector<std::int16_t> quiet_, capture_, continuation_;
    std::vector<std::uint16_t> counter_;
    std::array<std::array<std::uint16_t, 2>, kMaxPly + 8> killers_{};
};

}  // namespace kibitz::search
