// The NBoard protocol session, the GGF reader and what the two Othello protocols share.
#include "nboard/nboard.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "core/strings.h"
#include "core/timer.h"

namespace kibitz::nboard {

using othello::Board;
using othello::Color;
using othello::Move;

// ---- Shared ------------------------------------------------------------------------------

search::Limits move_limits(const Board& board, int depth, std::int64_t movetime_ms,
                           int solve_empties) {
    search::Limits limits;
    const bool solvable = solve_empties > 0 && board.empty_count() <= solve_empties;
    if (depth > 0 && !solvable) limits.depth = std::min(depth, search::kMaxPly - 1);
    if (movetime_ms > 0) limits.soft_ms = limits.hard_ms = movetime_ms;
    if (!solvable && depth <= 0 && movetime_ms <= 0) limits.depth = 1;
    return limits;
}

engine::OthelloGame make_game(const Board& board, const std::shared_ptr<othello::Solver>& solver,
                              int solve_empties) {
    engine::OthelloGame game(board);
    if (solver && solve_empties > 0) game.set_solver(solver, solve_empties);
    return game;
}

std::string format_eval(search::Score score) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", score / 100.0);
    return text;
}

namespace {

// NBoard's and GGF's name of a move: "F5", or "PA" for the pass.
std::string ggf_name(Move m) { return m.is_pass() ? "PA" : othello::move_name(m); }

bool is_pass_text(std::string_view text) {
    std::string lower(text);
    for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
    return lower == "pass" || lower == "pa" || lower == "ps" || lower == "--" || lower == "@@";
}

// text is empty or a whole decimal number.
bool is_number_or_empty(std::string_view text) {
    if (text.empty()) return true;
    const std::string s(text);
    char* end = nullptr;
    std::strtod(s.c_str(), &end);
    return end == s.c_str() + s.size();
}

}  // namespace

std::string format_pv(const std::vector<Move>& pv) {
    std::string text;
    for (const Move m : pv) {
        if (!text.empty()) text += '-';
        text += ggf_name(m);
    }
    return text;
}

// ---- GGF ---------------------------------------------------------------------------------

core::Status play_ggf_move(Board& board, std::vector<Move>& moves, const Color* color,
                           std::string_view text) {
    // 1. "move/eval/time": the eval and the time are optional numbers.
    const auto slash = text.find('/');
    const std::string_view move_text = core::trim(text.substr(0, slash));
    if (slash != std::string_view::npos) {
        const std::string_view rest = text.substr(slash + 1);
        const auto second = rest.find('/');
        const std::string_view eval = core::trim(rest.substr(0, second));
        const std::string_view time = second == std::string_view::npos
                                          ? std::string_view{}
                                          : core::trim(rest.substr(second + 1));
        if (!is_number_or_empty(eval))
            return core::error("eval '" + std::string(eval) + "' is not a number");
        if (!is_number_or_empty(time))
            return core::error("time '" + std::string(time) + "' is not a number");
    }
    if (move_text.empty()) return core::error("no move in '" + std::string(text) + "'");
    if (board.game_over())
        return core::error("move " + std::string(move_text) + ": the game is over");

    // 2. A move by the side that does not have the turn is fine only after a forced pass.
    Board after = board;
    std::vector<Move> made;
    const bool forced_pass =
        color ? *color != after.side_to_move() : !is_pass_text(move_text) && after.must_pass();
    if (forced_pass) {
        if (!after.must_pass())
            return core::error(color_name(*color) + " moved but it is " +
                               color_name(after.side_to_move()) + "'s turn");
        after.make(Move::pass());
        made.push_back(Move::pass());
    }
    const auto move = othello::parse_move(after, move_text);
    if (!move) return core::error(move.error());
    after.make(*move);
    made.push_back(*move);
    board = after;
    moves.insert(moves.end(), made.begin(), made.end());
    return core::Done{};
}

namespace {

// TY: 8 with an optional r (a random start, which BO then gives); no other board or variant.
bool supported_type(std::string_view type) {
    std::string rest;
    for (const char c : type)
        if (c != 'r' && c != ' ') rest += c;
    return rest == "8";
}

core::Result<Board> parse_bo(std::string_view value) {
    value = core::trim(value);
    const auto space = value.find_first_of(" \t");
    const std::string_view size = value.substr(0, space);
    if (size != "8")
        return core::error("BO[" + std::string(size) + " ...]: board size " + std::string(size) +
                           " is not supported (8x8 only)");
    if (space == std::string_view::npos) return core::error("BO[8]: no squares");
    auto board = Board::from_text(value.substr(space + 1));
    if (!board) return core::error("BO: " + board.error());
    return *board;
}

}  // namespace

