// The move tree to and from PGN, with the [%clk] and [%eval] comment commands
// (the PGN Specification Supplement's embedded commands, as lichess and chess.com write them).
#include <cstdio>
#include <utility>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/san.h"
#include "core/strings.h"
#include "server/game_tree.h"
#include "server/utf8.h"

namespace kibitz::server {

namespace {

// Appends the words of text to dst, one space apart.
void append_words(std::string& dst, std::string_view text) {
    for (const auto w : core::split_words(text)) {
        if (!dst.empty()) dst += ' ';
        dst += w;
    }
}

// Reads up to `max` decimal digits at s[i]; nullopt when there are none or more.
std::optional<std::int64_t> digits(std::string_view s, std::size_t& i, std::size_t max) {
    const std::size_t from = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    if (i == from || i - from > max) return std::nullopt;
    return core::parse_int(s.substr(from, i - from));
}

// "1:02:03", "2:03", "0:00:09.5" (at most 3 decimals) in ms.
std::optional<std::int64_t> parse_clock(std::string_view s) {
    std::vector<std::int64_t> fields;
    std::size_t i = 0;
    for (;;) {
        const auto v = digits(s, i, fields.empty() ? 6 : 2);
        if (!v) return std::nullopt;
        fields.push_back(*v);
        if (i < s.size() && s[i] == ':' && fields.size() < 3) {
            ++i;
            continue;
        }
        break;
    }
    std::int64_t ms = 0;
    if (i < s.size() && s[i] == '.') {
        const std::size_t from = ++i;
        if (!digits(s, i, 3)) return std::nullopt;
        ms = *core::parse_int(s.substr(from, i - from));
        for (std::size_t n = i - from; n < 3; ++n) ms *= 10;
    }
    if (i != s.size() || fields.size() < 2) return std::nullopt;
    for (std::size_t k = 1; k < fields.size(); ++k)
        if (fields[k] >= 60) return std::nullopt;
    std::int64_t seconds = 0;
    for (const auto f : fields) seconds = seconds * 60 + f;
    return seconds * 1000 + ms;
}

// "0.35", "-1.2", "+3", "#-3", "#4", with an optional ",depth".
bool parse_eval(std::string_view s, Eval& eval, int& depth) {
    depth = 0;
    if (const auto comma = s.find(','); comma != std::string_view::npos) {
        const auto d = core::parse_int<int>(s.substr(comma + 1));
        if (!d || *d < 1 || *d > 999) return false;
        depth = *d;
        s = s.substr(0, comma);
    }
    std::size_t i = s.empty() || s[0] != '#' ? 0 : 1;
    const bool mate = i == 1;
    const bool negative = i < s.size() && s[i] == '-';
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
    const auto whole = digits(s, i, mate ? 3 : 5);
    if (!whole) return false;
    if (mate) {
        if (i != s.size() || *whole == 0) return false;
        eval = Eval{0, int(negative ? -*whole : *whole)};
        return true;
    }
    std::int64_t cp = *whole * 100;
    if (i < s.size() && s[i] == '.') {
        const std::size_t from = ++i;
        if (!digits(s, i, 9)) return false;
        const std::string_view frac = s.substr(from, i - from);
        const auto at = [&](std::size_t k) { return k < frac.size() ? frac[k] - '0' : 0; };
        cp += at(0) * 10 + at(1) + (at(2) >= 5 ? 1 : 0);  // rounded to the centipawn
    }
    if (i != s.size()) return false;
    eval = Eval{int(negative ? -cp : cp), 0};
    return true;
}

}  // namespace

CommentCommands split_commands(std::string_view comment) {
    CommentCommands out;
    std::string rest;
    std::size_t i = 0;
    while (i < comment.size()) {
        const auto open = comment.find("[%", i);
        const auto close = open == std::string_view::npos ? open : comment.find(']', open + 2);
        if (close == std::string_view::npos) {
            rest += comment.substr(i);
            break;
        }
        rest += comment.substr(i, open - i);
        const auto words = core::split_words(comment.substr(open + 2, close - open - 2));
        bool taken = false;
        if (words.size() == 2 && words[0] == "clk" && !out.clock) {
            if (const auto ms = parse_clock(words[1])) out.clock = ms, taken = true;
        } else if (words.size() == 2 && words[0] == "eval" && !out.eval) {
            Eval e;
            int depth = 0;
            if (parse_eval(words[1], e, depth)) out.eval = e, out.depth = depth, taken = true;
        }
        rest += taken ? std::string_view(" ") : comment.substr(open, close + 1 - open);
        i = close + 1;
    }
    append_words(out.text, rest);
    return out;
}

std::string clock_command(std::int64_t ms) {
    ms = std::max<std::int64_t>(0, ms);
    const std::int64_t s = ms / 1000;
    char text[64];
    std::snprintf(text, sizeof text, "[%%clk %lld:%02lld:%02lld", (long long)(s / 3600),
                  (long long)(s / 60 % 60), (long long)(s % 60));
    std::string out = text;
    if (ms % 1000 != 0) {
        std::string frac = std::to_string(1000 + ms % 1000).substr(1);
        while (frac.back() == '0') frac.pop_back();
        out += "." + frac;
    }
    return out + "]";
}

std::string eval_command(const Eval& eval, int depth) {
    char text[64];
    const int a = eval.cp < 0 ? -eval.cp : eval.cp;
    int n = eval.mate != 0 ? std::snprintf(text, sizeof text, "[%%eval #%d", eval.mate)
                           : std::snprintf(text, sizeof text, "[%%eval %s%d.%02d",
                                           eval.cp < 0 ? "-" : "", a / 100, a % 100);
    if (depth > 0) n += std::snprintf(text + n, sizeof text - std::size_t(n), ",%d", depth);
    std::snprintf(text + n, sizeof text - std::size_t(n), "]");
    return text;
}

// ---------------------------------------------------------------------------------------
// Import.

namespace {

// Text of a PGN file as UTF-8: valid UTF-8 as it is, anything else read as ISO 8859-1, the PGN
// standard's own character set (section 4.1), so that the page and the store get valid text.
std::string as_utf8(std::string_view text) {
    if (!utf8_error(text)) return std::string(text);
    std::string out;
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x80) {
            out += ch;
        } else {
            out += char(0xC0 | c >> 6);
            out += char(0x80 | (c & 0x3F));
        }
    }
    return out;
}

