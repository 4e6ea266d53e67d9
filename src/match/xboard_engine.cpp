// The xboard/CECP client: every wait is bounded, every failure becomes an error naming the engine.
#include "match/xboard_engine.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "chess/notation.h"
#include "chess/san.h"
#include "core/strings.h"
#include "core/timer.h"

namespace kibitz::match {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// done=0 asks for more time than the usual handshake: up to this many times the start time-out.
constexpr int kDoneZeroFactor = 10;

constexpr std::string_view kOptionTypes[] = {"button", "save",  "reset",  "check", "string",
                                             "spin",   "combo", "slider", "file",  "path"};

// Features that only permit the interface something it may leave undone: accepted as booleans.
constexpr std::string_view kHarmlessFlags[] = {"playother", "draw", "sigint", "sigterm", "analyze",
                                               "colors",    "ics",  "name",   "pause",   "debug"};

bool all_digits(std::string_view s) {
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool is_blank(char c) { return c == ' ' || c == '\t'; }

// Words [from, end) joined by single blanks.
std::string join_words(const std::vector<std::string_view>& words, std::size_t from) {
    std::string out;
    for (std::size_t i = from; i < words.size(); ++i) {
        if (!out.empty()) out += ' ';
        out += words[i];
    }
    return out;
}

// Centiseconds for `time` and `otim`, rounded down but never 0 (some engines divide by it).
std::string centiseconds(std::int64_t ms) {
    return std::to_string(std::max<std::int64_t>(1, ms / 10));
}

// Moves to mate from a thinking-output score, or nullopt for an ordinary score. The protocol's
// own encoding is ±(100000 + moves); Phalanx, Crafty and GNU Chess count plies down from 30000,
// 32000 or 32767, and no engine reports material scores that close to those.
std::optional<int> mate_from_score(int score) {
    const int a = std::abs(score);
    int moves = -1;
    if (a >= 100000) {
        moves = a - 100000;
    } else {
        for (const int base : {30000, 32000, 32767}) {
            if (a <= base && a > base - 500) {
                const int plies = base - a;
                moves = score > 0 ? (plies + 1) / 2 : plies / 2;
                break;
            }
        }
    }
    if (moves < 0) return std::nullopt;
    return score > 0 ? std::max(moves, 1) : -moves;
}

// "12." or "12": a move number of the "12. ... e7e5" idiom.
bool is_move_number(std::string_view s) {
    if (!s.empty() && s.back() == '.') s.remove_suffix(1);
    return all_digits(s);
}

// The text after "Illegal move...:" or "Error (...):": what the engine refused.
std::string named_in_complaint(std::string_view text) {
    auto at = text.rfind(':');
    if (at == std::string_view::npos) at = text.rfind(')');
    if (at == std::string_view::npos) return "";
    std::string_view named = core::trim(text.substr(at + 1));
    if (core::starts_with(named, "usermove ")) named = core::trim(named.substr(9));
    return std::string(named);
}

// Reads the engine's move: coordinates first (e2e4, e7e8q, e1g1 or king-takes-rook), then SAN
// (Nf3, O-O, e8=Q). The error is the one that fits the text's look.
core::Result<chess::Move> parse_engine_move(const chess::Position& pos, std::string_view text) {
    auto coordinate = chess::move_from_uci(pos, text);
    if (coordinate) return coordinate;
    auto san = chess::move_from_san(pos, text);
    if (san) return san;
    const bool looks_coordinate = text.size() >= 4 && text.size() <= 5 &&
                                  chess::parse_square(text.substr(0, 2)) &&
                                  chess::parse_square(text.substr(2, 2));
    return looks_coordinate ? coordinate : san;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> parse_features(std::string_view line) {
    std::vector<std::pair<std::string, std::string>> out;
    line = core::trim(line);
    constexpr std::string_view kWord = "feature";
    if (!core::starts_with(line, kWord) || line.size() == kWord.size() ||
        !is_blank(line[kWord.size()]))
        return out;
    std::size_t i = kWord.size();
    while (i < line.size()) {
        while (i < line.size() && is_blank(line[i])) ++i;
        if (i >= line.size()) break;
        std::size_t j = i;
        while (j < line.size() && line[j] != '=' && !is_blank(line[j])) ++j;
        std::string name(line.substr(i, j - i));
        if (j >= line.size() || line[j] != '=') {  // a word without a value
            out.emplace_back(std::move(name), "");
            i = j;
            continue;
        }
        ++j;
        std::string value;
        if (j < line.size() && line[j] == '"') {
            const auto close = line.find('"', j + 1);
            const auto end = close == std::string_view::npos ? line.size() : close;
            value = std::string(line.substr(j + 1, end - j - 1));
            i = close == std::string_view::npos ? line.size() : close + 1;
        } else {
            std::size_t k = j;
            while (k < line.size() && !is_blank(line[k])) ++k;
            value = std::string(line.substr(j, k - j));
            i = k;
        }
        out.emplace_back(std::move(name), std::move(value));
    }
    return out;
}

std::optional<XboardOption> parse_xboard_option(std::string_view text) {
    text = core::trim(text);
    for (auto at = text.find(" -"); at != std::string_view::npos; at = text.find(" -", at + 1)) {
        const std::string_view rest = text.substr(at + 2);
        for (const std::string_view type : kOptionTypes) {
            if (!core::starts_with(rest, type) ||
                (rest.size() > type.size() && !is_blank(rest[type.size()])))
                continue;
            XboardOption option;
            option.name = std::string(core::trim(text.substr(0, at)));
            if (option.name.empty()) return std::nullopt;
            option.type = std::string(type);
            option.value = std::string(core::trim(rest.substr(type.size())));
            return option;
        }
    }
    return std::nullopt;
}

bool parse_thinking(std::string_view line, SearchInfo& info) {
    const auto w = core::split_words(line);
    if (w.size() < 4) return false;
    // 1. ply (GNU Chess adds one mark, and then gives the time in seconds), score, time, nodes.
    std::string_view ply = w[0];
    const bool seconds = ply.size() >= 2 && !std::isdigit(static_cast<unsigned char>(ply.back()));
    if (seconds) ply.remove_suffix(1);
    if (!all_digits(ply) || !all_digits(w[2]) || !all_digits(w[3])) return false;
    const auto depth = core::parse_int<int>(ply);
    const auto score = core::parse_int<int>(w[1]);
    const auto time = core::parse_int<std::int64_t>(w[2]);
    const auto nodes = core::parse_int<std::uint64_t>(w[3]);
    if (!depth || !score || !time || !nodes) return false;
    // 2. Optional integers before the pv: the last is tbhits, the first of two or more seldepth.
    std::size_t pv_from = 4;
    while (pv_from < w.size() && all_digits(w[pv_from])) ++pv_from;
    std::string pv = join_words(w, pv_from);
    if (!pv.empty() && pv.front() == '(') return false;  // book moves, not a search
    // 3. Commit.
    info.depth = *depth;
    if (pv_from - 4 >= 2) info.seldepth = core::parse_int<int>(w[4]).value_or(info.seldepth);
    if (const auto mate = mate_from_score(*score)) {
        info.score_mate = *mate;
        info.score_cp.reset();
    } else {
        info.score_cp = *score;
        info.score_mate.reset();
    }
    info.upperbound = !pv.empty() && pv.back() == '?';
    info.lowerbound = !pv.empty() && pv.back() == '!';
    if (info.upperbound || info.lowerbound) {
        pv.pop_back();
        while (!pv.empty() && pv.back() == ' ') pv.pop_back();
    }
    info.time_ms = *time * (seconds ? 1000 : 10);
    info.nodes = *nodes;
    info.pv = std::move(pv);
    return true;
}

core::Result<std::vector<std::string>> xboard_edit_commands(const chess::Position& pos) {
    using namespace chess;
    const auto cannot = [&](const std::string& what) {
        return core::error("edit mode cannot set up " + pos.fen() + ": " + what);
    };
    if (pos.chess960()) return cannot("it has no Chess960 castling");
    if (pos.ep_square() != kNoSquare)
        return cannot("it cannot allow the en-passant capture on " + square_name(pos.ep_square()));
    // The rights edit mode implies: king and rook on their first squares.
    CastlingRights implied = kNoCastling;
    for (const Color c : {kWhite, kBlack}) {
        if (pos.piece_on(relative_square(c, kE1)) != make_piece(c, kKing)) continue;
        if (pos.piece_on(relative_square(c, kH1)) == make_piece(c, kRook))
            implied = implied | castling_right(c, true);
        if (pos.piece_on(relative_square(c, kA1)) == make_piece(c, kRook))
            implied = implied | castling_right(c, false);
    }
    if (implied != pos.castling_rights()) {
        const auto rights = [](CastlingRights r) {
            std::string t;
            if (r & kWhiteOO) t += 'K';
            if (r & kWhiteOOO) t += 'Q';
            if (r & kBlackOO) t += 'k';
            if (r & kBlackOOO) t += 'q';
            return t.empty() ? std::string("-") : t;
        };
        return cannot("the engine would assume castling rights " + rights(implied) +
                      " where the position has " + rights(pos.castling_rights()));
    }
    std::vector<std::string> lines = {"edit", "#"};
    for (const Color c : {kWhite, kBlack}) {
        if (c == kBlack) lines.emplace_back("c");
        for (int s = kA1; s <= kH8; ++s) {
            const Piece p = pos.piece_on(Square(s));
            if (p == kNoPiece || color_of(p) != c) continue;
            lines.push_back(std::string(1, "PNBRQK"[type_of(p)]) + square_name(Square(s)));
        }
    }
    lines.emplace_back(".");
    return lines;
}

std::string xboard_base(std::int64_t ms) {
    std::int64_t s = (std::max<std::int64_t>(ms, 0) + 500) / 1000;
    if (ms > 0 && s == 0) s = 1;
    if (s % 60 == 0) return std::to_string(s / 60);
    return std::to_string(s / 60) + (s % 60 < 10 ? ":0" : ":") + std::to_string(s % 60);
}

// ---- XboardEngine ---------------------------------------------------------------------------

XboardEngine::~XboardEngine() {
    if (process_.running()) (void)quit(milliseconds(200));
}

core::Error XboardEngine::failure(const std::string& what) {
    return core::error("engine '" + (name_.empty() ? command_ : name_) + "' " + what +
                       process_.exit_note());
}

Status XboardEngine::send(std::string_view line) {
    if (auto r = process_.write_line(line); !r)
        return failure("could not be sent '" + std::string(line) + "': " + r.error());
    return Done{};
}

bool XboardEngine::on_feature(std::string_view line) {
    bool done_zero = false;
    for (const auto& feature : parse_features(line)) {
        // Named copies, not a structured binding: clang 14 cannot capture one in a lambda.
        const std::string& name = feature.first;
        const std::string& value = feature.second;
        bool ok = true;
        const auto flag = [&](bool& field) {
            if (value == "0" || value == "1")
                field = value == "1";
            else
                ok = false;
        };
        bool ignored = false;
        if (name == "ping") {
            flag(features_.ping);
        } else if (name == "setboard") {
            flag(features_.setboard);
        } else if (name == "san") {
            flag(features_.san);
        } else if (name == "usermove") {
            flag(features_.usermove);
        } else if (name == "time") {
            flag(features_.time);
        } else if (name == "reuse") {
            flag(features_.reuse);
        } else if (name == "nps") {
            flag(features_.nps);
        } else if (name == "memory") {
            flag(features_.memory);
        } else if (name == "smp") {
            flag(features_.smp);
        } else if (name == "done") {
            flag(features_.done);
            done_zero = done_zero || value == "0";
        } else if (name == "myname") {
            features_.myname = value;
        } else if (name == "variants") {
            features_.variants = value;
        } else if (name == "option") {
            if (auto option = parse_xboard_option(value)) {
                auto& list = features_.options;
                const auto same = std::find_if(list.begin(), list.end(), [&](const auto& o) {
                    return o.name == option->name;
                });
                if (same != list.end())
                    *same = std::move(*option);
                else
                    list.push_back(std::move(*option));
            } else {
                ok = false;
            }
        } else if (std::find(std::begin(kHarmlessFlags), std::end(kHarmlessFlags), name) !=
                   std::end(kHarmlessFlags)) {
            flag(ignored);
        } else {
            ok = false;  // egt, exclude, setscore, highlight, xedit, ...: never used here
        }
        // The spec's reply; a rejected option quotes its value.
        if (ok)
            (void)send("accepted " + name);
        else
            (void)send("rejected " + name + (name == "option" ? " " + value : ""));
    }
    return done_zero;
}

Status XboardEngine::start(std::string_view command, milliseconds timeout) {
    return start(split_command(command), timeout);
}

Status XboardEngine::start(const std::vector<std::string>& argv, milliseconds timeout) {
    argv_ = argv;
    start_timeout_ = timeout;
    options_set_.clear();
    games_ = 0;
    return launch();
}

Status XboardEngine::launch() {
    command_ = join_words(std::vector<std::string_view>(argv_.begin(), argv_.end()), 0);
    name_.clear();
    features_ = {};
    board_known_ = false;
    control_sent_.clear();
    sd_refused_ = false;
    position_ = chess::Position();
    if (auto r = process_.start(argv_); !r) return r;
    auto sent = send("xboard");
    if (sent) sent = send("protover 2");
    if (!sent) {
        process_.kill();
        return sent;
    }
    // Features until done=1; without it, what arrived within the time-out (version 1: nothing).
    const auto begin = Clock::now();
    auto deadline = begin + start_timeout_;
    bool asked_for_time = false;
    while (!features_.done) {
        const auto line = process_.read_line(left_until(deadline));
        if (!line) {
            if (!process_.eof() && !asked_for_time) break;
            auto e = failure(process_.eof()
                                 ? "exited during the handshake (after 'xboard' and 'protover 2')"
                                 : "sent feature done=0 but no done=1 within " +
                                       ms_text(start_timeout_ * kDoneZeroFactor));
            process_.kill();
            return e;
        }
        if (on_feature(*line) && !asked_for_time) {
            asked_for_time = true;
            deadline = begin + start_timeout_ * kDoneZeroFactor;
        }
    }
    name_ = features_.myname.empty() ? command_ : features_.myname;
    return Done{};
}

Status XboardEngine::set_option(std::string_view name, std::string_view value) {
    const auto& list = features_.options;
    const auto option = std::find_if(list.begin(), list.end(), [&](const XboardOption& o) {
        return core::equal_nocase(o.name, name);
    });
    std::string line;
    if (option != list.end()) {
        line = "option " + option->name;
        if (option->type == "check" && (value == "true" || value == "false"))
            line += value == "true" ? "=1" : "=0";
        else if (option->type != "button" && option->type != "save" && option->type != "reset")
            line += "=" + std::string(value);
    } else if (core::equal_nocase(name, "memory") || core::equal_nocase(name, "cores")) {
        const bool memory = core::equal_nocase(name, "memory");
        if (!(memory ? features_.memory : features_.smp))
            return core::error("engine '" + name_ + "' has no option '" + std::string(name) +
                               "' (it did not send feature " + (memory ? "memory=1)" : "smp=1)"));
        const auto n = core::parse_int<int>(value);
        if (!n || *n <= 0)
            return core::error("engine '" + name_ + "': " + std::string(name) +
                               " must be a positive whole number, not '" + std::string(value) +
                               "'");
        line = (memory ? "memory " : "cores ") + std::to_string(*n);
    } else {
        return core::error("engine '" + name_ + "' has no option '" + std::string(name) + "'");
    }
    if (auto r = send(line); !r) return r;
    options_set_.emplace_back(name, value);
    return Done{};
}

Status XboardEngine::verdict(Line kind, const std::string& what) {
    if (kind != Line::kResign && kind != Line::kRefusal) return Done{};
    board_known_ = false;
    if (kind == Line::kResign) return failure("resigns ('" + what + "')");
    return failure("refused the move '" + what + "' it was sent");
}

Status XboardEngine::drain(bool judge) {
    SearchInfo ignored;
    std::string what;
    while (const auto line = process_.read_line(milliseconds(0))) {
        const Line kind = classify(*line, ignored, what);
        if (judge)
            if (auto r = verdict(kind, what); !r) return r;
    }
    return Done{};
}

Status XboardEngine::is_ready(milliseconds timeout) { return sync(timeout, false); }

Status XboardEngine::sync(milliseconds timeout, bool judge) {
    if (!features_.ping) {
        if (auto r = drain(judge); !r) return r;
        if (process_.eof() || !process_.running()) return failure("is not running");
        return Done{};
    }
    const std::string pong = "pong " + std::to_string(++ping_counter_);
    const std::string ping = "ping " + std::to_string(ping_counter_);
    if (auto r = send(ping); !r) return r;
    const auto deadline = Clock::now() + timeout;
    for (;;) {
        const auto line = process_.read_line(left_until(deadline));
        if (!line)
            return failure(process_.eof()
                               ? "exited before answering '" + pong + "' to '" + ping + "'"
                               : "did not answer '" + pong + "' to '" + ping + "' within " +
                                     ms_text(timeout));
        if (core::trim(*line) == pong) return Done{};
        SearchInfo ignored;
        std::string what;
        const Line kind = classify(*line, ignored, what);  // features, a refused sd, ...
        if (judge)
            if (auto r = verdict(kind, what); !r) return r;
    }
}

Status XboardEngine::reset_board(const chess::Position& start) {
    board_known_ = false;
    const bool standard = !start.chess960() && start.fen() == chess::kStartFen;
    std::vector<std::string> lines = {"force", "new"};
    if (start.chess960()) lines.emplace_back("variant fischerandom");
    // force again: `new` leaves force mode. hard + easy turns pondering off even where easy is a
    // toggle (GNU Chess 4), as xboard does.
    for (const char* line : {"force", "post", "hard", "easy"}) lines.emplace_back(line);
    if (!standard && features_.setboard) {
        lines.push_back("setboard " + start.fen());
    } else if (!standard) {
        auto edit = xboard_edit_commands(start);
        if (!edit) return core::Error{edit.error()};
        // Edit mode keeps the side to move: a first move on the initial board hands it to Black.
        if (start.side_to_move() == chess::kBlack) {
            const chess::Position initial;
            const chess::Move a3 = *chess::move_from_uci(initial, "a2a3");
            const std::string text = move_text(initial, a3);
            lines.push_back(features_.usermove ? "usermove " + text : text);
        }
        lines.insert(lines.end(), edit->begin(), edit->end());
    }
    for (const auto& line : lines)
        if (auto r = send(line); !r) return r;
    board_start_ = start;
    board_moves_.clear();
    sent_moves_.clear();
    control_sent_.clear();  // `new` forgets the time control and the depth limit
    board_known_ = true;
    return Done{};
}

Status XboardEngine::new_game() {
    // 1. An engine that cannot play twice gets a fresh process, with the same options.
    if (!features_.reuse && games_ > 0) {
        const auto replay = options_set_;
        (void)quit(milliseconds(1000));
        if (auto r = launch(); !r) return r;
        options_set_.clear();
        for (const auto& [name, value] : replay)
            if (auto r = set_option(name, value); !r) return r;
    }
    ++games_;
    // 2. Whatever the last game left unread (a late move, a result claim) is of no interest now.
    (void)drain(false);
    // No `computer`: engines may ignore it, and Fairy-Max 5.0b (Debian's) answers it, like every
    // command it does not know, with a segmentation fault about every other time.
    return reset_board(chess::Position());
}

bool XboardEngine::has_variant(std::string_view variant) const {
    if (!features_.variants) return false;
    std::string_view rest = *features_.variants;
    while (!rest.empty()) {
        const auto comma = rest.find(',');
        if (core::trim(rest.substr(0, comma)) == variant) return true;
        if (comma == std::string_view::npos) break;
        rest = rest.substr(comma + 1);
    }
    return false;
}

std::string XboardEngine::move_text(const chess::Position& pos, chess::Move m) const {
    if (features_.san) return chess::move_to_san(pos, m);
    if (m.kind() == chess::Move::kCastling && pos.chess960())  // the spec's FRC castling
        return m.to() > m.from() ? "O-O" : "O-O-O";
    return chess::move_to_uci(pos, m);  // castling as the king's two-square step: e1g1
}

Status XboardEngine::position(const chess::Position& start, const std::vector<chess::Move>& moves) {
    // 1. The moves must be legal.
    chess::Position pos = start;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (!pos.is_legal(moves[i]))
            return core::error("position for engine '" + name_ + "': move " +
                               std::to_string(i + 1) + " is illegal in " + pos.fen());
        pos.make(moves[i]);
    }
    // 2. What the engine must be able to do for this start.
    const bool standard = !start.chess960() && start.fen() == chess::kStartFen;
    if (start.chess960() && !has_variant("fischerandom"))
        return core::error("engine '" + name_ +
                           "' cannot play Chess960: its feature variants does not list "
                           "fischerandom");
    if (!standard && !features_.setboard)
        if (auto edit = xboard_edit_commands(start); !edit)
            return core::error("engine '" + name_ + "' did not send feature setboard=1, and " +
                               edit.error());
    // 3. Extend what the engine's board holds, or set it up again.
    const bool extends = board_known_ && board_start_.fen() == start.fen() &&
                         board_start_.chess960() == start.chess960() &&
                         board_moves_.size() <= moves.size() &&
                         std::equal(board_moves_.begin(), board_moves_.end(), moves.begin());
    if (!extends)
        if (auto r = reset_board(start); !r) return r;
    chess::Position at = start;
    for (std::size_t i = 0; i < board_moves_.size(); ++i) at.make(moves[i]);
    for (std::size_t i = board_moves_.size(); i < moves.size(); ++i) {
        const std::string text = move_text(at, moves[i]);
        if (auto r = send(features_.usermove ? "usermove " + text : text); !r) {
            board_known_ = false;
            return r;
        }
        sent_moves_.push_back(text);
        board_moves_.push_back(moves[i]);
        at.make(moves[i]);
    }
    position_ = std::move(pos);
    return Done{};
}

XboardEngine::Line XboardEngine::classify(std::string_view line, SearchInfo& info,
                                          std::string& what) {
    const auto text = core::trim(line);
    const auto w = core::split_words(text);
    if (w.empty()) return Line::kOther;
    if (w[0] == "feature") {
        (void)on_feature(text);
        return Line::kOther;
    }
    if (parse_thinking(text, info)) return Line::kThinking;
    // 1. The move: "move X", and the old "My move is: X" and "12. ... X".
    if (w[0] == "move" && w.size() >= 2) {
        what = std::string(w[1]);
        return Line::kMove;
    }
    if (core::starts_with(text, "My move")) {
        const auto colon = text.find(':');
        const auto after = colon == std::string_view::npos
                               ? std::vector<std::string_view>{}
                               : core::split_words(text.substr(colon + 1));
        if (!after.empty()) {
            what = std::string(after[0]);
            return Line::kMove;
        }
    }
    if (w.size() >= 3 && w[1] == "..." && is_move_number(w[0])) {
        what = std::string(w[2]);
        return Line::kMove;
    }
    // 2. Resignation: "resign", a lost result whose comment says so, the old "White resigns".
    const bool white = position_.side_to_move() == chess::kWhite;
    if (w[0] == "resign" || core::starts_with(text, "computer resigns") ||
        core::starts_with(text, white ? "White resigns" : "Black resigns")) {
        what = w[0] == "resign" ? "resign" : join_words({w[0], w[1]}, 0);
        return Line::kResign;
    }
    if (w[0] == "1-0" || w[0] == "0-1" || w[0] == "1/2-1/2") {
        const bool lost = w[0] == (white ? "0-1" : "1-0");
        if (lost && text.find("resign") != std::string_view::npos) {
            what = std::string(w[0]) + " {... resigns}";
            return Line::kResign;
        }
        return Line::kOther;  // a claim: the referee decides by the rules
    }
    // 3. A complaint about one of our moves; other complaints (unknown commands) do not matter.
    std::string lower(text.substr(0, 12));
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (core::starts_with(lower, "illegal move") || core::starts_with(text, "Error")) {
        const std::string named = named_in_complaint(text);
        if (named == "sd" || core::starts_with(named, "sd ")) {
            sd_refused_ = true;  // from now on `depth`, as the spec's idioms say
            control_sent_.clear();
            return Line::kOther;
        }
        if (!named.empty() &&
            std::find(sent_moves_.begin(), sent_moves_.end(), named) != sent_moves_.end()) {
            what = named;
            return Line::kRefusal;
        }
    }
    return Line::kOther;  // telluser, tellics, offer draw, Hint:, pong, '#' debug lines, ...
}

std::pair<std::vector<std::string>, std::string> XboardEngine::time_control(
    const GoLimits& limits, milliseconds timeout) const {
    const bool white = position_.side_to_move() == chess::kWhite;
    const auto own = white ? limits.wtime : limits.btime;
    std::vector<std::string> lines;
    bool level = false;
    if (limits.nodes) {
        // nps N makes the engine count N nodes as one second, so `st 1` allows N nodes.
        lines = {"nps " + std::to_string(*limits.nodes), "st 1"};
    } else if (limits.movetime) {
        lines = {"st " + core::decimal_seconds(*limits.movetime)};
    } else if (own) {
        const auto inc = (white ? limits.winc : limits.binc).value_or(0);
        lines = {"level " + std::to_string(limits.movestogo.value_or(0)) + " " + xboard_base(*own) +
                 " " + core::decimal_seconds(inc)};
        level = true;
    } else {
        // Depth or nothing: half the time-out, in whole seconds, so that the engine's own
        // clock ends a search that the depth does not end before the referee would.
        lines = {"st " + core::decimal_seconds(
                             std::max<std::int64_t>(1000, timeout.count() / 2 / 1000 * 1000))};
    }
    if (limits.depth && sd_refused_) {
        lines.emplace_back("depth");  // the spec's fall-back for GNU Chess 4, also Phalanx's
        lines.push_back(std::to_string(*limits.depth));
    } else if (limits.depth) {
        lines.push_back("sd " + std::to_string(*limits.depth));
    }
    // What identifies the control: the lines, but `level` whatever the clocks read.
    std::string key;
    for (const auto& line : lines)
        key += (key.empty() ? "" : "\n") + (level && key.empty() ? "level" : line);
    return {lines, key};
}

Status XboardEngine::send_control(const GoLimits& limits, milliseconds timeout) {
    for (int attempt = 0; attempt < 2; ++attempt) {
        const auto [lines, key] = time_control(limits, timeout);
        if (key == control_sent_) return Done{};
        for (const auto& line : lines)
            if (auto r = send(line); !r) return r;
        control_sent_ = key;
        // An engine that does not know sd says so at once ("Illegal move: sd 4", see classify):
        // with ping, find out before it searches (not on its clock), and send `depth` instead.
        if (!limits.depth || sd_refused_ || !features_.ping) return Done{};
        if (auto r = sync(std::max(timeout, milliseconds(2000)), true); !r) return r;
        if (!sd_refused_) return Done{};
    }
    return Done{};
}

core::Result<GoResult> XboardEngine::go(const GoLimits& limits, milliseconds timeout,
                                        milliseconds grace) {
    if (!board_known_) return failure("has no position to search (position() did not succeed)");
    // 1. What the engine said since its last move (a resignation, a refused move).
    if (auto r = drain(true); !r) return core::Error{r.error()};
    if (limits.nodes && !features_.nps)
        return failure("cannot limit nodes: it did not send feature nps=1");

    // 2. The time control, sent again only when it changes; `level` once, then the clocks.
    if (auto r = send_control(limits, timeout); !r) return core::Error{r.error()};
    const bool white = position_.side_to_move() == chess::kWhite;
    const auto own = white ? limits.wtime : limits.btime;
    const auto other = white ? limits.btime : limits.wtime;
    if (own && !limits.nodes && !limits.movetime && features_.time) {
        if (auto r = send("time " + centiseconds(*own)); !r) return core::Error{r.error()};
        if (other)
            if (auto r = send("otim " + centiseconds(*other)); !r) return core::Error{r.error()};
    }
    if (auto r = send("go"); !r) return core::Error{r.error()};

    // 3. Thinking output until the move; at the deadline `?`, then grace more.
    GoResult result;
    core::Stopwatch watch;
    auto deadline = Clock::now() + timeout;
    bool after_thinking = false;
    std::string what, move_line;
    for (;;) {
        const auto text = process_.read_line(left_until(deadline));
        if (!text) {
            if (process_.eof() || result.stopped) board_known_ = false;  // it may move later
            if (process_.eof()) return failure("exited during the search ('go')");
            if (result.stopped)
                return failure("timed out: no move within " + ms_text(timeout) +
                               " after 'go', nor within " + ms_text(grace) + " after '?'");
            if (auto r = send("?"); !r) return core::Error{r.error()};
            result.stopped = true;
            deadline = Clock::now() + grace;
            continue;
        }
        const Line kind = classify(*text, result.info, what);
        if (kind == Line::kOther && after_thinking && core::starts_with(*text, "    ")) {
            const auto more = core::split_words(*text);  // the pv continued on another line
            if (!more.empty()) result.info.pv += " " + join_words(more, 0);
            continue;
        }
        after_thinking = kind == Line::kThinking;
        if (auto r = verdict(kind, what); !r) return core::Error{r.error()};
        if (kind == Line::kMove) {
            move_line = std::string(core::trim(*text));
            break;
        }
    }
    result.elapsed_ms = watch.elapsed_ms();
    result.bestmove_text = move_line;

    // 4. The move must be legal here; the engine's board now holds it.
    const auto best = parse_engine_move(position_, what);
    if (!best) {
        board_known_ = false;
        return failure("sent an illegal or unparsable bestmove '" + what + "' ('" + move_line +
                       "') in " + position_.fen() + ": " + best.error());
    }
    result.bestmove = *best;
    board_moves_.push_back(*best);
    // Out of play mode at once, so that the opponent's move does not start a search.
    if (!send("force")) board_known_ = false;
    return result;
}

Status XboardEngine::quit(milliseconds grace) {
    if (process_.quit_or_kill("quit", grace)) return Done{};
    return core::error("engine '" + name_ + "' did not quit within " + ms_text(grace) +
                       " and was killed");
}

}  // namespace kibitz::match
