// One game between two external engines (UCI or xboard), refereed by Kibitz's own rules
// (src/chess): clocks kept by the runner, cutechess-like time controls, adjudication, and a PGN
// record.
//
// The engines' claims are never trusted: after each move game_status decides mate, stalemate and
// the draw rules. An illegal move, a crash or a search that never answers loses the game for
// that player, with the reason in the PGN.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/pgn.h"
#include "chess/position.h"
#include "chess/status.h"
#include "core/result.h"
#include "match/player.h"

namespace kibitz::match {

// How long one player may think: a clock (tc), a fixed time per move (st), a depth, a node
// count, or several of these together (cutechess-cli's tc=, st=, depth=, nodes=).
struct TimeControl {
    // tc=[moves/]seconds[+increment]: Fischer clock; moves = 0 means the whole game.
    bool clock = false;
    int moves = 0;
    std::int64_t base_ms = 0;
    std::int64_t increment_ms = 0;
    std::optional<std::int64_t> movetime_ms;  // st=seconds
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::int64_t margin_ms = 0;  // timemargin: overstepping by this much is still allowed

    // The PGN TimeControl tag: "40/60+0.6", "10+0.1", "1/move" (st), "-" when untimed.
    std::string pgn_tag() const;
};

// Parses the value of tc= ("40/60+0.6", "10+0.1", "60", "40/1:30+1", "inf") into tc's clock
// fields. The error quotes the text.
core::Result<TimeControl> parse_tc(std::string_view text, TimeControl tc = {});

// Applies one cutechess-style KEY=VALUE setting (tc, st, depth, nodes, timemargin) to tc.
// Returns false when KEY is none of these; an error names a bad value.
core::Result<bool> apply_limit(std::string_view key, std::string_view value, TimeControl& tc);

// -draw movenumber=N movecount=N score=CP: a draw when, from move `movenumber` on, the last
// `movecount` scores of both engines are within ±score centipawns.
struct DrawAdjudication {
    bool enabled = false;
    int movenumber = 0;
    int movecount = 1;
    int score_cp = 0;
};

// -resign movecount=N score=CP [twosided=true]: a player loses when its last `movecount` scores
// are all <= -score (and with twosided, the opponent's last `movecount` are all >= score).
struct ResignAdjudication {
    bool enabled = false;
    int movecount = 1;
    int score_cp = 0;
    bool twosided = false;
};

// Everything about one game except the engines themselves.
struct GameSetup {
    chess::Position start;               // the position before the opening moves
    std::vector<chess::Move> opening;    // played without asking the engines
    std::string white_name, black_name;  // for the PGN and the reasons
    TimeControl white_tc, black_tc;
    DrawAdjudication draw;
    ResignAdjudication resign;
    int maxmoves = 0;  // > 0: a draw once both sides have made this many moves
    // Wait for a bestmove this long when no clock or st bounds the search (depth, nodes).
    std::int64_t untimed_timeout_ms = 60000;
    std::string event = "?";
    std::string round = "?";
    std::string date;  // "" = today, as YYYY.MM.DD
};

// The end of one game: the result, why, and which engine failed (crashed or hung) so that the
// match runner can restart it or stop.
struct GameResult {
    chess::Outcome outcome = chess::Outcome::kOngoing;
    std::string reason;       // "White mates", "Black loses on time", "adjudication: ..."
    std::string termination;  // PGN Termination: normal, time forfeit, adjudication, ...
    bool white_failed = false;
    bool black_failed = false;
    chess::PgnGame pgn;
};

// Plays one game to its end: sends ucinewgame and isready to both, plays the opening, then asks
// the engines in turn. Never throws for engine trouble: it decides the game instead.
GameResult play_game(Player& white, Player& black, const GameSetup& setup);

// Today's date as PGN wants it: "2026.11.22".
std::string pgn_date_today();

}  // namespace kibitz::match
