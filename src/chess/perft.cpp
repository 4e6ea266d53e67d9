// perft with bulk counting at the last ply, and the suite file reader.
#include "chess/perft.h"

#include <sstream>

#include "chess/epd.h"
#include "chess/movegen.h"
#include "core/files.h"
#include "core/strings.h"

namespace kibitz::chess {

std::uint64_t perft(Position& pos, int depth, const std::atomic<bool>* stop) {
    if (depth <= 0) return 1;
    if (depth == 1) return std::uint64_t(count_legal_moves(pos));
    if (stop && stop->load(std::memory_order_relaxed)) return 0;
    MoveList list;
    generate<Gen::kAll>(pos, list);
    std::uint64_t nodes = 0;
    for (const Move m : list) {
        const Undo u = pos.make(m);
        nodes += perft(pos, depth - 1, stop);
        pos.unmake(m, u);
    }
    return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth,
                                                         const std::atomic<bool>* stop) {
    std::vector<std::pair<Move, std::uint64_t>> out;
    for (const Move m : legal_moves(pos)) {
        const Undo u = pos.make(m);
        const std::uint64_t nodes = perft(pos, depth - 1, stop);
        pos.unmake(m, u);
        if (stop && stop->load()) break;
        out.emplace_back(m, nodes);
    }
    return out;
}

core::Result<std::vector<PerftCase>> read_perft_suite(const std::string& path) {
    const auto text = core::read_file(path, kMaxEpdFileBytes, "perft suite");
    if (!text) return core::error(text.error());
    std::istringstream in(*text);
    std::vector<PerftCase> cases;
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        const std::string where = path + ":" + std::to_string(number) + ": ";
        const std::string_view text = core::trim(line);
        if (text.empty() || text[0] == '#') continue;
        const auto semi = text.find(';');
        if (semi == std::string_view::npos)
            return core::error(where + "no ';D<depth> <nodes>' entries after the FEN");
        PerftCase c;
        c.fen = std::string(core::trim(text.substr(0, semi)));
        c.line = number;
        std::string_view rest = text.substr(semi);
        while (!rest.empty()) {
            rest.remove_prefix(1);  // the ';'
            const auto next = rest.find(';');
            const std::string_view entry = core::trim(rest.substr(0, next));
            rest = next == std::string_view::npos ? std::string_view{} : rest.substr(next);
            if (entry.empty()) continue;
            const auto words = core::split_words(entry);
            const auto depth = words.size() == 2 && words[0].size() >= 2 && words[0][0] == 'D'
                                   ? core::parse_int<int>(words[0].substr(1))
                                   : std::nullopt;
            const auto nodes =
                words.size() == 2 ? core::parse_int<std::uint64_t>(words[1]) : std::nullopt;
            if (!depth || !nodes || *depth < 1)
                return core::error(where + "entry '" + std::string(entry) +
                                   "' is not of the form 'D<depth> <nodes>'");
            c.expected.emplace_back(*depth, *nodes);
        }
        cases.push_back(std::move(c));
    }
    return cases;
}

}  // namespace kibitz::chess
