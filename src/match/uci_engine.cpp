// The UCI client: every wait is bounded, every failure becomes an error naming the engine.
#include "match/uci_engine.h"

#include <algorithm>
#include <cctype>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "core/strings.h"
#include "core/timer.h"

namespace kibitz::match {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// Words [from, to) joined by single blanks.
std::string join(const std::vector<std::string_view>& words, std::size_t from, std::size_t to) {
    std::string out;
    for (std::size_t i = from; i < to && i < words.size(); ++i) {
        if (!out.empty()) out += ' ';
        out += words[i];
    }
    return out;
}

// The first word of line (the UCI command or answer).
std::string_view first_word(std::string_view line) {
    const auto words = core::split_words(line);
    return words.empty() ? std::string_view{} : words[0];
}

}  // namespace

void parse_info(std::string_view line, SearchInfo& info) {
    const auto w = core::split_words(line);
    if (w.empty() || w[0] != "info") return;
    // 1. Only the main line counts: skip multipv 2, 3, …
    for (std::size_t i = 1; i + 1 < w.size() && w[i] != "string"; ++i)
        if (w[i] == "multipv" && core::parse_int<int>(w[i + 1]).value_or(1) > 1) return;
    // 2. Key-value pairs; pv, string, refutation and currline take the rest of the line.
    for (std::size_t i = 1; i < w.size(); ++i) {
        const auto key = w[i];
        const auto next = i + 1 < w.size() ? w[i + 1] : std::string_view{};
        if (key == "string" || key == "refutation" || key == "currline") break;
        if (key == "pv") {
            info.pv = join(w, i + 1, w.size());
            break;
        }
        if (key == "score") {
            const auto value = i + 2 < w.size() ? core::parse_int<int>(w[i + 2]) : std::nullopt;
            if (value && next == "cp") {
                info.score_cp = *value;
                info.score_mate.reset();
            } else if (value && next == "mate") {
                info.score_mate = *value;
                info.score_cp.reset();
            }
            i += 2;
            info.lowerbound = i + 1 < w.size() && w[i + 1] == "lowerbound";
            info.upperbound = i + 1 < w.size() && w[i + 1] == "upperbound";
            if (info.lowerbound || info.upperbound) ++i;
            continue;
        }
        if (key == "depth") {
            info.depth = core::parse_int<int>(next).value_or(info.depth);
        } else if (key == "seldepth") {
            info.seldepth = core::parse_int<int>(next).value_or(info.seldepth);
        } else if (key == "nodes") {
            info.nodes = core::parse_int<std::uint64_t>(next).value_or(info.nodes);
        } else if (key == "time") {
            info.time_ms = core::parse_int<std::int64_t>(next).value_or(info.time_ms);
        } else if (key != "multipv" && key != "nps" && key != "hashfull" && key != "tbhits" &&
                   key != "sbhits" && key != "cpuload" && key != "currmove" &&
                   key != "currmovenumber") {
            continue;  // unknown word: look at the next one
        }
        ++i;  // skip the value
    }
}

std::optional<UciOption> parse_option(std::string_view line) {
    const auto w = core::split_words(line);
    if (w.size() < 3 || w[0] != "option" || w[1] != "name") return std::nullopt;
    const auto find = [&](std::string_view word, std::size_t from) {
        for (std::size_t i = from; i < w.size(); ++i)
            if (w[i] == word) return i;
        return w.size();
    };
    const std::size_t type = find("type", 2);
    if (type == w.size() || type == 2) return std::nullopt;
    UciOption option;
    option.name = join(w, 2, type);
    option.type = type + 1 < w.size() ? std::string(w[type + 1]) : "";
    const std::size_t def = find("default", type);
    if (def < w.size()) {
        std::size_t end = def + 1;
        while (end < w.size() && w[end] != "min" && w[end] != "max" && w[end] != "var") ++end;
        option.default_value = join(w, def + 1, end);
    }
    return option;
}

UciEngine::~UciEngine() {
    if (process_.running()) (void)quit(milliseconds(200));
}

core::Error UciEngine::failure(const std::string& what) {
    return core::error("engine '" + (name_.empty() ? command_ : name_) + "' " + what +
                       process_.exit_note());
}

Status UciEngine::send(std::string_view line) {
    if (auto r = process_.write_line(line); !r)
        return failure("could not be sent '" + std::string(line) + "': " + r.error());
    return Done{};
}

Status UciEngine::start(std::string_view command, milliseconds timeout) {
    return start(split_command(command), timeout);
}

Status UciEngine::start(const std::vector<std::string>& argv, milliseconds timeout) {
    command_ = join(std::vector<std::string_view>(argv.begin(), argv.end()), 0, argv.size());
    name_.clear();
    author_.clear();
    options_.clear();
    if (auto r = process_.start(argv); !r) return r;
    if (auto r = send("uci"); !r) {
        process_.kill();
        return r;
    }
    const auto deadline = Clock::now() + timeout;
    std::string name;
    for (;;) {
        const auto line = process_.read_line(left_until(deadline));
        if (!line) {
            auto e = failure(process_.eof() ? "exited before answering uciok to uci"
                                            : "did not answer uciok within " + ms_text(timeout));
            process_.kill();
            return e;
        }
        const auto text = core::trim(*line);
        if (text == "uciok") break;
        if (core::starts_with(text, "id name "))
            name = std::string(core::trim(text.substr(8)));
        else if (core::starts_with(text, "id author "))
            author_ = std::string(core::trim(text.substr(10)));
        else if (auto option = parse_option(text))
            options_.push_back(std::move(*option));
    }
    name_ = name.empty() ? command_ : name;
    position_ = chess::Position();
    chess960_sent_ = false;
    return Done{};
}

