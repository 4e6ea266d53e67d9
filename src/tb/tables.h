// Kibitz's own endgame tables (made by `kibitz tb generate`, see docs/tablebases.md): probing
// positions for their distance to mate and the best move.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "chess/position.h"
#include "chess/types.h"

namespace kibitz::tb {

// A table value from the side to move's point of view, as Gaviota counts: distance to mate in
// plies. kWin: the side to move mates in `plies` (odd); kLoss: it is mated in `plies` (even;
// 0 = checkmated now); kDraw: plies = 0.
struct Value {
    enum Kind : std::uint8_t { kDraw, kWin, kLoss };
    Kind kind = kDraw;
    int plies = 0;
    bool operator==(const Value&) const = default;
};
// "win, mate in N" (N = (plies + 1) / 2), "loss, mated in N" (N = plies / 2), "draw".
std::string describe(const Value& v);

class Registry;

// The tables of one directory, loaded on first use (thread-safe; after loading, probing takes
// no lock and allocates nothing). Positions with castling rights are never in a table.
class Tables {
public:
    explicit Tables(std::string dir);
    ~Tables();
    Tables(const Tables&) = delete;
    Tables& operator=(const Tables&) = delete;

    const std::string& dir() const;
    // The names of the tables found in dir ("KQK", "KRPKR", …) and the most men of any.
    std::vector<std::string> available() const;
    int max_men() const;
    // The value of pos, or nullopt when no table covers it (material, castling rights, a file
    // that cannot be read — the reason of the last failure in last_error()). En passant
    // rights in pos are honoured (the value is then the best of the table value and the
    // e.p. capture).
    std::optional<Value> probe(const chess::Position& pos) const;
    std::string last_error() const;

private:
    const Registry& registry() const;  // scans dir on first use
    void note_failure(int kind, std::uint32_t key) const;

    std::string dir_;
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// The best move by the tables: the fastest win, the slowest loss, or a move that keeps the
// draw; nullopt when pos is not covered (or has no legal move).
struct RootMove {
    chess::Move move;
    Value value;  // value of pos itself
};
std::optional<RootMove> best_move(const Tables& tables, const chess::Position& pos);

// Default directory: "tb" next to the running executable (readlink /proc/self/exe), whether
// or not it exists.
std::string default_dir();
// default_dir() when it holds tables, else "" (the engine's default: no tables).
std::string default_dir_with_tables();

}  // namespace kibitz::tb
