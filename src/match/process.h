// A child process with pipes to its standard input and output (POSIX), for external engines.
//
// The child runs in its own process group with stdin and stdout connected to us, stderr sent
// to /dev/null (engines' diagnostics would otherwise interleave with Kibitz's output) and every
// other file descriptor closed. The command is never given to a shell: it is split at blanks.
// The first start() sets SIGPIPE to SIG_IGN for the whole of Kibitz, so that writing to an
// engine that has died is an EPIPE error instead of a fatal signal.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace kibitz::match {

// The value of a Result that carries no value: success.
using core::Done;
using core::Status;

class Process {
public:
    Process() = default;
    // Kills (SIGKILL to the child's process group) and reaps a child that is still running.
    ~Process();
    Process(const Process&) = delete;
    Process& operator=(const Process&) = delete;

    // Starts argv[0] (searched in PATH when it has no '/') with the other items as arguments.
    // The error names the program and the reason (empty command, already running, not found or
    // not executable, fork or pipe failure). A process whose child has ended may start again.
    Status start(const std::vector<std::string>& argv);
    // Splits command at blanks (no shell, no quoting) and starts it as above.
    Status start(std::string_view command);

    // Writes line and a '\n' to the child's stdin. The error says when the child is not running
    // or has closed its input (EPIPE: it has probably exited).
    Status write_line(std::string_view line);

    // The next line of the child's stdout without its "\n" or "\r\n", waiting at most timeout.
    // nullopt on time-out or at end of output (then eof() is true); a last line without '\n'
    // is returned before the end is reported.
    std::optional<std::string> read_line(std::chrono::milliseconds timeout);
    // True once the child's stdout has reached its end (the child exited or closed it).
    bool eof() const { return eof_; }

    // True when the child was started and has not exited (reaps it without waiting if it has).
    bool running();
    // Waits at most timeout for the child to exit: its exit status (0-255), 128 + the signal
    // number when a signal ended it, -1 on time-out or when nothing was started.
    int wait_exit(std::chrono::milliseconds timeout);
    // Sends SIGKILL to the child's process group (the child and any helpers it started), reaps
    // the child and closes the pipes. Nothing happens when no child is running.
    void kill();

    // The CPU time (user + system, ms) used so far by the processes of the child's process
    // group that are alive, read from /proc: the child, its threads and any helper it started
    // and did not reap yet. 0 when nothing runs or /proc cannot be read.
    std::int64_t group_cpu_ms() const;

    // The child's pid (-1 before start) and the program name, for messages.
    pid_t pid() const { return pid_; }
    const std::string& program() const { return program_; }
    // How the child ended (as wait_exit returns it), or -1 while it runs / before start.
    int exit_status() const { return exit_status_; }
    // For an error message: " (ended by signal N)" or " (exit status N)" when the child has
    // ended or closed its output (waiting up to 100 ms for it to exit), "" while it runs.
    std::string exit_note();
    // Writes quit_line (when the child runs), waits up to grace for the child to exit, then
    // kill()s it in any case (closing the pipes). False when it had to be killed.
    bool quit_or_kill(std::string_view quit_line, std::chrono::milliseconds grace);

private:
    bool reap(bool block);
    void close_pipes();

    pid_t pid_ = -1;
    int to_child_ = -1;    // our end of the child's stdin
    int from_child_ = -1;  // our end of the child's stdout
    bool exited_ = false;
    int exit_status_ = -1;
    bool eof_ = false;
    std::string buffer_;  // bytes read but not yet returned as lines
    std::string program_;
};

// Splits command at runs of blanks (space, tab); no quoting, no shell syntax.
std::vector<std::string> split_command(std::string_view command);

// The time from now until deadline, never negative (what an engine still has to answer).
std::chrono::milliseconds left_until(std::chrono::steady_clock::time_point deadline);
// "250 ms": a duration in the texts of errors about an engine's answers.
std::string ms_text(std::chrono::milliseconds ms);

}  // namespace kibitz::match
