// Atomic writes (temporary file, fsync, rename), checked appends, bounded reads.
#include "core/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <vector>

namespace kibitz::core {

namespace {

// Bytes asked of the OS per read: by read_file, and by a LineReader of its stream.
constexpr std::size_t kReadChunk = std::size_t(1) << 20;
constexpr std::size_t kLineChunk = std::size_t(64) << 10;

// Distinguishes the temporary files of one process.
std::atomic<unsigned> temp_counter{0};

std::string quoted(const std::string& path) { return "'" + path + "'"; }

// "<verb> <name>: <the OS error>", errno read before anything can change it (name is built
// before the failing call).
Error os_failure(std::string_view verb, const std::string& name) {
    const int e = errno;
    return Error{std::string(verb) + " " + name + ": " + std::strerror(e)};
}

// Writes all of bytes to fd, retrying after signals; false with errno set on an error.
bool write_all(int fd, std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return false;
        if (n == 0) {
            errno = EIO;
            return false;
        }
        bytes.remove_prefix(std::size_t(n));
    }
    return true;
}

// The folder part of path ("." when it has none).
std::string folder_of(const std::string& path) {
    const auto slash = path.rfind('/');
    if (slash == std::string::npos) return ".";
    if (slash == 0) return "/";
    return path.substr(0, slash);
}

// Syncs a folder so that a rename in it survives a power cut; best effort (some file systems
// refuse to sync folders).
void sync_folder(const std::string& folder) {
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    (void)::fsync(fd);
    ::close(fd);
}

// Paths under /dev and /proc name streams (/dev/stdout, /dev/fd/3) even when they lead to a
// regular file: they are written in place, never replaced.
bool stream_path(const std::string& path) {
    return path.rfind("/dev/", 0) == 0 || path.rfind("/proc/", 0) == 0;
}

// Opens a stream path for writing. The process's own descriptors (/dev/stdout, /dev/stderr,
// /dev/fd/N, /proc/self/fd/N) are duplicated, so that a shell's redirection (even >>) keeps
// its offset and mode; other paths are opened without truncation or creation.
int open_stream(const std::string& path) {
    int fd = -1;
    if (path == "/dev/stdout") fd = 1;
    if (path == "/dev/stderr") fd = 2;
    for (const char* prefix : {"/dev/fd/", "/proc/self/fd/"}) {
        const std::string p = prefix;
        if (path.rfind(p, 0) == 0 && path.size() > p.size() && path.size() < p.size() + 6 &&
            path.find_first_not_of("0123456789", p.size()) == std::string::npos)
            fd = std::atoi(path.c_str() + p.size());
    }
    if (fd >= 0) return ::fcntl(fd, F_DUPFD_CLOEXEC, 0);
    return ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
}

}  // namespace

std::string size_text(std::uint64_t bytes) {
    static constexpr const char* kUnits[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
    int unit = 0;
    std::uint64_t scale = 1;
    while (unit < 4 && bytes >= scale * 1024) {
        scale *= 1024;
        ++unit;
    }
    char text[48];
    if (bytes % scale == 0)
        std::snprintf(text, sizeof text, "%llu %s", (unsigned long long)(bytes / scale),
                      kUnits[unit]);
    else
        std::snprintf(text, sizeof text, "%.1f %s", double(bytes) / double(scale), kUnits[unit]);
    return text;
}

Status write_file(const std::string& path, std::string_view bytes) {
    AtomicFile file;
    if (auto s = file.open(path); !s) return s;
    if (auto s = file.write(bytes); !s) return s;
    return file.commit();
}

// ---------------------------------------------------------------------------------------
// AtomicFile.

AtomicFile::~AtomicFile() { abandon(); }

Status AtomicFile::fail(const std::string& what) {
    if (error_.empty()) error_ = what;
    abandon();
    return error(error_);
}

Status AtomicFile::open(const std::string& path) {
    abandon();
    path_ = path;
    name_ = quoted(path);
    error_.clear();
    if (path.empty()) return fail("no file name given to write");
    // 1. What is there now: nothing, a regular file (replaced), a folder (refused), or a device
    //    or pipe (written in place).
    struct stat st {};
    bool exists = false;
    if (::stat(path.c_str(), &st) == 0) {
        exists = true;
        if (S_ISDIR(st.st_mode)) return fail("cannot write " + quoted(path) + ": it is a folder");
        direct_ = !S_ISREG(st.st_mode) || stream_path(path);
    } else if (errno != ENOENT) {
        return fail(os_failure("cannot write", name_).message);
    } else {
        direct_ = stream_path(path);
    }
    if (direct_) {
        fd_ = open_stream(path);
        if (fd_ < 0) return fail(os_failure("cannot write", name_).message);
        return Done{};
    }
    // 2. A link is followed: the file it leads to is replaced, the link stays.
    target_ = path;
    if (exists) {
        char resolved[PATH_MAX];
        if (::realpath(path.c_str(), resolved)) target_ = resolved;
    }
    // 3. The temporary file, next to the target (a rename does not cross file systems), with
    //    the permissions of the file it replaces.
    temp_ = target_ + ".tmp-" + std::to_string(::getpid()) + "-" +
            std::to_string(temp_counter.fetch_add(1));
    fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd_ < 0) {
        const Error e = os_failure("cannot write", name_);
        temp_.clear();
        return fail(e.message);
    }
    if (exists) (void)::fchmod(fd_, st.st_mode & 07777);
    return Done{};
}

