// libFuzzer target for Syzygy table files. The input is one table's pair of files: a byte that
// picks the material (KQvK, KRvK, KBvK, KNvK or KPvK), a 4-byte little-endian length of the
// WDL file, the WDL file (.rtbw) and the DTZ file (.rtbz). Both are written to a folder of
// their own and probed from a few positions of that material, with either colour stronger:
// every probe must give a value in range or a refusal that says why, and every ranked root
// move must be legal. The seeds in corpus/syzygy/ are the real 3-man tables.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "chess/position.h"
#include "tb/syzygy.h"

namespace {

using namespace kibitz;

struct Material {
    const char* name;
    const char* fens[4];
};

constexpr Material kMaterials[] = {
    {"KQvK",
     {"8/8/8/4k3/8/8/8/KQ6 w - - 0 1", "8/8/8/4k3/8/8/8/KQ6 b - - 0 1",
      "kq6/8/8/8/8/3K4/8/8 w - - 0 1", "8/8/8/8/8/8/2q5/K1k5 w - - 0 1"}},
    {"KRvK",
     {"8/8/8/4k3/8/8/8/KR6 w - - 0 1", "8/8/8/4k3/8/8/8/KR6 b - - 0 1",
      "8/8/8/8/8/8/8/Kr5k w - - 0 1", "8/8/2k5/8/8/8/6R1/3K4 b - - 0 1"}},
    {"KBvK",
     {"8/8/8/4k3/8/8/8/KB6 w - - 0 1", "8/8/8/4k3/8/8/8/Kb6 b - - 0 1",
      "k7/8/8/8/8/8/8/K6B b - - 0 1", "8/8/8/8/4b3/8/8/K1k5 w - - 0 1"}},
    {"KNvK",
     {"8/8/8/4k3/8/8/8/KN6 w - - 0 1", "8/8/8/4k3/8/8/8/Kn6 b - - 0 1",
      "k7/8/8/8/8/8/8/K6N b - - 0 1", "8/8/8/8/4n3/8/8/K1k5 w - - 0 1"}},
    {"KPvK",
     {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1",
      "k7/8/K7/P7/8/8/8/8 w - - 0 1", "4k3/4p3/8/8/8/8/8/4K3 b - - 0 1"}},
};

[[noreturn]] void violation(const std::string& fen, const char* what) {
    std::fprintf(stderr, "fuzz_syzygy: %s\n  position: %s\n", what, fen.c_str());
    std::abort();
}

const std::filesystem::path& folder() {
    static const std::filesystem::path dir = [] {
        std::string name = "/tmp/kibitz_fuzz_syzygy_" + std::to_string(::getpid());
        std::filesystem::create_directories(name);
        return std::filesystem::path(name);
    }();
    return dir;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 5) return 0;
    const Material& m = kMaterials[data[0] % 5];
    const std::size_t wdl_size = std::size_t(data[1]) | std::size_t(data[2]) << 8 |
                                 std::size_t(data[3]) << 16 | std::size_t(data[4]) << 24;
    if (wdl_size > size - 5) return 0;
    const std::string_view bytes(reinterpret_cast<const char*>(data) + 5, size - 5);
    std::filesystem::remove_all(folder());
    std::filesystem::create_directories(folder());
    std::ofstream(folder() / (std::string(m.name) + ".rtbw"), std::ios::binary)
        << bytes.substr(0, wdl_size);
    std::ofstream(folder() / (std::string(m.name) + ".rtbz"), std::ios::binary)
        << bytes.substr(wdl_size);

    tb::syzygy::Tablebase syz;
    if (!syz.open(folder().string()).ok()) std::abort();  // the folder exists
    for (const char* fen : m.fens) {
        auto pos = chess::Position::from_fen(fen);
        if (!pos) std::abort();
        const std::string before = pos->fen();
        const auto wdl = syz.probe_wdl(*pos);
        if (!wdl && syz.last_error().empty()) violation(fen, "a WDL refusal without a reason");
        if (wdl && (*wdl < -2 || *wdl > 2)) violation(fen, "WDL out of range");
        const auto dtz = syz.probe_dtz(*pos);
        if (!dtz && syz.last_error().empty()) violation(fen, "a DTZ refusal without a reason");
        for (const auto& r : syz.rank_root_moves(*pos))
            if (!pos->is_legal(r.move)) violation(fen, "a ranked move that is not legal");
        if (pos->fen() != before) violation(fen, "a probe changed the position");
    }
    return 0;
}
