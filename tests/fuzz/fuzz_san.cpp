// libFuzzer target for SAN input: move_from_san must never crash, and any move it returns must
// be legal and must read back from its own SAN. Input: a FEN line then SAN lines, or a first
// byte choosing one of a few fixed positions followed by SAN lines.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "chess/movegen.h"
#include "chess/san.h"

using namespace kibitz::chess;

namespace {

constexpr const char* kPositions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
    "8/8/8/7k/8/Q7/8/Q1Q4K w - - 0 1",
    "rk4r1/8/8/8/8/8/8/RK4R1 w GAga - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "4k3/8/3p4/4P3/3p4/4P3/8/4K3 w - - 0 1",
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    Position pos;
    const auto nl = text.find('\n');
    const std::string_view first = text.substr(0, nl);
    if (first.find('/') != std::string_view::npos) {
        auto p = Position::from_fen(first);
        if (!p) return 0;
        pos = *p;
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    } else {
        pos = *Position::from_fen(kPositions[data[0] % std::size(kPositions)]);
        text.remove_prefix(1);
    }
    // Each line is a SAN move tried in the current position; legal ones are played.
    for (int moves = 0; !text.empty() && moves < 64; ++moves) {
        const auto end = text.find('\n');
        const std::string_view san = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
        const auto m = move_from_san(pos, san);
        if (!m) continue;
        if (!legal_moves(pos).contains(*m)) std::abort();
        const std::string canonical = move_to_san(pos, *m);
        const auto back = move_from_san(pos, canonical);
        if (!back || *back != *m) std::abort();
        pos.make(*m);
    }
    return 0;
}
