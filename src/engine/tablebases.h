// The endgame tables an engine consults: Kibitz's own (made by `kibitz tb generate`) and
// Gaviota's through libgaviotatb. Own tables are asked first; both give distance to mate.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "chess/position.h"
#include "core/result.h"
#include "search/score.h"
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

    // The most men any table in use covers (0: none).
    int max_men() const { return max_men_; }

    // The value of pos from the side to move, or nullopt when no table covers it.
    std::optional<tb::Value> probe(const chess::Position& pos) const;

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
    std::shared_ptr<const tb::Tables> own_;
    std::string dir_;
    std::string gaviota_paths_;
    bool gaviota_ = false;
    int max_men_ = 0;
};

}  // namespace kibitz::engine