Status AtomicFile::write(std::string_view bytes) {
    if (!error_.empty()) return error(error_);
    if (fd_ < 0) return fail("cannot write " + quoted(path_) + ": the file is not open");
    if (!write_all(fd_, bytes)) return fail(os_failure("cannot write", name_).message);
    return Done{};
}

Status AtomicFile::commit() {
    if (!error_.empty()) return error(error_);
    if (fd_ < 0) return fail("cannot write " + quoted(path_) + ": the file is not open");
    // 1. The bytes on the disk before the rename: a power cut then finds the old file or the
    //    whole new one. Devices and pipes need no sync (and some refuse it).
    if (!direct_ && ::fsync(fd_) != 0) return fail(os_failure("cannot write", name_).message);
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) return fail(os_failure("cannot write", name_).message);
    if (direct_) return Done{};
    // 2. The rename replaces the target in one step; syncing the folder keeps the rename.
    if (::rename(temp_.c_str(), target_.c_str()) != 0)
        return fail(os_failure("cannot replace", name_).message);
    temp_.clear();
    sync_folder(folder_of(target_));
    return Done{};
}

void AtomicFile::abandon() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    if (!temp_.empty()) ::unlink(temp_.c_str());
    temp_.clear();
}

// ---------------------------------------------------------------------------------------
// AppendFile.

AppendFile::~AppendFile() { (void)close(); }

Status AppendFile::open(const std::string& path) {
    (void)close();
    path_ = path;
    name_ = quoted(path);
    if (path.empty()) return error("no file name given to write");
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
        return error("cannot write " + quoted(path) + ": it is a folder");
    fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
    if (fd_ < 0) return os_failure("cannot write", name_);
    return Done{};
}

Status AppendFile::write(std::string_view bytes) {
    if (fd_ < 0) return error("cannot write " + quoted(path_) + ": the file is not open");
    if (!write_all(fd_, bytes)) return os_failure("cannot write", name_);
    return Done{};
}

Status AppendFile::sync() {
    if (fd_ < 0) return error("cannot write " + quoted(path_) + ": the file is not open");
    struct stat st {};
    // Devices and pipes (/dev/null, /dev/stdout) cannot be synced and need not be.
    if (::fstat(fd_, &st) == 0 && !S_ISREG(st.st_mode)) return Done{};
    if (::fsync(fd_) != 0) return os_failure("cannot write", name_);
    return Done{};
}

Status AppendFile::close() {
    if (fd_ < 0) return Done{};
    Status synced = sync();
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0 && synced) return os_failure("cannot write", name_);
    return synced;
}

// ---------------------------------------------------------------------------------------
// Reading.

