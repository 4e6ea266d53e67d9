// A few chess engines shared by all games of the web app, on the server's one job queue
// (job_queue.h): searches wait by priority (engine moves first, analysis last); an endless
// analysis gives its engine up to a waiting move and goes back into the queue, so a busy
// analysis board never starves a game.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "chess/position.h"
#include "engine/chess_engine.h"
#include "engine/tablebases.h"
#include "server/job_queue.h"

namespace kibitz::server {

// One search line: its score from the side to move's view, depth and moves.
struct JobLine {
    int multipv = 1;
    int score = 0;
    int depth = 0;
    std::vector<chess::Move> pv;
};

struct JobResult {
    chess::Move best;            // Move{} when there is none (cancelled before any depth)
    std::vector<JobLine> lines;  // the last line of each multipv index, best first
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
};

// One chess search; its priority is one of Priority's (kMove unless set).
struct EngineJob : Job {
    enum Priority { kMove = 0, kHint = 1, kReview = 2, kAnalysis = 3 };
    std::string game_id;  // the engine forgets its table when it changes game
    chess::Position position;
    engine::GoParams go;
    int elo = 0;  // limited strength (0: full)
    int multipv = 1;
    std::int64_t overhead_ms = 0;  // kept back from the clock for the reply's way to the page
    // Called on the search thread for every finished iteration (and fail high/low).
    std::function<void(const search::Iteration<chess::Move>&, std::uint64_t nodes)> on_info;
    // Called once at the end, unless the job was cancelled.
    std::function<void(const JobResult&)> on_done;
};

class EnginePool {
public:
    // `workers` engines of `hash_mb` MB each, one search thread each. Every search uses the
    // endgame tables when given (they must outlive the pool).
    EnginePool(int workers, std::size_t hash_mb, const engine::Tablebases* tables = nullptr);
    ~EnginePool();
    EnginePool(const EnginePool&) = delete;
    EnginePool& operator=(const EnginePool&) = delete;

    // Stops every search and joins the workers; later jobs are ignored. The destructor calls it.
    void shutdown();
    // Queues a job; it runs when an engine is free (an analysis may be interrupted for it).
    void submit(std::shared_ptr<EngineJob> job);
    // Drops a queued job or stops a running one; its on_done is not called.
    void cancel(const std::shared_ptr<EngineJob>& job);
    // Jobs waiting and running (for tests and the status line).
    int queued() const;
    int running() const;

private:
    std::atomic<std::uint64_t> seed_;  // of the limited-strength engines' randomness
    JobQueue queue_;
};

}  // namespace kibitz::server