core::Result<GgfGame> parse_ggf(std::string_view text) {
    text = core::trim(text);
    if (!core::starts_with(text, "(;"))
        return core::error("GGF: a game starts with '(;', not '" + std::string(text.substr(0, 12)) +
                           "'");
    GgfGame game;
    game.start = Board::start();
    Board board = game.start;
    int move_number = 0;
    std::size_t i = 2;
    const auto is_blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    for (;;) {
        // 1. Blanks and ';' separate the tags; ')' ends the game.
        while (i < text.size() && (is_blank(text[i]) || text[i] == ';')) ++i;
        if (i >= text.size()) return core::error("GGF: the game does not end with ';)'");
        if (text[i] == ')') {
            ++i;
            break;
        }
        // 2. A tag: NAME[value], '\' escaping the next character in the value.
        const std::size_t name_start = i;
        while (i < text.size() && std::isupper(static_cast<unsigned char>(text[i]))) ++i;
        const std::string name(text.substr(name_start, i - name_start));
        if (name.empty())
            return core::error("GGF: '" + std::string(1, text[i]) + "' at offset " +
                               std::to_string(i) +
                               " where a tag such as BO[...] or B[...] belongs");
        if (i >= text.size() || text[i] != '[')
            return core::error("GGF: tag " + name + " has no value in [...]");
        ++i;
        std::string value;
        while (i < text.size() && text[i] != ']') {
            if (text[i] == '\\' && i + 1 < text.size()) ++i;
            value += text[i++];
        }
        if (i >= text.size()) return core::error("GGF: the value of " + name + "[ has no ']'");
        ++i;
        // 3. The tags that matter here; the others (names, date, clock, result...) are skipped.
        if (name == "GM") {
            std::string lower = value;
            for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
            if (lower != "othello")
                return core::error("GGF: GM[" + value + "] is not an Othello game");
        } else if (name == "TY") {
            if (!supported_type(value))
                return core::error("GGF: TY[" + value +
                                   "] is not supported (8x8 Othello only: TY[8] or TY[8r])");
        } else if (name == "BO") {
            if (move_number > 0) return core::error("GGF: BO[...] after the first move");
            auto start = parse_bo(value);
            if (!start) return core::error("GGF: " + start.error());
            game.start = board = *start;
        } else if (name == "PB") {
            game.black = value;
        } else if (name == "PW") {
            game.white = value;
        } else if (name == "B" || name == "W") {
            ++move_number;
            const Color color = name == "B" ? othello::kBlack : othello::kWhite;
            const auto played = play_ggf_move(board, game.moves, &color, value);
            if (!played)
                return core::error("GGF: move " + std::to_string(move_number) + " " + name + "[" +
                                   value + "]: " + played.error());
        }
    }
    while (i < text.size() && is_blank(text[i])) ++i;
    if (i < text.size())
        return core::error("GGF: text after the end of the game: '" +
                           std::string(text.substr(i, 20)) + "'");
    game.end = board;
    return game;
}

std::string format_ggf(const Board& start, const std::vector<Move>& moves) {
    const std::string text = start.to_text();  // 64 squares of X, O, -; a blank; X or O
    std::string squares = text.substr(0, 64);
    for (char& c : squares)
        if (c == 'X') c = '*';
    std::string ggf = "(;GM[Othello]PC[Kibitz]PB[black]PW[white]RE[?]TI[0:00//0]TY[8]BO[8 " +
                      squares + (start.side_to_move() == othello::kBlack ? " *]" : " O]");
    Board b = start;
    for (const Move m : moves) {
        ggf += b.side_to_move() == othello::kBlack ? "B[" : "W[";
        ggf += m.is_pass() ? std::string("PA") : othello::square_name(m.square());
        ggf += "]";
        b.make(m);
    }
    return ggf + ";)";
}

// ---- The session -------------------------------------------------------------------------

Session::Session(std::ostream& out, PlayOptions options)
    : out_(out),
      options_(options),
      depth_(options.depth > 0 ? options.depth : kDefaultDepth),
      solver_(options.solve_empties > 0 ? engine::make_othello_solver(options.hash_mb) : nullptr),
      engine_(engine::OthelloEvaluator(options.eval)) {
    engine_.set_hash_mb(options.hash_mb);
    worker_ = std::thread([this] { run_queue(); });
}