Result<std::string> read_file(const std::string& path, std::uint64_t max_bytes,
                              std::string_view what) {
    const std::string name = std::string(what) + " " + quoted(path);
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return os_failure("cannot open", name);
    auto too_large = [&] {
        return error(name + " is larger than " + size_text(max_bytes) +
                     ", the most Kibitz reads of one " + std::string(what));
    };
    struct stat st {};
    if (::fstat(fd, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            ::close(fd);
            return error("cannot read " + name + ": it is a folder");
        }
        if (S_ISREG(st.st_mode) && std::uint64_t(st.st_size) > max_bytes) {
            ::close(fd);
            return too_large();
        }
    }
    // The size is counted as the bytes come: devices and pipes have none to stat.
    std::string bytes;
    if (S_ISREG(st.st_mode)) bytes.reserve(std::size_t(st.st_size));
    std::vector<char> chunk(kReadChunk);
    for (;;) {
        const ssize_t n = ::read(fd, chunk.data(), chunk.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const Error e = os_failure("cannot read", name);
            ::close(fd);
            return e;
        }
        if (n == 0) break;
        if (bytes.size() + std::size_t(n) > max_bytes) {
            ::close(fd);
            return too_large();
        }
        bytes.append(chunk.data(), std::size_t(n));
    }
    ::close(fd);
    return bytes;
}

Status open_input(std::ifstream& in, const std::string& path, std::string_view what) {
    const std::string name = std::string(what) + " " + quoted(path);
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return os_failure("cannot open", name);
    if (S_ISDIR(st.st_mode)) return error("cannot read " + name + ": it is a folder");
    in.open(path, std::ios::binary);
    if (!in) return os_failure("cannot open", name);
    return Done{};
}

bool same_file(const std::string& a, const std::string& b) {
    struct stat sa {
    }, sb{};
    if (::stat(a.c_str(), &sa) != 0 || ::stat(b.c_str(), &sb) != 0) return false;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

// ---------------------------------------------------------------------------------------
// LineReader.

LineReader::LineReader(std::istream& in, std::size_t max_line) : in_(in), max_line_(max_line) {}

bool LineReader::next(std::string_view& line) {
    if (!error_.empty()) return false;
    std::size_t searched = pos_;  // no '\n' in buffer_[pos_, searched)
    for (;;) {
        // 1. A whole line in the buffer.
        const auto nl = buffer_.find('\n', searched);
        if (nl != std::string::npos) {
            if (nl - pos_ > max_line_) break;
            line = std::string_view(buffer_).substr(pos_, nl - pos_);
            pos_ = nl + 1;
            ++line_number_;
            return true;
        }
        if (buffer_.size() - pos_ > max_line_) break;
        // 2. The last line, without a line end.
        if (eof_) {
            if (pos_ >= buffer_.size()) return false;
            line = std::string_view(buffer_).substr(pos_);
            pos_ = buffer_.size();
            ++line_number_;
            return true;
        }
        // 3. More bytes: what is left of the buffer moves to its front first.
        buffer_.erase(0, pos_);
        searched = buffer_.size();
        pos_ = 0;
        buffer_.resize(searched + kLineChunk);
        in_.read(buffer_.data() + searched, std::streamsize(kLineChunk));
        const auto got = std::size_t(in_.gcount());
        buffer_.resize(searched + got);
        if (in_.bad()) {
            error_ = "read error after line " + std::to_string(line_number_);
            return false;
        }
        if (got == 0 || !in_) eof_ = true;
    }
    too_long_ = true;
    error_ = "line " + std::to_string(line_number_ + 1) + " is longer than " + size_text(max_line_);
    return false;
}

CommandLine read_command(std::istream& in, std::string& line, std::size_t max_line) {
    line.clear();
    std::streambuf* buf = in ? in.rdbuf() : nullptr;
    if (buf == nullptr) return CommandLine::kEnd;
    bool any = false, too_long = false;
    for (;;) {
        const int c = buf->sbumpc();
        if (c == std::char_traits<char>::eof()) {
            in.setstate(std::ios::eofbit);
            if (!any) return CommandLine::kEnd;
            break;
        }
        any = true;
        if (c == '\n') break;
        if (line.size() < max_line)
            line.push_back(char(c));
        else
            too_long = true;
    }
    return too_long ? CommandLine::kTooLong : CommandLine::kLine;
}

}  // namespace kibitz::core
