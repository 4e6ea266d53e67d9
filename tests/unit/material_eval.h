// A material-only chess evaluator for search tests: simple enough that scores are predictable.
#pragma once

#include "engine/chess_game.h"

namespace kibitz::test {

// Material in centipawns from the side to move (P 100, N 300, B 310, R 500, Q 900).
struct MaterialEval {
    search::Score operator()(const engine::ChessGame& g) const {
        static constexpr int kValue[6] = {100, 300, 310, 500, 900, 0};
        const auto& p = g.position();
        search::Score s = 0;
        for (int pt = 0; pt < 6; ++pt)
            s += kValue[pt] * (core::popcount(p.pieces(chess::kWhite, chess::PieceType(pt))) -
                               core::popcount(p.pieces(chess::kBlack, chess::PieceType(pt))));
        return p.side_to_move() == chess::kWhite ? s : -s;
    }
};

}  // namespace kibitz::test
