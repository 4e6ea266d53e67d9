// The Go Text Protocol (GTP version 2) as Othello programs speak it, in the dialect of
// gtp-rhino (GRhino's engine), so that the two can be paired: vertices A1-H8 with row 1 at the
// top, as Othello players write them (genmove answers "F5"; play takes either case), "pass",
// colours black/b and white/w, "boardsize 8" only, final_score as "B+12", "W+4" or "0" (the
// empty squares go to the winner). A side that has to pass answers genmove with "pass"; a move
// by the other colour in that case passes for the side to move first.
#pragma once

#include <chrono>
#include <cstdint>
#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "engine/othello_engine.h"
#include "nboard/nboard.h"
#include "othello/board.h"

namespace kibitz::nboard {

// Reads one GTP command at a time and writes the response ("=[id] result" or "?[id] error",
// then an empty line). Commands run in order: genmove answers when it has its move.
class GtpSession {
public:
    // version is what the "version" command answers.
    explicit GtpSession(std::ostream& out, PlayOptions options = {}, std::string version = "");

    // Handles one line; returns false after "quit". Empty lines and comments get no response.
    bool handle(std::string_view line);

    // Answers the commands of in, in order, until "quit" or the end of the input. The input is
    // read while a command runs: once "quit" or the end of the input has come, the commands
    // before it get `grace` together, then their searches stop at once (a genmove answers with
    // the best move found so far), so that neither a controller's quit nor a closed pipe waits
    // for a search without limits.
    void serve(std::istream& in, std::chrono::milliseconds grace = kInputEndGrace);

    // Stops the running search and every later one at once. Safe from another thread.
    void interrupt() { engine_.cancel(); }

    // True when line is the command "quit" (with or without an id).
    static bool is_quit(std::string_view line);

    const othello::Board& board() const { return board_; }

    // The time of a move when no clock, depth or movetime says otherwise.
    static constexpr std::int64_t kDefaultMoveTimeMs = 1000;

private:
    // What a command answers: the text after "= ", or the error after "? ".
    using Reply = core::Result<std::string>;

    Reply dispatch(std::string_view cmd, const std::vector<std::string_view>& args);
    Reply cmd_play(const std::vector<std::string_view>& args);
    Reply cmd_genmove(const std::vector<std::string_view>& args, bool play);
    Reply cmd_time_settings(const std::vector<std::string_view>& args);
    Reply cmd_time_left(const std::vector<std::string_view>& args);
    Reply cmd_setup_board(const std::vector<std::string_view>& args);
    std::string showboard() const;
    // The limits of a search for color in root: the clock, else the depth and movetime
    // options, else kDefaultMoveTimeMs.
    search::Limits limits_for(const othello::Board& root, othello::Color color) const;
    void new_game(const othello::Board& start);

    std::ostream& out_;
    PlayOptions options_;
    std::string version_;
    std::shared_ptr<othello::Solver> solver_;
    engine::OthelloEngine engine_;
    othello::Board board_ = othello::Board::start();
    std::vector<othello::Board> history_;  // the positions before each move, for undo

    // The clock: time_settings, then time_left per colour (index othello::Color).
    bool timed_ = false;
    std::int64_t main_ms_ = 0, byo_ms_ = 0;
    int byo_stones_ = 0;
    std::int64_t left_ms_[2] = {0, 0};
    int left_stones_[2] = {0, 0};
};

}  // namespace kibitz::nboard
