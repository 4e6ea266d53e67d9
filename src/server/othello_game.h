// One Othello game of the web app: its settings, moves (passes included), the engine's notes on
// its moves and the result, with the rules of src/othello/. No threads, no I/O: OthelloService
// locks and stores it. Also the game's text (export and import) and the engine's levels.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "engine/othello_levels.h"
#include "eval/othello_eval.h"
#include "othello/board.h"

namespace kibitz::server {

using Json = nlohmann::json;
struct OthelloRow;

enum class OthelloMode { kEngine, kHumans };

using engine::kOthelloDefaultLevel;
using engine::kOthelloLevels;
using engine::othello_level;
using engine::OthelloLevel;
// All levels as JSON for GET /api/othello/info.
Json othello_levels_json();

struct OthelloSettings {
    othello::Color human = othello::kBlack;  // engine mode: the person's colour
    int level = kOthelloDefaultLevel;
};

// What the engine saw: its last finished iteration, the score from Black's point of view.
struct OthelloSearchInfo {
    int depth = 0;
    int score = 0;       // centi-discs (100 = one disc of final margin), Black's view
    bool exact = false;  // solved to the end of the game: the score is the perfect-play result
    std::vector<othello::Move> pv;
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
};
Json search_info_json(const OthelloSearchInfo& info);

struct OthelloMove {
    othello::Move move;
    othello::Color color = othello::kBlack;   // who played it
    othello::Bitboard flipped = 0;            // the discs it turned
    std::int64_t think = 0;                   // ms
    std::optional<OthelloSearchInfo> search;  // the engine's moves
};

// "f5", or "pass".
std::string othello_move_text(othello::Move m);

// A game's text read back: the start position and the moves, passes included.
struct OthelloText {
    othello::Board start = othello::Board::start();
    std::vector<othello::Move> moves;
};
// Reads a game's text: comment lines (';', '#', '%'), then optionally a board line (64 squares
// X/O/- and the side to move), then the moves, written together or apart ("f5d6c3", "f5 d6",
// "1. f5 2. d6"), passes as "pass", "PA", "PS" or "--". A pass that the rules force may be left
// out. The error names the move (its number and text) or the board text and what is wrong.
core::Result<OthelloText> parse_othello_text(std::string_view text,
                                             std::optional<othello::Board> start = std::nullopt);

class OthelloGame {
public:
    std::string id;
    OthelloMode mode = OthelloMode::kEngine;
    OthelloSettings settings;
    std::int64_t created = 0, updated = 0;
    std::string token[2];           // by colour; the same token twice in humans mode
    std::int64_t turn_started = 0;  // when the side to move began to think

    // Starts from a position with no moves.
    void start(const othello::Board& board);
    // Plays a legal move at time `now` and records the discs it flipped.
    OthelloMove& play(othello::Move m, std::int64_t now);
    // Drops the moves after the first n (n <= moves().size()).
    void truncate(std::size_t n);

    const othello::Board& start_board() const { return start_; }
    const othello::Board& board() const { return board_; }
    const std::vector<OthelloMove>& moves() const { return moves_; }
    othello::Color turn() const { return board_.side_to_move(); }
    bool over() const { return board_.game_over(); }
    // The position after the first n moves (n <= moves().size()).
    othello::Board board_at(std::size_t n) const;
    // True when colour c is played by the engine.
    bool engine_plays(othello::Color c) const {
        return mode == OthelloMode::kEngine && c != settings.human;
    }
    bool engine_to_move() const { return !over() && engine_plays(turn()); }
    // The final discs of each side once the game is over, the empty squares going to the
    // winner (World Othello Federation rules): {black, white}.
    std::pair<int, int> final_discs() const;
    // "black", "white", "draw", or "" while the game goes on.
    std::string result() const;
    // "Black wins 40-24", "Draw 32-32", "" while the game goes on.
    std::string result_text() const;
    std::string player_name(othello::Color c) const;

    // The game object of docs/api.md; `live` is the engine's search in progress, if any.
    Json to_json(bool thinking, const std::optional<OthelloSearchInfo>& live) const;
    // A line of the saved-games list.
    Json summary() const;
    // The moves as one string: "f5d6c3pass...".
    std::string moves_text() const;
    // The game's text for export: comments, the board when it is not the usual start, moves.
    std::string export_text() const;

    // The database row and back; the error names what is wrong with a stored game.
    OthelloRow to_row() const;
    static core::Result<OthelloGame> from_row(const OthelloRow& row);

private:
    othello::Board start_ = othello::Board::start();
    othello::Board board_ = othello::Board::start();
    std::vector<OthelloMove> moves_;
};

}  // namespace kibitz::server
