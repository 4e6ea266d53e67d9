// The Othello engine of the web app: iterative deepening with the exact solver near the end.
#include "server/othello_searcher.h"

#include "engine/othello_engine.h"

namespace kibitz::server {

namespace {

using othello::Color;
using othello::kBlack;
using othello::Move;

class OthelloSearcher final : public JobRunner {
public:
    explicit OthelloSearcher(std::size_t hash_mb) : solver_(engine::make_othello_solver(hash_mb)) {
        engine_.set_hash_mb(hash_mb);
    }

    std::function<void()> run(const std::shared_ptr<Job>& shared) override {
        auto job = std::static_pointer_cast<OthelloJob>(shared);
        std::optional<OthelloSearchInfo> info;
        const Move best = search(*job, info);
        return [job, best, info] {
            if (job->on_done) job->on_done(best, info);
        };
    }

    void stop() override { engine_.stop(); }

private:
    // Searches the job's position; `info` gets the last finished iteration.
    Move search(OthelloJob& job, std::optional<OthelloSearchInfo>& info) {
        if (job.game_id != last_game_) {  // a new game: forget the old one's tables
            engine_.clear();
            solver_->clear();
            last_game_ = job.game_id;
        }
        if (job.level.eval != eval_) {
            engine_.set_evaluator(engine::OthelloEvaluator(job.level.eval));
            eval_ = job.level.eval;
        }
        const int empties = job.board.empty_count();
        const bool solving = job.level.solve_empties >= empties;
        engine::OthelloGame game(job.board);
        if (job.level.solve_empties > 0) game.set_solver(solver_, job.level.solve_empties);
        engine_.set_position(game);
        const Color side = job.board.side_to_move();
        engine_.on_info = [&](const search::Iteration<Move>& it) {
            if (it.pv.empty() || it.bound != search::kBoundExact) return;
            OthelloSearchInfo s;
            s.depth = it.depth;
            s.score = side == kBlack ? it.score : -it.score;
            // The searcher solves the position in one iteration one deeper than the empties.
            s.exact = solving && it.depth > empties;
            s.pv = it.pv;
            s.nodes = it.nodes;
            s.time_ms = it.time_ms;
            info = s;
            if (job.on_info) job.on_info(s);
            // A cancel that came before the search cleared the stop flag stops it here. With
            // half the time cap gone the next iteration would rarely finish: stop instead.
            if (job.cancelled || (!solving && it.time_ms >= job.ms / 2)) engine_.stop();
        };
        Move best;
        engine_.on_bestmove = [&](Move m, Move) { best = m; };
        engine::GoParams go;
        // Perfect play from the level's empties on: as deep as the end of the game. The time
        // cap stops an iteration in the middle (the last finished one decides).
        go.depth = solving ? search::kMaxPly - 1 : job.level.depth;
        go.movetime = job.ms;
        engine_.go(go, side == kBlack ? 0 : 1);
        // A cancel that came before go() cleared the stop flag must still stop the search.
        if (job.cancelled) engine_.stop();
        engine_.wait();
        engine_.on_info = nullptr;
        engine_.on_bestmove = nullptr;
        return best;
    }

    engine::OthelloEngine engine_;
    std::shared_ptr<othello::Solver> solver_;
    eval::OthelloEvalLevel eval_ = eval::OthelloEvalLevel::kPatterns;  // the engine's default
    std::string last_game_;
};

}  // namespace

std::unique_ptr<JobRunner> make_othello_searcher(std::size_t hash_mb) {
    return std::make_unique<OthelloSearcher>(hash_mb);
}

}  // namespace kibitz::server
