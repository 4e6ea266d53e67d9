#include "match/othello_match.h"

#include <time.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <optional>
#include <utility>

#include "core/rng.h"
#include "core/timer.h"
#include "engine/othello_engine.h"
#include "engine/othello_levels.h"
#include "match/process.h"
#include "nboard/nboard.h"

namespace kibitz::match {

using othello::Board;
using othello::Move;

namespace {

// The CPU time of this process so far, in ms.
std::int64_t process_cpu_ms() {
    timespec t{};
    if (::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) != 0) return 0;
    return std::int64_t(t.tv_sec) * 1000 + t.tv_nsec / 1000000;
}

// A Kibitz configuration searched in this process.
class KibitzOthelloPlayer : public OthelloPlayer {
public:
    std::string name() const override { return name_; }
    core::Status new_game(const std::vector<Move>&) override {
        engine_.clear();
        return core::Done{};
    }
    core::Status played(const Board&, Move) override { return core::Done{}; }
    std::int64_t cpu_ms() const override { return cpu_ms_; }
    core::Result<Move> choose(const Board& board) override {
        const std::int64_t cpu_before = process_cpu_ms();
        const auto move = search(board);
        cpu_ms_ += process_cpu_ms() - cpu_before;
        return move;
    }
    core::Result<Move> search(const Board& board) {
        engine::OthelloGame g = engine::make_othello_game(board, solve_, 16);
        g.set_probcut(probcut_);
        g.set_probcut_check(probcut_check_);
        g.set_probcut_pre(probcut_pre_);
        g.set_probcut_models(probcut_models_);
        engine_.set_position(g);
        search::Limits limits;
        if (depth_) limits.depth = depth_;
        if (movetime_) {
            limits.soft_ms = movetime_ / 2;
            limits.hard_ms = movetime_;
        }
        const Move m = engine_.search_now(limits);
        if (!board.is_legal(m)) return core::error(name_ + " chose no legal move");
        return m;
    }

    std::string name_ = "kibitz";
    int depth_ = 6, solve_ = engine::kDefaultSolveEmpties;
    std::int64_t movetime_ = 0;
    double probcut_ = engine::kProbCutThreshold;  // on, like the engine's default
    int probcut_check_ = engine::kProbCutCheck;
    double probcut_pre_ = 0;  // ProbCut's checks only near their bound (OthelloGame)
    std::shared_ptr<const engine::ProbCutModels> probcut_models_;  // null: the built-in ones
    engine::OthelloEngine engine_;
    std::int64_t cpu_ms_ = 0;  // of this player's searches (the process is idle otherwise)
};

// An external engine over GTP: vertices like "f5" (column a-h, row 1-8 from the top), "pass".
class GtpOthelloPlayer : public OthelloPlayer {
public:
    explicit GtpOthelloPlayer(std::string command) : command_(std::move(command)) {}
    std::string name() const override { return command_; }
    std::int64_t cpu_ms() const override { return process_.group_cpu_ms(); }
    core::Status start() {
        if (auto s = process_.start(command_); !s) return s;
        for (const char* c : {"boardsize 8", "clear_board"})
            if (auto r = ask(c); !r) return core::error(r.error());
        return core::Done{};
    }
    core::Status new_game(const std::vector<Move>& moves) override {
        if (!process_.running())
            if (auto s = start(); !s) return s;
        if (auto r = ask("clear_board"); !r) return core::error(r.error());
        Board b = Board::start();
        for (const Move m : moves) {
            if (auto s = played(b, m); !s) return s;
            b.make(m);
        }
        return core::Done{};
    }
    core::Status played(const Board& before, Move m) override {
        bool refused = false;
        const auto r = ask("play " + colour(before) + " " + vertex(m), &refused);
        // Some engines (gtp-rhino) refuse "play <colour> pass" and pass for the opponent by
        // themselves: their next genmove is for the side that can move.
        if (!r && !(refused && m.is_pass())) return core::error(r.error());
        return core::Done{};
    }
    core::Result<Move> choose(const Board& board) override {
        const auto r = ask("genmove " + colour(board));
        if (!r) return core::error(r.error());
        std::string text = *r;
        auto m = othello::parse_move(board, text);
        if (!m) return core::error(command_ + " played '" + text + "': " + m.error());
        return *m;
    }

private:
    static std::string colour(const Board& b) {
        return b.side_to_move() == othello::kBlack ? "black" : "white";
    }
    static std::string vertex(Move m) {
        if (m.is_pass()) return "pass";
        std::string v = othello::square_name(m.square());
        v[0] = char(std::tolower(static_cast<unsigned char>(v[0])));
        return v;
    }
    // Sends a command and returns the text of its "= ..." answer.
    // Sets *refused when the engine answered with an error ("? ...").
    core::Result<std::string> ask(const std::string& command, bool* refused = nullptr) {
        if (auto s = process_.write_line(command); !s)
            return core::error(command_ + ": " + s.error());
        std::string answer;
        bool started = false;
        for (;;) {
            auto line = process_.read_line(std::chrono::seconds(kAnswerSeconds));
            if (!line)
                return core::error(command_ + ": no answer to '" + command +
                                   (process_.eof()
                                        ? "' (it exited)"
                                        : "' within " + std::to_string(kAnswerSeconds) + " s"));
            if (!started && line->empty()) continue;
            if (!started) {
                if ((*line)[0] == '?') {
                    if (refused) *refused = true;
                    return core::error(command_ + " refused '" + command + "': " + *line);
                }
                if ((*line)[0] != '=') continue;  // not an answer (some engines print diagnostics)
                started = true;
                answer = line->substr(1);
                continue;
            }
            if (line->empty()) break;  // a GTP answer ends with an empty line
            answer += "\n" + *line;
        }
        const auto first = answer.find_first_not_of(" \t0123456789");  // the id, if any
        answer = first == std::string::npos ? "" : answer.substr(first);
        while (!answer.empty() && std::isspace(static_cast<unsigned char>(answer.back())))
            answer.pop_back();
        return answer;
    }

