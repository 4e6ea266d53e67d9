// MPI sessions, rank 0's job farm and the workers' slots; see dist.h.
#include "dist/dist.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdlib>
#include <deque>
#include <iostream>
#include <iterator>
#include <list>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

#if KIBITZ_WITH_MPI
#include <mpi.h>
#endif

namespace kibitz::dist {

namespace {

int env_int(const char* name) {
    const char* v = std::getenv(name);
    return v ? std::atoi(v) : 0;
}

// How many processes the launcher started, as its environment says (0: no launcher).
int launched_processes() {
    if (int n = env_int("OMPI_COMM_WORLD_SIZE")) return n;  // Open MPI's mpirun
    if (int n = env_int("PMI_SIZE")) return n;              // srun --mpi=pmi2, MPICH's mpiexec
    if (std::getenv("PMIX_RANK")) return std::max(1, env_int("SLURM_NTASKS"));  // srun --mpi=pmix
    return 0;
}

struct State {
    int rank = 0;
    int size = 1;
    bool active = false;      // MPI_Init done by a live Session
    std::deque<int> waiting;  // rank 0: workers' requests for a job not answered yet
};
State g;

// Message tags.
enum Tag : int { kRequest = 1, kJob, kNote, kResult, kShutdown, kBye };

#if KIBITZ_WITH_MPI
struct Message {
    int source = 0;
    int tag = 0;
    std::string text;
};

// Sends that have not completed yet, with their buffers. Every send is non-blocking: a
// blocking MPI_Send of a message beyond the eager limit (4 KB between processes of one host,
// less than a game's PGN) waits for the receiver's receive, so rank 0 sending a job to a worker
// while that worker sends it a result would wait for each other forever.
struct Pending {
    std::string text;
    MPI_Request request = MPI_REQUEST_NULL;
};
std::list<Pending> g_sends;

// Forgets the sends that have completed.
void progress() {
    for (auto it = g_sends.begin(); it != g_sends.end();) {
        int done = 0;
        MPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
        it = done ? g_sends.erase(it) : std::next(it);
    }
}

void send(int dest, int tag, std::string text) {
    Pending& p = g_sends.emplace_back(Pending{std::move(text), MPI_REQUEST_NULL});
    MPI_Isend(p.text.data(), static_cast<int>(p.text.size()), MPI_CHAR, dest, tag, MPI_COMM_WORLD,
              &p.request);
    progress();
}

// Waits until every send has completed (before MPI_Finalize).
void flush() {
    for (auto& p : g_sends) MPI_Wait(&p.request, MPI_STATUS_IGNORE);
    g_sends.clear();
}

// Receives a message from source (any when MPI_ANY_SOURCE) when one has arrived.
bool poll(Message& m, int source = MPI_ANY_SOURCE) {
    progress();
    int flag = 0;
    MPI_Status status;
    MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
    if (!flag) return false;
    int count = 0;
    MPI_Get_count(&status, MPI_CHAR, &count);
    m.source = status.MPI_SOURCE;
    m.tag = status.MPI_TAG;
    m.text.assign(static_cast<std::size_t>(count), '\0');
    MPI_Recv(m.text.data(), count, MPI_CHAR, m.source, m.tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return true;
}

// Sleeps between polls: 50 us after activity, doubling up to 5 ms while nothing happens.
class Backoff {
public:
    void reset() { us_ = 50; }
    void wait() {
        std::this_thread::sleep_for(std::chrono::microseconds(us_));
        us_ = std::min(us_ * 2, 5000);
    }

private:
    int us_ = 50;
};

[[noreturn]] void abort_job(const std::string& why) {
    std::cerr << "kibitz: " << where() << ": " << why << std::endl;
    MPI_Abort(MPI_COMM_WORLD, 2);
    std::abort();
}
#endif

}  // namespace

Session::Session() {
    const int processes = launched_processes();
    if (processes == 0) return;
#if KIBITZ_WITH_MPI
    if (g.active) throw std::logic_error("dist::Session: one at a time");
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    if (provided < MPI_THREAD_FUNNELED) {
        MPI_Finalize();
        throw std::runtime_error("this MPI library cannot run threads beside MPI");
    }
    g.active = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &g.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g.size);
#else
    if (processes > 1)
        throw std::runtime_error(
            "started as " + std::to_string(processes) +
            " processes by mpirun or srun, but this kibitz was built without MPI: every process "
            "would run the whole job. Install libopenmpi-dev and rebuild (KIBITZ_MPI=ON)");
#endif
}

Session::~Session() {
#if KIBITZ_WITH_MPI
    if (!g.active) return;
    if (g.rank == 0 && g.size > 1) {
        // Every worker stops serving and says goodbye; the requests still in flight are
        // received (and dropped) on the way, so that no message is left unreceived.
        for (int r = 1; r < g.size; ++r) send(r, kShutdown, "");
        int byes = 0;
        Message m;
        Backoff backoff;
        while (byes < g.size - 1) {
            if (!poll(m)) {
                backoff.wait();
                continue;
            }
            if (m.tag == kBye) ++byes;
        }
        g.waiting.clear();
    }
    flush();
    MPI_Finalize();
    g = State{};
#endif
}

int rank() { return g.rank; }
int size() { return g.size; }
bool distributed() { return g.size > 1; }
bool worker() { return g.rank > 0; }

std::string host() {
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) != 0) return "?";
    return name;
}

