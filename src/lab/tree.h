// A synthetic game tree for the lab: every node has exactly `width` moves, and the positions at
// `depth` plies have distinct values (a fixed permutation of 0..width^depth-1, shifted to be
// centred on 0). On such a uniform tree Knuth and Moore's bound is exact: alpha-beta with
// perfect ordering scores W^ceil(D/2) + W^floor(D/2) - 1 leaves.
#pragma once

#include <cstdint>
#include <numeric>

#include "core/fixed_vector.h"
#include "search/game.h"

namespace kibitz::lab {

class UniformTree {
public:
    struct Move {
        std::uint16_t index = 0;
        std::uint16_t raw() const { return std::uint16_t(index + 1); }
        static Move from_raw(std::uint16_t r) { return Move{std::uint16_t(r - 1)}; }
        bool operator==(const Move&) const = default;
    };
    struct Undo {
        std::uint64_t id;
    };
    using MoveList = core::FixedVector<Move, 64>;

    // width 2..64; width^depth at most 60,000, so that values stay ordinary scores.
    UniformTree(int width, int depth) : width_(width), depth_(depth) {
        leaves_ = 1;
        for (int i = 0; i < depth; ++i) leaves_ *= std::uint64_t(width);
        // A multiplier coprime to the leaf count makes index -> value a permutation.
        multiplier_ = 1000003;
        while (std::gcd(multiplier_, leaves_) != 1) multiplier_ += 2;
    }

    std::uint64_t key() const {
        std::uint64_t z = id_ + 0x9e3779b97f4a7c15ULL * std::uint64_t(ply_ + 1);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    void generate(MoveList& list) const {
        for (int i = 0; i < width_; ++i) list.push_back(Move{std::uint16_t(i)});
    }
    Undo make(Move m) {
        const Undo u{id_};
        id_ = id_ * std::uint64_t(width_) + m.index;
        ++ply_;
        return u;
    }
    void unmake(Move, Undo u) {
        id_ = u.id;
        --ply_;
    }
    search::Score terminal_score(int) const { return 0; }  // never: every node has moves

    // The value for the side to move: distinct at `depth` plies; 0 elsewhere.
    search::Score value() const {
        if (ply_ != depth_) return 0;
        const auto v = std::int64_t(id_ * multiplier_ % leaves_) - std::int64_t(leaves_ / 2);
        return search::Score(ply_ % 2 == 0 ? v : -v);
    }

private:
    int width_, depth_;
    std::uint64_t leaves_ = 1, multiplier_ = 1;
    std::uint64_t id_ = 0;
    int ply_ = 0;
};

struct TreeValue {
    search::Score operator()(const UniformTree& t) const { return t.value(); }
};

static_assert(search::Game<UniformTree>);

}  // namespace kibitz::lab