    // An engine's longest think before it counts as hung: gtp-rhino's level 5 solves 20+
    // empties exactly and can take minutes on a busy machine.
    static constexpr int kAnswerSeconds = 600;
    std::string command_;
    Process process_;
};

// An external engine over NBoard (ntest): the whole game is sent with "set game" before each
// "go", so that the engine needs no move relayed; "=== F5/1.50/0.3" is its answer.
class NBoardOthelloPlayer : public OthelloPlayer {
public:
    NBoardOthelloPlayer(std::string command, int depth, std::string name)
        : command_(std::move(command)), depth_(depth), name_(std::move(name)) {}
    // The name given, else the name the engine sends ("set myname ntest") and the depth.
    std::string name() const override {
        if (!name_.empty()) return name_;
        return (myname_.empty() ? command_ : myname_) + " depth " + std::to_string(depth_);
    }
    std::int64_t cpu_ms() const override { return process_.group_cpu_ms(); }
    core::Status start() {
        if (auto s = process_.start(command_); !s) return s;
        for (const std::string& c :
             {std::string("nboard 2"), "set depth " + std::to_string(depth_)})
            if (auto s = send(c); !s) return s;
        return sync();
    }
    core::Status new_game(const std::vector<Move>& moves) override {
        if (!process_.running())
            if (auto s = start(); !s) return s;
        moves_ = moves;
        return core::Done{};
    }
    core::Status played(const Board&, Move m) override {
        moves_.push_back(m);
        return core::Done{};
    }
    core::Result<Move> choose(const Board& board) override {
        if (auto s = send("set game " + nboard::format_ggf(Board::start(), moves_)); !s)
            return core::error(s.error());
        if (auto s = send("go"); !s) return core::error(s.error());
        auto answer = read_until("=== ", "go");
        if (!answer) return core::error(answer.error());
        // "=== F5/1.50/0.3": the move, then the eval and time, which may be empty.
        std::string text = answer->substr(4);
        text = text.substr(0, text.find('/'));
        while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
            text.pop_back();
        auto m = othello::parse_move(board, text);
        if (!m) return core::error(name() + " played '" + text + "': " + m.error());
        moves_.push_back(*m);  // the match tells a player only the other side's moves
        return *m;
    }

private:
    core::Status send(const std::string& line) {
        if (auto s = process_.write_line(line); !s) return core::error(command_ + ": " + s.error());
        return core::Done{};
    }
    // "ping N" and its "pong N": every command before it is taken (and "set myname" read).
    core::Status sync() {
        const std::string n = std::to_string(++pings_);
        if (auto s = send("ping " + n); !s) return s;
        auto pong = read_until("pong " + n, "ping " + n);
        if (!pong) return core::error(pong.error());
        return core::Done{};
    }
    // Reads lines until one starts with prefix; other lines (status, search, nodestats) pass.
    core::Result<std::string> read_until(const std::string& prefix, const std::string& asked) {
        for (;;) {
            auto line = process_.read_line(std::chrono::seconds(kAnswerSeconds));
            if (!line)
                return core::error(command_ + ": no answer to '" + asked +
                                   (process_.eof()
                                        ? "' (it exited" + process_.exit_note() + ")"
                                        : "' within " + std::to_string(kAnswerSeconds) + " s"));
            if (line->rfind("status error", 0) == 0 || line->rfind("Error", 0) == 0)
                return core::error(command_ + " refused '" + asked + "': " + *line);
            if (line->rfind("set myname ", 0) == 0) myname_ = line->substr(11);
            if (line->rfind(prefix, 0) == 0) return *line;
        }
    }

