// The child process: fork + execvp with a close-on-exec pipe that reports exec failures, and a
// buffered line reader over poll().
#include "match/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>

namespace kibitz::match {

namespace {

using Clock = std::chrono::steady_clock;

// How long write_line waits for a child that does not read its input before giving up.
constexpr auto kWriteTimeout = std::chrono::seconds(5);

std::string errno_text(int err) { return std::strerror(err); }

void ignore_sigpipe_once() {
    static std::once_flag once;
    std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

// Milliseconds left until deadline for poll(): at least 0, rounded up.
int poll_ms(Clock::time_point deadline) {
    const auto left = deadline - Clock::now();
    if (left <= Clock::duration::zero()) return 0;
    const auto ms = std::chrono::ceil<std::chrono::milliseconds>(left).count();
    return static_cast<int>(std::min<long long>(ms, 1 << 30));
}

void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

// In the child after fork (only async-signal-safe calls): closes every fd from 3 up except keep.
void close_other_fds(int keep) {
    if (keep > 3 && ::close_range(3, keep - 1, 0) != 0) {
        for (int fd = 3; fd < keep; ++fd) ::close(fd);
    }
    if (::close_range(keep + 1, ~0U, 0) != 0) {
        rlimit limit{};
        int max_fd = 4096;
        if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
            max_fd = static_cast<int>(std::min<rlim_t>(limit.rlim_cur, 65536));
        for (int fd = keep + 1; fd < max_fd; ++fd) ::close(fd);
    }
}

}  // namespace

std::vector<std::string> split_command(std::string_view command) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < command.size()) {
        while (i < command.size() && (command[i] == ' ' || command[i] == '\t')) ++i;
        std::size_t j = i;
        while (j < command.size() && command[j] != ' ' && command[j] != '\t') ++j;
        if (j > i) out.emplace_back(command.substr(i, j - i));
        i = j;
    }
    return out;
}

Process::~Process() { kill(); }

Status Process::start(std::string_view command) { return start(split_command(command)); }

Status Process::start(const std::vector<std::string>& argv) {
    if (argv.empty()) return core::error("cannot start an engine: the command is empty");
    if (running()) return core::error("process '" + program_ + "' is already running");
    // A process that has ended may be started again: forget the previous child.
    kill();
    pid_ = -1;
    exited_ = false;
    exit_status_ = -1;
    eof_ = false;
    buffer_.clear();
    ignore_sigpipe_once();
    program_ = argv[0];

    // 1. Pipes, all close-on-exec: dup2 in the child clears the flag on fds 0 and 1.
    int in_pipe[2] = {-1, -1}, out_pipe[2] = {-1, -1}, err_pipe[2] = {-1, -1};
    if (::pipe2(in_pipe, O_CLOEXEC) != 0 || ::pipe2(out_pipe, O_CLOEXEC) != 0 ||
        ::pipe2(err_pipe, O_CLOEXEC) != 0) {
        const int err = errno;
        for (int* p : {in_pipe, out_pipe, err_pipe}) {
            close_fd(p[0]);
            close_fd(p[1]);
        }
        return core::error("cannot start '" + program_ + "': pipe: " + errno_text(err));
    }

    // 2. Everything the child needs is built before fork: it may not allocate afterwards.
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);

    const pid_t pid = ::fork();
    if (pid == 0) {
        // 3. Child: own process group, default SIGPIPE, pipes on 0 and 1, /dev/null on 2.
        ::setpgid(0, 0);
        ::signal(SIGPIPE, SIG_DFL);
        sigset_t none;
        ::sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        ::dup2(in_pipe[0], STDIN_FILENO);
        ::dup2(out_pipe[1], STDOUT_FILENO);
        const int null_fd = ::open("/dev/null", O_WRONLY);
        if (null_fd >= 0) ::dup2(null_fd, STDERR_FILENO);
        close_other_fds(err_pipe[1]);
        ::execvp(args[0], args.data());
        const int err = errno;
        [[maybe_unused]] const auto n = ::write(err_pipe[1], &err, sizeof err);
        ::_exit(127);
    }
    const int fork_errno = errno;
    close_fd(in_pipe[0]);
    close_fd(out_pipe[1]);
    close_fd(err_pipe[1]);
    if (pid < 0) {
        close_fd(in_pipe[1]);
        close_fd(out_pipe[0]);
        close_fd(err_pipe[0]);
        return core::error("cannot start '" + program_ + "': fork: " + errno_text(fork_errno));
    }
    ::setpgid(pid, pid);  // also here, so that kill(-pid) works whoever runs first
    pid_ = pid;
    to_child_ = in_pipe[1];
    from_child_ = out_pipe[0];
    ::fcntl(to_child_, F_SETFL, ::fcntl(to_child_, F_GETFL) | O_NONBLOCK);

    // 4. The error pipe closes on a successful exec; an int on it is execvp's errno.
    int exec_errno = 0;
    ssize_t n;
    do {
        n = ::read(err_pipe[0], &exec_errno, sizeof exec_errno);
    } while (n < 0 && errno == EINTR);
    close_fd(err_pipe[0]);
    if (n == static_cast<ssize_t>(sizeof exec_errno)) {
        reap(true);
        close_pipes();
        return core::error("cannot run '" + program_ + "': " + errno_text(exec_errno));
    }
    return Done{};
}

