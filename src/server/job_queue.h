// One engine job queue for every game of the web app: jobs wait by priority (lower first, in
// order of arrival within one priority) for the first free runner, each runner an engine with
// a thread of its own. A cancelled job is dropped from the queue or stopped, and its result is
// never reported. A preemptible job (an endless analysis) gives its runner up to a more
// urgent job when every runner is busy, and goes back into the queue to go on later.
//
// A game plugs in with a Job subclass that carries its position and callbacks, and a
// JobRunner that searches it (the chess EnginePool, the Othello searcher).
#pragma once

#include <atomic>
#include <climits>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace kibitz::server {

// One search to run. Subclasses add what their runner needs.
struct Job {
    virtual ~Job() = default;
    int priority = 0;  // lower runs first
    std::atomic<bool> cancelled{false};
    std::atomic<bool> preempted{false};  // stopped for a more urgent job; queued again
};

// One engine of the queue. run() is called on the runner's own thread, one job at a time;
// stop() from any thread, with the queue's lock held.
class JobRunner {
public:
    virtual ~JobRunner() = default;
    // Searches the job until it ends or stop() is called, and returns the call that reports its
    // result; the queue makes that call unless the job was cancelled or preempted meanwhile.
    // A cancel or preemption that came before the search began must still stop it.
    virtual std::function<void()> run(const std::shared_ptr<Job>& job) = 0;
    // Stops the running search soon (run() then returns).
    virtual void stop() = 0;
};

class JobQueue {
public:
    // Jobs of this priority or a larger one are never preempted.
    static constexpr int kNoPreemption = INT_MAX;

    // Starts one thread per runner. Jobs of priority `preemptible` or larger give their runner
    // up to a more urgent job when every runner is busy.
    JobQueue(std::vector<std::unique_ptr<JobRunner>> runners, int preemptible = kNoPreemption);
    ~JobQueue();
    JobQueue(const JobQueue&) = delete;
    JobQueue& operator=(const JobQueue&) = delete;

    // Stops every search and joins the threads; later jobs are ignored. The destructor calls it.
    void shutdown();
    // Queues a job; it runs when a runner is free (a preemptible job may be interrupted for it).
    void submit(std::shared_ptr<Job> job);
    // Drops a queued job or stops a running one; its result is not reported. Null: nothing.
    void cancel(const std::shared_ptr<Job>& job);
    // Jobs waiting, jobs running, and either (for tests and the status line).
    int queued() const;
    int running() const;
    bool busy() const;

private:
    struct Slot {
        std::unique_ptr<JobRunner> runner;
        std::shared_ptr<Job> job;  // running now
        std::thread thread;
    };
    void work(Slot& slot);
    // Queues a job after every queued job of the same or a more urgent priority. Locked.
    void enqueue(std::shared_ptr<Job> job);
    void preempt_for(const Job& job);

    mutable std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<std::shared_ptr<Job>> queue_;
    std::vector<std::unique_ptr<Slot>> slots_;
    const int preemptible_;
    bool quit_ = false;
};

}  // namespace kibitz::server
