// The move tree: stable ids, lines, variations, promotion, deletion and annotations.
#include "server/game_tree.h"

#include <algorithm>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/san.h"
#include "core/strings.h"
#include "server/utf8.h"

namespace kibitz::server {

namespace {

// The NAG groups whose members exclude each other: move quality and position assessment.
int nag_group(int nag) {
    if (nag >= 1 && nag <= 6) return 1;
    if (nag >= 10 && nag <= 19) return 2;
    return 0;
}

}  // namespace

void play_tree_move(chess::Position& pos, chess::Move m) {
    if (m == chess::Move::null())
        pos.make_null();
    else
        pos.make(m);
}

GameTree::GameTree() {
    TreeNode root;
    root.id = kRootNode;
    root.fen = start_.fen();
    root.ply = start_.game_ply();
    nodes_.push_back(std::move(root));
    live_ = 1;
}

core::Result<GameTree> GameTree::create(std::string_view fen, bool chess960) {
    const std::string text{core::trim(fen)};
    auto pos = chess::Position::from_fen(text.empty() ? chess::kStartFen : text, chess960);
    if (!pos) return core::error("bad start position '" + core::clip(text) + "': " + pos.error());
    GameTree tree;
    tree.start_fen_ = text;
    tree.start_ = std::move(*pos);
    tree.nodes_[0].fen = tree.start_.fen();
    tree.nodes_[0].ply = tree.start_.game_ply();
    return tree;
}

bool GameTree::contains(NodeId id) const {
    return id >= 0 && std::size_t(id) < nodes_.size() && nodes_[std::size_t(id)].id == id;
}

core::Status GameTree::check(NodeId id) const {
    if (!contains(id)) return core::error("no node " + std::to_string(id) + " in this game");
    return core::Done{};
}

core::Status GameTree::check_move_node(NodeId id) const {
    if (id == kRootNode) return core::error("node 0 is the start position, not a move");
    return check(id);
}

std::vector<NodeId> GameTree::ids() const {
    std::vector<NodeId> out;
    out.reserve(live_);
    for (const TreeNode& n : nodes_)
        if (n.id != kNoNode) out.push_back(n.id);
    return out;
}

std::vector<NodeId> GameTree::mainline(NodeId from) const {
    std::vector<NodeId> out;
    if (!contains(from)) return out;
    for (NodeId id = from;; id = node(id).children.front()) {
        out.push_back(id);
        if (node(id).children.empty()) break;
    }
    return out;
}

std::vector<NodeId> GameTree::path(NodeId id) const {
    std::vector<NodeId> out;
    if (!contains(id)) return out;
    for (; id != kNoNode; id = node(id).parent) out.push_back(id);
    std::reverse(out.begin(), out.end());
    return out;
}

int GameTree::nesting(NodeId id) const {
    if (!contains(id)) return -1;
    int n = 0;
    for (; id != kRootNode; id = node(id).parent)
        if (node(node(id).parent).children.front() != id) ++n;
    return n;
}

chess::Position GameTree::position(NodeId id) const {
    chess::Position pos = start_;
    const auto nodes = path(id);
    for (std::size_t i = 1; i < nodes.size(); ++i) play_tree_move(pos, node(nodes[i]).move);
    return pos;
}

std::string GameTree::where(NodeId id) const {
    if (!contains(id)) return "node " + std::to_string(id);
    if (id == kRootNode) return "the start position";
    const TreeNode& n = node(id);
    const int before = n.ply - 1;  // game ply of the position the move was played in
    return "the position after " + std::to_string(before / 2 + 1) +
           (before % 2 == 0 ? ". " : "... ") + n.san;
}

NodeId GameTree::append_legal(NodeId at, const chess::Position& before, chess::Move m) {
    TreeNode n;
    n.id = next_id();
    n.parent = at;
    n.move = m;
    n.uci = chess::move_to_uci(before, m);
    n.san = chess::move_to_san(before, m);
    chess::Position after = before;
    play_tree_move(after, m);
    n.fen = after.fen();
    n.ply = after.game_ply();
    const NodeId id = n.id;
    nodes_.push_back(std::move(n));
    nodes_[std::size_t(at)].children.push_back(id);
    ++live_;
    return id;
}

core::Result<NodeId> GameTree::add_move(NodeId at, chess::Move m) {
    if (auto ok = check(at); !ok) return core::error(ok.error());
    for (const NodeId c : node(at).children)
        if (node(c).move == m) return c;
    const chess::Position before = position(at);
    if (!chess::legal_moves(before).contains(m))
        return core::error("move " + chess::move_to_uci(before, m) + " is illegal in " + where(at) +
                           " (" + before.fen() + ")");
    if (next_id() >= kMaxTreeNodes)
        return core::error("the game holds " + std::to_string(kMaxTreeNodes) +
                           " moves already, the most one game may hold");
    if (!node(at).children.empty() && nesting(at) + 1 > chess::kMaxVariationDepth)
        return core::error("variations may nest " + std::to_string(chess::kMaxVariationDepth) +
                           " deep at most, as in PGN");
    return append_legal(at, before, m);
}

core::Result<NodeId> GameTree::add_move(NodeId at, std::string_view text) {
    if (auto ok = check(at); !ok) return core::error(ok.error());
    const std::string t{core::trim(text)};
    if (t.empty()) return core::error("no move given");
    const chess::Position before = position(at);
    const bool uci_like = (t.size() == 4 || t.size() == 5) && t[0] >= 'a' && t[0] <= 'h' &&
                          t[1] >= '1' && t[1] <= '8' && t[2] >= 'a' && t[2] <= 'h' && t[3] >= '1' &&
                          t[3] <= '8';
    auto m = uci_like ? chess::move_from_uci(before, t) : chess::move_from_san(before, t);
    if (!m) return core::error(m.error() + " (" + where(at) + ")");
    return add_move(at, *m);
}

core::Status GameTree::promote(NodeId id, bool to_mainline) {
    if (auto ok = check(id); !ok) return ok;
    for (; id != kRootNode; id = node(id).parent) {
        auto& siblings = nodes_[std::size_t(node(id).parent)].children;
        const auto it = std::find(siblings.begin(), siblings.end(), id);
        if (it == siblings.begin()) continue;
        std::rotate(siblings.begin(), it, it + 1);  // id first, the others in their order
        if (!to_mainline) break;
    }
    return core::Done{};
}

void GameTree::drop_subtree(NodeId id) {
    std::vector<NodeId> stack{id};
    while (!stack.empty()) {
        TreeNode& n = nodes_[std::size_t(stack.back())];
        stack.pop_back();
        stack.insert(stack.end(), n.children.begin(), n.children.end());
        n = TreeNode{};  // id kNoNode: deleted, never given again
        --live_;
    }
}

core::Status GameTree::remove(NodeId id) {
    if (auto ok = check_move_node(id); !ok) return ok;
    auto& siblings = nodes_[std::size_t(node(id).parent)].children;
    siblings.erase(std::find(siblings.begin(), siblings.end(), id));
    drop_subtree(id);
    return core::Done{};
}

core::Status GameTree::truncate(NodeId id) {
    if (auto ok = check(id); !ok) return ok;
    const std::vector<NodeId> children = std::move(nodes_[std::size_t(id)].children);
    nodes_[std::size_t(id)].children.clear();
    for (const NodeId c : children) drop_subtree(c);
    return core::Done{};
}

core::Status GameTree::set_comment(NodeId id, std::string_view text, bool before) {
    if (auto ok = before ? check_move_node(id) : check(id); !ok) return ok;
    const std::string what = "the comment on node " + std::to_string(id);
    if (text.size() > chess::kMaxPgnCommentBytes)
        return core::error(what + " is longer than " + core::size_text(chess::kMaxPgnCommentBytes) +
                           ", the most a comment may hold");
    if (const auto bad = utf8_error(text)) return core::error(what + " is not UTF-8: " + *bad);
    TreeNode& n = nodes_[std::size_t(id)];
    (before ? n.comment_before : n.comment_after) = std::string(text);
    return core::Done{};
}

core::Status GameTree::toggle_nag(NodeId id, int nag) {
    if (auto ok = check_move_node(id); !ok) return ok;
    if (nag < 1 || nag > 255)
        return core::error("NAG " + std::to_string(nag) + " is not one from 1 to 255");
    auto& nags = nodes_[std::size_t(id)].nags;
    const auto it = std::find(nags.begin(), nags.end(), nag);
    if (it != nags.end()) {
        nags.erase(it);
        return core::Done{};
    }
    const int group = nag_group(nag);
    if (group != 0) std::erase_if(nags, [group](int n) { return nag_group(n) == group; });
    nags.push_back(nag);
    return core::Done{};
}

core::Status GameTree::set_nags(NodeId id, std::vector<int> nags) {
    if (auto ok = check_move_node(id); !ok) return ok;
    for (const int n : nags)
        if (n < 0 || n > 255)
            return core::error("NAG " + std::to_string(n) + " is not one from 0 to 255");
    nodes_[std::size_t(id)].nags = std::move(nags);
    return core::Done{};
}

core::Status GameTree::set_clock(NodeId id, std::int64_t clock, std::int64_t think) {
    if (auto ok = check_move_node(id); !ok) return ok;
    TreeNode& n = nodes_[std::size_t(id)];
    n.clock = std::max<std::int64_t>(-1, clock);
    n.think = std::max<std::int64_t>(0, think);
    return core::Done{};
}

core::Status GameTree::set_eval(NodeId id, std::optional<Eval> eval, int depth) {
    if (auto ok = check_move_node(id); !ok) return ok;
    TreeNode& n = nodes_[std::size_t(id)];
    n.eval = eval;
    n.depth = eval ? std::max(0, depth) : 0;
    return core::Done{};
}

core::Status GameTree::set_book(NodeId id, bool book) {
    if (auto ok = check_move_node(id); !ok) return ok;
    nodes_[std::size_t(id)].book = book;
    return core::Done{};
}

core::Status GameTree::set_best(NodeId id, std::vector<std::string> uci) {
    if (auto ok = check_move_node(id); !ok) return ok;
    chess::Position pos = position(node(id).parent);
    for (std::size_t i = 0; i < uci.size(); ++i) {
        const auto m = chess::move_from_uci(pos, uci[i]);
        if (!m)
            return core::error("best line of node " + std::to_string(id) + ", move " +
                               std::to_string(i + 1) + ": " + m.error());
        uci[i] = chess::move_to_uci(pos, *m);  // one spelling (Chess960 castling)
        pos.make(*m);
    }
    nodes_[std::size_t(id)].best = std::move(uci);
    return core::Done{};
}

}  // namespace kibitz::server
