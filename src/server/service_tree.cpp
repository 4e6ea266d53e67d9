// The web app's commands on a game's move tree (docs/api.md, "Variations and comments"):
// moves from any node of an analysis board or a finished game, and annotations.
#include <limits>

#include "chess/movegen.h"
#include "core/strings.h"
#include "server/service.h"

namespace kibitz::server {

namespace {

constexpr const char* kNoSuchNode = "There is no such move in this game.";

// The node id of a JSON value, or the refusal: 400 for a value that is not an integer, 404 for
// an id the tree lacks.
std::optional<Reply> node_of(const Json& v, const GameTree& tree, NodeId& at) {
    if (!v.is_number_integer()) return error_reply(400, "'node' must be a move's id (an integer)");
    // A number above INT64_MAX is held unsigned: read as int64 it would wrap.
    const bool huge = v.is_number_unsigned() &&
                      v.get<std::uint64_t>() > std::uint64_t(std::numeric_limits<NodeId>::max());
    const auto n = v.get<std::int64_t>();
    if (huge || n < 0 || n > std::numeric_limits<NodeId>::max() || !tree.contains(NodeId(n)))
        return error_reply(404, kNoSuchNode);
    at = NodeId(n);
    return std::nullopt;
}

}  // namespace

std::optional<Reply> pick_node(const Game& g, const Json& body, NodeId& at) {
    const GameTree& tree = g.tree();
    at = tree.mainline_end();
    if (body.contains("node")) return node_of(body["node"], tree, at);
    if (!body.contains("ply")) return std::nullopt;
    const std::size_t plies = g.moves().size();
    if (!body["ply"].is_number_integer() || body["ply"].get<std::int64_t>() < 0 ||
        body["ply"].get<std::int64_t>() > std::int64_t(plies))
        return error_reply(400, "'ply' must be from 0 to " + std::to_string(plies));
    at = tree.mainline()[body["ply"].get<std::size_t>()];
    return std::nullopt;
}

std::optional<Reply> pick_node(const Game& g, const std::string& node_text,
                               const std::string& ply_text, NodeId& at) {
    if (!node_text.empty()) {
        const auto n = core::parse_int<std::int64_t>(node_text);
        if (!n) return error_reply(400, "'node' must be a move's id (an integer)");
        return node_of(Json(*n), g.tree(), at);
    }
    const std::size_t plies = g.moves().size();
    const auto ply = ply_text.empty() ? std::optional<std::size_t>(plies)
                                      : core::parse_int<std::size_t>(ply_text);
    if (!ply || *ply > plies)
        return error_reply(400, "'ply' must be from 0 to " + std::to_string(plies));
    at = g.tree().mainline()[*ply];
    return std::nullopt;
}

Reply Service::explore(Entry& e, NodeId at, const std::string& text) {
    Game& g = e.game;
    const GameTree& tree = g.tree();
    const bool at_end = at == tree.mainline_end();
    if (g.mode != Mode::kAnalysis && at_end)
        return error_reply(409, "The game is over (" + (g.reason.empty() ? g.result : g.reason) +
                                    "): its moves stay as they were played. Explore a variation "
                                    "from an earlier move.");
    const chess::Position pos = tree.position(at);
    if (chess::count_legal_moves(pos) == 0)
        return error_reply(409, "There is no legal move in " + tree.where(at) + ".");
    const auto m = g.parse_move_at(at, text);
    if (!m) return error_reply(422, move_refused(text, m.error()));
    const auto node = g.add_move(at, *m);
    if (!node) return error_reply(409, node.error());
    pool_.cancel(e.hint_job);
    e.hint_job.reset();
    Reply r = commit(e, 0);
    r.body["node"] = *node;
    return r;
}

Reply Service::annotate(const std::string& id, const std::string& token, const Json& body) {
    if (!body.is_object() || !body.contains("action") || !body["action"].is_string())
        return error_reply(
            400, "the body must be {\"node\": id, \"action\": comment|nag|promote|delete}");
    const std::string action = body["action"].get<std::string>();
    if (action != "comment" && action != "nag" && action != "promote" && action != "delete")
        return error_reply(400, "'action' must be comment, nag, promote or delete");
    if (!body.contains("node")) return error_reply(400, "missing field 'node' (a move's id)");
    Lock lock = table_.lock();
    Entry* e = table_.find(id);
    if (!e) return table_.missing(id);
    Game& g = e->game;
    if (!seats_of(token, g.token))
        return error_reply(403, "A seat token of this game is needed to annotate it.");
    if (g.mode != Mode::kAnalysis && !g.over())
        return error_reply(409, "Moves can be annotated once the game is over.");
    NodeId at = kNoNode;
    if (auto refused = node_of(body["node"], g.tree(), at)) return std::move(*refused);
    const bool played = g.mode != Mode::kAnalysis;  // the main line is the game as played
    std::function<core::Status(GameTree&)> edit;
    if (action == "comment") {
        if (!body.contains("text") || !body["text"].is_string())
            return error_reply(400, "'text' must be a string (\"\" removes the comment)");
        if (body.contains("before") && !body["before"].is_boolean())
            return error_reply(400, "'before' must be true or false");
        const bool before = body.value("before", false);
        if (before && at == kRootNode)
            return error_reply(400, "the start position has no move to comment before");
        const std::string text = body["text"].get<std::string>();
        edit = [=](GameTree& t) { return t.set_comment(at, text, before); };
    } else if (action == "nag") {
        const Json& n = body.contains("nag") ? body["nag"] : Json(nullptr);
        if (!n.is_number_integer() || n.get<std::int64_t>() < 1 || n.get<std::int64_t>() > 255)
            return error_reply(400, "'nag' must be an integer from 1 to 255");
        if (at == kRootNode) return error_reply(400, "the start position has no move to mark");
        const int nag = n.get<int>();
        edit = [=](GameTree& t) { return t.toggle_nag(at, nag); };
    } else if (action == "promote") {
        if (body.contains("to_mainline") && !body["to_mainline"].is_boolean())
            return error_reply(400, "'to_mainline' must be true or false");
        const bool whole = body.value("to_mainline", true);
        GameTree t = g.tree();
        (void)t.promote(at, whole);
        if (played && t.mainline() != g.tree().mainline())
            return error_reply(409,
                               "The moves as played stay the main line of a finished game; a "
                               "variation can be raised only above other variations.");
        edit = [=](GameTree& t2) { return t2.promote(at, whole); };
    } else {
        if (at == kRootNode) return error_reply(400, "the start position cannot be deleted");
        if (played && g.tree().on_mainline(at))
            return error_reply(409, "A move of the game as played cannot be deleted.");
        edit = [=](GameTree& t) { return t.remove(at); };
    }
    if (auto st = g.edit_tree(edit); !st) return error_reply(400, st.error());
    if (g.mode == Mode::kAnalysis) {
        pool_.cancel(e->hint_job);
        e->hint_job.reset();
    }
    return commit(*e, 0);
}

}  // namespace kibitz::server
