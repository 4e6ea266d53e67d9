// A main() for the fuzz targets outside libFuzzer: runs LLVMFuzzerTestOneInput on every file of
// the directories (or files) named on the command line, so that the sanitizer build replays the
// fuzz corpus with GCC's AddressSanitizer and UBSan without a clang build of its own. Fuzzing
// itself needs the clang build (-DKIBITZ_FUZZ=ON, see docs/testing.md).
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

bool replay_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "cannot read %s\n", path.c_str());
        return false;
    }
    const std::vector<char> bytes{std::istreambuf_iterator<char>(in), {}};
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    int files = 0;
    for (int i = 1; i < argc; ++i) {
        const std::filesystem::path arg = argv[i];
        std::error_code ec;
        if (std::filesystem::is_directory(arg, ec)) {
            for (const auto& entry : std::filesystem::directory_iterator(arg)) {
                if (!entry.is_regular_file()) continue;
                if (!replay_file(entry.path())) return 1;
                ++files;
            }
        } else {
            if (!replay_file(arg)) return 1;
            ++files;
        }
    }
    if (files == 0) {
        std::fprintf(stderr, "no corpus files in the arguments\n");
        return 1;
    }
    std::printf("replayed %d inputs\n", files);
    return 0;
}
