// Tic-tac-toe as a search::Game: small enough to search to the end, for the search tests.
#pragma once

#include <cstdint>

#include "core/fixed_vector.h"
#include "search/game.h"

namespace kibitz::test {

class TicTacToe {
public:
    struct Move {
        std::uint8_t square = 0;
        std::uint16_t raw() const { return square; }
        static Move from_raw(std::uint16_t r) { return Move{std::uint8_t(r)}; }
        bool operator==(const Move&) const = default;
    };
    struct Undo {};
    using MoveList = core::FixedVector<Move, 9>;

    std::uint64_t key() const { return mine_[0] | mine_[1] << 9 | std::uint64_t(side_) << 18; }

    // No moves once somebody has three in a row or the board is full.
    void generate(MoveList& list) const {
        if (won(0) || won(1)) return;
        for (std::uint8_t s = 0; s < 9; ++s)
            if (!((mine_[0] | mine_[1]) >> s & 1)) list.push_back(Move{s});
    }
    Undo make(Move m) {
        mine_[side_] |= 1u << m.square;
        side_ ^= 1;
        return {};
    }
    void unmake(Move m, Undo) {
        side_ ^= 1;
        mine_[side_] &= ~(1u << m.square);
    }
    // The side to move has lost if the other side has a line; otherwise a draw.
    search::Score terminal_score(int ply) const {
        return won(side_ ^ 1) ? search::mated_in(ply) : search::kDraw;
    }
    bool won(int side) const {
        static constexpr std::uint32_t kLines[8] = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};
        for (const auto l : kLines)
            if ((mine_[side] & l) == l) return true;
        return false;
    }

private:
    std::uint32_t mine_[2] = {0, 0};
    int side_ = 0;
};

static_assert(search::Game<TicTacToe>);

}  // namespace kibitz::test
