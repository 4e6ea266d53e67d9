#include "othello/perft.h"

namespace kibitz::othello {

std::uint64_t perft(Board& board, int depth) {
    if (depth == 0) return 1;
    Bitboard moves = board.legal();
    if (!moves) {
        if (!legal_squares(board.opponent(), board.player())) return 1;  // the game is over
        const Undo u = board.make(Move::pass());
        const std::uint64_t n = perft(board, depth - 1);
        board.unmake(Move::pass(), u);
        return n;
    }
    if (depth == 1) return std::uint64_t(std::popcount(moves));
    std::uint64_t n = 0;
    for (; moves; moves &= moves - 1) {
        const Move m = Move::at(std::countr_zero(moves));
        const Undo u = board.make(m);
        n += perft(board, depth - 1);
        board.unmake(m, u);
    }
    return n;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Board& board, int depth) {
    std::vector<std::pair<Move, std::uint64_t>> out;
    MoveList list;
    board.generate(list);
    for (const Move m : list) {
        const Undo u = board.make(m);
        out.emplace_back(m, depth > 1 ? perft(board, depth - 1) : 1);
        board.unmake(m, u);
    }
    return out;
}

}  // namespace kibitz::othello
