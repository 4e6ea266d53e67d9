// The line searcher: an Engine searched synchronously, its last complete iteration kept.
#include "explain/line.h"

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
    Line line;
    if (chess::count_legal_moves(pos) == 0) {
        line.score = pos.in_check() ? -search::kMate : search::kDraw;
        return line;
    }
    search::Limits limits;
    limits.depth = std::max(1, setting_.depth);
    limits.nodes = setting_.nodes;
    if (setting_.movetime_ms > 0) limits.soft_ms = limits.hard_ms = setting_.movetime_ms;
    bool have_exact = false;
    auto& engine = impl_->engine;
    // 1. Keep the last exact iteration of the first line (a fail high or low inside an
    //    iteration is kept only until an exact one arrives).
    engine.on_info = [&](const search::Iteration<chess::Move>& it) {
        if (it.multipv != 1 || it.pv.empty()) return;
        const bool exact = it.bound == search::kBoundExact;
        if (have_exact && !exact) return;
        have_exact = exact;
        line.score = it.score;
        line.pv = it.pv;
    };
    engine.set_position(engine::ChessGame(pos));
    const chess::Move best = engine.search_now(limits);
    engine.on_info = nullptr;
    // 2. The PV must start with the move the search chose; keep only its legal prefix.
    if (line.pv.empty() || line.pv.front() != best) line.pv = {best};
    chess::Position p = pos;
    std::size_t legal = 0;
    for (const auto m : line.pv) {
        if (!p.is_legal(m)) break;
        p.make(m);
        ++legal;
    }
    line.pv.resize(legal);
    return line;
}

}  // namespace kibitz::explain
