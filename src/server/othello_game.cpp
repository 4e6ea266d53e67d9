// An Othello game of the web app: moves, result, JSON, text and database row.
#include "server/othello_game.h"

#include <algorithm>
#include <bit>
#include <cctype>

#include "core/strings.h"
#include "server/store.h"

namespace kibitz::server {

using othello::Board;
using othello::Color;
using othello::kBlack;
using othello::kWhite;
using othello::Move;

namespace {

// What a level scored against other engines: [{"opponent", "wins", "losses", "draws"}].
Json measured_json(const OthelloLevel& l) {
    Json out = Json::array();
    for (const engine::OthelloLevelResult& r : l.measured)
        out.push_back(
            {{"opponent", r.opponent}, {"wins", r.wins}, {"losses", r.losses}, {"draws", r.draws}});
    return out;
}

// Centi-discs as discs: 235 -> 2.35.
Json discs_json(int score) { return score / 100.0; }

// The squares of a bitboard by name, A1 first.
Json squares_json(othello::Bitboard b) {
    Json out = Json::array();
    for (; b; b &= b - 1) out.push_back(core::to_lower(othello::square_name(std::countr_zero(b))));
    return out;
}

Json moves_json(const std::vector<Move>& moves) {
    Json out = Json::array();
    for (const Move m : moves) out.push_back(othello_move_text(m));
    return out;
}

// A line that holds a board: no digit (a line of moves has squares) and at least 64
// characters besides spaces. Board::from_text then says what is wrong with a bad one.
bool is_board_line(std::string_view line) {
    if (std::any_of(line.begin(), line.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return false;
    return std::count_if(line.begin(), line.end(),
                         [](char c) { return c != ' ' && c != '\t' && c != '\r'; }) >= 64;
}

// The word of `text` at `i` (at most about 12 bytes, whole UTF-8 characters), for errors.
std::string snippet(const std::string& text, std::size_t i) {
    std::size_t k = i;
    const auto continuation = [&](std::size_t j) {
        return j < text.size() && (static_cast<unsigned char>(text[j]) & 0xC0) == 0x80;
    };
    while (k < text.size() && text[k] != ' ' && text[k] != ',' && (k - i < 12 || continuation(k)))
        ++k;
    return text.substr(i, k - i);
}

std::string legal_list(const Board& b) {
    std::string s;
    for (othello::Bitboard m = b.legal(); m; m &= m - 1)
        s += (s.empty() ? "" : ", ") + core::to_lower(othello::square_name(std::countr_zero(m)));
    return s;
}

}  // namespace

Json othello_levels_json() {
    Json out = Json::array();
    for (int level = 1; level <= kOthelloLevels; ++level) {
        const OthelloLevel& l = othello_level(level);
        out.push_back({{"level", l.level},
                       {"name", l.name},
                       {"depth", l.depth},
                       {"ms", l.ms},
                       {"eval", eval::othello_eval_level_name(l.eval)},
                       {"solve_empties", l.solve_empties},
                       {"measured", measured_json(l)}});
    }
    return out;
}

Json search_info_json(const OthelloSearchInfo& s) {
    return {{"depth", s.depth}, {"eval", discs_json(s.score)},
            {"exact", s.exact}, {"pv", moves_json(s.pv)},
            {"nodes", s.nodes}, {"time", s.time_ms}};
}

std::string othello_move_text(Move m) {
    if (m.is_pass()) return "pass";
    return m.is_square() ? core::to_lower(othello::square_name(m.square())) : "none";
}

core::Result<OthelloText> parse_othello_text(std::string_view text,
                                             std::optional<othello::Board> start) {
    OthelloText out;
    if (start) out.start = *start;
    // 1. Lines: comments dropped, a board line taken as the start, the rest kept as moves.
    std::string moves;
    bool board_seen = false;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        const auto first = line.find_first_not_of(" \t\r");
        if (first == std::string_view::npos) continue;
        line.remove_prefix(first);
        if (line[0] == ';' || line[0] == '#' || line[0] == '%') continue;
        if (is_board_line(line)) {
            if (board_seen || start)
                return core::error("the text has two start boards (only one is allowed)");
            auto board = Board::from_text(line);
            if (!board) return core::error(board.error());
            out.start = *board;
            board_seen = true;
            continue;
        }
        moves += std::string(line) + ' ';
    }
    // 2. The moves, one by one, played on a board to check them.
    Board b = out.start;
    std::size_t i = 0;
    int number = 0;
    const auto at = [&](std::size_t k) {
        return k < moves.size() ? char(std::tolower(static_cast<unsigned char>(moves[k]))) : '\0';
    };
    while (i < moves.size()) {
        const char c = at(i);
        if (c == ' ' || c == '\t' || c == '\r' || c == ',' || c == ';') {
            ++i;
            continue;
        }
        // A move number: digits and a dot ("12." or "12...").
        if (c >= '0' && c <= '9') {
            std::size_t k = i;
            while (at(k) >= '0' && at(k) <= '9') ++k;
            if (at(k) != '.')
                return core::error("move " + std::to_string(number + 1) + ": '" +
                                   snippet(moves, i) +
                                   "' is not a square a1-h8, a pass or a move number (\"12.\")");
            while (at(k) == '.') ++k;
            i = k;
            continue;
        }
        Move m;
        std::string token;
        if (c >= 'a' && c <= 'h' && at(i + 1) >= '1' && at(i + 1) <= '8') {
            token = moves.substr(i, 2);
            m = Move::at((at(i + 1) - '1') * 8 + (c - 'a'));
            i += 2;
        } else if (at(i) == 'p' && at(i + 1) == 'a' && at(i + 2) == 's' && at(i + 3) == 's') {
            token = moves.substr(i, 4);
            m = Move::pass();
            i += 4;
        } else if ((c == 'p' && (at(i + 1) == 'a' || at(i + 1) == 's')) ||
                   (c == '-' && at(i + 1) == '-')) {
            token = moves.substr(i, 2);
            m = Move::pass();
            i += 2;
        } else {
            return core::error("move " + std::to_string(number + 1) + ": '" + snippet(moves, i) +
                               "' is not a square a1-h8 or pass");
        }
        ++number;
        const std::string where = "move " + std::to_string(number) + " '" + token + "'";
        if (b.game_over())
            return core::error(where + ": the game is already over after " +
                               std::to_string(out.moves.size()) + " moves");
        // A pass the rules force may be left out of the text: play it first.
        if (!m.is_pass() && b.must_pass()) {
            b.make(Move::pass());
            out.moves.push_back(Move::pass());
        }
        const std::string who(othello::color_name(b.side_to_move()));
        if (m.is_pass() && !b.must_pass())
            return core::error(where + ": " + who + " cannot pass, having the legal moves " +
                               legal_list(b));
        if (!m.is_pass() && !b.is_legal(m)) {
            const bool taken = !(b.empties() & othello::square_bit(m.square()));
            return core::error(where + " is illegal for " + who + ": " +
                               (taken ? "the square is taken" : "it flips no disc") +
                               "; the legal moves are " + legal_list(b));
        }
        b.make(m);
        out.moves.push_back(m);
    }
    return out;
}

void OthelloGame::start(const Board& board) {
    start_ = board_ = board;
    moves_.clear();
}

OthelloMove& OthelloGame::play(Move m, std::int64_t now) {
    OthelloMove rec;
    rec.move = m;
    rec.color = board_.side_to_move();
    const othello::Bitboard before = board_.discs(~rec.color);
    board_.make(m);
    rec.flipped = before & ~board_.discs(~rec.color);
    rec.think = turn_started ? std::max<std::int64_t>(0, now - turn_started) : 0;
    turn_started = now;
    moves_.push_back(std::move(rec));
    return moves_.back();
}

void OthelloGame::truncate(std::size_t n) {
    moves_.resize(std::min(n, moves_.size()));
    board_ = board_at(moves_.size());
}

Board OthelloGame::board_at(std::size_t n) const {
    Board b = start_;
    for (std::size_t i = 0; i < n && i < moves_.size(); ++i) b.make(moves_[i].move);
    return b;
}

std::pair<int, int> OthelloGame::final_discs() const {
    const int black = board_.disc_count(kBlack), white = board_.disc_count(kWhite);
    if (black > white) return {64 - white, white};
    if (white > black) return {black, 64 - black};
    return {32, 32};
}

std::string OthelloGame::result() const {
    if (!over()) return "";
    const auto [b, w] = final_discs();
    return b > w ? "black" : w > b ? "white" : "draw";
}

std::string OthelloGame::result_text() const {
    if (!over()) return "";
    const auto [b, w] = final_discs();
    const std::string score = std::to_string(std::max(b, w)) + "-" + std::to_string(std::min(b, w));
    if (b == w) return "Draw " + score;
    return std::string(b > w ? "Black" : "White") + " wins " + score;
}

std::string OthelloGame::player_name(Color c) const {
    if (mode == OthelloMode::kHumans) return c == kBlack ? "Black" : "White";
    if (c == settings.human) return "You";
    const OthelloLevel& l = othello_level(settings.level);
    return "Kibitz " + std::to_string(l.level) + " (" + l.name + ")";
}

Json OthelloGame::to_json(bool thinking, const std::optional<OthelloSearchInfo>& live) const {
    Json moves = Json::array();
    Board b = start_;
    for (const OthelloMove& m : moves_) {
        b.make(m.move);
        Json j = {{"move", othello_move_text(m.move)},
                  {"color", othello::color_name(m.color)},
                  {"flipped", squares_json(m.flipped)},
                  {"board", b.to_text()},
                  {"discs", {{"black", b.disc_count(kBlack)}, {"white", b.disc_count(kWhite)}}},
                  {"think", m.think}};
        if (m.search) j["search"] = search_info_json(*m.search);
        moves.push_back(std::move(j));
    }
    Json legal = Json::array();
    if (!over()) {
        othello::MoveList list;
        board_.generate(list);
        for (const Move m : list) legal.push_back(othello_move_text(m));
    }
    // The engine's latest word: the search going on, else the one of its last move.
    Json search = nullptr;
    if (thinking && live) {
        search = search_info_json(*live);
        search["ply"] = moves_.size();
    } else {
        for (std::size_t i = moves_.size(); i-- > 0;)
            if (moves_[i].search) {
                search = search_info_json(*moves_[i].search);
                search["ply"] = i;
                break;
            }
    }
    const auto [fb, fw] = final_discs();
    const std::string res = result();
    Json j = {
        {"id", id},
        {"game", "othello"},
        {"mode", mode == OthelloMode::kEngine ? "engine" : "humans"},
        {"created", created},
        {"updated", updated},
        {"settings", {{"color", othello::color_name(settings.human)}, {"level", settings.level}}},
        {"seats",
         {{"black", engine_plays(kBlack) ? "engine" : "human"},
          {"white", engine_plays(kWhite) ? "engine" : "human"}}},
        {"players", {{"black", player_name(kBlack)}, {"white", player_name(kWhite)}}},
        {"start", start_.to_text()},
        {"moves", std::move(moves)},
        {"board", board_.to_text()},
        {"turn", over() ? Json(nullptr) : Json(othello::color_name(turn()))},
        {"legal", std::move(legal)},
        {"must_pass", board_.must_pass()},
        {"discs", {{"black", board_.disc_count(kBlack)}, {"white", board_.disc_count(kWhite)}}},
        {"empties", board_.empty_count()},
        {"over", over()},
        {"result", res.empty() ? Json(nullptr) : Json(res)},
        {"score", over() ? Json{{"black", fb}, {"white", fw}} : Json(nullptr)},
        {"result_text", result_text()},
        {"engine", {{"thinking", thinking}, {"search", std::move(search)}}}};
    return j;
}

Json OthelloGame::summary() const {
    const auto [fb, fw] = final_discs();
    return {{"id", id},
            {"mode", mode == OthelloMode::kEngine ? "engine" : "humans"},
            {"created", created},
            {"updated", updated},
            {"black", player_name(kBlack)},
            {"white", player_name(kWhite)},
            {"moves", moves_.size()},
            {"discs", {{"black", board_.disc_count(kBlack)}, {"white", board_.disc_count(kWhite)}}},
            {"over", over()},
            {"result", over() ? Json(result()) : Json(nullptr)},
            {"score", over() ? Json{{"black", fb}, {"white", fw}} : Json(nullptr)}};
}

std::string OthelloGame::moves_text() const {
    std::string s;
    for (const OthelloMove& m : moves_) s += othello_move_text(m.move);
    return s;
}

std::string OthelloGame::export_text() const {
    std::string s = "; Kibitz Othello game " + id + "\n";
    s += "; Black: " + player_name(kBlack) + "\n";
    s += "; White: " + player_name(kWhite) + "\n";
    s += "; Result: " + (over() ? result_text() : std::string("unfinished")) + "\n";
    if (!(start_ == Board::start())) s += start_.to_text() + "\n";
    return s + moves_text() + "\n";
}

OthelloRow OthelloGame::to_row() const {
    OthelloRow r;
    r.id = id;
    r.mode = mode == OthelloMode::kEngine ? "engine" : "humans";
    r.settings =
        Json{{"color", othello::color_name(settings.human)}, {"level", settings.level}}.dump();
    r.start = start_.to_text();
    Json moves = Json::array();
    for (const OthelloMove& m : moves_) {
        Json j = {{"move", othello_move_text(m.move)}, {"think", m.think}};
        if (m.search) {
            const OthelloSearchInfo& s = *m.search;
            j["search"] = {{"depth", s.depth},       {"score", s.score}, {"exact", s.exact},
                           {"pv", moves_json(s.pv)}, {"nodes", s.nodes}, {"time", s.time_ms}};
        }
        moves.push_back(std::move(j));
    }
    r.moves = moves.dump();
    r.created = created;
    r.updated = updated;
    r.token_black = token[kBlack];
    r.token_white = token[kWhite];
    return r;
}

core::Result<OthelloGame> OthelloGame::from_row(const OthelloRow& r) {
    OthelloGame g;
    g.id = r.id;
    if (r.mode != "engine" && r.mode != "humans")
        return core::error("mode '" + r.mode + "' is not engine or humans");
    g.mode = r.mode == "engine" ? OthelloMode::kEngine : OthelloMode::kHumans;
    const Json settings = Json::parse(r.settings, nullptr, false);
    if (!settings.is_object()) return core::error("its settings are not a JSON object");
    g.settings.human = settings.value("color", "black") == "white" ? kWhite : kBlack;
    g.settings.level = std::clamp(settings.value("level", kOthelloDefaultLevel), 1, kOthelloLevels);
    auto start = Board::from_text(r.start);
    if (!start) return core::error(start.error());
    g.start(*start);
    const Json moves = Json::parse(r.moves, nullptr, false);
    if (!moves.is_array()) return core::error("its moves are not a JSON array");
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const Json& j = moves[i];
        const std::string text = j.is_object() ? j.value("move", "") : "";
        auto m = othello::parse_move(g.board_, text);
        if (!m)
            return core::error("stored move " + std::to_string(i + 1) + " '" + text +
                               "': " + m.error());
        OthelloMove& rec = g.play(*m, 0);
        rec.think = j.value("think", std::int64_t{0});
        if (j.contains("search") && j["search"].is_object()) {
            const Json& s = j["search"];
            OthelloSearchInfo info;
            info.depth = s.value("depth", 0);
            info.score = s.value("score", 0);
            info.exact = s.value("exact", false);
            info.nodes = s.value("nodes", std::uint64_t{0});
            info.time_ms = s.value("time", std::int64_t{0});
            // The PV is notes only: a bad one is dropped, not a reason to lose the game.
            if (s.contains("pv") && s["pv"].is_array()) {
                Board b = g.board_at(i);
                for (const Json& p : s["pv"]) {
                    if (!p.is_string()) break;
                    auto pm = othello::parse_move(b, p.get<std::string>());
                    if (!pm) break;
                    b.make(*pm);
                    info.pv.push_back(*pm);
                }
            }
            rec.search = std::move(info);
        }
    }
    g.created = r.created;
    g.updated = r.updated;
    g.token[kBlack] = r.token_black;
    g.token[kWhite] = r.token_white;
    return g;
}

}  // namespace kibitz::server
