// A client for an external xboard/CECP engine (Chess Engine Communication Protocol, version 2,
// with fall-backs for version 1) running as a child process, behind the same Player interface as
// UciEngine.
//
// The engine is kept in force mode except while it searches: position() sends only the moves its
// board lacks (or `new` / `setboard` and every move when it cannot extend what the engine holds),
// go() sends the time control and `go`, and the engine's move is checked against Kibitz's own
// rules. Every wait has a time-out; every failure is an error naming the engine.
//
// Signals: the child runs in its own process group (process.h), so a Ctrl-C in the terminal
// reaches Kibitz only, and Kibitz never sends SIGINT or SIGTERM itself (`?` asks for the move,
// SIGKILL ends an engine that ignores `quit`). The features sigint and sigterm are accepted
// because they only permit the interface to signal.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "chess/position.h"
#include "core/result.h"
#include "match/player.h"
#include "match/process.h"

namespace kibitz::match {

// One `feature option="NAME -TYPE ..."` of the engine.
struct XboardOption {
    std::string name;
    std::string type;   // button, save, reset, check, string, spin, combo, slider, file, path
    std::string value;  // the rest as sent: "0 0 10" for a spin, "A /// *B" for a combo
};

// What the engine's `feature` lines said; every field starts at the protocol's default.
struct XboardFeatures {
    bool done = false;  // done=1 arrived
    bool ping = false;
    bool setboard = false;
    bool san = false;
    bool usermove = false;
    bool time = true;
    bool reuse = true;
    bool nps = false;  // only an explicit nps=1 counts: the default "try it" is not trusted
    bool memory = false;
    bool smp = false;
    std::string myname;
    std::optional<std::string> variants;  // comma-separated, as sent
    std::vector<XboardOption> options;
};

class XboardEngine : public Player {
public:
    XboardEngine() = default;
    // Quits the engine if it still runs (grace 200 ms, then killed).
    ~XboardEngine() override;
    XboardEngine(const XboardEngine&) = delete;
    XboardEngine& operator=(const XboardEngine&) = delete;

    // Starts the command, sends `xboard` and `protover 2` and collects `feature` lines, answering
    // each with `accepted` or `rejected`, until done=1. Without done=1 the features sent within
    // timeout are used (none at all: a version 1 engine). done=0 asks for more time: the wait for
    // done=1 then lasts up to ten times timeout and its absence is an error.
    Status start(std::string_view command,
                 std::chrono::milliseconds timeout = std::chrono::milliseconds(5000)) override;
    Status start(const std::vector<std::string>& argv,
                 std::chrono::milliseconds timeout = std::chrono::milliseconds(5000));

    // `option NAME=VALUE` for an option the engine declared (names compared without case; no
    // value for buttons), or `memory N` / `cores N` when the engine sent memory=1 / smp=1.
    // Error for any other name.
    Status set_option(std::string_view name, std::string_view value) override;

    // With feature ping=1: `ping N` and waits up to timeout for `pong N`, skipping other output.
    // Without it: succeeds while the engine runs, after reading what it has sent.
    Status is_ready(std::chrono::milliseconds timeout = std::chrono::milliseconds(5000)) override;

    // `new`, `force`, `post`, `hard` + `easy` (pondering off), `computer`. An engine that said
    // reuse=0 is restarted (and its options set again) before every game but the first.
    Status new_game() override;

    // Brings the engine's board to start plus moves: only the missing moves when that extends
    // what it holds, else `new` (+ `variant fischerandom`), `force`, `setboard FEN` (or, for an
    // engine without setboard, `edit` mode, see xboard_edit_commands) and every move. Moves go as
    // `usermove X` with usermove=1, in SAN with san=1, else in coordinates (castling as the king's
    // two-square step, O-O / O-O-O in Chess960). Errors: an illegal move, a start other than the
    // standard one that the engine cannot set up, Chess960 when the engine's variants do not list
    // fischerandom.
    Status position(const chess::Position& start,
                    const std::vector<chess::Move>& moves = {}) override;

    // Sends the time control when it changed (`level` once per game, then `time` and `otim` in
    // centiseconds before every search; `st` for a movetime; `sd` for a depth, or `depth` N
    // for an engine that refused sd; `nps` + `st 1` for a node limit when the engine sent
    // nps=1), then `go`, and waits for `move X`. After
    // timeout it sends `?` and waits grace more; then the error says "timed out". The move
    // must be legal; an engine that resigns gets an error saying it "resigns".
    core::Result<GoResult> go(
        const GoLimits& limits, std::chrono::milliseconds timeout,
        std::chrono::milliseconds grace = std::chrono::milliseconds(1000)) override;

