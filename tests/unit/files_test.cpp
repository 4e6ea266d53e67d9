// core/files.h: atomic writes that never truncate or half-write a file, checked appends, and
// reads that stop at their limit even on endless inputs such as /dev/zero.
#include "core/files.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/strings.h"
#include "temp_dir.h"

namespace kibitz::core {
namespace {

namespace fs = std::filesystem;

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// The names in a folder.
std::vector<std::string> names(const std::string& folder) {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(folder)) out.push_back(e.path().filename());
    std::sort(out.begin(), out.end());
    return out;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(Files, SizeText) {
    EXPECT_EQ(size_text(0), "0 bytes");
    EXPECT_EQ(size_text(512), "512 bytes");
    EXPECT_EQ(size_text(64 << 10), "64 KiB");
    EXPECT_EQ(size_text(16 << 20), "16 MiB");
    EXPECT_EQ(size_text(3 << 19), "1.5 MiB");
    EXPECT_EQ(size_text(std::uint64_t(1) << 30), "1 GiB");
}

TEST(Files, ClipKeepsLongTextOutOfMessages) {
    EXPECT_EQ(clip("short"), "short");
    EXPECT_EQ(clip(std::string(100, 'x'), 10), "xxxxxxxxxx...");
    EXPECT_EQ(clip("\xC3\xA9\xC3\xA9\xC3\xA9", 3), "\xC3\xA9...");  // not inside an é
}

TEST(Files, WriteFileReplacesTheFileAndLeavesNoTemporaryFile) {
    test::TempDir dir("kibitz_files_");
    const std::string path = dir.file("out.txt");
    ASSERT_TRUE(write_file(path, "first version, longer\n"));
    ASSERT_TRUE(write_file(path, "second\n"));
    EXPECT_EQ(slurp(path), "second\n");
    EXPECT_EQ(names(dir.path), std::vector<std::string>{"out.txt"});
}

TEST(Files, WriteFileKeepsThePermissionsOfTheFileItReplaces) {
    test::TempDir dir("kibitz_files_");
    const std::string path = dir.file("secret.txt");
    ASSERT_TRUE(write_file(path, "a"));
    ASSERT_EQ(::chmod(path.c_str(), 0600), 0);
    ASSERT_TRUE(write_file(path, "b"));
    struct stat st {};
    ASSERT_EQ(::stat(path.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u);
}

TEST(Files, WriteFileThroughALinkReplacesTheFileTheLinkLeadsTo) {
    test::TempDir dir("kibitz_files_");
    ASSERT_TRUE(write_file(dir.file("real.txt"), "old"));
    fs::create_symlink(dir.file("real.txt"), dir.file("link.txt"));
    ASSERT_TRUE(write_file(dir.file("link.txt"), "new"));
    EXPECT_TRUE(fs::is_symlink(dir.file("link.txt")));
    EXPECT_EQ(slurp(dir.file("real.txt")), "new");
}

TEST(Files, WriteFileToAFullDeviceFailsNamingTheFileAndTheReason) {
    const Status s = write_file("/dev/full", std::string(100000, 'x'));
    ASSERT_FALSE(s);
    EXPECT_TRUE(contains(s.error(), "'/dev/full'")) << s.error();
    EXPECT_TRUE(contains(s.error(), "No space left on device")) << s.error();
    // The device is written in place, never replaced by a regular file.
    struct stat st {};
    ASSERT_EQ(::stat("/dev/full", &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode));
}

TEST(Files, WriteFileRefusesAFolderAndAMissingFolder) {
    test::TempDir dir("kibitz_files_");
    const Status folder = write_file(dir.path, "x");
    ASSERT_FALSE(folder);
    EXPECT_TRUE(contains(folder.error(), "it is a folder")) << folder.error();
    const Status missing = write_file(dir.file("no-such-folder/out.txt"), "x");
    ASSERT_FALSE(missing);
    EXPECT_TRUE(contains(missing.error(), "no-such-folder/out.txt")) << missing.error();
    EXPECT_TRUE(contains(missing.error(), "No such file or directory")) << missing.error();
    ASSERT_TRUE(write_file(dir.file("plain"), "x"));
    const Status under_file = write_file(dir.file("plain/out.txt"), "x");
    ASSERT_FALSE(under_file);
    EXPECT_TRUE(contains(under_file.error(), "Not a directory")) << under_file.error();
}

// A write that fails half-way (here: the file size limit, as a full disk would) leaves the old
// file whole and no temporary file behind.
TEST(Files, AFailedWriteLeavesTheOldFileWhole) {
    test::TempDir dir("kibitz_files_");
    const std::string path = dir.file("keep.txt");
    ASSERT_TRUE(write_file(path, "the old contents\n"));
    struct rlimit old_limit {};
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old_limit), 0);
    const auto old_handler = ::signal(SIGXFSZ, SIG_IGN);
    struct rlimit small = old_limit;
    small.rlim_cur = 4096;
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
    const Status s = write_file(path, std::string(100000, 'x'));
    ::setrlimit(RLIMIT_FSIZE, &old_limit);
    ::signal(SIGXFSZ, old_handler);
    ASSERT_FALSE(s);
    EXPECT_TRUE(contains(s.error(), "keep.txt")) << s.error();
    EXPECT_EQ(slurp(path), "the old contents\n");
    EXPECT_EQ(names(dir.path), std::vector<std::string>{"keep.txt"});
}

TEST(Files, AnAtomicFileNotCommittedLeavesTheTargetAsItWas) {
    test::TempDir dir("kibitz_files_");
    const std::string path = dir.file("a.txt");
    ASSERT_TRUE(write_file(path, "old"));
    {
        AtomicFile file;
        ASSERT_TRUE(file.open(path));
        ASSERT_TRUE(file.write("new, never committed"));
        EXPECT_EQ(slurp(path), "old");  // the target is untouched while the file is written
    }
    EXPECT_EQ(slurp(path), "old");
    EXPECT_EQ(names(dir.path), std::vector<std::string>{"a.txt"});
    AtomicFile file;
    ASSERT_TRUE(file.open(path));
    ASSERT_TRUE(file.write("new "));
    ASSERT_TRUE(file.write("text"));
    ASSERT_TRUE(file.commit());
    EXPECT_EQ(slurp(path), "new text");
}

TEST(Files, AppendFileAppendsAndReportsAFullDevice) {
    test::TempDir dir("kibitz_files_");
    const std::string path = dir.file("log.txt");
    for (const char* text : {"one\n", "two\n"}) {
        AppendFile file;
        ASSERT_TRUE(file.open(path));
        ASSERT_TRUE(file.write(text));
        ASSERT_TRUE(file.close());
    }
    EXPECT_EQ(slurp(path), "one\ntwo\n");
    AppendFile full;
    ASSERT_TRUE(full.open("/dev/full"));
    const Status s = full.write("x");
    ASSERT_FALSE(s);
    EXPECT_TRUE(contains(s.error(), "'/dev/full'")) << s.error();
    EXPECT_TRUE(contains(s.error(), "No space left on device")) << s.error();
    AppendFile folder;
    EXPECT_FALSE(folder.open(dir.path));
}

TEST(Files, ReadFileStopsAtItsLimitAndNamesIt) {
    test::TempDir dir("kibitz_files_");
    ASSERT_TRUE(write_file(dir.file("small"), "12345"));
    const auto ok = read_file(dir.file("small"), 5, "test file");
    ASSERT_TRUE(ok) << ok.error();
    EXPECT_EQ(*ok, "12345");
    const auto big = read_file(dir.file("small"), 4, "test file");
    ASSERT_FALSE(big);
    EXPECT_TRUE(contains(big.error(), "test file '" + dir.file("small") +
                                          "' is larger than 4 bytes, the most Kibitz reads of "
                                          "one test file"))
        << big.error();
    // /dev/zero has size 0 to stat and never ends: the bytes are counted as they come.
    const auto zero = read_file("/dev/zero", 1 << 20, "test file");
    ASSERT_FALSE(zero);
    EXPECT_TRUE(contains(zero.error(), "test file '/dev/zero' is larger than 1 MiB"))
        << zero.error();
    const auto folder = read_file(dir.path, 100, "test file");
    ASSERT_FALSE(folder);
    EXPECT_EQ(folder.error(), "cannot read test file '" + dir.path + "': it is a folder");
    const auto missing = read_file(dir.file("missing"), 100, "test file");
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error(),
              "cannot open test file '" + dir.file("missing") + "': No such file or directory");
}

