// libFuzzer target for Polyglot book files. The input is read as the bytes of a .bin file; a
// refusal must say why. A book that reads must write back the same bytes, and probing must only
// ever yield legal moves with shares that add up: from the start position and a few others,
// then along the book's own moves for up to 12 plies (the seeds in corpus/book/ hold real
// keys, so the fuzzer can reach positions deeper in).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "book/book.h"
#include "chess/position.h"

namespace {

using namespace kibitz;

[[noreturn]] void violation(const chess::Position& pos, const char* what) {
    std::fprintf(stderr, "fuzz_book: %s\n  position: %s\n", what, pos.fen().c_str());
    std::abort();
}

// Probes pos and checks the candidates; returns the move choose() picks (or none).
chess::Move check_probe(const book::Book& b, const chess::Position& pos, std::uint64_t random) {
    const std::vector<book::Candidate> list = b.probe(pos);
    double shares = 0;
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (!pos.is_legal(list[i].move)) violation(pos, "probe yields an illegal move");
        if (i > 0 && list[i].weight > list[i - 1].weight) violation(pos, "not sorted by weight");
        for (std::size_t j = 0; j < i; ++j)
            if (list[j].move == list[i].move) violation(pos, "a move listed twice");
        if (list[i].share < 0 || list[i].share > 1) violation(pos, "share outside 0..1");
        shares += list[i].share;
        total += list[i].weight;
    }
    if (total > 0 && std::fabs(shares - 1.0) > 1e-9) violation(pos, "shares do not add up to 1");

    const auto best = b.choose(pos, book::Choice::kBest);
    const auto weighted = b.choose(pos, book::Choice::kWeighted, random);
    if (best.has_value() != (total > 0) || weighted.has_value() != (total > 0))
        violation(pos, "choose() disagrees with probe()");
    if (!weighted) return chess::Move::none();
    for (const book::Candidate& c : list)
        if (c.move == *weighted) {
            if (c.weight == 0) violation(pos, "choose() picked a move of weight 0");
            return *weighted;
        }
    violation(pos, "choose() picked a move that probe() does not list");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    auto loaded = book::Book::from_bytes(bytes, "fuzz");
    if (!loaded) {
        if (loaded.error().empty()) std::abort();  // every refusal says why
        return 0;
    }
    const book::Book& b = *loaded;
    if (b.to_bytes() != bytes) std::abort();  // entries are kept exactly as read
    if (b.stats().entries != b.size()) std::abort();

    // Fixed positions: the start, 1. e4, castling both ways, promotions, en passant.
    for (const char* fen : {
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
             "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
             "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
             "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
             "n1n5/1P6/8/8/8/8/k5p1/4K2R w K - 0 1",
             "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
         }) {
        auto pos = chess::Position::from_fen(fen);
        if (!pos) std::abort();
        check_probe(b, *pos, size);
    }

    // Along the book's own moves from the start.
    chess::Position pos;
    std::uint64_t random = size;
    for (int ply = 0; ply < 12; ++ply) {
        random = random * 6364136223846793005ULL + 1442695040888963407ULL;
        const chess::Move m = check_probe(b, pos, random >> 11);
        if (m == chess::Move::none()) break;
        pos.make(m);
    }
    return 0;
}
