// The GTP session for Othello.
#include "nboard/gtp.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <new>
#include <optional>
#include <thread>

#include "core/files.h"
#include "core/memory.h"
#include "core/strings.h"
#include "core/timer.h"
#include "engine/time_manager.h"

namespace kibitz::nboard {

using othello::Board;
using othello::Color;
using othello::Move;

namespace {

// What the GUI's side of the pipe costs per move, in ms (as the UCI engine's default).
constexpr std::int64_t kOverheadMs = 30;

constexpr const char* kCommands[] = {
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "reg_genmove",
    "undo",
    "showboard",
    "final_score",
    "time_settings",
    "time_left",
    "kibitz-depth",
    "kibitz-movetime",
    "kibitz-solve_empties",
    "kibitz-eval",
    "kibitz-setup_board",
};

core::Result<Color> parse_color(std::string_view text) {
    const std::string c = core::to_lower(std::string(text));
    if (c == "b" || c == "black") return othello::kBlack;
    if (c == "w" || c == "white") return othello::kWhite;
    return core::error("syntax error: invalid color '" + std::string(text) + "' (black or white)");
}

// A vertex: a square A1-H8 in either case, or pass; nullopt for anything else.
std::optional<Move> parse_vertex(std::string_view text) {
    if (core::to_lower(std::string(text)) == "pass") return Move::pass();
    const int sq = othello::parse_square(text);
    if (sq < 0) return std::nullopt;
    return Move::at(sq);
}

std::string vertex_name(Move m) { return m.is_pass() ? "pass" : othello::move_name(m); }

// A whole number of at least lo, or nullopt.
std::optional<long long> number(std::string_view text, long long lo, long long hi) {
    const auto v = core::parse_int<long long>(text);
    if (!v || *v < lo || *v > hi) return std::nullopt;
    return v;
}

// GTP's preprocessing: control characters other than tab and newline go, tabs become spaces,
// and a '#' starts a comment to the end of the line.
std::string preprocess(std::string_view line) {
    std::string out;
    for (const char c : line) {
        if (c == '#') break;
        if (c == '\t')
            out += ' ';
        else if (static_cast<unsigned char>(c) >= 32 && c != 127)
            out += c;
    }
    return out;
}

}  // namespace

GtpSession::GtpSession(std::ostream& out, PlayOptions options, std::string version)
    : out_(out),
      options_(options),
      version_(std::move(version)),
      solver_(options.solve_empties > 0 ? engine::make_othello_solver(options.hash_mb) : nullptr),
      engine_(engine::OthelloEvaluator(options.eval)) {
    engine_.set_hash_mb(options.hash_mb);
}

namespace {

// A word of digits only: the id before a command.
bool is_id(std::string_view word) {
    return std::all_of(word.begin(), word.end(),
                       [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

}  // namespace

bool GtpSession::is_quit(std::string_view raw) {
    const std::string line = preprocess(raw);
    const auto words = core::split_words(line);
    const std::size_t at = !words.empty() && is_id(words[0]) ? 1 : 0;
    return at < words.size() && words[at] == "quit";
}

void GtpSession::serve(std::istream& in, std::chrono::milliseconds grace) {
    // The reader thread queues the lines; this thread answers them. busy: a line is being
    // answered; ended: no more lines will come (quit read, or the end of the input).
    std::mutex mutex;
    std::condition_variable changed;
    std::deque<std::optional<std::string>> lines;  // nullopt: a line over kMaxLineBytes
    bool ended = false, busy = false, done = false;
    const auto idle = [&] { return done || (!busy && lines.empty()); };
    std::thread reader([&] {
        std::string line;
        bool quit = false;
        for (core::CommandLine got;
             !quit && (got = core::read_command(in, line)) != core::CommandLine::kEnd;) {
            const bool too_long = got == core::CommandLine::kTooLong;
            quit = !too_long && is_quit(line);
            std::lock_guard lock(mutex);
            lines.push_back(too_long ? std::nullopt : std::optional(line));
            changed.notify_all();
        }
        std::unique_lock lock(mutex);
        ended = true;
        changed.notify_all();
        // The grace period for what is still queued or running; then every search stops.
        if (changed.wait_for(lock, grace, idle)) return;
        lock.unlock();
        interrupt();
    });
    for (;;) {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return !lines.empty() || ended; });
        if (lines.empty()) break;
        const std::optional<std::string> line = std::move(lines.front());
        lines.pop_front();
        busy = true;
        lock.unlock();
        if (!line)
            out_ << "? input line ignored: longer than " << core::size_text(core::kMaxLineBytes)
                 << "\n\n"
                 << std::flush;
        const bool go_on = !line || handle(*line);
        lock.lock();
        busy = false;
        changed.notify_all();
        if (!go_on) break;
    }
    {
        std::lock_guard lock(mutex);
        done = true;
        changed.notify_all();
    }
    reader.join();
    engine_.resume();  // handle() may still be called after serve(): searches as before
}

bool GtpSession::handle(std::string_view raw) {
    const std::string line = preprocess(raw);
    auto words = core::split_words(line);
    if (words.empty()) return true;
    // 1. An optional id, echoed in the response.
    std::string id;
    if (is_id(words[0])) {
        id = std::string(words[0]);
        words.erase(words.begin());
        if (words.empty()) {
            out_ << "?" << id << " syntax error: no command after the id\n\n" << std::flush;
            return true;
        }
    }
    // 2. The command and its reply.
    const std::string_view cmd = words[0];
    const std::vector<std::string_view> args(words.begin() + 1, words.end());
    const Reply reply = dispatch(cmd, args);
    if (reply)
        out_ << "=" << id << (reply->empty() ? "" : " " + *reply) << "\n\n" << std::flush;
    else
        out_ << "?" << id << " " << reply.error() << "\n\n" << std::flush;
    return cmd != "quit";
}

GtpSession::Reply GtpSession::dispatch(std::string_view cmd,
                                       const std::vector<std::string_view>& args) {
    const auto known = [](std::string_view name) {
        return std::find(std::begin(kCommands), std::end(kCommands), name) != std::end(kCommands);
    };
    if (cmd == "protocol_version") return std::string("2");
    if (cmd == "name") return std::string("Kibitz");
    if (cmd == "version") return version_;
    if (cmd == "quit") return std::string();
    if (cmd == "known_command") {
        if (args.size() != 1) return core::error("syntax error: known_command needs a command");
        return std::string(known(args[0]) ? "true" : "false");
    }
    if (cmd == "list_commands") {
        std::string list;
        for (const char* name : kCommands) list += (list.empty() ? "" : "\n") + std::string(name);
        return list;
    }
    if (cmd == "boardsize") {
        if (args.size() != 1) return core::error("syntax error: boardsize needs a size");
        if (!core::parse_int<int>(args[0]))
            return core::error("syntax error: size '" + std::string(args[0]) + "' is not a number");
        if (args[0] != "8")
            return core::error("unacceptable size: " + std::string(args[0]) +
                               " (Othello is played on 8x8 only)");
        new_game(Board::start());
        return std::string();
    }
    if (cmd == "clear_board") {
        new_game(Board::start());
        return std::string();
    }
    if (cmd == "komi") {
        const std::string value = args.empty() ? std::string() : std::string(args[0]);
        char* end = nullptr;
        std::strtod(value.c_str(), &end);
        if (args.size() != 1 || value.empty() || end != value.c_str() + value.size())
            return core::error("syntax error: komi needs a number");
        return std::string();  // Othello has no komi: accepted and ignored
    }
    if (cmd == "play") return cmd_play(args);
    if (cmd == "genmove") return cmd_genmove(args, true);
    if (cmd == "reg_genmove") return cmd_genmove(args, false);
    if (cmd == "undo") {
        if (history_.empty()) return core::error("cannot undo: no move to take back");
        board_ = history_.back();
        history_.pop_back();
        return std::string();
    }
    if (cmd == "showboard") return showboard();
    if (cmd == "final_score") {
        if (!board_.game_over()) return core::error("cannot score: the game is not over");
        int black = board_.final_score();
        if (board_.side_to_move() == othello::kWhite) black = -black;
        if (black == 0) return std::string("0");
        return (black > 0 ? "B+" : "W+") + std::to_string(std::abs(black));
    }
    if (cmd == "time_settings") return cmd_time_settings(args);
    if (cmd == "time_left") return cmd_time_left(args);
    if (cmd == "kibitz-depth") {
        const auto d = args.size() == 1 ? number(args[0], 0, 60) : std::nullopt;
        if (!d) return core::error("syntax error: kibitz-depth needs a depth 0-60 (0: none)");
        options_.depth = int(*d);
        return std::string();
    }
    if (cmd == "kibitz-movetime") {
        const auto ms = args.size() == 1 ? number(args[0], 0, 1LL << 40) : std::nullopt;
        if (!ms) return core::error("syntax error: kibitz-movetime needs milliseconds (0: none)");
        options_.movetime_ms = *ms;
        return std::string();
    }
    if (cmd == "kibitz-solve_empties") {
        const auto n = args.size() == 1 ? number(args[0], 0, 64) : std::nullopt;
        if (!n) return core::error("syntax error: kibitz-solve_empties needs a count 0-64");
        if (!solver_ && *n > 0) {
            // The solver's table (of the --hash size) is made now: refused when the memory
            // is not there, the solver staying off.
            const std::size_t available = core::available_memory_mb();
            if (options_.hash_mb > available)
                return core::error("cannot solve: the solver's table of " +
                                   std::to_string(options_.hash_mb) + " MB needs more than the " +
                                   std::to_string(available) + " MB of memory available");
            try {
                solver_ = engine::make_othello_solver(options_.hash_mb);
            } catch (const std::bad_alloc&) {
                return core::error("cannot solve: the solver's table of " +
                                   std::to_string(options_.hash_mb) + " MB could not be allocated");
            }
        }
        options_.solve_empties = int(*n);
        return std::string();
    }
    if (cmd == "kibitz-eval") {
        if (args.size() != 1) return core::error("syntax error: kibitz-eval needs a level");
        const auto level = eval::parse_othello_eval_level(args[0]);
        if (!level) return core::error("syntax error: " + level.error());
        options_.eval = *level;
        engine_.set_evaluator(engine::OthelloEvaluator(*level));
        return std::string();
    }
    if (cmd == "kibitz-setup_board") return cmd_setup_board(args);
    return core::error("unknown command: " + std::string(cmd));
}

void GtpSession::new_game(const Board& start) {
    board_ = start;
    history_.clear();
    engine_.clear();
    if (solver_) solver_->clear();
}

GtpSession::Reply GtpSession::cmd_setup_board(const std::vector<std::string_view>& args) {
    std::string text;
    for (const auto a : args) text += std::string(a) + " ";
    const auto board = Board::from_text(text);
    if (!board) return core::error("syntax error: " + board.error());
    new_game(*board);
    return std::string();
}

GtpSession::Reply GtpSession::cmd_play(const std::vector<std::string_view>& args) {
    // 1. The arguments.
    if (args.size() != 2) return core::error("syntax error: play needs a color and a vertex");
    const auto color = parse_color(args[0]);
    if (!color) return core::error(color.error());
    const auto vertex = parse_vertex(args[1]);
    if (!vertex)
        return core::error("syntax error: invalid vertex '" + std::string(args[1]) +
                           "' (A1-H8 or pass)");
    const Move move = *vertex;
    if (board_.game_over()) {
        if (move.is_pass()) return std::string();  // the end of the game, as in Go
        return core::error("illegal move: the game is over");
    }
    // 2. The other colour may move only when the side to move has to pass.
    Board after = board_;
    if (*color != after.side_to_move()) {
        if (!after.must_pass() || move.is_pass())
            return core::error("illegal move: it is " + color_name(after.side_to_move()) +
                               "'s turn, not " + color_name(*color) + "'s");
        after.make(Move::pass());
    }
    // 3. The move itself.
    if (move.is_pass()) {
        if (!after.must_pass())
            return core::error("illegal move: " + color_name(*color) +
                               " has a legal move and cannot pass");
    } else if (!(after.legal() & othello::square_bit(move.square()))) {
        if (after.must_pass())
            return core::error("illegal move: " + color_name(*color) +
                               " has no legal move and must pass");
        return core::error(
            "illegal move: " + color_name(*color) + " cannot play " + othello::move_name(move) +
            ((after.empties() & othello::square_bit(move.square())) ? ""
                                                                    : " (the square is taken)"));
    }
    after.make(move);
    history_.push_back(board_);
    board_ = after;
    return std::string();
}

GtpSession::Reply GtpSession::cmd_genmove(const std::vector<std::string_view>& args, bool play) {
    if (args.size() != 1) return core::error("syntax error: genmove needs a color");
    const auto color = parse_color(args[0]);
    if (!color) return core::error(color.error());
    if (board_.game_over()) return std::string("pass");
    // 1. A forced pass of the side to move first, when the other colour is asked to move.
    Board root = board_;
    if (*color != root.side_to_move()) {
        if (!root.must_pass())
            return core::error("illegal move: it is " + color_name(root.side_to_move()) +
                               "'s turn, not " + color_name(*color) + "'s");
        root.make(Move::pass());
    }
    // 2. The move: a pass needs no search.
    Move move = Move::pass();
    if (!root.must_pass()) {
        engine_.set_position(make_game(root, solver_, options_.solve_empties));
        core::Stopwatch clock;
        move = engine_.search_now(limits_for(root, *color));
        const std::int64_t used = clock.elapsed_ms();
        if (timed_) {
            // 3. Our own bookkeeping of the clock, for a controller that sends no time_left.
            left_ms_[*color] -= used;
            if (left_stones_[*color] > 0 && --left_stones_[*color] == 0) {
                left_ms_[*color] = byo_ms_;
                left_stones_[*color] = byo_stones_;
            } else if (left_stones_[*color] == 0 && left_ms_[*color] <= 0 && byo_stones_ > 0) {
                left_ms_[*color] = byo_ms_;
                left_stones_[*color] = byo_stones_;
            }
        }
        if (!move.is_square()) {
            // The search always finds a move here; should it not, any legal one will do.
            othello::MoveList list;
            root.generate(list);
            move = list[0];
        }
    }
    if (play) {
        root.make(move);
        history_.push_back(board_);
        board_ = root;
    }
    return vertex_name(move);
}

search::Limits GtpSession::limits_for(const Board& root, Color color) const {
    if (!timed_) {
        const std::int64_t movetime = options_.depth <= 0 && options_.movetime_ms <= 0
                                          ? kDefaultMoveTimeMs
                                          : options_.movetime_ms;
        return move_limits(root, options_.depth, movetime, options_.solve_empties);
    }
    // The clock: an even share of what is left over the moves still to play (about half the
    // empty squares), or over the stones of the byo-yomi period; a main time used up starts
    // the byo-yomi, and no time at all plays at once.
    std::int64_t left = left_ms_[color];
    int stones = left_stones_[color];
    if (left <= 0 && stones == 0 && byo_stones_ > 0) {
        left = byo_ms_;
        stones = byo_stones_;
    }
    engine::GoParams go;
    const int side = color == othello::kWhite ? 0 : 1;  // time_manager's index: 0 is White
    go.time[side] = std::max<std::int64_t>(1, left);
    go.movestogo = stones > 0 ? stones : std::max(1, (root.empty_count() + 1) / 2);
    const search::Limits timed = engine::plan_limits(go, side, kOverheadMs);
    search::Limits limits =
        move_limits(root, options_.depth, timed.hard_ms, options_.solve_empties);
    limits.soft_ms = timed.soft_ms;
    if (options_.movetime_ms > 0) {
        limits.soft_ms = std::min(limits.soft_ms, options_.movetime_ms);
        limits.hard_ms = std::min(limits.hard_ms, options_.movetime_ms);
    }
    return limits;
}

GtpSession::Reply GtpSession::cmd_time_settings(const std::vector<std::string_view>& args) {
    std::optional<long long> v[3];
    for (std::size_t i = 0; i < 3 && i < args.size(); ++i) v[i] = number(args[i], 0, 1LL << 30);
    if (args.size() != 3 || !v[0] || !v[1] || !v[2])
        return core::error(
            "syntax error: time_settings needs main_time byo_yomi_time byo_yomi_stones (whole "
            "seconds and stones)");
    main_ms_ = *v[0] * 1000;
    byo_ms_ = *v[1] * 1000;
    byo_stones_ = int(*v[2]);
    // Byo-yomi time without stones means no time limit; so does no time at all.
    timed_ = !(byo_ms_ > 0 && byo_stones_ == 0) && (main_ms_ > 0 || byo_ms_ > 0);
    for (int c = 0; c < 2; ++c) {
        left_ms_[c] = main_ms_ > 0 ? main_ms_ : byo_ms_;
        left_stones_[c] = main_ms_ > 0 ? 0 : byo_stones_;
    }
    return std::string();
}

GtpSession::Reply GtpSession::cmd_time_left(const std::vector<std::string_view>& args) {
    if (args.size() != 3)
        return core::error("syntax error: time_left needs a color, seconds and stones");
    const auto color = parse_color(args[0]);
    if (!color) return core::error(color.error());
    const auto seconds = number(args[1], 0, 1LL << 30);
    const auto stones = number(args[2], 0, 1LL << 30);
    if (!seconds || !stones)
        return core::error("syntax error: time_left needs whole seconds and stones");
    left_ms_[*color] = *seconds * 1000;
    left_stones_[*color] = int(*stones);
    timed_ = true;
    return std::string();
}

std::string GtpSession::showboard() const {
    std::string text;
    if (board_.game_over()) {
        text = "Game over";
    } else {
        text = "Next move: " +
               std::string(board_.side_to_move() == othello::kBlack ? "Black" : "White");
        if (board_.must_pass()) text += " (must pass)";
    }
    text += "\n    a b c d e f g h\n";
    const othello::Bitboard black = board_.discs(othello::kBlack);
    const othello::Bitboard white = board_.discs(othello::kWhite);
    for (int row = 0; row < 8; ++row) {
        text += "  " + std::to_string(row + 1);
        for (int col = 0; col < 8; ++col) {
            const othello::Bitboard bit = othello::square_bit(row * 8 + col);
            text += (black & bit) ? " X" : (white & bit) ? " O" : " .";
        }
        text += "\n";
    }
    text += "Black (X): " + std::to_string(board_.disc_count(othello::kBlack)) +
            "  White (O): " + std::to_string(board_.disc_count(othello::kWhite));
    return text;
}

}  // namespace kibitz::nboard
