// The web app's game model: rules, clocks, results, JSON and PGN.
#include "server/game.h"

#include <algorithm>
#include <cctype>
#include <ctime>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/pgn.h"
#include "chess/san.h"
#include "chess/status.h"
#include "core/strings.h"
#include "search/score.h"
#include "server/review_pgn.h"

namespace kibitz::server {

using chess::Color;
using chess::kBlack;
using chess::kWhite;

std::string_view mode_name(Mode m) {
    return m == Mode::kEngine ? "engine" : m == Mode::kHumans ? "humans" : "analysis";
}

std::optional<Mode> parse_mode(std::string_view s) {
    if (s == "engine") return Mode::kEngine;
    if (s == "humans") return Mode::kHumans;
    if (s == "analysis") return Mode::kAnalysis;
    return std::nullopt;
}

std::string_view color_name(Color c) { return c == kWhite ? "white" : "black"; }

Eval white_eval(int score, Color side_to_move) {
    // Mate distances are counted from the side to move's view first: a mate in one for Black
    // is "mate -1" for White, which negating the score would round to 0.
    const int sign = side_to_move == kWhite ? 1 : -1;
    Eval e;
    if (search::is_mate_score(score))
        e.mate = sign * search::mate_moves(score);
    else
        e.cp = sign * score;
    return e;
}

// --- settings ---

Json level_json(const Level& level) {
    switch (level.kind) {
        case Level::kElo: return {{"kind", "elo"}, {"elo", level.value}};
        case Level::kFull: return {{"kind", "full"}};
        case Level::kMovetime: return {{"kind", "movetime"}, {"ms", level.value}};
        case Level::kDepth: return {{"kind", "depth"}, {"depth", level.value}};
    }
    return nullptr;
}

namespace {

// Reads an integer field in [lo, hi]; the error names the field and the range.
core::Result<std::int64_t> int_field(const Json& j, const char* name, std::int64_t lo,
                                     std::int64_t hi) {
    if (!j.contains(name)) return core::error(std::string("missing field '") + name + "'");
    const Json& v = j.at(name);
    if (!v.is_number_integer())
        return core::error(std::string("field '") + name + "' must be an integer");
    const auto out_of_range = [&](const std::string& x) {
        return core::error(std::string("field '") + name + "' must be from " + std::to_string(lo) +
                           " to " + std::to_string(hi) + ", not " + x);
    };
    // A number above INT64_MAX is stored unsigned: read as int64 it would wrap (1e19 became
    // -8446744073709551616).
    if (v.is_number_unsigned() && v.get<std::uint64_t>() > std::uint64_t(hi))
        return out_of_range(std::to_string(v.get<std::uint64_t>()));
    const auto x = v.get<std::int64_t>();
    if (x < lo || x > hi) return out_of_range(std::to_string(x));
    return x;
}

}  // namespace

core::Result<Level> parse_level(const Json& j) {
    if (!j.is_object()) return core::error("'level' must be an object");
    if (!j.contains("kind") || !j["kind"].is_string())
        return core::error("'level.kind' must be one of elo, full, movetime, depth");
    const auto kind = j["kind"].get<std::string>();
    Level level;
    if (kind == "full") {
        level.kind = Level::kFull;
        level.value = 0;
        return level;
    }
    const char* field = kind == "elo" ? "elo" : kind == "movetime" ? "ms" : "depth";
    std::int64_t lo = 1000, hi = 2200;
    if (kind == "elo") {
        level.kind = Level::kElo;
    } else if (kind == "movetime") {
        level.kind = Level::kMovetime, lo = 1, hi = 600000;
    } else if (kind == "depth") {
        level.kind = Level::kDepth, lo = 1, hi = 40;
    } else {
        return core::error("'level.kind' must be one of elo, full, movetime, depth, not '" + kind +
                           "'");
    }
    const auto v = int_field(j, field, lo, hi);
    if (!v) return core::error("level: " + v.error());
    level.value = int(*v);
    return level;
}

Json settings_json(const Settings& s) {
    Json clock = nullptr;
    if (s.clock_initial > 0)
        clock = {{"initial", s.clock_initial}, {"increment", s.clock_increment}};
    return {{"color", color_name(s.human)}, {"level", level_json(s.level)}, {"clock", clock}};
}

core::Result<Settings> parse_settings(const Json& j) {
    Settings s;
    if (j.contains("color")) {
        const Json& c = j["color"];
        if (c == "white")
            s.human = kWhite;
        else if (c == "black")
            s.human = kBlack;
        else
            return core::error("'color' must be white, black or random");
    }
    if (j.contains("level")) {
        auto level = parse_level(j["level"]);
        if (!level) return core::error(level.error());
        s.level = *level;
    }
    if (j.contains("clock") && !j["clock"].is_null()) {
        const Json& c = j["clock"];
        if (!c.is_object()) return core::error("'clock' must be an object or null");
        const auto initial = int_field(c, "initial", 1000, 36000000);
        if (!initial) return core::error("clock: " + initial.error());
        std::int64_t increment = 0;
        if (c.contains("increment")) {
            const auto inc = int_field(c, "increment", 0, 600000);
            if (!inc) return core::error("clock: " + inc.error());
            increment = *inc;
        }
        s.clock_initial = *initial;
        s.clock_increment = increment;
    }
    if (j.contains("chess960")) {
        if (!j["chess960"].is_boolean()) return core::error("'chess960' must be true or false");
        s.chess960 = j["chess960"].get<bool>();
    }
    return s;
}

// --- the game ---

core::Result<bool> Game::start(std::string_view fen) {
    auto pos = chess::Position::from_fen(fen, settings.chess960);
    if (!pos) return core::error("bad FEN: " + pos.error());
    if (chess::count_legal_moves(*pos) == 0 &&
        chess::game_status(*pos).outcome == chess::Outcome::kOngoing)
        return core::error("bad FEN: no legal move");
    settings.chess960 = pos->chess960();
    start_ = *pos;
    pos_ = start_;
    start_fen_ = start_.fen();
    moves_.clear();
    // The standard start is "" in the tree, so that its PGN has no FEN tag.
    const bool standard = start_fen_ == chess::kStartFen && !settings.chess960;
    auto tree = GameTree::create(standard ? "" : start_fen_, settings.chess960);
    if (!tree) return core::error("bad FEN: " + tree.error());
    tree_ = std::move(*tree);
    clock[0] = clock[1] = settings.clock_initial;
    result = "*";
    reason.clear();
    settle(0);
    return true;
}

core::Result<bool> Game::replay(const std::vector<GameMove>& moves) {
    for (const GameMove& stored : moves) {
        const auto m = chess::move_from_uci(pos_, stored.uci);
        if (!m) return core::error("move " + std::to_string(moves_.size() + 1) + ": " + m.error());
        if (over()) return core::error("move after the end of the game: " + stored.uci);
        const auto node = tree_.add_move(tree_.mainline_end(), *m);
        if (!node)
            return core::error("move " + std::to_string(moves_.size() + 1) + ": " + node.error());
        GameMove rec = stored;
        rec.move = *m;
        rec.san = chess::move_to_san(pos_, *m);
        (void)tree_.set_clock(*node, rec.clock, rec.think);
        (void)tree_.set_eval(*node, rec.eval, rec.depth);
        (void)tree_.set_book(*node, rec.book);
        pos_.make(*m);
        rec.fen = pos_.fen();
        moves_.push_back(std::move(rec));
        settle(0);
    }
    return true;
}

std::optional<Color> Game::running() const {
    if (!timed() || over() || moves_.empty()) return std::nullopt;
    return turn();
}

core::Result<chess::Move> Game::parse_move(std::string_view text) const {
    return parse_move_at(tree_.mainline_end(), text);
}

const GameMove& Game::play(chess::Move m, std::int64_t now) {
    const Color mover = turn();
    GameMove rec;
    rec.move = m;
    rec.uci = chess::move_to_uci(pos_, m);
    rec.san = chess::move_to_san(pos_, m);
    rec.think = turn_started ? std::max<std::int64_t>(0, now - turn_started) : 0;
    if (timed()) {
        if (running()) clock[mover] = std::max<std::int64_t>(0, clock[mover] - rec.think);
        clock[mover] += settings.clock_increment;
        rec.clock = clock[mover];
    }
    // m is legal at the main line's end, which has no children: the tree takes it.
    if (const auto node = tree_.add_move(tree_.mainline_end(), m))
        (void)tree_.set_clock(*node, rec.clock, rec.think);
    pos_.make(m);
    rec.fen = pos_.fen();
    moves_.push_back(std::move(rec));
    if (draw_offer && *draw_offer != mover) draw_offer.reset();
    takeback_request.reset();
    turn_started = now;
    settle(now);
    return moves_.back();
}

void Game::cut_review(std::size_t n) {
    // A review belongs to the moves it reviewed: what it says past the first n goes with them.
    if (!review.is_object()) return;
    if (n == 0) {
        review = nullptr;
        return;
    }
    const std::size_t covered = n + 1;  // the positions after 0..n moves
    review.erase("players");            // the players' numbers were of the whole game
    Json& positions = review["positions"];
    if (positions.is_array() && positions.size() > covered)
        positions.erase(positions.begin() + std::ptrdiff_t(covered), positions.end());
    Json& plies = review["plies"];
    if (plies.is_array()) {
        Json kept = Json::array();
        for (const Json& p : plies)
            if (p.value("ply", std::size_t(0)) <= n) kept.push_back(p);
        plies = std::move(kept);
    }
    review["total"] = std::min(review.value("total", covered), covered);
    review["done"] = std::min(review.value("done", std::size_t(0)), covered);
}

void Game::truncate(std::size_t n) {
    n = std::min(n, moves_.size());
    (void)tree_.truncate(tree_.mainline()[n]);
    follow_mainline();
    result = "*";
    reason.clear();
    draw_offer.reset();
    takeback_request.reset();
    cut_review(n);
    for (const Color c : {kWhite, kBlack}) clock[c] = settings.clock_initial;
    // Each side's clock as it stood after its last remaining move.
    Color mover = start_.side_to_move();
    for (const GameMove& rec : moves_) {
        if (rec.clock >= 0) clock[mover] = rec.clock;
        mover = ~mover;
    }
    settle(0);
}

void Game::follow_mainline() {
    const auto line = tree_.mainline();
    moves_.clear();
    for (std::size_t i = 1; i < line.size(); ++i) {
        const TreeNode& n = tree_.node(line[i]);
        GameMove rec;
        rec.move = n.move;
        rec.uci = n.uci;
        rec.san = n.san;
        rec.fen = n.fen;
        rec.clock = n.clock;
        rec.think = n.think;
        rec.eval = n.eval;
        rec.depth = n.depth;
        rec.book = n.book;
        moves_.push_back(std::move(rec));
    }
    pos_ = tree_.position(line.back());
}

void Game::set_tree(GameTree tree) {
    tree_ = std::move(tree);
    follow_mainline();
    settle(0);
}

core::Result<NodeId> Game::add_move(NodeId at, chess::Move m) {
    const NodeId end = tree_.mainline_end();
    const auto node = tree_.add_move(at, m);
    if (!node) return node;
    if (tree_.mainline_end() != end) {
        follow_mainline();
        result = "*";
        reason.clear();
        draw_offer.reset();
        settle(0);
    }
    return node;
}

core::Status Game::edit_tree(const std::function<core::Status(GameTree&)>& edit) {
    GameTree changed = tree_;
    if (auto st = edit(changed); !st) return st;
    const auto before = tree_.mainline();
    tree_ = std::move(changed);
    follow_mainline();
    if (tree_.mainline() != before) {
        // The moves that stayed (the root is no move) keep their review.
        const auto after = tree_.mainline();
        std::size_t same = 0;
        while (same < before.size() && same < after.size() && before[same] == after[same]) ++same;
        cut_review(same > 0 ? same - 1 : 0);
        result = "*";
        reason.clear();
        draw_offer.reset();
        settle(0);
    }
    return core::Done{};
}

void Game::note_last_move(std::optional<Eval> eval, int depth, bool book) {
    if (moves_.empty()) return;
    const NodeId end = tree_.mainline_end();
    (void)tree_.set_eval(end, eval, depth);
    (void)tree_.set_book(end, book);
    GameMove& rec = moves_.back();
    rec.eval = eval;
    rec.depth = depth;
    rec.book = book;
}

core::Result<chess::Move> Game::parse_move_at(NodeId at, std::string_view text) const {
    if (!tree_.contains(at)) return core::error("There is no such move in this game.");
    const chess::Position pos = tree_.position(at);
    const std::string t{core::trim(text)};
    if (t.empty()) return core::error("no move given");
    const bool uci_like = (t.size() == 4 || t.size() == 5) && t[0] >= 'a' && t[0] <= 'h' &&
                          t[1] >= '1' && t[1] <= '8' && t[2] >= 'a' && t[2] <= 'h' && t[3] >= '1' &&
                          t[3] <= '8';
    if (uci_like) return chess::move_from_uci(pos, t);
    return chess::move_from_san(pos, t);
}

namespace {

// True when colour c has mating material by any sequence: more than a lone minor piece.
bool can_mate(const chess::Position& pos, Color c) {
    using namespace chess;
    if (pos.pieces(c, kPawn) || pos.pieces(c, kRook) || pos.pieces(c, kQueen)) return true;
    return core::popcount(pos.pieces(c, kKnight) | pos.pieces(c, kBishop)) >= 2;
}

}  // namespace

bool Game::check_flag(std::int64_t now) {
    const auto side = running();
    if (!side || clock[*side] - (now - turn_started) > 0) return false;
    clock[*side] = 0;
    const Color winner = ~*side;
    if (can_mate(pos_, winner))
        finish(winner == kWhite ? "1-0" : "0-1", "time forfeit");
    else
        finish("1/2-1/2", "timeout vs insufficient material");
    return true;
}

void Game::finish(std::string result_text, std::string why) {
    result = std::move(result_text);
    reason = std::move(why);
    draw_offer.reset();
    takeback_request.reset();
}

void Game::settle(std::int64_t /*now*/) {
    if (over()) return;
    if (chess::count_legal_moves(pos_) == 0) {
        if (pos_.in_check())
            finish(pos_.side_to_move() == kWhite ? "0-1" : "1-0", "checkmate");
        else
            finish("1/2-1/2", "stalemate");
    } else if (chess::insufficient_material(pos_)) {
        finish("1/2-1/2", "insufficient material");
    } else if (pos_.repetition_count() >= 5) {
        finish("1/2-1/2", "fivefold repetition");
    } else if (pos_.halfmove_clock() >= 150) {
        finish("1/2-1/2", "seventy-five-move rule");
    }
}

std::optional<std::string> Game::claimable() const {
    if (over()) return std::nullopt;
    if (pos_.repetition_count() >= 3) return "threefold repetition";
    if (pos_.halfmove_clock() >= 100) return "fifty-move rule";
    return std::nullopt;
}

chess::Position Game::position_at(std::size_t n) const {
    chess::Position p = start_;
    for (std::size_t i = 0; i < n && i < moves_.size(); ++i) play_tree_move(p, moves_[i].move);
    return p;
}

std::string Game::player_name(Color c) const {
    // An imported game names its players by its White and Black tags (not "?").
    const std::string_view tag_name = c == kWhite ? "White" : "Black";
    for (const auto& [name, value] : tags)
        if (name == tag_name && !value.empty() && value != "?") return value;
    if (mode == Mode::kAnalysis) return c == kWhite ? "White" : "Black";
    if (mode == Mode::kHumans) return c == kWhite ? "White" : "Black";
    if (c == settings.human) return "You";
    const Level& l = settings.level;
    switch (l.kind) {
        case Level::kElo: return "Kibitz " + std::to_string(l.value);
        case Level::kFull: return "Kibitz";
        case Level::kMovetime: return "Kibitz " + core::decimal_seconds(l.value) + "s/move";
        case Level::kDepth: return "Kibitz depth " + std::to_string(l.value);
    }
    return "Kibitz";
}

Json Game::to_json(std::int64_t now, bool engine_thinking) const {
    Json moves = Json::array();
    for (const GameMove& m : moves_) {
        Json j = {{"uci", m.uci}, {"san", m.san}, {"fen", m.fen}, {"think", m.think}};
        if (m.clock >= 0) j["clock"] = m.clock;
        if (m.eval) {
            j["eval"] = eval_json(*m.eval);
            j["depth"] = m.depth;
        }
        if (m.book) j["book"] = true;
        moves.push_back(std::move(j));
    }
    Json legal = Json::array();
    if (!over())
        for (const chess::Move m : chess::legal_moves(pos_))
            legal.push_back(chess::move_to_uci(pos_, m));
    Json clocks = nullptr;
    if (timed()) {
        std::int64_t left[2] = {clock[0], clock[1]};
        const auto side = running();
        if (side) left[*side] = std::max<std::int64_t>(0, left[*side] - (now - turn_started));
        clocks = {{"white", left[kWhite]},
                  {"black", left[kBlack]},
                  {"running", side ? Json(color_name(*side)) : Json(nullptr)},
                  {"now", now}};
    }
    const auto claim = claimable();
    Json tags_json = Json::array();
    for (const auto& [name, value] : tags) tags_json.push_back({name, value});
    auto seat = [&](Color c) { return engine_plays(c) ? "engine" : "human"; };
    return {{"id", id},
            {"mode", mode_name(mode)},
            {"created", created},
            {"updated", updated},
            {"settings", settings_json(settings)},
            {"seats", {{"white", seat(kWhite)}, {"black", seat(kBlack)}}},
            {"players", {{"white", player_name(kWhite)}, {"black", player_name(kBlack)}}},
            {"start_fen", start_fen_},
            {"chess960", settings.chess960},
            {"moves", std::move(moves)},
            {"fen", pos_.fen()},
            {"turn", color_name(turn())},
            {"check", pos_.in_check()},
            {"legal", std::move(legal)},
            {"claimable", claim ? Json(*claim) : Json(nullptr)},
            {"over", over()},
            {"result", result},
            {"reason", reason},
            {"clocks", std::move(clocks)},
            {"draw_offer", draw_offer ? Json(color_name(*draw_offer)) : Json(nullptr)},
            {"takeback_request",
             takeback_request ? Json(color_name(*takeback_request)) : Json(nullptr)},
            {"engine", {{"thinking", engine_thinking}}},
            {"review", review},
            {"tree", tree_json(tree_)},
            {"tags", tags_json}};
}

Json Game::summary() const {
    const bool reviewed =
        review.is_object() && review.value("done", 0) == review.value("total", -1);
    return {{"id", id},
            {"mode", mode_name(mode)},
            {"created", created},
            {"updated", updated},
            {"white", player_name(kWhite)},
            {"black", player_name(kBlack)},
            {"result", result},
            {"reason", reason},
            {"plies", moves_.size()},
            {"start_fen", start_fen_},
            {"reviewed", reviewed}};
}

namespace {

// The PGN date of a Unix time in ms (UTC), "YYYY.MM.DD".
std::string pgn_date(std::int64_t ms) {
    const std::time_t t = std::time_t(ms / 1000);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char text[16];
    std::strftime(text, sizeof text, "%Y.%m.%d", &tm);
    return text;
}

}  // namespace

std::string Game::pgn() const {
    TreeGame out{tags, result, tree_};
    chess::PgnGame roster;  // for set_tag's replace-or-append
    roster.tags = tags;
    if (tags.empty()) {
        roster.set_tag("Event", mode == Mode::kAnalysis ? "Kibitz analysis" : "Kibitz game");
        roster.set_tag("Site", "Kibitz web app");
        roster.set_tag("Date", pgn_date(created));
        roster.set_tag("Round", "-");
        roster.set_tag("White", player_name(kWhite));
        roster.set_tag("Black", player_name(kBlack));
        if (timed())
            roster.set_tag("TimeControl", std::to_string(settings.clock_initial / 1000) + "+" +
                                              std::to_string(settings.clock_increment / 1000));
        if (!reason.empty())
            roster.set_tag("Termination", reason == "time forfeit" ? "time forfeit" : "normal");
    }
    roster.set_tag("Result", result);
    out.tags = std::move(roster.tags);
    // How a game played here ended, after its last move (an import keeps its own comments).
    if (tags.empty() && !reason.empty()) {
        const NodeId end = tree_.mainline_end();
        std::string comment = out.tree.node(end).comment_after;
        if (comment.find(reason) == std::string::npos) {
            comment += (comment.empty() ? "" : ", ") + reason;
            (void)out.tree.set_comment(end, comment);
        }
    }
    PgnExportOptions options;
    options.book = true;
    // A finished review of this main line: its evaluations, labels, explanations and best
    // lines go with the moves (review_pgn.h).
    (void)annotate_review(out, review, options);
    return tree_pgn_text(out, options);
}

}  // namespace kibitz::server
