// The line searcher: an Engine searched synchronously, its last complete iteration kept.
#include "explain/line.h"

#include <algorithm>
#include <utility>

#include "chess/movegen.h"
#include "engine/chess_engine.h"

namespace kibitz::explain {

struct LineSearcher::Impl {
    engine::ChessEngine engine;
};

LineSearcher::LineSearcher(SearchSetting setting)
    : setting_(setting), impl_(std::make_unique<Impl>()) {
    impl_->engine.set_threads(1);
    (void)impl_->engine.set_hash_mb(std::size_t(std::max(1, setting_.hash_mb)));
}

LineSearcher::~LineSearcher() = default;

void LineSearcher::clear() { impl_->engine.clear(); }

Line LineSearcher::search(const chess::Position& pos) {
    auto lines = search_lines(pos, 1);
    if (!lines.empty()) return std::move(lines.front());
    return Line{pos.in_check() ? -search::kMate : search::kDraw, {}};
}

std::vector<Line> LineSearcher::search_lines(const chess::Position& pos, int count) {
    const int moves = chess::count_legal_moves(pos);
    if (moves == 0) return {};
    count = std::clamp(count, 1, moves);
    search::Limits limits;
    limits.depth = std::max(1, setting_.depth);
    limits.nodes = setting_.nodes;
    if (setting_.movetime_ms > 0) limits.hard_ms = setting_.movetime_ms;  // used in full
    std::vector<Line> lines(static_cast<std::size_t>(count));
    std::vector<char> have_exact(static_cast<std::size_t>(count), 0);
    auto& engine = impl_->engine;
    // 1. Keep the last exact iteration of each line (a fail high or low inside an iteration is
    //    kept only until an exact one arrives).
    engine.on_info = [&](const search::Iteration<chess::Move>& it) {
        if (it.multipv < 1 || it.multipv > count || it.pv.empty()) return;
        const auto k = std::size_t(it.multipv - 1);
        const bool exact = it.bound == search::kBoundExact;
        if (have_exact[k] && !exact) return;
        have_exact[k] = exact;
        lines[k].score = it.score;
        lines[k].pv = it.pv;
    };
    engine.set_multipv(count);
    engine.set_position(engine::ChessGame(pos));
    const chess::Move best = engine.search_now(limits);
    engine.on_info = nullptr;
    engine.set_multipv(1);
    // 2. The first PV must start with the move the search chose; each PV keeps only its legal
    //    prefix, and a line the search never reported is dropped.
    if (lines[0].pv.empty() || lines[0].pv.front() != best) lines[0].pv = {best};
    for (auto& line : lines) {
        chess::Position p = pos;
        std::size_t legal = 0;
        for (const auto m : line.pv) {
            if (!p.is_legal(m)) break;
            p.make(m);
            ++legal;
        }
        line.pv.resize(legal);
    }
    while (lines.size() > 1 && lines.back().pv.empty()) lines.pop_back();
    return lines;
}

}  // namespace kibitz::explain
