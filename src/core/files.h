// Files that are never left half-written, and reads that stop at a limit.
//
// Writing: every Kibitz command that writes a file goes through write_file or AtomicFile. The
// bytes go to a temporary file in the target's folder ("<name>.tmp-<pid>-<n>"), which is
// written, synced (fsync) and closed with every step checked, and then renamed over the target
// in one step. So a crash, a full disk or any error leaves the old file (or none) in place, and
// a command may read the very file it replaces. A target that exists and is not a regular file
// (/dev/null, /dev/stdout, a pipe) is written in place; a folder is refused. Outputs that grow
// and must survive an interruption (datagen, pattern data, a match's PGN) append through
// AppendFile, which checks every write and the close.
//
// Reading: read_file reads a whole file of at most a given size, counting the bytes as they
// come (a device such as /dev/zero has size 0 to stat), and LineReader reads lines of at most
// a given length. Their errors name the file and the limit hit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>

#include "core/result.h"

namespace kibitz::core {

// The longest line a LineReader returns by default: 1 MiB.
inline constexpr std::size_t kMaxLineBytes = std::size_t(1) << 20;

// A size for messages: "512 bytes", "64 KiB", "16 MiB", "1 GiB" (whole units when exact, else
// one decimal: "1.5 MiB").
std::string size_text(std::uint64_t bytes);

// Replaces the file at path with bytes, atomically (see the top of this file). The error names
// path and the OS error: "cannot write 'out.pgn': No space left on device".
Status write_file(const std::string& path, std::string_view bytes);

// A file written piece by piece that replaces its target only on commit(). Destroyed without
// commit(), it removes its temporary file and leaves the target as it was.
class AtomicFile {
public:
    AtomicFile() = default;
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    // Starts the temporary file for path; the error names path (a folder, no such folder, ...).
    Status open(const std::string& path);
    // Appends bytes; every error is kept, so checking commit() alone is enough.
    Status write(std::string_view bytes);
    // Syncs and closes the temporary file and renames it over the target.
    Status commit();
    // Drops what was written: the target stays as it was.
    void abandon();

    bool is_open() const { return fd_ >= 0; }
    const std::string& path() const { return path_; }

private:
    Status fail(const std::string& what);

    int fd_ = -1;
    bool direct_ = false;  // the target is not a regular file: written in place
    std::string path_;     // as given
    std::string name_;     // path_ quoted, for messages
    std::string target_;   // the file the rename replaces (symbolic links resolved)
    std::string temp_;
    std::string error_;  // the first error, repeated by every later call
};

// A file that grows by appends, each one checked (outputs resumed after an interruption).
class AppendFile {
public:
    AppendFile() = default;
    ~AppendFile();
    AppendFile(const AppendFile&) = delete;
    AppendFile& operator=(const AppendFile&) = delete;

    // Opens path for appending, creating it when missing; the error names path.
    Status open(const std::string& path);
    // Writes all of bytes at the end of the file; the error names the file and the OS error.
    Status write(std::string_view bytes);
    // Writes what the OS buffers to the disk (fsync).
    Status sync();
    // Syncs and closes the file; the error names the file. Called by the destructor otherwise.
    Status close();

    bool is_open() const { return fd_ >= 0; }
    const std::string& path() const { return path_; }

private:
    int fd_ = -1;
    std::string path_;
    std::string name_;  // path_ quoted, for messages
};

// The whole file at path when it holds at most max_bytes. `what` names the kind of file in
// the errors ("book", "OBF file"): "cannot open book 'x': No such file or directory", "cannot
// read book 'x': it is a folder", "book 'x' is larger than 512 MiB, the most Kibitz reads of
// one book". The size is counted while reading (a device has none to stat).
Result<std::string> read_file(const std::string& path, std::uint64_t max_bytes,
                              std::string_view what = "file");

// Opens in for reading path; the error names what and path when the file is missing,
// unreadable or a folder, as read_file's do.
Status open_input(std::ifstream& in, const std::string& path, std::string_view what = "file");

// True when a and b name the same existing file (same device and inode, through links).
bool same_file(const std::string& a, const std::string& b);

// Reads a stream line by line, each line at most max_line bytes: a stream without line ends
// (/dev/zero) stops at the limit instead of filling the memory.
class LineReader {
public:
    // Reads from in, which must outlive the reader.
    explicit LineReader(std::istream& in, std::size_t max_line = kMaxLineBytes);

    // The next line without its '\n' (a '\r' before it stays), valid until the next call;
    // false at the end of the input or on an error (then error() is not empty).
    bool next(std::string_view& line);
    // Empty, or why reading stopped: "line 3 is longer than 1 MiB", "read error after line 9".
    const std::string& error() const { return error_; }
    // True when reading stopped at a line longer than max_line().
    bool too_long() const { return too_long_; }
    // Lines returned so far (the number of the last one).
    std::uint64_t line_number() const { return line_number_; }
    std::size_t max_line() const { return max_line_; }

private:
    std::istream& in_;
    std::size_t max_line_;
    std::string buffer_;
    std::size_t pos_ = 0;  // start of the unread part of buffer_
    bool eof_ = false;
    std::uint64_t line_number_ = 0;
    std::string error_;
    bool too_long_ = false;
};

// How read_command ended: a line, a line over the limit (skipped to its end), the input's end.
enum class CommandLine { kLine, kTooLong, kEnd };

// Reads one line of a protocol's input (UCI, GTP, NBoard) into line, without its '\n', reading
// nothing past the line end, so a command is answered as soon as it arrives. A line longer than
// max_line is read to its end but only its first max_line bytes are kept: kTooLong.
CommandLine read_command(std::istream& in, std::string& line, std::size_t max_line = kMaxLineBytes);

}  // namespace kibitz::core