TEST(Files, OpenInputRefusesAFolder) {
    test::TempDir dir("kibitz_files_");
    std::ifstream in;
    const Status s = open_input(in, dir.path, "PGN file");
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error(), "cannot read PGN file '" + dir.path + "': it is a folder");
}

TEST(Files, SameFileSeesHardLinksAndPaths) {
    test::TempDir dir("kibitz_files_");
    ASSERT_TRUE(write_file(dir.file("a"), "x"));
    ASSERT_TRUE(write_file(dir.file("b"), "x"));
    fs::create_hard_link(dir.file("a"), dir.file("c"));
    EXPECT_TRUE(same_file(dir.file("a"), dir.path + "/./a"));
    EXPECT_TRUE(same_file(dir.file("a"), dir.file("c")));
    EXPECT_FALSE(same_file(dir.file("a"), dir.file("b")));
    EXPECT_FALSE(same_file(dir.file("a"), dir.file("missing")));
}

TEST(Files, LineReaderReadsLinesAndStopsAtTooLongOnes) {
    std::istringstream in("one\r\ntwo\n\nlast");
    LineReader reader(in);
    std::vector<std::string> lines;
    std::string_view line;
    while (reader.next(line)) lines.emplace_back(line);
    EXPECT_EQ(lines, (std::vector<std::string>{"one\r", "two", "", "last"}));
    EXPECT_EQ(reader.error(), "");

    // Lines across many reads of the stream, one of them too long.
    std::string text = std::string(100000, 'a') + "\n" + std::string(300000, 'b') + "\nc\n";
    std::istringstream long_in(text);
    LineReader bounded(long_in, 200000);
    ASSERT_TRUE(bounded.next(line));
    EXPECT_EQ(line.size(), 100000u);
    EXPECT_FALSE(bounded.next(line));
    EXPECT_EQ(bounded.error(), "line 2 is longer than 195.3 KiB");
    EXPECT_FALSE(bounded.next(line));  // stays stopped
}

TEST(Files, LineReaderStopsOnDevZero) {
    std::ifstream in("/dev/zero", std::ios::binary);
    ASSERT_TRUE(in);
    LineReader reader(in);
    std::string_view line;
    EXPECT_FALSE(reader.next(line));
    EXPECT_EQ(reader.error(), "line 1 is longer than 1 MiB");
}

}  // namespace
}  // namespace kibitz::core
