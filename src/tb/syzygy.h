// Syzygy endgame tables (the 3- to 7-man .rtbw/.rtbz files that engine users hold): the
// set of tables of some folders, and the probes that the standard probing code defines.
//
// WDL counts as Syzygy does, from the side to move: 2 win, 1 cursed win (a win only without
// the fifty-move rule), 0 draw, -1 blessed loss, -2 loss. DTZ is the distance in plies to the
// next capture or pawn move (or mate) of the best play that keeps the result, negative when
// losing; cursed results count 100 more.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "chess/position.h"
#include "core/result.h"

namespace kibitz::tb::syzygy {

enum Wdl : int { kLoss = -2, kBlessedLoss = -1, kDraw = 0, kCursedWin = 1, kWin = 2 };

// "win", "cursed win", "draw", "blessed loss", "loss".
const char* wdl_name(int wdl);

// Root move ranks: a win inside the fifty-move rule ranks kRankWin less its DTZ (so every
// such win ranks above kRankRuleWin), a cursed win kRankCursed less its DTZ, a draw 0, and
// losses the negatives (a loss that lasts longer ranks higher).
inline constexpr int kRankWin = 4000;
inline constexpr int kRankRuleWin = 3000;
inline constexpr int kRankCursed = 2000;

// A move at the root with its result for the side that makes it, in the same units.
struct RootMove {
    chess::Move move;
    int wdl = 0;
    int dtz = 0;   // plies from the root position to the next zeroing move (0: draw)
    int rank = 0;  // larger is better, the halfmove clock counted: see rank_root_moves
};

class Tablebase {
public:
    Tablebase();
    ~Tablebase();
    Tablebase(const Tablebase&) = delete;
    Tablebase& operator=(const Tablebase&) = delete;

    // Finds the tables in `paths` (folders separated by ':' or ';'), replacing the set
    // before; files are mapped on first use. A folder that does not exist is an error that
    // names it; a folder without tables is not (tables() is then 0). Not thread-safe.
    core::Status open(const std::string& paths);
    const std::string& paths() const { return paths_; }
    // The tables found (a material with its WDL file), and the most men of any (0: none).
    int tables() const;
    int max_men() const { return max_men_; }
    // The material names found, sorted ("KQvK", "KRPvKR", …).
    std::vector<std::string> names() const;

    // The result of pos from the side to move, or nullopt when the set does not cover it:
    // castling rights, more men than max_men(), a missing or damaged table (the reason in
    // last_error()). pos is restored before returning. Thread-safe.
    std::optional<int> probe_wdl(chess::Position& pos) const;
    std::optional<int> probe_dtz(chess::Position& pos) const;

    // Every legal move of pos with its result, best first: wins that the fifty-move rule
    // allows from pos's halfmove clock (when rule50), fastest to zero first; then cursed
    // wins, draws, blessed and real losses, the longest loss first. Empty when pos is not
    // covered or has no legal move. A move that repeats a position of pos's history is a
    // draw.
    std::vector<RootMove> rank_root_moves(chess::Position& pos, bool rule50 = true) const;

    std::string last_error() const;

private:
    struct Entry;
    struct Got;
    const Entry* find(std::uint32_t key) const;
    int probe_table(const chess::Position& pos, bool dtz, int wdl, Got& got) const;
    int search(chess::Position& pos, bool zeroing, Got& got) const;
    // The DTZ of pos, and its WDL in *wdl (the capture and pawn-move search that both need).
    int probe_dtz(chess::Position& pos, Got& got, int depth, int* wdl = nullptr) const;
    // Whether pos can be in the set at all (no castling rights, few enough men); else why.
    bool covers(const chess::Position& pos) const;
    void fail(const std::string& why) const;

    std::string paths_;
    std::vector<std::unique_ptr<Entry>> entries_;
    std::vector<std::pair<std::uint32_t, const Entry*>> by_key_;  // sorted by key
    int max_men_ = 0;
    struct Error;
    std::unique_ptr<Error> error_;
};

}  // namespace kibitz::tb::syzygy
