// The NBoard protocol (Chris Welty's, version 2): the Othello GUI NBoard and its engine talk
// in single lines; the GUI sends the game in GGF ("set game"), moves ("move F5"), the search
// depth ("set depth 12"), and asks for a move ("go" -> "=== F5/1.50/0.3") or for the best
// moves ("hint 3" -> "search F5-D6 1.50 0 12" lines); "ping n" -> "pong n" keeps both in step.
// Also here: what both Othello protocols (NBoard and GTP, gtp.h) share, and the GGF reader.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/result.h"
#include "engine/othello_engine.h"
#include "eval/othello_eval.h"
#include "othello/board.h"
#include "search/limits.h"

namespace kibitz::nboard {

// How an Othello protocol session searches (the command-line options of `kibitz othello gtp`
// and `kibitz othello nboard`).
struct PlayOptions {
    int depth = 0;                 // midgame depth of a move (0: no depth limit)
    std::int64_t movetime_ms = 0;  // time of a move (0: no time limit)
    int solve_empties = engine::kDefaultSolveEmpties;  // exact solve at this many empties or fewer
    std::size_t hash_mb = 16;  // the search's transposition table and the solver's, each
    eval::OthelloEvalLevel eval = eval::OthelloEvalLevel::kPatterns;
};

// How long the searches still running when the input ends (or, in GTP, when "quit" arrives)
// may go on before they are stopped, in ms: long enough for a script's short searches to give
// their answers, short enough that a forgotten search (depth 60, no time limit) cannot keep
// the program alive after its GUI has gone.
inline constexpr std::chrono::milliseconds kInputEndGrace{1000};

// The limits of one search in board: the midgame depth, lifted once the solver can take the
// position (empties <= solve_empties) so that the search ends in an exact solve; a movetime
// caps both. Without any limit the search would not end: then depth 1 (callers set one).
search::Limits move_limits(const othello::Board& board, int depth, std::int64_t movetime_ms,
                           int solve_empties);

// A game of the position at board, searched with the exact solver (shared between positions
// so that its table carries over) at solve_empties empties or fewer.
engine::OthelloGame make_game(const othello::Board& board,
                              const std::shared_ptr<othello::Solver>& solver, int solve_empties);

// A score in centi-discs as NBoard's eval, in discs: 150 -> "1.50", -400 -> "-4.00".
std::string format_eval(search::Score score);

// A PV as NBoard writes it: moves joined by '-', passes as PA ("F5-D6-PA-C3").
std::string format_pv(const std::vector<othello::Move>& pv);

// ---- GGF ---------------------------------------------------------------------------------

// An Othello game in GGF, the Generic Game Format of the Generic Game Server:
// "(;GM[Othello]PB[..]PW[..]TY[8]BO[8 <64 squares> <side>]B[F5//1.2]W[D6]...;)".
struct GgfGame {
    othello::Board start;              // BO (the usual start when there is none)
    std::vector<othello::Move> moves;  // B[..] and W[..] in order, passes included
    othello::Board end;                // the position after the moves
    std::string black, white;          // PB, PW
};

// Parses one GGF game: only 8x8 boards (TY[8], or 8r: a random start), moves as "F5", "f5",
// "PA" with an optional "/eval/time"; a move by the other colour when the side to move has to
// pass counts as a pass and the move. Errors name the tag or move that is wrong.
core::Result<GgfGame> parse_ggf(std::string_view text);

// The game from start through moves as one line of standard GGF, as NBoard engines read it in
// "set game": BO with the start position, then B[..] and W[..] with no ';' between them (ntest
// stops at the first one), passes as PA. The moves must be legal.
std::string format_ggf(const othello::Board& start, const std::vector<othello::Move>& moves);

// Plays text ("F5", "f5/1.50/3.2", "PA") in board for `color`, or for the side to move when
// color is null: a square when the side to move must pass passes first. Appends the moves
// made (one, or the pass and the move) to moves; on error changes nothing.
core::Status play_ggf_move(othello::Board& board, std::vector<othello::Move>& moves,
                           const othello::Color* color, std::string_view text);

// ---- The NBoard session --------------------------------------------------------------------

// Reads one command line at a time and writes the replies to out. Searches ("go", "hint",
// "analyze") run on the session's own thread, and every command that arrives during one waits
// for it and is answered after it, in order ("ping" -> "pong" after the "==="), as ntest does.
// Only a new "go" or "set game", "quit" and the end of the input end the searches before them
// at once (a stopped "go" still sends its move). Malformed input gets a "status error: ..."
// line that names it and changes nothing; unknown commands are ignored with a status line, as
// the protocol asks.
class Session {
public:
    explicit Session(std::ostream& out, PlayOptions options = {});
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // Takes one line: answered at once when nothing is before it and it starts no search,
    // else queued. Returns false after "quit", once every command before it is answered.
    bool handle(std::string_view line);
    // Blocks until every command received so far is answered.
    void wait();
    // The input has ended: the commands still queued or running get up to `grace` more, then
    // their searches stop (their last lines are still sent).
    void end_of_input(std::chrono::milliseconds grace = kInputEndGrace);

    // Sends "status error: <what>" for input refused before handle(), such as a line over the
    // input's length limit.
    void refuse_line(const std::string& what) { status_error(what); }

    // The position after the game and moves received so far (read it after wait()).
    const othello::Board& board() const { return board_; }
    int depth() const { return depth_; }

    // The midgame depth when the options give none and no "set depth" came yet.
    static constexpr int kDefaultDepth = 10;

private:
    struct Queued {
        std::string line;
        std::uint64_t number;  // the order of arrival, from 1
    };
    static constexpr std::uint64_t kEverything = ~std::uint64_t{0};

    void execute(std::string_view line);
    void cmd_set(std::string_view args);
    void cmd_move(std::string_view text);
    void cmd_go();
    void cmd_hint(std::string_view args);
    void cmd_analyze();
    void send(const std::string& line);
    void status_error(const std::string& what);
    // The session's thread: runs the queued commands in order.
    void run_queue();
    // Ends the commands numbered below up_to: the running one now, the queued ones as they
    // start. Called with mutex_ held.
    void interrupt(std::uint64_t up_to);
    // The game at board with the solver, the session's position for the engine.
    engine::OthelloGame game_at(const othello::Board& board) const;
    search::Limits limits_at(const othello::Board& board) const;

    std::ostream& out_;
    std::mutex out_mutex_;
    PlayOptions options_;
    int depth_;
    int contempt_ = 0;  // "set contempt": accepted; draws count as 0 whatever it says
    std::shared_ptr<othello::Solver> solver_;
    engine::OthelloEngine engine_;
    othello::Board start_ = othello::Board::start();
    std::vector<othello::Move> moves_;
    othello::Board board_ = othello::Board::start();

    std::mutex mutex_;  // guards the queue and the fields below it
    std::condition_variable changed_;
    std::deque<Queued> queue_;
    std::uint64_t received_ = 0;          // the number of the last line taken
    std::uint64_t interrupt_before_ = 0;  // commands numbered below this are ended
    std::uint64_t current_ = 0;           // the number of the running command
    bool busy_ = false;                   // the session's thread runs a command
    bool closing_ = false;
    std::atomic<bool> abort_{false};  // the running command was ended: analyze stops too
    std::thread worker_;
};

}  // namespace kibitz::nboard