    static constexpr int kAnswerSeconds = 600;
    std::string command_;
    int depth_;
    std::string name_, myname_;
    std::vector<Move> moves_;  // the game so far from the start, passes included
    int pings_ = 0;
    Process process_;
};

// The comma-separated items of a player's options ("depth=8,eval=patterns"); a trailing comma
// adds no item.
std::vector<std::string> player_option_items(const std::string& options) {
    std::vector<std::string> items;
    for (std::size_t pos = 0; pos < options.size();) {
        const std::size_t end = std::min(options.find(',', pos), options.size());
        items.push_back(options.substr(pos, end - pos));
        pos = end + 1;
    }
    return items;
}

// value as a whole number in lo..hi, or nothing.
std::optional<long> player_option_number(const std::string& value, long lo, long hi) {
    char* tail = nullptr;
    const long v = std::strtol(value.c_str(), &tail, 10);
    if (value.empty() || *tail || v < lo || v > hi) return std::nullopt;
    return v;
}

// value as a number of standard deviations in 0..10, or nothing.
std::optional<double> player_option_deviations(const std::string& value) {
    char* tail = nullptr;
    const double v = std::strtod(value.c_str(), &tail);
    if (value.empty() || *tail || !(v >= 0 && v <= 10)) return std::nullopt;
    return v;
}

core::Result<std::unique_ptr<OthelloPlayer>> make_kibitz(const std::string& options) {
    auto p = std::make_unique<KibitzOthelloPlayer>();
    std::string name = "kibitz";
    bool depth_given = false;
    engine::OthelloEvaluator evaluator;
    std::optional<eval::PatternWeights> patterns;  // a fit to try instead of the built-in one
    for (const std::string& item : player_option_items(options)) {
        const std::size_t eq = item.find('=');
        if (eq == std::string::npos)
            return core::error("player option '" + item + "' is not key=value");
        const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
        auto number = [&](long lo, long hi) -> core::Result<long> {
            const auto v = player_option_number(value, lo, hi);
            if (!v)
                return core::error("player option " + key + "=" + value + ": not a number in " +
                                   std::to_string(lo) + ".." + std::to_string(hi));
            return *v;
        };
        if (key == "check") {  // ProbCut's shallow search: depth / 2 or depth / 3
            const auto v = number(2, 3);
            if (!v) return core::error(v.error());
            p->probcut_check_ = int(*v);
        } else if (key == "depth" || key == "solve" || key == "movetime" || key == "hash") {
            const auto v = number(0, key == "movetime" ? 3600000 : key == "hash" ? 4096 : 60);
            if (!v) return core::error(v.error());
            if (key == "depth") p->depth_ = int(*v), depth_given = true;
            if (key == "solve") p->solve_ = int(*v);
            if (key == "movetime") p->movetime_ = *v;
            if (key == "hash") p->engine_.set_hash_mb(std::size_t(std::max(1L, *v)));
        } else if (key == "level") {  // the web app's level: its depth, time, eval, solve
            const auto v = number(1, engine::kOthelloLevels);
            if (!v) return core::error(v.error());
            const engine::OthelloLevel& l = engine::othello_level(int(*v));
            p->depth_ = l.depth;
            depth_given = true;
            p->movetime_ = l.ms;
            p->solve_ = l.solve_empties;
            evaluator = engine::OthelloEvaluator(l.eval);
        } else if (key == "eval") {
            const auto level = eval::parse_othello_eval_level(value);
            if (!level) return core::error(level.error());
            evaluator = engine::OthelloEvaluator(*level);
        } else if (key == "patterns") {
            auto w = eval::read_pattern_weights(value);
            if (!w) return core::error("player option patterns: " + w.error());
            patterns = std::move(*w);
        } else if (key == "models") {
            auto t = engine::read_probcut_table(value);
            if (!t) return core::error("player option models: " + t.error());
            p->probcut_models_ = std::move(*t);
        } else if (key == "probcut") {
            const auto t = player_option_deviations(value);
            if (value == "on" || value == "off")
                p->probcut_ = value == "on" ? engine::kProbCutThreshold : 0;
            else if (t)
                p->probcut_ = *t;
            else
                return core::error("player option probcut=" + value +
                                   ": on, off or a threshold in deviations (0-10)");
        } else if (key == "pre") {  // ProbCut's checks only within pre deviations of a bound
            const auto t = player_option_deviations(value);
            if (!t)
                return core::error("player option pre=" + value +
                                   ": deviations from a bound (0-10; 0: always both checks)");
            p->probcut_pre_ = *t;
        } else if (key == "name") {
            name = value;
        } else {
            return core::error("player option '" + key +
                               "' is not one of level, depth, movetime, eval, patterns, "
                               "probcut, check, pre, models, solve, hash, name");
        }
        if (key != "name") name += (name == "kibitz" ? ":" : ",") + item;
    }
    if (patterns) evaluator.set_pattern_weights(*patterns);
    p->engine_.set_evaluator(std::move(evaluator));
    // A time per move alone searches as deep as the time allows, not to the default depth.
    if (p->movetime_ && !depth_given) p->depth_ = 0;
    if (!p->depth_ && !p->movetime_) return core::error("player needs depth or movetime");
    p->name_ = name;
    return std::unique_ptr<OthelloPlayer>(std::move(p));
}

// "COMMAND" or "depth=N,name=NAME:COMMAND" after "nboard:".
core::Result<std::unique_ptr<OthelloPlayer>> make_nboard(const std::string& rest) {
    int depth = 6;
    std::string name, command = rest;
    const std::size_t colon = rest.find(':');
    const std::string head = rest.substr(0, colon);
    if (colon != std::string::npos && head.find('=') != std::string::npos &&
        head.find_first_of(" /") == std::string::npos) {
        command = rest.substr(colon + 1);
        for (const std::string& item : player_option_items(head)) {
            const std::size_t eq = item.find('=');
            const std::string key = item.substr(0, eq);
            const std::string value = eq == std::string::npos ? "" : item.substr(eq + 1);
            if (key == "depth") {
                const auto v = player_option_number(value, 1, 60);
                if (!v)
                    return core::error("nboard player option depth=" + value +
                                       ": not a depth 1-60");
                depth = int(*v);
            } else if (key == "name" && !value.empty()) {
                name = value;
            } else {
                return core::error("nboard player option '" + item +
                                   "' is not depth=N or name=NAME");
            }
        }
    }
    if (command.empty()) return core::error("player 'nboard:' needs a command");
    auto p = std::make_unique<NBoardOthelloPlayer>(command, depth, name);
    if (auto s = p->start(); !s) return core::error(s.error());
    return std::unique_ptr<OthelloPlayer>(std::move(p));
}

// Random opening moves from the start (no pass, the game not over).
std::vector<Move> random_opening(core::SplitMix64& rng, int plies) {
    std::vector<Move> moves;
    Board b = Board::start();
    for (int i = 0; i < plies; ++i) {
        othello::MoveList list;
        b.generate(list);
        if (list.empty() || list[0].is_pass()) break;
        const Move m = list[rng.below(list.size())];
        moves.push_back(m);
        b.make(m);
    }
    return moves;
}

// One side's thinking: wall-clock and CPU ms over its moves.
struct Thinking {
    std::int64_t ms = 0, cpu_ms = 0;
    int moves = 0;
    // "0.125 s (CPU 0.120 s)" a move.
    std::string text() const {
        char out[64];
        const double n = moves ? moves : 1;
        std::snprintf(out, sizeof out, "%.3f s (CPU %.3f s)", double(ms) / 1000.0 / n,
                      double(cpu_ms) / 1000.0 / n);
        return out;
    }
};

// One game; the record's score is the first player's.
OthelloGameRecord play_game(OthelloPlayer& black, OthelloPlayer& white, bool first_black,
                            const std::vector<Move>& opening) {
    OthelloGameRecord rec;
    rec.moves = opening;
    rec.opening_plies = int(opening.size());
    rec.first_black = first_black;
    for (OthelloPlayer* p : {&black, &white})
        if (auto s = p->new_game(opening); !s) {
            rec.error = s.error();
            rec.score_first = (p == &black) == first_black ? -64 : 64;
            return rec;
        }
    Board b = Board::start();
    for (const Move m : opening) b.make(m);
    while (!b.game_over()) {
        OthelloPlayer& mover = b.side_to_move() == othello::kBlack ? black : white;
        OthelloPlayer& other = &mover == &black ? white : black;
        const core::Stopwatch clock;
        const std::int64_t cpu_before = mover.cpu_ms();
        const core::Result<Move> m = mover.choose(b);
        const bool first_moved = (&mover == &black) == first_black;
        (first_moved ? rec.ms_first : rec.ms_second) += clock.elapsed_ms();
        (first_moved ? rec.cpu_ms_first : rec.cpu_ms_second) += mover.cpu_ms() - cpu_before;
        ++(first_moved ? rec.moves_first : rec.moves_second);
        if (!m) {
            rec.error = m.error();
            rec.score_first = first_moved ? -64 : 64;
            return rec;
        }
        if (auto s = other.played(b, *m); !s) {
            rec.error = s.error();
            const bool first_failed = (&other == &black) == first_black;
            rec.score_first = first_failed ? -64 : 64;
            return rec;
        }
        rec.moves.push_back(*m);
        b.make(*m);
    }
    const int black_score =
        b.side_to_move() == othello::kBlack ? b.final_score() : -b.final_score();
    rec.score_first = first_black ? black_score : -black_score;
    return rec;
}

}  // namespace