// Adds a PGN line (and its variations, recursively) after node `at`, whose position is pos.
// In a variation, the alternatives to its first move are siblings of that move in the tree;
// they are added after the whole variation, in the order the export writes them, so that a
// game read back from the export gets the same node ids.
core::Status add_line(GameTree& tree, NodeId at, const std::vector<chess::PgnMove>& moves,
                      chess::Position pos, bool variation) {
    const NodeId branch = at;
    const chess::Position branch_pos = pos;
    const std::vector<std::vector<chess::PgnMove>>* siblings = nullptr;
    for (const chess::PgnMove& pm : moves) {
        const bool null_move = pm.move == chess::Move::null();
        if (null_move && pos.in_check())
            return core::error("move -- (a null move) is illegal in " + tree.where(at) +
                               ": the side to move is in check");
        if (!null_move && !chess::legal_moves(pos).contains(pm.move))
            return core::error("move " + (pm.san.empty() ? std::string("?") : pm.san) +
                               " is illegal in " + tree.where(at));
        if (tree.next_id() >= kMaxTreeNodes)
            return core::error("the game has more than " + std::to_string(kMaxTreeNodes) +
                               " moves, the most one game may hold");
        const NodeId id = TreeBuilder::append(tree, at, pos, pm.move);
        TreeNode& n = TreeBuilder::edit(tree, id);
        n.comment_before = as_utf8(pm.comment_before);
        n.nags = pm.nags;
        n.nags_before = pm.nags_before;
        CommentCommands c = split_commands(as_utf8(pm.comment_after));
        n.comment_after = std::move(c.text);
        if (c.clock) n.clock = *c.clock;
        if (c.eval) n.eval = c.eval, n.depth = c.depth;
        if (variation && at == branch)
            siblings = &pm.variations;
        else
            for (const auto& v : pm.variations)
                if (auto ok = add_line(tree, at, v, pos, true); !ok) return ok;
        play_tree_move(pos, pm.move);
        at = id;
    }
    if (siblings)
        for (const auto& v : *siblings)
            if (auto ok = add_line(tree, branch, v, branch_pos, true); !ok) return ok;
    return core::Done{};
}

}  // namespace

