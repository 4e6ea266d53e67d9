// In-process games for datagen and the genetic algorithm.
#include "tune/selfplay.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "chess/movegen.h"

namespace kibitz::tune {

using chess::Outcome;
using chess::Position;

Outcome play_selfplay(engine::ChessEngine& white, engine::ChessEngine& black, const Position& start,
                      const SelfPlayOptions& options,
                      const std::function<void(const PlayedMove&)>& on_move,
                      const std::atomic<bool>* stop) {
    search::Limits limits;
    if (options.depth > 0) limits.depth = options.depth;
    limits.nodes = options.nodes;
    white.clear();
    if (&black != &white) black.clear();

    Position pos = start;
    std::vector<int> white_view;  // each move's score from White's view, in plies
    for (int ply = 0;; ++ply) {
        if (stop && stop->load()) return Outcome::kOngoing;
        const auto status = chess::game_status(pos);
        if (status.outcome != Outcome::kOngoing) return status.outcome;
        if (ply >= options.max_plies) return Outcome::kDraw;

        engine::ChessEngine& mover = pos.side_to_move() == chess::kWhite ? white : black;
        int score = 0;
        mover.on_info = [&score](const search::Iteration<chess::Move>& it) {
            if (it.multipv == 1) score = it.score;
        };
        mover.set_position(engine::ChessGame(pos));
        const chess::Move best = mover.search_now(limits);
        mover.on_info = nullptr;
        if (best == chess::Move::none()) return Outcome::kOngoing;  // stopped before a move
        if (on_move) on_move(PlayedMove{pos, best, score});
        white_view.push_back(pos.side_to_move() == chess::kWhite ? score : -score);
        pos.make(best);

        // Adjudication on the last scores of both engines.
        const auto last = [&](int n, auto&& pred) {
            if (int(white_view.size()) < n) return false;
            return std::all_of(white_view.end() - n, white_view.end(), pred);
        };
        if (options.resign_cp > 0) {
            const int n = 2 * options.resign_moves, cp = options.resign_cp;
            if (last(n, [cp](int s) { return s >= cp; })) return Outcome::kWhiteWins;
            if (last(n, [cp](int s) { return s <= -cp; })) return Outcome::kBlackWins;
        }
        if (options.draw_cp > 0 && ply + 1 >= options.draw_ply) {
            const int cp = options.draw_cp;
            if (last(2 * options.draw_moves, [cp](int s) { return std::abs(s) <= cp; }))
                return Outcome::kDraw;
        }
    }
}

Position random_opening(int plies, core::SplitMix64& rng) {
    for (;;) {
        Position pos = Position::from_fen(chess::kStartFen).value();
        bool ok = true;
        for (int i = 0; i < plies && ok; ++i) {
            const chess::MoveList legal = chess::legal_moves(pos);
            if (legal.empty()) {
                ok = false;
                break;
            }
            pos.make(legal[std::size_t(rng.below(legal.size()))]);
            if (chess::game_status(pos).outcome != Outcome::kOngoing) ok = false;
        }
        if (ok) return pos;
    }
}

}  // namespace kibitz::tune
