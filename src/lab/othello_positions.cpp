// The Othello experiments' positions: made by self-play from random openings, or read from OBF.
#include <unordered_set>

#include "core/rng.h"
#include "engine/othello_engine.h"
#include "lab/alphabeta.h"
#include "lab/lab.h"
#include "othello/obf.h"
#include "search/tt.h"

namespace kibitz::lab {

std::vector<othello::Board> sample_othello_positions(const OthelloSample& sample) {
    std::vector<othello::Board> out;
    std::unordered_set<std::uint64_t> seen;
    core::SplitMix64 rng(sample.seed);
    engine::OthelloEvaluator eval(eval::OthelloEvalLevel::kMobility);
    Config player;
    player.order = Order::kHistory;
    player.tt = player.iterative = true;
    search::TranspositionTable tt(1);
    for (int game = 0; game < sample.games; ++game) {
        engine::OthelloGame g;
        for (int ply = 1; ply <= sample.last; ++ply) {
            // 1. The move: a random one in the opening, then the lab's search.
            othello::MoveList list;
            g.generate(list);
            if (list.empty()) break;  // the game is over
            othello::Move move = list[0];
            if (ply <= sample.random_plies) {
                move = list[std::size_t(rng.below(list.size()))];
            } else if (list.size() > 1) {
                tt.clear();
                AlphaBeta<engine::OthelloGame, engine::OthelloEvaluator> ab(eval, player, &tt);
                move = othello::Move::from_raw(ab.run(g, sample.depth).best);
            }
            g.make(move);
            // 2. Keep the positions at the sampled plies that still have a move to search.
            const bool sampled = ply >= sample.first && (ply - sample.first) % sample.every == 0;
            if (sampled && !g.board().game_over() && seen.insert(g.board().key()).second)
                out.push_back(g.board());
        }
    }
    return out;
}

std::string describe(const OthelloSample& s) {
    std::string plies;
    for (int ply = s.first; ply <= s.last; ply += s.every)
        plies += (plies.empty() ? "" : ", ") + std::to_string(ply);
    return "self-play: the positions after plies " + plies + " of " + std::to_string(s.games) +
           " games that the lab's alpha-beta (depth " + std::to_string(s.depth) +
           ", Kibitz's full Othello evaluation) played against itself after " +
           std::to_string(s.random_plies) + " random moves (SplitMix64, seed " +
           std::to_string(s.seed) + "); made in code (`lab::sample_othello_positions`)";
}

core::Result<std::vector<othello::Board>> load_othello_positions(const std::string& path) {
    auto records = othello::read_obf(path);
    if (!records) return core::error(records.error());
    std::vector<othello::Board> out;
    for (const auto& r : *records)
        if (!r.board.game_over()) out.push_back(r.board);
    if (out.empty()) return core::error("'" + path + "' has no position with a move to search");
    return out;
}

}  // namespace kibitz::lab
