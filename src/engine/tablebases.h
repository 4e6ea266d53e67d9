// The endgame tables an engine consults: Kibitz's own (made by `kibitz tb generate`),
// Gaviota's through libgaviotatb (both distance to mate), and Syzygy's (win/draw/loss with the
// fifty-move rule, and distance to zeroing). In the search Syzygy decides the result where it
// may be probed (the halfmove clock at zero) and the distance-to-mate tables its distance.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "chess/position.h"
#include "core/result.h"
#include "search/score.h"
#include "tb/syzygy.h"
#include "tb/tables.h"

namespace kibitz::engine {

class Tablebases {
public:
    // Own tables from dir ("" = none). The error names a directory that does not exist or
    // holds no table.
    core::Status set_dir(const std::string& dir);
    const std::string& dir() const { return dir_; }
    // Gaviota tables from these directories (';'-separated; "" = none). The library keeps one
    // set per process: every engine that sets a path shares the last one set.
    core::Status set_gaviota_paths(const std::string& paths);
    const std::string& gaviota_paths() const { return gaviota_paths_; }

    // Syzygy tables from these folders (':'-separated; "" = none). The error names a folder
    // that does not exist; a folder without tables is no error (syzygy_tables() is 0).
    core::Status set_syzygy_paths(const std::string& paths);
    const std::string& syzygy_paths() const { return syzygy_paths_; }
    int syzygy_tables() const { return syzygy_ ? syzygy_->tables() : 0; }
    // UCI's SyzygyProbeDepth (no probe below this depth left, unless the position has fewer
    // men than the limit), SyzygyProbeLimit (the most men probed) and Syzygy50MoveRule (off:
    // cursed wins and blessed losses count as wins and losses).
    void set_syzygy_probe_depth(int depth) { syzygy_depth_ = depth; }
    void set_syzygy_probe_limit(int men);
    void set_syzygy_rule50(bool on) { syzygy_rule50_ = on; }

    // The most men any table in use covers (0: none).
    int max_men() const { return max_men_; }

    // The value of pos from the side to move by the distance-to-mate tables, or nullopt when
    // none covers it.
    std::optional<tb::Value> probe(const chess::Position& pos) const;

    // The search score of pos `ply` plies below the root with `depth` left: Syzygy's result
    // where it may be probed (clock at zero, or one ply below a root that the tables ranked),
    // with the distance to mate of the other tables when they know it; else theirs. pos is
    // made and unmade but left as it was. nullopt when no table may answer.
    std::optional<search::Score> probe_score(chess::Position& pos, int ply, int depth) const;

    // What Syzygy says of pos for a person: its WDL and DTZ and the best move by
    // rank_root (none when there is no legal move); nullopt when Syzygy does not cover pos.
    struct SyzygyView {
        int wdl = 0, dtz = 0;
        std::optional<chess::Move> best;
    };
    std::optional<SyzygyView> syzygy_view(chess::Position& pos) const;

    // Syzygy's ranks of the root moves (larger is better: wins inside the fifty-move rule,
    // the fastest mate among them when the other tables know it, else the fastest to zero;
    // then cursed wins, draws, blessed losses, losses, the longest first); false when Syzygy
    // does not cover pos.
    bool rank_root(chess::Position& pos, const std::vector<chess::Move>& moves,
                   std::vector<int>& ranks) const;

    // The best move by the tables (fastest win, slowest loss, or a drawing move) with the
    // value of pos; nullopt when pos or one of its successors is not covered.
    std::optional<tb::RootMove> best_move(const chess::Position& pos) const;

    // The search score of a table value found `ply` plies below the root.
    static search::Score score(const tb::Value& v, int ply) {
        switch (v.kind) {
            case tb::Value::kWin: return search::mate_in(ply + v.plies);
            case tb::Value::kLoss: return search::mated_in(ply + v.plies);
            default: return search::kDraw;
        }
    }

private:
    void update_max_men();
    int syzygy_men() const;  // the most men Syzygy may be probed with (0: none)

    std::shared_ptr<const tb::Tables> own_;
    std::string dir_;
    std::string gaviota_paths_;
    bool gaviota_ = false;
    std::shared_ptr<const tb::syzygy::Tablebase> syzygy_;
    std::string syzygy_paths_;
    int syzygy_depth_ = 1;
    int syzygy_limit_ = 7;
    bool syzygy_rule50_ = true;
    int dtm_men_ = 0;  // own and Gaviota tables
    int max_men_ = 0;
};

}  // namespace kibitz::engine