Session::~Session() {
    {
        std::lock_guard lock(mutex_);
        interrupt(kEverything);
        closing_ = true;
    }
    changed_.notify_all();
    worker_.join();
}

void Session::send(const std::string& line) {
    std::lock_guard lock(out_mutex_);
    out_ << line << std::endl;
}

void Session::status_error(const std::string& what) { send("status error: " + what); }

void Session::interrupt(std::uint64_t up_to) {
    interrupt_before_ = std::max(interrupt_before_, up_to);
    if (busy_ && current_ < interrupt_before_ && !abort_) {
        abort_ = true;
        engine_.cancel();  // also a search the command is about to begin
    }
}

void Session::run_queue() {
    std::unique_lock lock(mutex_);
    for (;;) {
        changed_.wait(lock, [this] { return closing_ || !queue_.empty(); });
        if (queue_.empty()) return;  // closing, and every command is answered
        Queued next = std::move(queue_.front());
        queue_.pop_front();
        busy_ = true;
        current_ = next.number;
        if (next.number < interrupt_before_) {  // a later go, set game, quit or EOF came
            abort_ = true;
            engine_.cancel();
        }
        lock.unlock();
        execute(next.line);
        lock.lock();
        busy_ = false;
        if (abort_) {
            engine_.resume();
            abort_ = false;
        }
        changed_.notify_all();
    }
}

void Session::wait() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return !busy_ && queue_.empty(); });
}

void Session::end_of_input(std::chrono::milliseconds grace) {
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, grace, [this] { return !busy_ && queue_.empty(); });
    interrupt(kEverything);
    changed_.wait(lock, [this] { return !busy_ && queue_.empty(); });
}

engine::OthelloGame Session::game_at(const Board& board) const {
    return make_game(board, solver_, options_.solve_empties);
}

search::Limits Session::limits_at(const Board& board) const {
    return move_limits(board, depth_, options_.movetime_ms, options_.solve_empties);
}

namespace {

// The command word of a line and the rest, trimmed.
std::pair<std::string_view, std::string_view> split_command(std::string_view line) {
    const auto space = line.find_first_of(" \t");
    const std::string_view cmd = line.substr(0, space);
    const std::string_view args =
        space == std::string_view::npos ? std::string_view{} : core::trim(line.substr(space));
    return {cmd, args};
}

}  // namespace

bool Session::handle(std::string_view line) {
    line = core::trim(line);
    if (line.empty()) return true;
    const auto [cmd, args] = split_command(line);
    std::unique_lock lock(mutex_);
    const std::uint64_t number = ++received_;
    if (cmd == "quit") {
        // The commands before it are still answered, their searches stopped at once.
        interrupt(kEverything);
        changed_.wait(lock, [this] { return !busy_ && queue_.empty(); });
        return false;
    }
    // A new game or a new search makes the searches before it moot: they end now (a go
    // still sends its move). Every other command waits for the search before it.
    if (cmd == "go" || (cmd == "set" && split_command(args).first == "game")) interrupt(number);
    const bool search = cmd == "go" || cmd == "hint" || cmd == "analyze";
    if (!search && !busy_ && queue_.empty()) {
        lock.unlock();
        execute(line);  // nothing before it: answered before handle() returns
        return true;
    }
    queue_.push_back({std::string(line), number});
    changed_.notify_all();
    return true;
}

void Session::execute(std::string_view line) {
    const auto [cmd, args] = split_command(line);
    if (cmd == "ping") {
        send("pong" + (args.empty() ? std::string() : " " + std::string(args)));
    } else if (cmd == "nboard") {
        if (!core::parse_int<int>(args))
            status_error("nboard: version '" + std::string(args) + "' is not a number");
        send("set myname Kibitz");
    } else if (cmd == "set") {
        cmd_set(args);
    } else if (cmd == "move") {
        cmd_move(args);
    } else if (cmd == "go") {
        cmd_go();
    } else if (cmd == "hint") {
        cmd_hint(args);
    } else if (cmd == "analyze") {
        cmd_analyze();
    } else if (cmd == "learn") {
        send("learned");  // there is no book to add the game to
    } else if (args.empty() && cmd.size() == 2 &&
               (othello::parse_square(cmd) >= 0 || is_pass_text(cmd))) {
        cmd_move(cmd);  // NBoard 1.1 sent the bare move
    } else {
        send("status unknown command '" + std::string(cmd) + "' ignored");
    }
}

