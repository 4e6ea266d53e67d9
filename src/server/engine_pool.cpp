// The web app's chess engines: one runner of the job queue per engine.
#include "server/engine_pool.h"

#include <algorithm>
#include <random>

namespace kibitz::server {

namespace {

// One chess engine searching EngineJobs; it forgets its table when the game changes.
class ChessRunner final : public JobRunner {
public:
    ChessRunner(std::size_t hash_mb, const engine::Tablebases* tables,
                std::atomic<std::uint64_t>& seed)
        : tables_(tables), seed_(seed) {
        engine_.set_hash_mb(hash_mb);
    }

    std::function<void()> run(const std::shared_ptr<Job>& shared) override {
        auto job = std::static_pointer_cast<EngineJob>(shared);
        engine::ChessEngine& e = engine_;
        if (job->game_id != last_game_) {
            e.clear();
            last_game_ = job->game_id;
        }
        e.set_multipv(job->multipv);
        e.set_move_overhead(job->overhead_ms);
        e.set_strength(job->elo, seed_++);
        engine::ChessGame game(job->position);
        game.set_tables(tables_);
        e.set_position(game);

        JobResult result;
        std::vector<JobLine> lines;
        e.on_info = [&](const search::Iteration<chess::Move>& it) {
            if (it.pv.empty()) return;
            const auto index = std::size_t(std::max(1, it.multipv));
            if (lines.size() < index) lines.resize(index);
            lines[index - 1] = JobLine{int(index), it.score, it.depth, it.pv};
            result.time_ms = it.time_ms;
            if (job->on_info) job->on_info(it, e.nodes());
        };
        e.on_bestmove = [&](chess::Move best, chess::Move) { result.best = best; };
        e.on_currmove = nullptr;
        e.go(job->go, job->position.side_to_move());
        // A cancel or preemption that came before go() reset the stop flag must still stop it.
        if (job->cancelled || job->preempted) e.stop();
        e.wait();
        e.on_info = nullptr;
        e.on_bestmove = nullptr;
        std::erase_if(lines, [](const JobLine& l) { return l.pv.empty(); });
        result.lines = std::move(lines);
        result.nodes = e.nodes();
        return [job, result] {
            if (job->on_done) job->on_done(result);
        };
    }

    void stop() override { engine_.stop(); }

private:
    engine::ChessEngine engine_;
    const engine::Tablebases* tables_;
    std::atomic<std::uint64_t>& seed_;
    std::string last_game_;
};

std::vector<std::unique_ptr<JobRunner>> chess_runners(int workers, std::size_t hash_mb,
                                                      const engine::Tablebases* tables,
                                                      std::atomic<std::uint64_t>& seed) {
    std::vector<std::unique_ptr<JobRunner>> runners;
    for (int i = 0; i < std::max(1, workers); ++i)
        runners.push_back(std::make_unique<ChessRunner>(hash_mb, tables, seed));
    return runners;
}

}  // namespace

EnginePool::EnginePool(int workers, std::size_t hash_mb, const engine::Tablebases* tables)
    : seed_(std::random_device{}()),
      queue_(chess_runners(workers, hash_mb, tables, seed_), EngineJob::kAnalysis) {}

EnginePool::~EnginePool() { shutdown(); }

void EnginePool::shutdown() { queue_.shutdown(); }

void EnginePool::submit(std::shared_ptr<EngineJob> job) { queue_.submit(std::move(job)); }

void EnginePool::cancel(const std::shared_ptr<EngineJob>& job) { queue_.cancel(job); }

int EnginePool::queued() const { return queue_.queued(); }

int EnginePool::running() const { return queue_.running(); }

}  // namespace kibitz::server