bool UciEngine::has_option(std::string_view name) const {
    return std::any_of(options_.begin(), options_.end(),
                       [&](const UciOption& o) { return core::equal_nocase(o.name, name); });
}

Status UciEngine::set_option(std::string_view name, std::string_view value) {
    if (!has_option(name))
        return core::error("engine '" + name_ + "' has no option '" + std::string(name) + "'");
    std::string line = "setoption name " + std::string(name);
    if (!value.empty()) line += " value " + std::string(value);
    return send(line);
}

Status UciEngine::is_ready(milliseconds timeout) {
    if (auto r = send("isready"); !r) return r;
    const auto deadline = Clock::now() + timeout;
    for (;;) {
        const auto line = process_.read_line(left_until(deadline));
        if (!line)
            return failure(process_.eof() ? "exited before answering readyok to isready"
                                          : "did not answer readyok within " + ms_text(timeout));
        if (core::trim(*line) == "readyok") return Done{};
    }
}

Status UciEngine::new_game() { return send("ucinewgame"); }

Status UciEngine::position(const chess::Position& start, const std::vector<chess::Move>& moves) {
    // 1. The variant, when the engine can switch it.
    if (start.chess960() != chess960_sent_ && has_option("UCI_Chess960")) {
        if (auto r = set_option("UCI_Chess960", start.chess960() ? "true" : "false"); !r) return r;
        chess960_sent_ = start.chess960();
    }
    // 2. The command, checking each move on the way.
    std::string line = "position ";
    line += start.fen() == chess::kStartFen ? "startpos" : "fen " + start.fen();
    chess::Position pos = start;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (!pos.is_legal(moves[i]))
            return core::error("position for engine '" + name_ + "': move " +
                               std::to_string(i + 1) + " is illegal in " + pos.fen());
        line += (i == 0 ? " moves " : " ") + chess::move_to_uci(pos, moves[i]);
        pos.make(moves[i]);
    }
    if (auto r = send(line); !r) return r;
    position_ = std::move(pos);
    return Done{};
}

core::Result<GoResult> UciEngine::go(const GoLimits& limits, milliseconds timeout,
                                     milliseconds grace) {
    // 1. The command.
    std::string line = "go";
    const auto add = [&](const char* key, const auto& value) {
        if (value) line += std::string(" ") + key + " " + std::to_string(*value);
    };
    add("wtime", limits.wtime);
    add("btime", limits.btime);
    add("winc", limits.winc);
    add("binc", limits.binc);
    add("movestogo", limits.movestogo);
    add("movetime", limits.movetime);
    add("depth", limits.depth);
    add("nodes", limits.nodes);
    if (limits.infinite) line += " infinite";
    if (auto r = send(line); !r) return core::Error{r.error()};

    // 2. Info lines until bestmove; at the deadline `stop`, then grace more.
    GoResult result;
    core::Stopwatch watch;
    auto deadline = Clock::now() + timeout;
    std::string bestmove_line;
    for (;;) {
        const auto text = process_.read_line(left_until(deadline));
        if (text) {
            const auto word = first_word(*text);
            if (word == "info") parse_info(*text, result.info);
            if (word == "bestmove") {
                bestmove_line = std::string(core::trim(*text));
                break;
            }
            continue;
        }
        if (process_.eof()) return failure("exited during the search ('" + line + "')");
        if (result.stopped)
            return failure("timed out: no bestmove within " + ms_text(timeout) + " after '" + line +
                           "', nor within " + ms_text(grace) + " after 'stop'");
        if (auto r = send("stop"); !r) return core::Error{r.error()};
        result.stopped = true;
        deadline = Clock::now() + grace;
    }
    result.elapsed_ms = watch.elapsed_ms();
    result.bestmove_text = bestmove_line;

    // 3. The move must be legal here; "(none)" only when there is no legal move.
    const auto w = core::split_words(bestmove_line);
    if (w.size() < 2) return failure("sent 'bestmove' without a move in " + position_.fen());
    if (w[1] == "(none)" || w[1] == "0000") {
        if (!chess::legal_moves(position_).empty())
            return failure("sent '" + bestmove_line + "' but there are legal moves in " +
                           position_.fen());
        result.bestmove = chess::Move::none();
        return result;
    }
    const auto best = chess::move_from_uci(position_, w[1]);
    if (!best)
        return failure("sent an illegal or unparsable bestmove '" + std::string(w[1]) + "' in " +
                       position_.fen() + ": " + best.error());
    result.bestmove = *best;
    if (w.size() >= 4 && w[2] == "ponder") {
        chess::Position after = position_;
        after.make(*best);
        if (const auto ponder = chess::move_from_uci(after, w[3])) result.ponder = *ponder;
    }
    return result;
}

Status UciEngine::quit(milliseconds grace) {
    if (process_.quit_or_kill("quit", grace)) return Done{};
    return core::error("engine '" + name_ + "' did not quit within " + ms_text(grace) +
                       " and was killed");
}

}  // namespace kibitz::match