Status Process::write_line(std::string_view line) {
    if (to_child_ < 0) return core::error("'" + program_ + "' is not running");
    std::string data(line);
    data += '\n';
    std::size_t sent = 0;
    const auto deadline = Clock::now() + kWriteTimeout;
    while (sent < data.size()) {
        const ssize_t n = ::write(to_child_, data.data() + sent, data.size() - sent);
        if (n >= 0) {
            sent += static_cast<std::size_t>(n);
            continue;
        }
        if (errno == EINTR) continue;
        if (errno == EPIPE)
            return core::error("'" + program_ + "' has closed its input (it has probably exited)");
        if (errno != EAGAIN && errno != EWOULDBLOCK)
            return core::error("cannot write to '" + program_ + "': " + errno_text(errno));
        pollfd p{to_child_, POLLOUT, 0};
        const int ms = poll_ms(deadline);
        if (ms == 0 || (::poll(&p, 1, ms) == 0 && Clock::now() >= deadline))
            return core::error("'" + program_ + "' has not read its input for " +
                               std::to_string(kWriteTimeout.count()) + " s");
    }
    return Done{};
}

std::optional<std::string> Process::read_line(std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    for (;;) {
        // 1. A complete line in the buffer, or the last partial line at end of output.
        if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
            std::string line = buffer_.substr(0, nl);
            buffer_.erase(0, nl + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return line;
        }
        if (eof_ || from_child_ < 0) {
            eof_ = true;
            if (buffer_.empty()) return std::nullopt;
            std::string line = std::move(buffer_);
            buffer_.clear();
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return line;
        }
        // 2. Wait for more bytes, then read what is there (lines may arrive in pieces).
        pollfd p{from_child_, POLLIN, 0};
        const int ready = ::poll(&p, 1, poll_ms(deadline));
        if (ready < 0 && errno != EINTR) {
            eof_ = true;
            continue;
        }
        if (ready <= 0) {
            if (Clock::now() >= deadline) return std::nullopt;
            continue;
        }
        char chunk[4096];
        const ssize_t n = ::read(from_child_, chunk, sizeof chunk);
        if (n > 0)
            buffer_.append(chunk, static_cast<std::size_t>(n));
        else if (n == 0 || (errno != EINTR && errno != EAGAIN))
            eof_ = true;
    }
}

bool Process::reap(bool block) {
    if (pid_ < 0 || exited_) return true;
    int status = 0;
    pid_t r;
    do {
        r = ::waitpid(pid_, &status, block ? 0 : WNOHANG);
    } while (r < 0 && errno == EINTR);
    if (r == 0) return false;
    exited_ = true;
    if (r < 0)
        exit_status_ = -1;  // already reaped elsewhere (SIGCHLD ignored): status unknown
    else if (WIFEXITED(status))
        exit_status_ = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        exit_status_ = 128 + WTERMSIG(status);
    return true;
}

bool Process::running() { return pid_ > 0 && !reap(false); }

int Process::wait_exit(std::chrono::milliseconds timeout) {
    if (pid_ < 0) return -1;
    const auto deadline = Clock::now() + timeout;
    auto nap = std::chrono::milliseconds(1);
    while (!reap(false)) {
        const auto now = Clock::now();
        if (now >= deadline) return -1;
        std::this_thread::sleep_for(std::min<Clock::duration>(nap, deadline - now));
        nap = std::min(nap * 2, std::chrono::milliseconds(10));
    }
    return exit_status_;
}

void Process::kill() {
    if (pid_ > 0 && !exited_) {
        ::kill(-pid_, SIGKILL);
        ::kill(pid_, SIGKILL);
        reap(true);
    }
    close_pipes();
}

void Process::close_pipes() {
    close_fd(to_child_);
    close_fd(from_child_);
}

std::string Process::exit_note() {
    if (!eof() && running()) return "";
    const int status = wait_exit(std::chrono::milliseconds(100));
    if (status > 128) return " (ended by signal " + std::to_string(status - 128) + ")";
    if (status >= 0) return " (exit status " + std::to_string(status) + ")";
    return "";
}

bool Process::quit_or_kill(std::string_view quit_line, std::chrono::milliseconds grace) {
    bool exited = true;
    if (running()) {
        (void)write_line(quit_line);  // a dead pipe shows up below as a quick exit
        exited = wait_exit(grace) >= 0;
    }
    kill();
    return exited;
}

std::chrono::milliseconds left_until(std::chrono::steady_clock::time_point deadline) {
    using std::chrono::milliseconds;
    const auto left = std::chrono::ceil<milliseconds>(deadline - std::chrono::steady_clock::now());
    return std::max(left, milliseconds(0));
}

std::string ms_text(std::chrono::milliseconds ms) { return std::to_string(ms.count()) + " ms"; }

std::int64_t Process::group_cpu_ms() const {
    if (pid_ <= 0) return 0;
    const long ticks = ::sysconf(_SC_CLK_TCK);
    if (ticks <= 0) return 0;
    std::int64_t total = 0;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || !std::all_of(name.begin(), name.end(), ::isdigit)) continue;
        std::ifstream in(entry.path() / "stat");
        std::string stat;
        if (!std::getline(in, stat)) continue;  // the process has just ended
        // After the command name in parentheses (which may hold blanks): state, ppid, pgrp, ...,
        // utime and stime are the 12th and 13th fields after it.
        const auto close = stat.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream fields(stat.substr(close + 1));
        std::string state;
        long long ppid = 0, pgrp = 0, skip = 0, utime = 0, stime = 0;
        fields >> state >> ppid >> pgrp;
        for (int i = 0; i < 8; ++i) fields >> skip;
        fields >> utime >> stime;
        if (fields && pgrp == pid_) total += (utime + stime) * 1000 / ticks;
    }
    return total;
}

}  // namespace kibitz::match
