// PGN reading: a line-based lexer with a stack of variation levels; errors name line and column.
#include "chess/pgn.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "chess/movegen.h"
#include "chess/san.h"
#include "core/strings.h"

namespace kibitz::chess {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f'; }

// A line that opens a tag section: its first non-blank character is '['.
bool is_tag_line(std::string_view line) {
    const auto t = core::trim(line);
    return !t.empty() && t.front() == '[';
}

// Lower case without blanks, dashes and underscores, for comparing variant names.
std::string squeeze_lower(std::string_view s) {
    std::string out;
    for (const char c : s)
        if (!is_blank(c) && c != '-' && c != '_')
            out += char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Appends text to dst, one space between.
void append_text(std::string& dst, std::string_view text) {
    if (text.empty()) return;
    if (!dst.empty()) dst += ' ';
    dst += text;
}

// Adds the words of raw (any whitespace) to dst, one space apart.
void append_words(std::string& dst, std::string_view raw) {
    for (const auto w : core::split_words(raw)) append_text(dst, w);
}

// The normalised result for a result token, or "" when it is not one.
std::string_view result_of(std::string_view t) {
    if (t == "1-0" || t == "1:0") return "1-0";
    if (t == "0-1" || t == "0:1") return "0-1";
    if (t == "1/2-1/2" || t == "1/2" || t == "1/2:1/2" || t == "\xC2\xBD-\xC2\xBD" ||
        t == "\xC2\xBD")
        return "1/2-1/2";
    if (t == "*") return "*";
    return {};
}

constexpr std::string_view kEllipsis = "\xE2\x80\xA6";  // U+2026 "…"

// True for a null move as analysis files write it: "--" (ChessBase, lichess), "Z0", "0000"
// (UCI) and "@@@@".
bool is_null_move(std::string_view t) {
    return t == "--" || t == "Z0" || t == "0000" || t == "@@@@";
}

// Delimiters of a movetext symbol.
bool ends_symbol(char c) {
    return is_blank(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == ';' || c == '[' ||
           c == ']' || c == '$';
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Game helpers.

std::string_view PgnGame::tag(std::string_view name) const {
    for (const auto& [k, v] : tags)
        if (k == name) return v;
    return {};
}

void PgnGame::set_tag(std::string_view name, std::string_view value) {
    for (auto& [k, v] : tags)
        if (k == name) {
            v = value;
            return;
        }
    tags.emplace_back(std::string(name), std::string(value));
}

bool PgnGame::chess960() const {
    const std::string v = squeeze_lower(tag("Variant"));
    return v == "chess960" || v == "fischerandom" || v == "fischerrandom" || v == "960";
}

std::vector<Move> PgnGame::mainline() const {
    std::vector<Move> out;
    out.reserve(moves.size());
    for (const auto& m : moves) out.push_back(m.move);
    return out;
}

core::Result<Position> start_position(const PgnGame& game) {
    const std::string v = squeeze_lower(game.tag("Variant"));
    const bool c960 = game.chess960();
    if (!c960 && !v.empty() && v != "standard" && v != "chess" && v != "normal" &&
        v != "fromposition")
        return core::error("variant '" + std::string(game.tag("Variant")) + "' is not supported");
    auto pos = Position::from_fen(game.start_fen.empty() ? kStartFen : game.start_fen, c960);
    if (!pos) return core::error("bad FEN tag '" + game.start_fen + "': " + pos.error());
    return pos;
}

int nag_from_symbol(std::string_view s) {
    // clang-format off
    static constexpr std::pair<std::string_view, int> kSymbols[] = {
        {"!", 1}, {"?", 2}, {"!!", 3}, {"??", 4}, {"!?", 5}, {"?!", 6}, {"=", 10},
        {"+=", 14}, {"+/=", 14}, {"=+", 15}, {"=/+", 15}, {"+/-", 16}, {"-/+", 17},
        {"+-", 18}, {"-+", 19},
        {"\xE2\x88\x9E", 13},  // infinity: unclear
        {"\xC2\xB1", 16},       // plus-minus
        {"\xE2\x88\x93", 17},  // minus-plus
    };
    // clang-format on
    for (const auto& [sym, nag] : kSymbols)
        if (sym == s) return nag;
    return 0;
}

// ---------------------------------------------------------------------------------------
// Reader: lines.

struct PgnReader::Level {
    Level(std::vector<PgnMove>* m, Position p) : moves(m), pos(std::move(p)) {}
    std::vector<PgnMove>* moves;
    Position pos;
    Move last;
    Undo undo{};
    bool has_last = false;
    bool after_close = false;       // a variation just closed: a comment now goes to the next move
    bool commented = false;         // the last move has its comment: another one goes to the next
    std::string pending;            // comment for the next move
    std::vector<int> pending_nags;  // NAGs before the variation's first move
    int open_line = 0, open_column = 0;
};

PgnReader::PgnReader(std::istream& in) { lines_.emplace(in, kMaxPgnLineBytes); }
PgnReader::PgnReader(std::string_view text) : text_(text) {}

// Loads the next line; false at the end of the input or when reading stops (stop()).
bool PgnReader::load_line() {
    if (stopped_) return have_line_ = false;
    const auto too_long = [] {
        return "the line is longer than " + core::size_text(kMaxPgnLineBytes) +
               ", the most a PGN line may hold; reading stops here";
    };
    if (lines_) {
        std::string_view line;
        if (!lines_->next(line)) {
            if (lines_->too_long())
                stop(too_long());
            else if (!lines_->error().empty())
                stop(lines_->error() + "; reading stops here");
            return have_line_ = false;
        }
        line_ = line;
    } else {
        if (text_pos_ >= text_.size()) return have_line_ = false;
        const auto nl = text_.find('\n', text_pos_);
        const auto end = nl == std::string_view::npos ? text_.size() : nl;
        if (end - text_pos_ > kMaxPgnLineBytes) {
            stop(too_long());
            return have_line_ = false;
        }
        line_ = text_.substr(text_pos_, end - text_pos_);
        text_pos_ = end + 1;
    }
    if (!line_.empty() && line_.back() == '\r') line_.remove_suffix(1);
    ++line_no_;
    game_bytes_ += line_.size() + 1;
    col_ = 0;
    return have_line_ = true;
}

// Ends the reading: next() reports reason as the error of line line_no_ + 1, then nothing more.
void PgnReader::stop(std::string reason) {
    stopped_ = true;
    stop_reason_ = std::move(reason);
    stop_line_ = line_no_ + 1;
}

// True, after fail(), when the game read so far is larger than kMaxPgnGameBytes.
bool PgnReader::game_too_large(const PgnGame& game) {
    if (game_bytes_ <= kMaxPgnGameBytes) return false;
    fail(game.first_line, 0,
         "the game is larger than " + core::size_text(kMaxPgnGameBytes) +
             ", the most one PGN game may hold",
         true);
    return true;
}

// Skips blank lines and %-escape lines; true at the end of the input.
bool PgnReader::at_end() {
    for (;;) {
        if (!have_line_ && !load_line()) return true;
        if (col_ == 0 && !line_.empty() && line_[0] == '%') {
            have_line_ = false;
            continue;
        }
        if (!core::trim(line_.substr(col_)).empty()) return false;
        have_line_ = false;
    }
}

// After an error inside a game: drops the rest of it up to the next tag section, that is a line
// starting with '[' after a line that did not, or any line starting with [Event.
void PgnReader::skip_to_next_game() {
    bool prev_tag = have_line_ && is_tag_line(line_);
    have_line_ = false;
    while (load_line()) {
        const bool tag = is_tag_line(line_);
        if (tag && (!prev_tag || core::starts_with(core::trim(line_), "[Event "))) return;
        prev_tag = tag;
        have_line_ = false;
    }
}

core::Result<PgnGame> PgnReader::fail(int line, int column, std::string reason, bool resync) {
    error_ = PgnError{line, column, std::move(reason)};
    error_set_ = true;
    error_resync_ = resync;
    error_text_ = "line " + std::to_string(line);
    if (column > 0) error_text_ += ", column " + std::to_string(column);
    error_text_ += ": " + error_.reason;
    return core::error(error_text_);
}

std::optional<core::Result<PgnGame>> PgnReader::next() {
    // A stop (a line too long, a read error) is reported once, as the error of the game it
    // cut short, or alone between games.
    auto report_stop = [this]() -> std::optional<core::Result<PgnGame>> {
        if (stop_reason_.empty()) return std::nullopt;
        ++games_;
        auto e = fail(stop_line_, 0, std::move(stop_reason_), false);
        stop_reason_.clear();
        return e;
    };
    for (;;) {
        if (error_resync_) {
            skip_to_next_game();
            error_resync_ = false;
        }
        if (at_end()) return report_stop();
        error_set_ = false;
        game_bytes_ = line_.size() + 1;
        auto game = read_game();
        if (stopped_) return report_stop();
        if (!game && error_set_) {
            ++games_;
            return game;
        }
        // A stray comment between games (no tags, no moves) is not a game.
        if (game->tags.empty() && game->moves.empty()) continue;
        ++games_;
        return game;
    }
}

// ---------------------------------------------------------------------------------------
// Reader: tags.

// Reads the tag section at the current line; false after fail().
bool PgnReader::read_tags(PgnGame& game, std::vector<int>& tag_lines) {
    while (!at_end() && is_tag_line(line_.substr(col_))) {
        if (game_too_large(game)) return false;
        const std::string_view s = line_;
        // A second [Event starts the next game (this one had no movetext).
        if (core::starts_with(core::trim(s), "[Event ") &&
            std::any_of(game.tags.begin(), game.tags.end(),
                        [](const auto& t) { return t.first == "Event"; }))
            return true;
        std::size_t i = col_;
        for (;;) {
            while (i < s.size() && is_blank(s[i])) ++i;
            if (i >= s.size()) break;
            const int col = int(i) + 1;
            if (s[i] != '[') {
                fail(line_no_, col,
                     "unexpected text after a tag: '" + core::clip(s.substr(i)) + "'", true);
                return false;
            }
            ++i;
            while (i < s.size() && is_blank(s[i])) ++i;
            const std::size_t name_start = i;
            while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_'))
                ++i;
            const std::string name(s.substr(name_start, i - name_start));
            if (name.empty()) {
                fail(line_no_, int(i) + 1, "tag without a name", true);
                return false;
            }
            while (i < s.size() && is_blank(s[i])) ++i;
            if (i >= s.size() || s[i] != '"') {
                fail(line_no_, int(i) + 1, "tag " + name + ": the value must be in double quotes",
                     true);
                return false;
            }
            const std::size_t value_start = ++i;
            // Strict reading: \" and \\ are escapes, the next plain quote ends the value.
            std::string value;
            bool closed = false;
            while (i < s.size()) {
                if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == '"' || s[i + 1] == '\\')) {
                    value += s[i + 1];
                    i += 2;
                } else if (s[i] == '"') {
                    closed = true;
                    break;
                } else {
                    value += s[i++];
                }
            }
            std::size_t k = i + 1;
            while (k < s.size() && is_blank(s[k])) ++k;
            if (closed && k < s.size() && s[k] == ']') {
                i = k + 1;
            } else {
                // Recovery for unescaped quotes inside the value: [Event "The "Big" Match"].
                // The value then runs to the last quote before the line's last ']'.
                const std::size_t close = s.rfind(']');
                std::size_t q = close == std::string_view::npos ? 0 : close;
                while (q > value_start && is_blank(s[q - 1])) --q;
                if (close == std::string_view::npos || q <= value_start || s[q - 1] != '"') {
                    fail(line_no_, int(value_start),
                         "tag " + name + ": value not closed by '\"]' on its line", true);
                    return false;
                }
                value.clear();
                for (std::size_t j = value_start; j + 1 < q; ++j) {
                    if (s[j] == '\\' && j + 2 < q && (s[j + 1] == '"' || s[j + 1] == '\\')) ++j;
                    value += s[j];
                }
                i = close + 1;
            }
            if (value.size() > kMaxPgnTagValueBytes) {
                fail(line_no_, int(value_start),
                     "tag " + name + ": the value is longer than " +
                         core::size_text(kMaxPgnTagValueBytes) +
                         ", the most a PGN tag value may hold",
                     true);
                return false;
            }
            game.tags.emplace_back(name, std::move(value));
            tag_lines.push_back(line_no_);
        }
        have_line_ = false;
    }
    return true;
}

// ---------------------------------------------------------------------------------------
// Reader: a game.

core::Result<PgnGame> PgnReader::read_game() {
    PgnGame game;
    game.first_line = line_no_;
    std::vector<int> tag_lines;
    if (!read_tags(game, tag_lines)) return core::error(error_text_);

    auto tag_line = [&](std::string_view name) {
        for (std::size_t i = 0; i < game.tags.size(); ++i)
            if (game.tags[i].first == name) return tag_lines[i];
        return game.first_line;
    };
    append_words(game.start_fen, game.tag("FEN"));  // blanks normalised: one space apart
    if (game.start_fen.empty() && core::trim(game.tag("SetUp")) == "1")
        return fail(tag_line("SetUp"), 0, "SetUp \"1\" without a FEN tag", true);
    auto start = start_position(game);
    if (!start)  // resynchronise unless the next game's tags are already next
        return fail(tag_line(game.start_fen.empty() ? "Variant" : "FEN"), 0, start.error(),
                    !(have_line_ && is_tag_line(line_)));
    if (!read_movetext(game, std::move(*start))) return core::error(error_text_);
    return game;
}

// Reads the movetext up to the result, the next tag section or the end; false after fail().
bool PgnReader::read_movetext(PgnGame& game, Position start) {
    std::vector<Level> levels;
    levels.push_back(Level{&game.moves, std::move(start)});
    bool result_seen = false;

    auto add_comment = [&](std::string_view text) {
        Level& l = levels.back();
        if (levels.size() == 1 && l.moves->empty())
            append_text(game.comment, text);
        else if (l.moves->empty() || l.after_close || l.commented)
            append_text(l.pending, text);  // before the next move ("{after e4} {before e5}")
        else
            append_text(l.moves->back().comment_after, text), l.commented = true;
    };
    // A NAG follows its move; one before the first move of the game is the start position's,
    // one before the first move of a variation is that move's nags_before.
    auto add_nag = [&](int nag) {
        Level& l = levels.back();
        if (nag == 0) return;  // $0, the null annotation, says nothing
        if (!l.moves->empty())
            l.moves->back().nags.push_back(nag);
        else
            (levels.size() == 1 ? game.nags : l.pending_nags).push_back(nag);
    };
    // Handles a symbol that is not a number or a result: a move with optional suffixes.
    auto play = [&](std::string_view t, int col) -> bool {
        if (t == "e.p." || t == "ep") return true;
        if (const int nag = nag_from_symbol(t)) return add_nag(nag), true;
        Level& l = levels.back();
        const std::string numbered = std::to_string(l.pos.fullmove_number()) +
                                     (l.pos.side_to_move() == kWhite ? ". " : "... ") +
                                     core::clip(t);
        std::string_view body = t;
        std::size_t cut = body.size();
        while (cut > 0 && (body[cut - 1] == '!' || body[cut - 1] == '?' || body[cut - 1] == '+' ||
                           body[cut - 1] == '#'))
            --cut;
        std::string marks;
        for (std::size_t i = cut; i < body.size(); ++i)
            if (body[i] == '!' || body[i] == '?') marks += body[i];
        const bool null_move = is_null_move(body.substr(0, cut));
        if (null_move && !null_moves_) {
            fail(line_no_, col, "move " + numbered + ": null moves are not supported", true);
            return false;
        }
        if (null_move && l.pos.in_check()) {
            fail(line_no_, col,
                 "move " + numbered + ": a null move is illegal in check (" +
                     (l.pos.side_to_move() == kWhite ? "White" : "Black") + " is in check)",
                 true);
            return false;
        }
        auto move =
            null_move ? core::Result<Move>(Move::null()) : move_from_san_reason(l.pos, body);
        if (!move) {
            fail(line_no_, col, "move " + numbered + " " + move.error(), true);
            return false;
        }
        PgnMove pm;
        pm.move = *move;
        pm.san = move_to_san(l.pos, *move);
        if (const int nag = nag_from_symbol(marks)) pm.nags.push_back(nag);
        pm.comment_before = std::move(l.pending);
        l.pending.clear();
        pm.nags_before = std::exchange(l.pending_nags, {});
        l.undo = null_move ? l.pos.make_null() : l.pos.make(*move);
        l.last = *move;
        l.has_last = true;
        l.after_close = false;
        l.commented = false;
        l.moves->push_back(std::move(pm));
        return true;
    };

    while (!result_seen) {
        // 1. Next line when this one is used up; a tag line at the top level ends the game.
        if (!have_line_ || col_ >= line_.size()) {
            if (!load_line()) break;
            if (game_too_large(game)) return false;
            if (!line_.empty() && line_[0] == '%') have_line_ = false;
            continue;  // an empty line is used up at once
        }
        if (col_ == 0 && is_tag_line(line_)) break;
        const std::string_view s = line_;
        const char c = s[col_];
        const int col = int(col_) + 1;
        if (is_blank(c)) {
            ++col_;
            continue;
        }
        // 2. Comments.
        if (c == ';') {
            add_comment(core::trim(s.substr(col_ + 1)));
            col_ = s.size();
            continue;
        }
        if (c == '{') {
            const int open_line = line_no_;
            std::string text;
            std::size_t from = col_ + 1;
            for (;;) {
                const auto close = line_.find('}', from);
                if (close != std::string_view::npos) {
                    append_words(text, line_.substr(from, close - from));
                    col_ = close + 1;
                    break;
                }
                append_words(text, line_.substr(from));
                if (text.size() > kMaxPgnCommentBytes) break;  // the error follows the loop
                // A new game's [Event tag ends a comment that was never closed.
                if (!load_line() || core::starts_with(line_, "[Event \"")) {
                    fail(open_line, col, "unterminated comment: '{' has no matching '}'", false);
                    return false;
                }
                if (game_too_large(game)) return false;
                from = 0;
            }
            if (text.size() > kMaxPgnCommentBytes) {
                fail(open_line, col,
                     "the comment is longer than " + core::size_text(kMaxPgnCommentBytes) +
                         ", the most a PGN comment may hold",
                     true);
                return false;
            }
            add_comment(text);
            continue;
        }
        // 3. Variations.
        if (c == '(') {
            Level& l = levels.back();
            if (!l.has_last) {
                fail(line_no_, col, "variation '(' before any move", true);
                return false;
            }
            if (levels.size() > std::size_t(kMaxVariationDepth)) {
                fail(line_no_, col,
                     "variations nested more than " + std::to_string(kMaxVariationDepth) +
                         " deep, the most the PGN reader follows",
                     true);
                return false;
            }
            l.moves->back().variations.emplace_back();
            Level child{&l.moves->back().variations.back(), l.pos};
            if (l.last == Move::null())
                child.pos.unmake_null(l.undo);
            else
                child.pos.unmake(l.last, l.undo);
            child.open_line = line_no_;
            child.open_column = col;
            levels.push_back(std::move(child));
            ++col_;
            continue;
        }
        if (c == ')') {
            if (levels.size() == 1) {
                fail(line_no_, col, "')' without a matching '('", true);
                return false;
            }
            Level child = std::move(levels.back());
            levels.pop_back();
            Level& parent = levels.back();
            if (!child.moves->empty())
                append_text(child.moves->back().comment_after, child.pending);
            else {
                PgnMove& before = parent.moves->back();
                append_text(before.comment_after, child.pending);
                before.nags.insert(before.nags.end(), child.pending_nags.begin(),
                                   child.pending_nags.end());
                before.variations.pop_back();  // "()" says nothing
            }
            parent.after_close = true;
            ++col_;
            continue;
        }
        // 4. NAGs.
        if (c == '$') {
            std::size_t j = col_ + 1;
            while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
            const auto nag = core::parse_int<int>(s.substr(col_ + 1, j - col_ - 1));
            if (!nag || *nag > 255) {
                fail(line_no_, col, "'$' must be followed by a number from 0 to 255", true);
                return false;
            }
            add_nag(*nag);
            col_ = j;
            continue;
        }
        if (c == '[' || c == ']' || c == '}') {
            fail(line_no_, col, std::string("unexpected '") + c + "' in the moves", true);
            return false;
        }
        // 5. A symbol: result, move number, move.
        std::size_t j = col_;
        while (j < s.size() && !ends_symbol(s[j])) ++j;
        std::string_view t = s.substr(col_, j - col_);
        col_ = j;
        if (const auto r = result_of(t); !r.empty()) {
            if (levels.size() > 1) continue;  // a result inside a variation: its outcome
            game.result = std::string(r);
            result_seen = true;
            break;
        }
        // Move numbers "12." "12..." "12" "12…", dots, and what follows them in the symbol.
        std::size_t k = 0;
        if (!core::starts_with(t, "0-0"))
            while (k < t.size() && std::isdigit(static_cast<unsigned char>(t[k]))) ++k;
        for (;;) {
            if (k < t.size() && t[k] == '.')
                ++k;
            else if (core::starts_with(t.substr(k), kEllipsis))
                k += kEllipsis.size();
            else
                break;
        }
        if (is_null_move(t)) k = 0;  // "0000" is a null move, not a move number
        t.remove_prefix(k);
        if (t.empty()) continue;
        if (!play(t, col + int(k))) return false;
    }

    // End of the game.
    if (levels.size() > 1) {
        const Level& open = levels.back();
        fail(open.open_line, open.open_column, "unterminated variation: '(' has no matching ')'",
             false);
        return false;
    }
    Level& top = levels.back();
    if (!top.pending.empty()) {
        if (top.moves->empty())
            append_text(game.comment, top.pending);
        else
            append_text(top.moves->back().comment_after, top.pending);
    }
    if (!result_seen) {
        const auto r = result_of(core::trim(game.tag("Result")));
        game.result = r.empty() ? "*" : std::string(r);
    }
    return true;
}

// ---------------------------------------------------------------------------------------
// Writer.

namespace {

constexpr std::size_t kMaxColumns = 80;

// Collects words into lines of at most 80 columns (a longer word gets a line of its own).
class Wrapper {
public:
    // Adds a word after a space, or at the start of a new line when it does not fit.
    void word(std::string_view w) {
        std::string full = std::move(prefix_);
        prefix_.clear();
        full += w;
        if (!line_.empty() && line_.size() + 1 + full.size() > kMaxColumns) flush();
        if (line_.empty())
            start_line(full);
        else
            line_ += ' ' + full;
    }
    // Puts s before the next word, without a space ("(").
    void prefix(std::string_view s) { prefix_ += s; }
    // Appends s to the last word without a space (")"), moving that word on when needed.
    void glue(std::string_view s) {
        if (line_.size() + s.size() <= kMaxColumns) {
            line_ += s;
            return;
        }
        const auto space = line_.rfind(' ');
        if (space == std::string::npos || space == 0) {
            line_ += s;
            return;
        }
        std::string last = line_.substr(space + 1);
        line_.resize(space);
        flush();
        start_line(last + std::string(s));
    }
    // A {comment}, split into words; '}' in the text becomes ')' so the comment stays closed.
    void comment(std::string_view text) {
        std::string clean(text);
        std::replace(clean.begin(), clean.end(), '}', ')');
        const auto words = core::split_words(clean);
        if (words.empty()) return word("{}");
        for (std::size_t i = 0; i < words.size(); ++i) {
            std::string w = i == 0 ? "{" : "";
            w += words[i];
            if (i + 1 == words.size()) w += '}';
            word(w);
        }
    }
    std::string finish() {
        flush();
        return std::move(out_);
    }

private:
    // A line may not start with '%' (an escape line) or '[' (a tag): a leading blank keeps
    // such comment words in the comment (the reader collapses blanks in comments).
    void start_line(std::string_view w) {
        line_.clear();
        if (!w.empty() && (w.front() == '%' || w.front() == '[')) line_ = " ";
        line_ += w;
    }
    void flush() {
        if (line_.empty()) return;
        out_ += line_;
        out_ += '\n';
        line_.clear();
    }
    std::string out_, line_, prefix_;
};

// Writes moves from pos (valid: pos is the real position; otherwise stored SAN is used).
void write_moves(Wrapper& w, const std::vector<PgnMove>& moves, Position pos, bool valid) {
    bool need_number = true;
    int ply = pos.game_ply();
    for (const PgnMove& pm : moves) {
        if (!pm.comment_before.empty()) {
            w.comment(pm.comment_before);
            need_number = true;
        }
        for (const int nag : pm.nags_before)
            if (nag > 0 && nag <= 255) w.word("$" + std::to_string(nag)), need_number = true;
        const bool null_move = pm.move == Move::null();
        valid = valid && (null_move ? !pos.in_check() : legal_moves(pos).contains(pm.move));
        const std::string san = valid ? move_to_san(pos, pm.move) : pm.san;
        // The move number stays on the line of its move: "12. Nf3", "12... Nc6".
        std::string text;
        if (ply % 2 == 0 || need_number)
            text = std::to_string(ply / 2 + 1) + (ply % 2 == 0 ? ". " : "... ");
        text += san.empty() ? "--" : san;
        w.word(text);
        need_number = false;
        for (const int nag : pm.nags)
            if (nag >= 0 && nag <= 255) w.word("$" + std::to_string(nag));
        if (!pm.comment_after.empty()) {
            w.comment(pm.comment_after);
            need_number = true;
        }
        for (const auto& variation : pm.variations) {
            if (variation.empty()) continue;
            w.prefix("(");
            write_moves(w, variation, pos, valid);
            w.glue(")");
            need_number = true;
        }
        if (valid) null_move ? (void)pos.make_null() : (void)pos.make(pm.move);
        ++ply;
    }
}

// A tag value with \\ and \" escaped and line breaks turned into spaces.
std::string escape_tag(std::string_view v) {
    std::string out;
    for (const char c : v) {
        if (c == '\\' || c == '"') out += '\\';
        out += c == '\n' || c == '\r' ? ' ' : c;
    }
    return out;
}

bool valid_tag_name(std::string_view name) {
    return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    });
}

}  // namespace