core::Result<std::unique_ptr<OthelloPlayer>> make_othello_player(const std::string& spec) {
    if (spec.rfind("gtp:", 0) == 0) {
        if (spec.size() == 4) return core::error("player 'gtp:' needs a command");
        auto p = std::make_unique<GtpOthelloPlayer>(spec.substr(4));
        if (auto s = p->start(); !s) return core::error(s.error());
        return std::unique_ptr<OthelloPlayer>(std::move(p));
    }
    if (spec.rfind("nboard:", 0) == 0) return make_nboard(spec.substr(7));
    if (spec == "kibitz") return make_kibitz("");
    if (spec.rfind("kibitz:", 0) == 0) return make_kibitz(spec.substr(7));
    return core::error("player '" + spec +
                       "' is not kibitz[:options], gtp:COMMAND or nboard[:options]:COMMAND");
}

std::string othello_moves_text(const std::vector<Move>& moves) {
    std::string s;
    for (const Move m : moves) {
        std::string name = m.is_pass() ? "PA" : othello::square_name(m.square());
        name[0] = char(std::tolower(static_cast<unsigned char>(name[0])));
        s += m.is_pass() ? "PA" : name;
    }
    return s;
}

OthelloMatchResult play_othello_match(OthelloPlayer& first, OthelloPlayer& second,
                                      const OthelloMatchOptions& options, std::ostream& log,
                                      const std::atomic<bool>* stop) {
    OthelloMatchResult result;
    core::SplitMix64 rng(options.seed);
    const int pairs_done = int(options.done.size() / 2);
    if (pairs_done > 0)
        log << "Resuming: " << 2 * pairs_done << " games read from the state file" << std::endl;
    // Counts a game into the tally and the times and logs it; returns its points for the pair.
    auto count = [&](OthelloGameRecord rec) {
        const bool first_black = rec.first_black != 0;
        const int s = rec.score_first;
        Tally& t = result.tally;
        if (s > 0) ++t.wins;
        if (s < 0) ++t.losses;
        if (s == 0) ++t.draws;
        const Thinking firsts{rec.ms_first, rec.cpu_ms_first, rec.moves_first};
        const Thinking seconds{rec.ms_second, rec.cpu_ms_second, rec.moves_second};
        const Thinking& black = first_black ? firsts : seconds;
        const Thinking& white = first_black ? seconds : firsts;
        log << "game " << result.games.size() + 1 << ": "
            << (first_black ? first.name() : second.name()) << " (black) - "
            << (first_black ? second.name() : first.name())
            << " (white): " << (first_black ? s : -s) << " for black"
            << (rec.error.empty() ? "" : " [" + rec.error + "]") << "; thinking " << black.text()
            << " / " << white.text() << " a move  " << othello_moves_text(rec.moves) << std::endl;
        result.ms_first += rec.ms_first, result.moves_first += rec.moves_first;
        result.ms_second += rec.ms_second, result.moves_second += rec.moves_second;
        result.cpu_ms_first += rec.cpu_ms_first, result.cpu_ms_second += rec.cpu_ms_second;
        result.games.push_back(std::move(rec));
        return s > 0 ? 2 : s == 0 ? 1 : 0;
    };
    for (int pair = 0; pair < std::max(options.pairs, pairs_done); ++pair) {
        if (pair >= pairs_done && stop && stop->load()) break;
        // The opening is drawn for a pair read from the state file too, so that the next pair
        // gets the opening it would have had.
        const auto opening = options.openings.empty()
                                 ? random_opening(rng, options.opening_plies)
                                 : options.openings[std::size_t(pair) % options.openings.size()];
        int pair_points = 0;
        for (int leg = 0; leg < 2; ++leg) {
            if (pair < pairs_done) {
                OthelloGameRecord rec = options.done[std::size_t(2 * pair + leg)];
                rec.opening_plies = int(opening.size());
                pair_points += count(std::move(rec));
                continue;
            }
            const bool first_black = leg == 0;
            OthelloGameRecord rec = first_black ? play_game(first, second, true, opening)
                                                : play_game(second, first, false, opening);
            pair_points += count(std::move(rec));
        }
        ++result.tally.pairs[std::size_t(pair_points)];
        if (pair >= pairs_done && options.on_pair) {
            if (auto saved = options.on_pair(result.games); !saved) {
                log << "error: " << saved.error() << std::endl;
                break;
            }
        }
        if (options.sprt &&
            sprt(result.tally, *options.sprt).verdict != SprtState::Verdict::kContinue)
            break;
    }
    log << result_block(first.name(), second.name(), result.tally, options.sprt);
    log << "Thinking time a move (wall, CPU): " << first.name() << " "
        << Thinking{result.ms_first, result.cpu_ms_first, result.moves_first}.text() << ", "
        << second.name() << " "
        << Thinking{result.ms_second, result.cpu_ms_second, result.moves_second}.text() << "\n";
    return result;
}

