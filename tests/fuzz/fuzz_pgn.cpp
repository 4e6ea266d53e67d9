// libFuzzer target for PGN input: reading must never crash, and every game that reads must
// come back with the same moves (variations included) after write_pgn and a second reading.
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "chess/pgn.h"

using namespace kibitz::chess;

namespace {

bool same_moves(const std::vector<PgnMove>& a, const std::vector<PgnMove>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].move != b[i].move || a[i].variations.size() != b[i].variations.size())
            return false;
        for (std::size_t v = 0; v < a[i].variations.size(); ++v)
            if (!same_moves(a[i].variations[v], b[i].variations[v])) return false;
    }
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    PgnReader reader(text);
    while (auto game = reader.next()) {
        if (!*game) continue;
        const std::string written = write_pgn(**game);
        PgnReader again(written);
        auto copy = again.next();
        if (!copy || !*copy) std::abort();
        if (!same_moves((*copy)->moves, (*game)->moves)) std::abort();
        if ((*copy)->result != (*game)->result || (*copy)->start_fen != (*game)->start_fen)
            std::abort();
        if (again.next()) std::abort();
    }
    return 0;
}