std::string write_pgn(const PgnGame& game) {
    std::string out;
    const std::string result =
        result_of(game.result).empty() ? "*" : std::string(result_of(game.result));
    auto add_tag = [&](std::string_view name, std::string_view value) {
        out += '[';
        out += name;
        out += " \"" + escape_tag(value) + "\"]\n";
    };
    static constexpr std::string_view kRoster[] = {"Event", "Site",  "Date",  "Round",
                                                   "White", "Black", "Result"};
    for (const auto name : kRoster) {
        std::string_view value = name == "Result" ? std::string_view(result) : game.tag(name);
        if (value.empty()) value = name == "Date" ? "????.??.??" : "?";
        add_tag(name, value);
    }
    if (!game.start_fen.empty()) {
        add_tag("SetUp", "1");
        add_tag("FEN", game.start_fen);
    }
    for (const auto& [name, value] : game.tags) {
        const bool skip =
            std::find(std::begin(kRoster), std::end(kRoster), name) != std::end(kRoster) ||
            name == "SetUp" || name == "FEN" || !valid_tag_name(name);
        if (!skip) add_tag(name, value);
    }
    out += '\n';

    Wrapper w;
    if (!game.comment.empty()) w.comment(game.comment);
    for (const int nag : game.nags)
        if (nag > 0 && nag <= 255) w.word("$" + std::to_string(nag));
    auto start = start_position(game);
    write_moves(w, game.moves, start ? std::move(*start) : Position(), start.ok());
    w.word(result);
    out += w.finish();
    return out;
}

}  // namespace kibitz::chess
