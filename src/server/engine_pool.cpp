// The web app's engines: a priority queue of searches served by a few worker threads.
#include "server/engine_pool.h"

#include <algorithm>
#include <random>

namespace kibitz::server {

EnginePool::EnginePool(int workers, std::size_t hash_mb, const engine::Tablebases* tables)
    : seed_(std::random_device{}()), tables_(tables) {
    for (int i = 0; i < std::max(1, workers); ++i) {
        auto w = std::make_unique<Worker>();
        w->engine = std::make_unique<engine::ChessEngine>();
        w->engine->set_hash_mb(hash_mb);
        workers_.push_back(std::move(w));
    }
    for (auto& w : workers_) w->thread = std::thread([this, &w = *w] { work(w); });
}

EnginePool::~EnginePool() { shutdown(); }

void EnginePool::shutdown() {
    {
        std::lock_guard lock(mutex_);
        if (quit_) return;
        quit_ = true;
        queue_.clear();
        for (auto& w : workers_)
            if (w->job) {
                w->job->cancelled = true;
                w->engine->stop();
            }
    }
    ready_.notify_all();
    for (auto& w : workers_)
        if (w->thread.joinable()) w->thread.join();
}

void EnginePool::submit(std::shared_ptr<EngineJob> job) {
    {
        std::lock_guard lock(mutex_);
        if (quit_) return;
        // Stable by priority: after every queued job of the same or a higher priority.
        auto at = std::find_if(queue_.begin(), queue_.end(),
                               [&](const auto& q) { return q->priority > job->priority; });
        queue_.insert(at, job);
        preempt_for(*job);
    }
    ready_.notify_one();
}

// With every engine busy, a job more urgent than analysis interrupts one analysis, which
// goes back into the queue when its worker sees that it was preempted. Called locked.
void EnginePool::preempt_for(const EngineJob& job) {
    if (job.priority == EngineJob::kAnalysis) return;
    for (const auto& w : workers_)
        if (!w->job) return;  // a free engine will take it
    for (const auto& w : workers_)
        if (w->job->priority == EngineJob::kAnalysis && !w->job->preempted) {
            w->job->preempted = true;
            w->engine->stop();
            return;
        }
}

void EnginePool::cancel(const std::shared_ptr<EngineJob>& job) {
    if (!job) return;
    std::lock_guard lock(mutex_);
    job->cancelled = true;
    queue_.erase(std::remove(queue_.begin(), queue_.end(), job), queue_.end());
    for (auto& w : workers_)
        if (w->job == job) w->engine->stop();
}

int EnginePool::queued() const {
    std::lock_guard lock(mutex_);
    return int(queue_.size());
}

int EnginePool::running() const {
    std::lock_guard lock(mutex_);
    return int(std::count_if(workers_.begin(), workers_.end(),
                             [](const auto& w) { return w->job != nullptr; }));
}

void EnginePool::work(Worker& w) {
    for (;;) {
        std::shared_ptr<EngineJob> job;
        {
            std::unique_lock lock(mutex_);
            ready_.wait(lock, [this] { return quit_ || !queue_.empty(); });
            if (quit_) return;
            job = queue_.front();
            queue_.pop_front();
            w.job = job;
        }
        const JobResult result = run(w, *job);
        bool requeue = false;
        {
            std::lock_guard lock(mutex_);
            w.job.reset();
            if (job->preempted && !job->cancelled && !quit_) {
                job->preempted = false;
                queue_.push_back(job);  // analysis is last in priority anyway
                requeue = true;
            }
        }
        if (requeue) {
            ready_.notify_one();
            continue;
        }
        if (!job->cancelled && job->on_done) job->on_done(result);
    }
}

JobResult EnginePool::run(Worker& w, EngineJob& job) {
    engine::ChessEngine& e = *w.engine;
    if (job.game_id != w.last_game) {
        e.clear();
        w.last_game = job.game_id;
    }
    std::uint64_t seed;
    {
        std::lock_guard lock(mutex_);
        seed = seed_++;
    }
    e.set_multipv(job.multipv);
    e.set_move_overhead(job.overhead_ms);
    e.set_strength(job.elo, seed);
    engine::ChessGame game(job.position);
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
        if (job.on_info) job.on_info(it, e.nodes());
    };
    e.on_bestmove = [&](chess::Move best, chess::Move) { result.best = best; };
    e.on_currmove = nullptr;
    e.go(job.go, job.position.side_to_move());
    // A cancel or preemption that came before go() reset the stop flag must still stop it.
    if (job.cancelled || job.preempted) e.stop();
    e.wait();
    e.on_info = nullptr;
    e.on_bestmove = nullptr;
    std::erase_if(lines, [](const JobLine& l) { return l.pv.empty(); });
    result.lines = std::move(lines);
    result.nodes = e.nodes();
    return result;
}

}  // namespace kibitz::server