core::Result<TreeGame> tree_from_pgn(const chess::PgnGame& game) {
    auto start = chess::start_position(game);
    if (!start) return core::error(start.error());
    auto tree = GameTree::create(game.start_fen, start->chess960());
    if (!tree) return core::error(tree.error());
    TreeGame out;
    for (const auto& [name, value] : game.tags) out.tags.emplace_back(name, as_utf8(value));
    out.result = game.result;
    out.tree = std::move(*tree);
    TreeNode& root = TreeBuilder::edit(out.tree, kRootNode);
    root.comment_after = as_utf8(game.comment);
    root.nags = game.nags;
    if (auto ok = add_line(out.tree, kRootNode, game.moves, std::move(*start), false); !ok)
        return core::error(ok.error());
    return out;
}

// ---------------------------------------------------------------------------------------
// Export.

namespace {

// Builds the PGN lines of a tree.
class PgnLines {
public:
    PgnLines(const GameTree& tree, const PgnExportOptions& options)
        : tree_(tree), options_(options) {}

    // The line that starts with node `first` and follows children[0]; the other children of a
    // node's parent become that node's variations (a variation's first node has none).
    std::vector<chess::PgnMove> line(NodeId first) const {
        std::vector<chess::PgnMove> out;
        for (NodeId id = first;;) {
            const TreeNode& n = tree_.node(id);
            out.push_back(move(n));
            const auto& siblings = tree_.node(n.parent).children;
            if (siblings.front() == id) {
                for (std::size_t j = 1; j < siblings.size(); ++j)
                    out.back().variations.push_back(line(siblings[j]));
                add_best_line(n, out.back());
            }
            if (n.children.empty()) break;
            id = n.children.front();
        }
        return out;
    }

private:
    chess::PgnMove move(const TreeNode& n) const {
        chess::PgnMove pm;
        pm.move = n.move;
        pm.san = n.san;
        pm.nags = n.nags;
        pm.nags_before = n.nags_before;
        pm.comment_before = n.comment_before;
        std::string& c = pm.comment_after;
        if (options_.evals && n.eval) append_words(c, eval_command(*n.eval, n.depth));
        if (options_.clocks && n.clock >= 0) append_words(c, clock_command(n.clock));
        if (options_.book && n.book) append_words(c, "book");
        append_words(c, n.comment_after);
        return pm;
    }

    // The engine's best line as the last variation of n's move, unless it starts with a move
    // that the tree has there already.
    void add_best_line(const TreeNode& n, chess::PgnMove& pm) const {
        if (!options_.best_lines || n.best.empty()) return;
        for (const NodeId s : tree_.node(n.parent).children)
            if (tree_.node(s).uci == n.best.front()) return;
        chess::Position pos = tree_.position(n.parent);
        std::vector<chess::PgnMove> variation;
        for (const std::string& uci : n.best) {
            const auto m = chess::move_from_uci(pos, uci);
            if (!m) break;  // set_best checked it: cannot happen
            chess::PgnMove bm;
            bm.move = *m;
            bm.san = chess::move_to_san(pos, *m);
            pos.make(*m);
            variation.push_back(std::move(bm));
        }
        if (!variation.empty()) pm.variations.push_back(std::move(variation));
    }

    const GameTree& tree_;
    const PgnExportOptions& options_;
};

}  // namespace

chess::PgnGame tree_to_pgn(const TreeGame& game, const PgnExportOptions& options) {
    chess::PgnGame g;
    g.tags = game.tags;
    g.result = game.result;
    const GameTree& tree = game.tree;
    g.start_fen = tree.start_fen();
    if (tree.chess960() && !g.chess960()) g.set_tag("Variant", "Chess960");
    g.comment = tree.node(kRootNode).comment_after;
    g.nags = tree.node(kRootNode).nags;
    const auto& first = tree.node(kRootNode).children;
    if (!first.empty()) g.moves = PgnLines(tree, options).line(first.front());
    // Before the first move PGN has one place for comments and NAGs, which a reader takes as the
    // game's (the start position's): the two are written as one, so that they read back the same.
    if (!g.moves.empty()) {
        append_words(g.comment, std::exchange(g.moves[0].comment_before, ""));
        const auto nags = std::exchange(g.moves[0].nags_before, {});
        g.nags.insert(g.nags.end(), nags.begin(), nags.end());
    }
    return g;
}

std::string tree_pgn_text(const TreeGame& game, const PgnExportOptions& options) {
    return chess::write_pgn(tree_to_pgn(game, options));
}

}  // namespace kibitz::server