bool built_with_mpi() { return KIBITZ_WITH_MPI != 0; }

std::string where() { return "rank " + std::to_string(g.rank) + " on " + host(); }

void run_farm(const Farm& farm) {
#if KIBITZ_WITH_MPI
    if (!distributed() || worker()) throw std::logic_error("dist::run_farm: not rank 0 of many");
    long outstanding = 0;
    bool more = true;
    Message m;
    Backoff backoff;
    for (;;) {
        while (more && !g.waiting.empty()) {
            auto job = farm.next();
            if (!job) {
                more = false;
                break;
            }
            send(g.waiting.front(), kJob, std::move(*job));
            g.waiting.pop_front();
            ++outstanding;
        }
        if (!more && outstanding == 0) return;
        if (!poll(m)) {
            backoff.wait();
            continue;
        }
        backoff.reset();
        if (m.tag == kRequest) {
            g.waiting.push_back(m.source);
        } else if (m.tag == kNote) {
            farm.on_note(m.source, m.text);
        } else if (m.tag == kResult) {
            --outstanding;
            farm.on_result(m.source, m.text);
        }
    }
#else
    (void)farm;
    throw std::logic_error("dist::run_farm: built without MPI");
#endif
}

void serve(int slots, const std::function<Handler()>& make_handler) {
#if KIBITZ_WITH_MPI
    if (!worker()) throw std::logic_error("dist::serve: not a worker rank");
    slots = std::max(1, slots);
    // mpirun passes SIGUSR1 to every rank: rank 0 stops handing out jobs (app/interrupt.h),
    // and a worker, whose default would be to die, goes on with its jobs until told to stop.
    std::signal(SIGUSR1, SIG_IGN);

    // What the slots send, in order; the main thread passes it on to rank 0.
    struct Outgoing {
        int tag;
        int slot;
        std::string text;
    };
    struct Slot {
        std::thread thread;
        std::optional<std::string> job;
        bool busy = false;  // main thread's view: a job given and its result not yet sent
    };
    std::mutex mutex;  // guards every slot's job, quit, outbox and failure
    std::condition_variable wake;
    bool quit = false;
    std::deque<Outgoing> outbox;
    std::string failure;
    std::vector<Slot> pool(static_cast<std::size_t>(slots));

    for (int i = 0; i < slots; ++i) {
        pool[std::size_t(i)].thread = std::thread([&, i] {
            Handler handler = make_handler();
            Slot& slot = pool[std::size_t(i)];
            for (;;) {
                std::string job;
                {
                    std::unique_lock lock(mutex);
                    wake.wait(lock, [&] { return quit || slot.job; });
                    if (quit) return;
                    job = std::move(*slot.job);
                    slot.job.reset();
                }
                const Note note = [&](std::string text) {
                    std::lock_guard lock(mutex);
                    outbox.push_back({kNote, i, std::move(text)});
                };
                try {
                    std::string result = handler(job, note);
                    std::lock_guard lock(mutex);
                    outbox.push_back({kResult, i, std::move(result)});
                } catch (const std::exception& e) {
                    std::lock_guard lock(mutex);
                    failure = e.what();
                }
            }
        });
    }

    int requested = 0;  // requests sent and not answered
    Message m;
    Backoff backoff;
    for (;;) {
        std::deque<Outgoing> out;
        {
            std::lock_guard lock(mutex);
            if (!failure.empty()) abort_job(failure);
            out.swap(outbox);
        }
        for (auto& o : out) {
            send(0, o.tag, std::move(o.text));
            if (o.tag == kResult) {
                pool[std::size_t(o.slot)].busy = false;
            }
        }
        const auto idle =
            std::count_if(pool.begin(), pool.end(), [](const Slot& slot) { return !slot.busy; });
        for (; requested < idle; ++requested) send(0, kRequest, "");
        if (!poll(m, 0)) {
            if (out.empty()) backoff.wait();
            continue;
        }
        backoff.reset();
        if (m.tag == kShutdown) break;
        if (m.tag != kJob) continue;
        --requested;
        for (auto& slot : pool) {
            if (slot.busy) continue;
            slot.busy = true;
            std::lock_guard lock(mutex);
            slot.job = std::move(m.text);
            break;
        }
        wake.notify_all();
    }
    {
        std::lock_guard lock(mutex);
        quit = true;
    }
    wake.notify_all();
    for (auto& slot : pool) slot.thread.join();
    send(0, kBye, "");
#else
    (void)slots;
    (void)make_handler;
    throw std::logic_error("dist::serve: built without MPI");
#endif
}

}  // namespace kibitz::dist