    // Sends `quit`, waits up to grace, then kills. Error when it had to be killed.
    Status quit(std::chrono::milliseconds grace = std::chrono::milliseconds(1000)) override;

    bool running() override { return process_.running(); }
    // feature myname, or the command when the engine sent none.
    const std::string& name() const override { return name_; }
    const XboardFeatures& features() const { return features_; }
    const std::string& command() const { return command_; }

private:
    Status send(std::string_view line);
    core::Error failure(const std::string& what);
    // Starts argv_ and completes the handshake within start_timeout_.
    Status launch();
    // Answers and records one `feature` line; true when it said done=0.
    bool on_feature(std::string_view line);
    // `force`, `new`, variant, `setboard` or edit mode for start: the engine's board is start,
    // nothing played.
    Status reset_board(const chess::Position& start);
    // What one line read while the engine is on move means; handles features on the way.
    enum class Line { kOther, kThinking, kMove, kResign, kRefusal };
    Line classify(std::string_view line, SearchInfo& info, std::string& move);
    // The error of a resignation or a refused move; Done for any other kind of line.
    Status verdict(Line kind, const std::string& what);
    // Reads what the engine has already sent (no waiting). With judge, a resignation or a
    // refused move is an error.
    Status drain(bool judge);
    // is_ready, judging the lines on the way as drain does.
    Status sync(std::chrono::milliseconds timeout, bool judge);
    bool has_variant(std::string_view variant) const;
    // The time-control lines for limits, and a key that changes only when they must be sent.
    std::pair<std::vector<std::string>, std::string> time_control(
        const GoLimits& limits, std::chrono::milliseconds timeout) const;
    // Sends the time control when its key changed since the last `new`.
    Status send_control(const GoLimits& limits, std::chrono::milliseconds timeout);
    // The move as this engine wants it: SAN, or coordinates.
    std::string move_text(const chess::Position& pos, chess::Move m) const;

    Process process_;
    std::vector<std::string> argv_;
    std::chrono::milliseconds start_timeout_{5000};
    std::string command_;
    std::string name_;
    XboardFeatures features_;
    std::vector<std::pair<std::string, std::string>> options_set_;  // replayed on restart
    int games_ = 0;
    int ping_counter_ = 0;

    // The engine's board as far as we know: start plus moves (its own last move included).
    bool board_known_ = false;
    chess::Position board_start_;
    std::vector<chess::Move> board_moves_;
    std::vector<std::string> sent_moves_;  // their texts, to recognise "Illegal move: X"
    std::string control_sent_;             // the time control sent since the last `new`
    bool sd_refused_ = false;              // the engine said "Illegal move: sd N": send `depth` N
    chess::Position position_;             // the position the next go() searches
};

// Splits a `feature` line into NAME=VALUE pairs, quotes removed; a word without '=' gets an
// empty value. Empty for any other line.
std::vector<std::pair<std::string, std::string>> parse_features(std::string_view line);

// Parses the value of feature option ("Style -combo Solid /// *Normal"); nullopt when no known
// -TYPE follows a name.
std::optional<XboardOption> parse_xboard_option(std::string_view text);

// Parses one thinking-output line "ply score time nodes [seldepth [speed]] [tbhits] pv" into
// info (time in centiseconds, or seconds when the ply has a trailing mark as GNU Chess writes).
// Mates: score ±(100000 + N) means mate in N moves; scores near ±30000, ±32000 and ±32767 are
// read as "mate in plies" encodings. A trailing '?' / '!' on the pv marks an upper / lower
// bound. False (info unchanged) for other lines and for book lines whose pv starts with '('.
bool parse_thinking(std::string_view line, SearchInfo& info);

// The `edit` mode commands that set up pos on an engine without setboard (protocol 1's way):
// `edit`, `#`, the white pieces ("Pe4"), `c`, the black pieces, `.`. Edit mode cannot say whose
// move it is (the caller plays a2a3 first for Black), nor castling rights other than "king and
// rook on their first squares", nor en passant, nor Chess960; such positions are an error that
// says what edit cannot express.
core::Result<std::vector<std::string>> xboard_edit_commands(const chess::Position& pos);
// Milliseconds as the BASE of `level`: whole minutes "5", else "M:SS" ("0:30", "1:05"); rounded
// to the nearest second, at least one second for a positive clock.
std::string xboard_base(std::int64_t ms);

}  // namespace kibitz::match
