// The move tree as JSON for the page and as rows for the store, and back from rows.
#include <algorithm>
#include <numeric>

#include "chess/notation.h"
#include "core/strings.h"
#include "server/game_tree.h"

namespace kibitz::server {

namespace {

Json node_json(const TreeNode& n) {
    Json j = {{"id", n.id},
              {"parent", n.parent == kNoNode ? Json(nullptr) : Json(n.parent)},
              {"ply", n.ply}};
    if (n.id != kRootNode) {
        j["uci"] = n.uci;
        j["san"] = n.san;
    }
    j["fen"] = n.fen;
    j["children"] = n.children;
    if (!n.comment_before.empty()) j["comment_before"] = n.comment_before;
    if (!n.comment_after.empty()) j["comment"] = n.comment_after;
    if (!n.nags.empty()) j["nags"] = n.nags;
    if (!n.nags_before.empty()) j["nags_before"] = n.nags_before;
    if (n.clock >= 0) j["clock"] = n.clock;
    if (n.think > 0) j["think"] = n.think;
    if (n.eval) j["eval"] = eval_json(*n.eval);
    if (n.depth > 0) j["depth"] = n.depth;
    if (n.book) j["book"] = true;
    if (!n.best.empty()) j["best"] = n.best;
    return j;
}

// Words joined by single spaces.
template <class Range>
std::string join(const Range& items) {
    std::string out;
    for (const auto& item : items) {
        if (!out.empty()) out += ' ';
        if constexpr (std::is_same_v<std::decay_t<decltype(item)>, int>)
            out += std::to_string(item);
        else
            out += item;
    }
    return out;
}

// The row's NAGs: those before the move with a leading '<', then those after it: "<140 1 14".
std::string nags_text(const std::vector<int>& before, const std::vector<int>& after) {
    std::string out;
    for (const int nag : before) out += (out.empty() ? "<" : " <") + std::to_string(nag);
    if (!out.empty() && !after.empty()) out += ' ';
    return out + join(after);
}

}  // namespace

Json tree_json(const GameTree& tree) {
    Json nodes = Json::array();
    for (const NodeId id : tree.ids()) nodes.push_back(node_json(tree.node(id)));
    return {{"mainline", tree.mainline()}, {"next_id", tree.next_id()}, {"nodes", nodes}};
}

std::vector<NodeRow> tree_rows(const GameTree& tree) {
    std::vector<NodeRow> rows;
    for (const NodeId id : tree.ids()) {
        const TreeNode& n = tree.node(id);
        NodeRow r;
        r.id = id;
        r.parent = n.parent;
        if (n.parent != kNoNode) {
            const auto& siblings = tree.node(n.parent).children;
            r.order = int(std::find(siblings.begin(), siblings.end(), id) - siblings.begin());
        }
        r.uci = n.uci;
        r.comment_before = n.comment_before;
        r.comment_after = n.comment_after;
        r.nags = nags_text(n.nags_before, n.nags);
        r.clock = n.clock;
        r.think = n.think;
        r.eval = n.eval;
        r.depth = n.depth;
        r.book = n.book;
        r.best = join(n.best);
        rows.push_back(std::move(r));
    }
    return rows;
}

namespace {

// Fills node `id` from its row (the move is in place already); the error says what is wrong.
core::Status annotate(GameTree& tree, NodeId id, const NodeRow& row) {
    TreeNode& n = TreeBuilder::edit(tree, id);
    if (row.clock < -1) return core::error("clock " + std::to_string(row.clock) + " is negative");
    if (row.think < 0) return core::error("think " + std::to_string(row.think) + " is negative");
    if (row.depth < 0) return core::error("depth " + std::to_string(row.depth) + " is negative");
    if (auto ok = tree.set_comment(id, row.comment_after); !ok) return ok;
    std::vector<int> nags, before;
    for (auto w : core::split_words(row.nags)) {
        const bool is_before = core::starts_with(w, "<");
        if (is_before) w.remove_prefix(1);
        const auto nag = core::parse_int<int>(w);
        if (!nag) return core::error("NAG '" + core::clip(w) + "' is not a number");
        if (*nag < 0 || *nag > 255)
            return core::error("NAG " + std::to_string(*nag) + " is not one from 0 to 255");
        if (is_before && id == kRootNode)
            return core::error("NAG '<" + core::clip(w) + "': the start position has no move");
        (is_before ? before : nags).push_back(*nag);
    }
    if (id == kRootNode) {
        n.nags = std::move(nags);  // the start position's, from an imported PGN
        return core::Done{};
    }
    if (auto ok = tree.set_comment(id, row.comment_before, true); !ok) return ok;
    if (auto ok = tree.set_nags(id, std::move(nags)); !ok) return ok;
    n.nags_before = std::move(before);
    n.clock = row.clock;
    n.think = row.think;
    n.eval = row.eval;
    n.depth = row.depth;
    n.book = row.book;
    std::vector<std::string> best;
    for (const auto w : core::split_words(row.best)) best.emplace_back(w);
    return tree.set_best(id, std::move(best));
}

}  // namespace

core::Result<GameTree> tree_from_rows(std::string_view start_fen, bool chess960,
                                      const std::vector<NodeRow>& rows, NodeId next_id) {
    auto made = GameTree::create(start_fen, chess960);
    if (!made) return core::error(made.error());
    GameTree& tree = *made;
    std::vector<std::size_t> by_id(rows.size());
    std::iota(by_id.begin(), by_id.end(), std::size_t(0));
    std::stable_sort(by_id.begin(), by_id.end(),
                     [&](std::size_t a, std::size_t b) { return rows[a].id < rows[b].id; });
    if (rows.empty() || rows[by_id[0]].id != kRootNode)
        return core::error("node 0, the start position, has no row");

    // 1. Every move, in id order (a parent before its children), checked for legality.
    std::vector<int> order(1, 0);  // by id: the row's rank among its siblings
    for (std::size_t k = 0; k < by_id.size(); ++k) {
        const NodeRow& row = rows[by_id[k]];
        const std::string name = "node " + std::to_string(row.id);
        const auto fail = [&](const std::string& why) { return core::error(name + ": " + why); };
        if (k > 0 && row.id == rows[by_id[k - 1]].id) return fail("two rows have this id");
        if (row.id >= kMaxTreeNodes)
            return fail("the id is over " + std::to_string(kMaxTreeNodes - 1) +
                        ", the most a game's tree gives");
        NodeId id = kRootNode;
        if (row.id == kRootNode) {
            if (row.parent != kNoNode || !row.uci.empty())
                return fail("the start position has no parent and no move");
        } else {
            if (!tree.contains(row.parent) || row.parent >= row.id)
                return fail("its parent, node " + std::to_string(row.parent) +
                            ", is not an earlier node of the game");
            const std::string& fen = tree.node(row.parent).fen;
            const auto before = chess::Position::from_fen(fen, chess960);
            if (!before) return fail("the position before it is bad: " + before.error());
            // "0000": a null move of an imported analysis line, never in check.
            const bool null_move = row.uci == "0000";
            if (null_move && before->in_check())
                return fail("a null move (0000) is illegal in check (" + tree.where(row.parent) +
                            ")");
            const auto m = null_move ? core::Result<chess::Move>(chess::Move::null())
                                     : chess::move_from_uci(*before, row.uci);
            if (!m) return fail(m.error() + " (" + tree.where(row.parent) + ")");
            TreeBuilder::skip_to(tree, row.id);
            id = TreeBuilder::append(tree, row.parent, *before, *m);
        }
        if (auto ok = annotate(tree, id, row); !ok) return fail(ok.error());
        order.resize(std::size_t(id) + 1, 0);
        order[std::size_t(id)] = row.order;
    }

    // 2. Children in their order; variations no deeper than PGN allows.
    for (const NodeId id : tree.ids()) {
        auto& children = TreeBuilder::edit(tree, id).children;
        std::stable_sort(children.begin(), children.end(), [&](NodeId a, NodeId b) {
            return order[std::size_t(a)] < order[std::size_t(b)];
        });
        for (std::size_t i = 1; i < children.size(); ++i)
            if (order[std::size_t(children[i])] == order[std::size_t(children[i - 1])])
                return core::error("node " + std::to_string(children[i]) + ": order " +
                                   std::to_string(order[std::size_t(children[i])]) +
                                   " is also that of node " + std::to_string(children[i - 1]) +
                                   ", both moves after node " + std::to_string(id));
    }
    std::vector<int> nesting(order.size(), 0);  // a parent's id is smaller than its child's
    for (const NodeId id : tree.ids()) {
        const TreeNode& n = tree.node(id);
        if (id == kRootNode) continue;
        const bool variation = tree.node(n.parent).children.front() != id;
        nesting[std::size_t(id)] = nesting[std::size_t(n.parent)] + (variation ? 1 : 0);
        if (nesting[std::size_t(id)] > chess::kMaxVariationDepth)
            return core::error("node " + std::to_string(id) + ": variations nest deeper than " +
                               std::to_string(chess::kMaxVariationDepth));
    }
    TreeBuilder::skip_to(tree, std::min(next_id, kMaxTreeNodes));
    return std::move(*made);
}

}  // namespace kibitz::server
