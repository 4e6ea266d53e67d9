// One game of the web app: its settings, moves, clocks and result, with the rules that the
// page relies on (legal moves, SAN, FEN, draw claims, time forfeits). Its moves are a GameTree
// (game_tree.h): the main line is the game, variations, comments and NAGs hang off it, and
// moves() is the main line as a list. No threads, no I/O: the service locks and stores it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "chess/position.h"
#include "core/result.h"
#include "server/eval.h"
#include "server/game_tree.h"

namespace kibitz::server {

enum class Mode { kEngine, kHumans, kAnalysis };

// "engine", "humans", "analysis" and back (nullopt for anything else).
std::string_view mode_name(Mode m);
std::optional<Mode> parse_mode(std::string_view s);

// How the engine plays: a calibrated rating, full strength, a fixed time or a fixed depth.
struct Level {
    enum Kind { kElo, kFull, kMovetime, kDepth } kind = kElo;
    int value = 1500;  // Elo, ms or plies; unused for kFull
};

struct Settings {
    chess::Color human = chess::kWhite;  // the creator's seat (engine and humans modes)
    Level level;
    std::int64_t clock_initial = 0;  // 0: no time control
    std::int64_t clock_increment = 0;
    bool chess960 = false;
};

// The white-view Eval of a search score given from the side to move's point of view.
Eval white_eval(int score, chess::Color side_to_move);

struct GameMove {
    chess::Move move;
    std::string uci, san, fen;  // fen: the position after the move
    std::int64_t clock = -1;    // the mover's time left after the move (-1: no clock)
    std::int64_t think = 0;     // ms used
    std::optional<Eval> eval;   // engine moves
    int depth = 0;
    bool book = false;  // an engine move from the opening book (no search, no eval)
};

class Game {
public:
    std::string id;
    Mode mode = Mode::kEngine;
    Settings settings;
    std::int64_t created = 0, updated = 0;
    std::string token[2];  // per seat; analysis: both the same
    // Every PGN tag of an imported game, in file order (empty for a game begun here).
    std::vector<std::pair<std::string, std::string>> tags;
    std::string result = "*", reason;
    std::int64_t clock[2] = {0, 0};  // time left per colour
    std::int64_t turn_started = 0;   // when the running clock started (0: none runs)
    std::optional<chess::Color> draw_offer;
    // Two people: the seat that asks to take its last move back, until the opponent answers, a
    // move is made or the game ends (stored with the game: a restart keeps it).
    std::optional<chess::Color> takeback_request;
    Json review;  // null or the review object of docs/api.md

    // Starts from a FEN (validated) with no moves.
    core::Result<bool> start(std::string_view fen);
    // Replays stored moves (UCI) after start(); the error names the first bad one.
    core::Result<bool> replay(const std::vector<GameMove>& moves);

    const std::string& start_fen() const { return start_fen_; }
    const chess::Position& position() const { return pos_; }
    // The main line of tree(), one record per move.
    const std::vector<GameMove>& moves() const { return moves_; }
    const GameTree& tree() const { return tree_; }
    // Takes `tree` (built on this game's start position) as the game's moves: its main line
    // is the game. A game without a result gets the rules' one (mate, stalemate, ...).
    void set_tree(GameTree tree);
    // Plays m (legal at node `at`) at node `at`, without clocks: the child that has it
    // already, else a new one (a variation when `at` has children). When the main line grows,
    // the game's result is settled by the rules again. The error names the node or the limit.
    core::Result<NodeId> add_move(NodeId at, chess::Move m);
    // Applies an edit (comment, NAG, promote, remove) to the tree. When it changes the end of
    // the main line, the result is cleared and settled by the rules again.
    core::Status edit_tree(const std::function<core::Status(GameTree&)>& edit);
    // Notes how the engine chose the main line's last move: its evaluation or the book.
    void note_last_move(std::optional<Eval> eval, int depth, bool book);
    // Reads a move in UCI or SAN in the position at node `at`; the error names the text.
    core::Result<chess::Move> parse_move_at(NodeId at, std::string_view text) const;
    chess::Color turn() const { return pos_.side_to_move(); }
    bool over() const { return result != "*"; }
    // True when colour c is played by the engine.
    bool engine_plays(chess::Color c) const { return mode == Mode::kEngine && c != settings.human; }
    bool timed() const { return settings.clock_initial > 0; }
    // The colour whose clock runs now, if any (not before the first move, not after the end).
    std::optional<chess::Color> running() const;

    // Reads a move in UCI or SAN; the error names the text and why it is refused.
    core::Result<chess::Move> parse_move(std::string_view text) const;
    // Plays a legal move at time now, charging the mover's clock, and settles the result when
    // the game ends by rule. Returns the stored record.
    const GameMove& play(chess::Move m, std::int64_t now);
    // Drops the moves after the first n (n <= moves().size()), clears the result and the
    // offers, and cuts the review to the positions that are left (none: no review).
    void truncate(std::size_t n);
    // Flags the side to move when its time has run out at now; true when the game ended.
    bool check_flag(std::int64_t now);
    // Ends the game with this result and reason.
    void finish(std::string result_text, std::string why);

    // "threefold repetition" / "fifty-move rule" when the side to move may claim a draw.
    std::optional<std::string> claimable() const;
    // The position after the first n half-moves (n <= moves().size()), with its history.
    chess::Position position_at(std::size_t n) const;

    // The game object of docs/api.md; legal moves only when `can_move` (the reader may move).
    Json to_json(std::int64_t now, bool engine_thinking) const;
    // A line of the saved-games list.
    Json summary() const;
    // The display name of a colour's player: its PGN tag when imported, else "You", "Kibitz 1600",
    // "White".
    std::string player_name(chess::Color c) const;
    // The game in PGN: its tags (the seven-tag roster for a game begun here), the whole tree
    // with comments, NAGs, clocks and evaluations, and after a finished review its
    // evaluations and best moves.
    std::string pgn() const;

private:
    void settle(std::int64_t now);
    // Cuts the review to the positions after the first n moves of the main line (none left:
    // no review), for a main line that changed after them.
    void cut_review(std::size_t n);
    // moves_ and pos_ from the tree's main line.
    void follow_mainline();

    std::string start_fen_;
    chess::Position start_;
    chess::Position pos_;
    std::vector<GameMove> moves_;
    GameTree tree_;
};

// Level and settings as JSON (docs/api.md) and back; the error names the bad field.
Json level_json(const Level& level);
core::Result<Level> parse_level(const Json& j);
Json settings_json(const Settings& s);
core::Result<Settings> parse_settings(const Json& j);

// The colour's name, "white" or "black".
std::string_view color_name(chess::Color c);

}  // namespace kibitz::server
