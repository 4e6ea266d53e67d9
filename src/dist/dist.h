// Runs over several processes and machines with MPI (Open MPI), started by `mpirun -np N` or by
// Slurm's `srun`: rank 0 keeps the work's state and hands out jobs (a game, a match); the other
// ranks run them, several at once, and send back the results. Without MPI (a plain start, or a
// build without it) there is one process and nothing here does anything.
//
// Messages are strings; what a job, a note and a result hold is the caller's business (JSON in
// match/ and tune/). Only each process's main thread calls MPI (MPI_THREAD_FUNNELED), and the
// waiting sides poll with short sleeps instead of MPI's busy waiting, so an idle rank 0 or an
// idle worker's main thread costs no core.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace kibitz::dist {

// Starts MPI when this process was launched by an MPI launcher (Open MPI's mpirun, or srun with
// PMIx or PMI2) and ends it when destroyed; rank 0's end first tells the workers to stop
// serving (serve() returns). Without a launcher it does nothing. One Session at a time; a
// command that can run distributed holds one for its whole run. Launched as several processes
// by a build without MPI, it throws std::runtime_error: each process would otherwise run the
// whole job, writing the same files.
class Session {
public:
    Session();
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;
};

int rank();             // 0 without MPI
int size();             // 1 without MPI
bool distributed();     // size() > 1
bool worker();          // rank() > 0: this process serves jobs instead of running the command
std::string host();     // this machine's name (gethostname)
bool built_with_mpi();  // whether this binary can run distributed
std::string where();    // "rank 2 on node17": for records and messages

// Rank 0: hands jobs to the workers and passes on what they send back.
struct Farm {
    // The next job, or nothing when there is none left; not called again after nothing.
    std::function<std::optional<std::string>()> next;
    // A message about a job under way (match: which engines play it), from the worker `rank`.
    std::function<void(int rank, const std::string& note)> on_note;
    // A job's result from the worker `rank`.
    std::function<void(int rank, const std::string& result)> on_result;
};

// Runs farm until next() has no job left and every job handed out has its result. Jobs go out
// in next()'s order to the workers' free slots, first asked first served. Requests that find
// no job wait for the next run_farm (a command may run several, as the lab's tournaments do).
void run_farm(const Farm& farm);

// A worker slot's job runner: gets a job, may send notes about it, returns its result.
using Note = std::function<void(std::string note)>;
using Handler = std::function<std::string(const std::string& job, const Note& note)>;

// Worker ranks: runs up to `slots` jobs at once, each slot on its own thread with its own handler
// from make_handler() (so a slot can keep its engines from job to job), until rank 0's Session
// ends. A handler that throws aborts the whole job (MPI_Abort) with its message.
void serve(int slots, const std::function<Handler()>& make_handler);

}  // namespace kibitz::dist