core::Result<std::vector<Move>> parse_othello_moves(std::string_view squares) {
    if (squares.size() % 2 != 0)
        return core::error("'" + std::string(squares) + "' is not a list of moves like f5d6c3");
    Board b = Board::start();
    std::vector<Move> moves;
    for (std::size_t i = 0; i < squares.size(); i += 2) {
        const std::string text(squares.substr(i, 2));
        auto m = othello::parse_move(b, text);
        if (!m)
            return core::error("move " + std::to_string(i / 2 + 1) + " '" + text +
                               "': " + m.error());
        moves.push_back(*m);
        b.make(*m);
    }
    return moves;
}

core::Result<std::vector<std::vector<Move>>> read_othello_openings(const std::string& path) {
    std::ifstream in(path);
    if (!in) return core::error("openings file '" + path + "' cannot be read");
    std::vector<std::vector<Move>> openings;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        std::string squares;  // the moves without blanks
        for (const char c : line)
            if (!std::isspace(static_cast<unsigned char>(c))) squares += c;
        if (squares.empty() || squares[0] == '#') continue;
        const std::string where = path + ":" + std::to_string(number);
        auto moves = parse_othello_moves(squares);
        if (!moves) return core::error(where + ": " + moves.error());
        Board b = Board::start();
        for (const Move m : *moves) b.make(m);
        if (b.game_over()) return core::error(where + ": the game is over after these moves");
        openings.push_back(std::move(*moves));
    }
    if (openings.empty()) return core::error("openings file '" + path + "' has no openings");
    return openings;
}

}  // namespace kibitz::match