void Session::cmd_set(std::string_view args) {
    const auto space = args.find_first_of(" \t");
    const std::string_view what = args.substr(0, space);
    const std::string_view value =
        space == std::string_view::npos ? std::string_view{} : core::trim(args.substr(space));
    if (what == "depth") {
        const auto depth = core::parse_int<int>(value);
        if (!depth || *depth < 1 || *depth > 60)
            return status_error("set depth: '" + std::string(value) + "' is not a depth 1-60");
        depth_ = *depth;
    } else if (what == "game") {
        auto game = parse_ggf(value);
        if (!game) return status_error("set game: " + game.error());
        start_ = game->start;
        moves_ = game->moves;
        board_ = game->end;
    } else if (what == "contempt") {
        const auto contempt = core::parse_int<int>(value);
        if (!contempt)
            return status_error("set contempt: '" + std::string(value) + "' is not a number");
        contempt_ = *contempt;
    } else {
        send("status unknown setting '" + std::string(what) + "' ignored");
    }
}

void Session::cmd_move(std::string_view text) {
    const auto played = play_ggf_move(board_, moves_, nullptr, text);
    if (!played) status_error("move " + std::string(text) + ": " + played.error());
}

namespace {

// A "search" line of one iteration: PV, eval, 0 (not from a book), depth ("100%" once the
// search reached the end of the game, as the exact solver does).
std::string search_line(const Board& root, const search::Iteration<Move>& it) {
    const std::string depth =
        it.depth > root.empty_count() ? std::string("100%") : std::to_string(it.depth);
    return "search " + format_pv(it.pv) + " " + format_eval(it.score) + " 0 " + depth;
}

std::string seconds(std::int64_t ms) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", ms / 1000.0);
    return text;
}

}  // namespace

void Session::cmd_go() {
    if (board_.game_over()) return status_error("go: the game is over");
    if (board_.must_pass()) return send("=== PA");
    const Board root = board_;
    const search::Limits limits = limits_at(root);
    {
        send("status Kibitz is thinking");
        core::Stopwatch clock;
        search::Score score = 0;
        engine_.set_multipv(1);
        engine_.set_position(game_at(root));
        engine_.on_info = [&](const search::Iteration<Move>& it) {
            if (it.bound != search::kBoundExact || it.multipv != 1) return;
            score = it.score;
            send(search_line(root, it));
        };
        const Move best = engine_.search_now(limits);
        engine_.on_info = nullptr;
        const std::int64_t ms = clock.elapsed_ms();
        send("nodestats " + std::to_string(engine_.nodes()) + " " + seconds(ms));
        send("=== " + ggf_name(best) + "/" + format_eval(score) + "/" + seconds(ms));
        send("status Kibitz is waiting");
    }
}

void Session::cmd_hint(std::string_view args) {
    int lines = 1;
    if (!args.empty()) {
        const auto n = core::parse_int<int>(args);
        if (!n || *n < 1) return status_error("hint: '" + std::string(args) + "' is not a count");
        lines = std::min(*n, 64);
    }
    if (board_.game_over()) return status_error("hint: the game is over");
    const Board root = board_;
    const search::Limits limits = limits_at(root);
    {
        send("status Kibitz is thinking");
        engine_.set_multipv(lines);
        engine_.set_position(game_at(root));
        engine_.on_info = [&](const search::Iteration<Move>& it) {
            if (it.bound == search::kBoundExact) send(search_line(root, it));
        };
        engine_.search_now(limits);
        engine_.on_info = nullptr;
        engine_.set_multipv(1);
        send("status Kibitz is waiting");
    }
}

void Session::cmd_analyze() {
    // Every position of the game, the last first: "analysis <moves before it> <eval>".
    std::vector<Board> positions{start_};
    for (const Move m : moves_) {
        positions.push_back(positions.back());
        positions.back().make(m);
    }
    {
        send("status Kibitz is analyzing");
        engine_.set_multipv(1);
        for (std::size_t k = positions.size(); k-- > 0;) {
            if (abort_) break;
            const Board& b = positions[k];
            search::Score score = 100 * b.final_score();
            if (!b.game_over()) {
                engine_.set_position(game_at(b));
                engine_.on_info = [&](const search::Iteration<Move>& it) {
                    if (it.bound == search::kBoundExact && it.multipv == 1) score = it.score;
                };
                engine_.search_now(limits_at(b));
                engine_.on_info = nullptr;
            }
            if (abort_) break;
            send("analysis " + std::to_string(k) + " " + format_eval(score));
        }
        send("status Kibitz is waiting");
    }
}

}  // namespace kibitz::nboard
