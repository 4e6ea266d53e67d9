// Probing own tables first, then Gaviota's.
#include "engine/tablebases.h"

#include <algorithm>
#include <filesystem>

#include "chess/movegen.h"
#include "core/bits.h"
#include "tb/gaviota.h"

namespace kibitz::engine {

namespace {

// Orders values for the side to move: wins (faster first), draws, losses (slower first).
int rank(const tb::Value& v) {
    switch (v.kind) {
        case tb::Value::kWin: return 1000 - v.plies;
        case tb::Value::kLoss: return -1000 + v.plies;
        default: return 0;
    }
}

}  // namespace

core::Status Tablebases::set_dir(const std::string& dir) {
    if (dir.empty()) {
        own_.reset();
        dir_.clear();
    } else {
        if (!std::filesystem::is_directory(dir))
            return core::error("endgame tables: '" + dir + "' is not a directory");
        auto tables = std::make_shared<const tb::Tables>(dir);
        if (tables->available().empty())
            return core::error("endgame tables: no tables (*.ktb) in '" + dir + "'");
        own_ = std::move(tables);
        dir_ = dir;
    }
    max_men_ = std::max(own_ ? own_->max_men() : 0, gaviota_ ? tb::gaviota::max_men() : 0);
    return core::Done{};
}

core::Status Tablebases::set_gaviota_paths(const std::string& paths) {
    if (paths.empty()) {
        gaviota_ = false;
        gaviota_paths_.clear();
    } else {
        if (tb::gaviota::paths() != paths)
            if (auto st = tb::gaviota::open(paths); !st) return st;
        gaviota_ = true;
        gaviota_paths_ = paths;
    }
    max_men_ = std::max(own_ ? own_->max_men() : 0, gaviota_ ? tb::gaviota::max_men() : 0);
    return core::Done{};
}

std::optional<tb::Value> Tablebases::probe(const chess::Position& pos) const {
    if (core::popcount(pos.pieces()) > max_men_ || pos.castling_rights() != chess::kNoCastling)
        return std::nullopt;
    if (own_)
        if (auto v = own_->probe(pos)) return v;
    if (gaviota_) return tb::gaviota::probe(pos);
    return std::nullopt;
}

std::optional<tb::RootMove> Tablebases::best_move(const chess::Position& pos) const {
    const auto root = probe(pos);
    if (!root) return std::nullopt;
    std::optional<tb::RootMove> best;
    int best_rank = -1 << 20;
    chess::Position p = pos;
    for (const chess::Move m : chess::legal_moves(pos)) {
        const auto undo = p.make(m);
        auto v = probe(p);
        p.unmake(m, undo);
        if (!v) return std::nullopt;
        // The reply's value for the opponent, seen from the side to move now.
        const tb::Value mine =
            v->kind == tb::Value::kWin    ? tb::Value{tb::Value::kLoss, v->plies + 1}
            : v->kind == tb::Value::kLoss ? tb::Value{tb::Value::kWin, v->plies + 1}
                                          : tb::Value{};
        if (rank(mine) > best_rank) {
            best_rank = rank(mine);
            best = tb::RootMove{m, *root};
        }
    }
    return best;
}

}  // namespace kibitz::engine
