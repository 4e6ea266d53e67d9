// The engine job queue: priorities, cancellation and preemption, written once for every game.
#include "server/job_queue.h"

#include <algorithm>

namespace kibitz::server {

JobQueue::JobQueue(std::vector<std::unique_ptr<JobRunner>> runners, int preemptible)
    : preemptible_(preemptible) {
    for (auto& r : runners) {
        auto slot = std::make_unique<Slot>();
        slot->runner = std::move(r);
        slots_.push_back(std::move(slot));
    }
    for (auto& s : slots_) s->thread = std::thread([this, &s = *s] { work(s); });
}

JobQueue::~JobQueue() { shutdown(); }

void JobQueue::shutdown() {
    {
        std::lock_guard lock(mutex_);
        if (quit_) return;
        quit_ = true;
        queue_.clear();
        for (auto& s : slots_)
            if (s->job) {
                s->job->cancelled = true;
                s->runner->stop();
            }
    }
    ready_.notify_all();
    for (auto& s : slots_)
        if (s->thread.joinable()) s->thread.join();
}

void JobQueue::enqueue(std::shared_ptr<Job> job) {
    auto at = std::find_if(queue_.begin(), queue_.end(),
                           [&](const auto& q) { return q->priority > job->priority; });
    queue_.insert(at, std::move(job));
}

void JobQueue::submit(std::shared_ptr<Job> job) {
    if (!job) return;
    {
        std::lock_guard lock(mutex_);
        if (quit_) return;
        preempt_for(*job);
        enqueue(std::move(job));
    }
    ready_.notify_one();
}

// With every runner busy, a job more urgent than the preemptible ones interrupts one of them,
// which goes back into the queue when its runner sees that it was preempted. Called locked.
void JobQueue::preempt_for(const Job& job) {
    if (job.priority >= preemptible_) return;
    for (const auto& s : slots_)
        if (!s->job) return;  // a free runner will take it
    for (const auto& s : slots_)
        if (s->job->priority >= preemptible_ && !s->job->preempted) {
            s->job->preempted = true;
            s->runner->stop();
            return;
        }
}

void JobQueue::cancel(const std::shared_ptr<Job>& job) {
    if (!job) return;
    std::lock_guard lock(mutex_);
    job->cancelled = true;
    queue_.erase(std::remove(queue_.begin(), queue_.end(), job), queue_.end());
    for (auto& s : slots_)
        if (s->job == job) s->runner->stop();
}

int JobQueue::queued() const {
    std::lock_guard lock(mutex_);
    return int(queue_.size());
}

int JobQueue::running() const {
    std::lock_guard lock(mutex_);
    return int(std::count_if(slots_.begin(), slots_.end(),
                             [](const auto& s) { return s->job != nullptr; }));
}

bool JobQueue::busy() const {
    std::lock_guard lock(mutex_);
    return !queue_.empty() || std::any_of(slots_.begin(), slots_.end(),
                                          [](const auto& s) { return s->job != nullptr; });
}

void JobQueue::work(Slot& slot) {
    for (;;) {
        std::shared_ptr<Job> job;
        {
            std::unique_lock lock(mutex_);
            ready_.wait(lock, [this] { return quit_ || !queue_.empty(); });
            if (quit_) return;
            job = queue_.front();
            queue_.pop_front();
            slot.job = job;
        }
        const std::function<void()> report = slot.runner->run(job);
        bool requeue = false;
        {
            std::lock_guard lock(mutex_);
            slot.job.reset();
            if (job->preempted && !job->cancelled && !quit_) {
                job->preempted = false;
                enqueue(job);
                requeue = true;
            }
        }
        if (requeue) {
            ready_.notify_one();
            continue;
        }
        if (!job->cancelled && report) report();
    }
}

}  // namespace kibitz::server
