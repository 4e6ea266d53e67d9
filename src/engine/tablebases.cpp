// Probing Syzygy for the result, own tables and Gaviota's for the distance to mate.
#include "engine/tablebases.h"

#include <algorithm>
#include <cstdlib>
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
    update_max_men();
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
    update_max_men();
    return core::Done{};
}

core::Status Tablebases::set_syzygy_paths(const std::string& paths) {
    if (paths.empty() || paths == "<empty>") {
        syzygy_.reset();
        syzygy_paths_.clear();
    } else if (paths != syzygy_paths_) {
        auto set = std::make_shared<tb::syzygy::Tablebase>();
        if (auto st = set->open(paths); !st) return st;
        syzygy_ = std::move(set);
        syzygy_paths_ = paths;
    }
    update_max_men();
    return core::Done{};
}

void Tablebases::set_syzygy_probe_limit(int men) {
    syzygy_limit_ = men;
    update_max_men();
}

int Tablebases::syzygy_men() const {
    return syzygy_ ? std::min(syzygy_->max_men(), syzygy_limit_) : 0;
}

void Tablebases::update_max_men() {
    dtm_men_ = std::max(own_ ? own_->max_men() : 0, gaviota_ ? tb::gaviota::max_men() : 0);
    max_men_ = std::max(dtm_men_, syzygy_men());
}

std::optional<search::Score> Tablebases::probe_score(chess::Position& pos, int ply,
                                                     int depth) const {
    const int men = core::popcount(pos.pieces());
    if (men > max_men_ || pos.castling_rights() != chess::kNoCastling) return std::nullopt;
    // 1. Syzygy where its result holds under the fifty-move rule: right after a capture or a
    //    pawn move, and one ply below the root (where the root's moves get their scores),
    //    not below SyzygyProbeDepth unless the position has fewer men than the limit.
    const int syzygy_limit = syzygy_men();
    if (men <= syzygy_limit && (pos.halfmove_clock() == 0 || ply == 1) &&
        (men < syzygy_limit || depth >= syzygy_depth_ || ply == 1)) {
        if (auto wdl = syzygy_->probe_wdl(pos)) {
            // One ply below the root the clock need not be zero: a win or loss that the
            // fifty-move rule ends first (DTZ and clock beyond 100 plies) is the draw it is.
            if (pos.halfmove_clock() != 0 && syzygy_rule50_ && std::abs(*wdl) == 2)
                if (const auto dtz = syzygy_->probe_dtz(pos);
                    dtz && std::abs(*dtz) + pos.halfmove_clock() > 100)
                    *wdl /= 2;
            const int win = syzygy_rule50_ ? 2 : 1;
            if (*wdl >= win || *wdl <= -win) {
                if (men <= dtm_men_)
                    if (const auto v = probe(pos); v && v->kind != tb::Value::kDraw)
                        return score(*v, ply);
                return *wdl > 0 ? search::table_win_in(ply) : search::table_loss_in(ply);
            }
            return search::kDraw + *wdl;  // a draw; cursed and blessed by one centipawn
        }
    }
    // 2. The distance-to-mate tables.
    if (men <= dtm_men_)
        if (const auto v = probe(pos)) return score(*v, ply);
    return std::nullopt;
}

std::optional<Tablebases::SyzygyView> Tablebases::syzygy_view(chess::Position& pos) const {
    if (core::popcount(pos.pieces()) > syzygy_men()) return std::nullopt;
    const auto wdl = syzygy_->probe_wdl(pos);
    const auto dtz = wdl ? syzygy_->probe_dtz(pos) : std::nullopt;
    if (!dtz) return std::nullopt;
    SyzygyView view{*wdl, *dtz, std::nullopt};
    const chess::MoveList list = chess::legal_moves(pos);
    const std::vector<chess::Move> moves(list.begin(), list.end());
    std::vector<int> ranks;
    if (!moves.empty() && rank_root(pos, moves, ranks))
        view.best =
            moves[std::size_t(std::max_element(ranks.begin(), ranks.end()) - ranks.begin())];
    return view;
}

bool Tablebases::rank_root(chess::Position& pos, const std::vector<chess::Move>& moves,
                           std::vector<int>& ranks) const {
    const int men = core::popcount(pos.pieces());
    if (men > syzygy_men() || pos.castling_rights() != chess::kNoCastling) return false;
    const auto ranked = syzygy_->rank_root_moves(pos, syzygy_rule50_);
    if (ranked.empty()) return false;
    ranks.clear();
    for (const chess::Move m : moves) {
        const auto it = std::find_if(ranked.begin(), ranked.end(),
                                     [&](const tb::syzygy::RootMove& r) { return r.move == m; });
        if (it == ranked.end()) return false;
        int r = it->rank;
        // Wins inside the rule: the fastest mate when a distance-to-mate table knows it.
        if (r > tb::syzygy::kRankRuleWin && men - pos.is_capture(m) <= dtm_men_) {
            const auto undo = pos.make(m);
            const auto v = probe(pos);
            pos.unmake(m, undo);
            if (v && v->kind == tb::Value::kLoss) r = 2 * tb::syzygy::kRankWin - v->plies;
        }
        ranks.push_back(r);
    }
    return true;
}

std::optional<tb::Value> Tablebases::probe(const chess::Position& pos) const {
    if (core::popcount(pos.pieces()) > dtm_men_ || pos.castling_rights() != chess::kNoCastling)
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
