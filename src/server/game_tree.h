// A game as a tree of moves: the main line and its variations, with comments, NAGs, clocks and
// engine evaluations on every move. PGN import and export that keep all of it
// (game_tree_pgn.cpp), JSON for the page and one row per node for the store
// (game_tree_json.cpp). No threads, no I/O: the service locks and stores it.
//
// Node ids are stable: the root (the start position) is 0, every new node gets the next id, and
// a deleted id is never given again, so the page can address nodes across edits and reloads
// (the store keeps next_id()). A child always has a larger id than its parent.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "chess/pgn.h"
#include "chess/position.h"
#include "core/result.h"
#include "server/eval.h"

namespace kibitz::server {

using NodeId = int;
inline constexpr NodeId kRootNode = 0;
inline constexpr NodeId kNoNode = -1;
// The most node ids one tree gives out, deleted ones included (a bound on hostile imports and
// stored rows; the largest game of data/games/ has about 1,200 moves with its variations).
inline constexpr NodeId kMaxTreeNodes = NodeId(1) << 20;

// Same score (game.h's Eval has no comparison of its own).
inline bool operator==(const Eval& a, const Eval& b) { return a.cp == b.cp && a.mate == b.mate; }

// One position of the tree: the start (the root) or the position after a move.
struct TreeNode {
    NodeId id = kNoNode;
    NodeId parent = kNoNode;        // kNoNode at the root
    std::vector<NodeId> children;   // children[0] continues this line; the others are variations
    chess::Move move;               // Move::none() at the root; Move::null() for a null move
    std::string uci, san;           // "" at the root; "0000" and "--" for a null move
    std::string fen;                // the position after the move (the start at the root)
    int ply = 0;                    // Position::game_ply() of that position (from the FEN's number)
    std::string comment_before;     // before the move (never at the root)
    std::string comment_after;      // after the move; at the root, the game's opening comment
    std::vector<int> nags;          // $n in PGN order; ! ? !! ?? !? ?! are 1..6; at the root,
                                    // those before the first move (of the start position)
    std::vector<int> nags_before;   // $n written before the move (a variation's first move)
    std::int64_t clock = -1;        // the mover's time left after the move, ms (-1: unknown)
    std::int64_t think = 0;         // ms the mover used (0: unknown)
    std::optional<Eval> eval;       // of the position after the move, White's view
    int depth = 0;                  // search depth of eval (0: unknown)
    bool book = false;              // an engine move from the opening book
    std::vector<std::string> best;  // the engine's best line (UCI) from the position before
};

// Plays a tree node's move on pos: a move legal there, or Move::null() (a pass, never in check),
// which a tree holds only from an imported PGN (an analysis line's "--").
void play_tree_move(chess::Position& pos, chess::Move m);

class GameTree {
public:
    // The standard start position and nothing else.
    GameTree();
    // A tree of the start position `fen` ("" = the standard one); the error names the FEN.
    static core::Result<GameTree> create(std::string_view fen, bool chess960 = false);

    // The FEN as given to create() ("" = the standard start), and the variant.
    const std::string& start_fen() const { return start_fen_; }
    bool chess960() const { return start_.chess960(); }
    // True when id names a node of the tree (not deleted).
    bool contains(NodeId id) const;
    // The node `id`; only when contains(id).
    const TreeNode& node(NodeId id) const { return nodes_[std::size_t(id)]; }
    // Nodes alive, the root included; the id the next new node gets.
    std::size_t size() const { return live_; }
    NodeId next_id() const { return NodeId(nodes_.size()); }
    // Every live node id in increasing order (parents before their children).
    std::vector<NodeId> ids() const;

    // `from` and the nodes that continue its line (children[0] after children[0]). The main
    // line is mainline() from the root; it starts with the root.
    std::vector<NodeId> mainline(NodeId from = kRootNode) const;
    // The last node of the main line.
    NodeId mainline_end() const { return mainline().back(); }
    // The nodes from the root to id, both included; empty when id is unknown.
    std::vector<NodeId> path(NodeId id) const;
    // True when id lies on the main line.
    bool on_mainline(NodeId id) const { return nesting(id) == 0; }
    // How many variations deep id lies: 0 on the main line, 1 in a variation of it, ...
    int nesting(NodeId id) const;
    // The position at node id (after its move), with the history of its path for the
    // repetition rules; only when contains(id).
    chess::Position position(NodeId id) const;
    // "the start position" or "the position after 12... Nf6", for messages.
    std::string where(NodeId id) const;

    // Plays m at node `at`: the child that has it already, or a new last child (a variation
    // when `at` had children, at most chess::kMaxVariationDepth deep, as PGN allows). The
    // error names the node or the illegal move.
    core::Result<NodeId> add_move(NodeId at, chess::Move m);
    // As above with the move in UCI (e2e4) or SAN (Nf3); the error names the text.
    core::Result<NodeId> add_move(NodeId at, std::string_view text);

    // Makes id's line the main line: at every branching point from id up to the root, the
    // child on the path becomes children[0]. With to_mainline false only the nearest one
    // (lichess's "promote variation"). Nothing changes when id is already on the main line.
    core::Status promote(NodeId id, bool to_mainline = true);
    // Deletes id and everything after it (not the root).
    core::Status remove(NodeId id);
    // Deletes everything after id, the variations there included (a take-back).
    core::Status truncate(NodeId id);

    // Sets the comment after (or before) id's move; at the root only the comment after, which
    // is the game's opening comment. The error names a bad node, a comment over
    // chess::kMaxPgnCommentBytes or invalid UTF-8.
    core::Status set_comment(NodeId id, std::string_view text, bool before = false);
    // Toggles NAG n (1..255) on id's move. The move-quality NAGs 1..6 (! ? !! ?? !? ?!) exclude
    // each other, and so do the position assessments 10..19 (= ∞ ⩲ ⩱ ± ∓ +- -+): setting one
    // drops the others of its group; other NAGs stay.
    core::Status toggle_nag(NodeId id, int nag);
    // Replaces id's NAGs (each 0..255, as PGN allows), in this order.
    core::Status set_nags(NodeId id, std::vector<int> nags);
    // Records the mover's clock after id's move and the time it used, in ms.
    core::Status set_clock(NodeId id, std::int64_t clock, std::int64_t think);
    // Records an evaluation (White's view) of the position after id's move and its depth.
    core::Status set_eval(NodeId id, std::optional<Eval> eval, int depth);
    // Marks id's move as an opening-book move (or not).
    core::Status set_book(NodeId id, bool book);
    // Records the engine's best line from the position before id's move (UCI moves, checked
    // for legality); the error names the first bad move.
    core::Status set_best(NodeId id, std::vector<std::string> uci);

private:
    friend struct TreeBuilder;  // the PGN and row readers (game_tree_pgn.cpp, game_tree_json.cpp)

    core::Status check(NodeId id) const;
    core::Status check_move_node(NodeId id) const;
    // Appends m, legal in `before` (the position at `at`) or a null move when `before` is not
    // in check, as at's new last child.
    NodeId append_legal(NodeId at, const chess::Position& before, chess::Move m);
    void drop_subtree(NodeId id);

    std::string start_fen_;
    chess::Position start_;
    std::vector<TreeNode> nodes_;  // by id; a deleted node has id kNoNode
    std::size_t live_ = 0;
};

// What the PGN and row readers need beyond the public operations; not for other callers.
struct TreeBuilder {
    // Appends m, legal in `before` (the position at `at`) or a null move when `before` is not
    // in check, as a new last child even when a sibling has it already: an imported duplicate
    // variation stays.
    static NodeId append(GameTree& tree, NodeId at, const chess::Position& before, chess::Move m) {
        return tree.append_legal(at, before, m);
    }
    // The node for writing its annotations; only when tree.contains(id).
    static TreeNode& edit(GameTree& tree, NodeId id) { return tree.nodes_[std::size_t(id)]; }
    // Leaves the ids below `next` that were never given as deleted ones.
    static void skip_to(GameTree& tree, NodeId next) {
        while (tree.next_id() < next) tree.nodes_.emplace_back();
    }
};

// ---------------------------------------------------------------------------------------
// PGN (game_tree_pgn.cpp).

// A game read from or written to PGN: its tags, result and tree.
struct TreeGame {
    std::vector<std::pair<std::string, std::string>> tags;  // every tag, in file order
    std::string result = "*";                               // "1-0", "0-1", "1/2-1/2", "*"
    GameTree tree;
};

// What the export writes besides the tree's moves, comments, NAGs and variations.
struct PgnExportOptions {
    bool clocks = true;       // [%clk h:mm:ss] of the nodes that have a clock
    bool evals = true;        // [%eval 0.35] / [%eval #-3] (",depth" when known)
    bool best_lines = false;  // the engine's best line as a variation where it differs
    bool book = false;        // "book" before the comment of book moves
};

// The tree of a PGN game: every tag, the result, the opening comment, comments before and
// after moves, NAGs (those before the first move as the root's, those before a variation's first
// move as its nags_before), null moves (refused in check) and variations at any depth. Text that
// is not UTF-8 is read as ISO 8859-1 (the PGN standard's character set) and kept as UTF-8. A
// [%clk] and an [%eval] command in the comment after a move fill the node's clock and eval (and
// depth), and leave the comment without them; the export writes them back in front of it. The
// error names a bad start position or an illegal move.
core::Result<TreeGame> tree_from_pgn(const chess::PgnGame& game);
// The PGN game of a tree, for chess::write_pgn; the options say what it adds. A comment and
// NAGs before the first move of the main line join the game's opening comment and the root's
// NAGs (PGN cannot tell them apart).
chess::PgnGame tree_to_pgn(const TreeGame& game, const PgnExportOptions& options = {});
// The export-format text of tree_to_pgn.
std::string tree_pgn_text(const TreeGame& game, const PgnExportOptions& options = {});

// The [%clk] and [%eval] commands of a comment, and its other text.
struct CommentCommands {
    std::optional<std::int64_t> clock;  // ms
    std::optional<Eval> eval;           // White's view
    int depth = 0;                      // from "[%eval 0.35,12]"
    std::string text;                   // the rest, blanks collapsed to single spaces
};
// Splits the first well-formed [%clk h:mm:ss(.f)] and [%eval x] out of a comment; a malformed
// command stays in the text.
CommentCommands split_commands(std::string_view comment);
// "[%clk 0:04:58]" for ms left (fractions of a second as written: "0:00:09.5").
std::string clock_command(std::int64_t ms);
// "[%eval 0.35]", "[%eval -1.20,18]", "[%eval #-3]".
std::string eval_command(const Eval& eval, int depth);

// ---------------------------------------------------------------------------------------
// JSON and rows (game_tree_json.cpp).

// The tree for the page:
//   {"mainline": [0, 1, 2, ...], "next_id": 9,
//    "nodes": [{"id": 0, "parent": null, "ply": 0, "fen": "...", "children": [1, 7],
//               "comment": "opening comment"},
//              {"id": 1, "parent": 0, "ply": 1, "uci": "e2e4", "san": "e4", "fen": "...",
//               "children": [2], "comment_before": "...", "comment": "...", "nags": [1],
//               "nags_before": [140],
//               "clock": 298000, "think": 2000, "eval": {"cp": 35} | {"mate": -3},
//               "depth": 18, "book": true, "best": ["d2d4", "d7d5"]}, ...]}
// Nodes in increasing id order; "ply" is the half-move count of the position after the move
// (move number (ply + 1) / 2, White moved when ply is odd). Fields after "children" appear
// only when set (comment non-empty, nags non-empty, clock >= 0, think > 0, eval, depth > 0,
// book true, best non-empty). A null move (imported "--") has "uci": "0000", "san": "--"; the
// root's "nags" are those written before the first move.
Json tree_json(const GameTree& tree);

// One node for the store.
struct NodeRow {
    NodeId id = kRootNode;
    NodeId parent = kNoNode;  // kNoNode for the root
    int order = 0;            // rank among the parent's children (0: the line's continuation)
    std::string uci;          // "" for the root
    std::string comment_before, comment_after;
    std::string nags;  // decimal, space-separated, those before the move with '<': "<140 1 14"
    std::int64_t clock = -1, think = 0;
    std::optional<Eval> eval;
    int depth = 0;
    bool book = false;
    std::string best;  // UCI moves, space-separated

    bool operator==(const NodeRow&) const = default;
};
// Every live node as a row, in increasing id order (the root first).
std::vector<NodeRow> tree_rows(const GameTree& tree);
// Rebuilds a tree from rows (any order): replays and checks every move; the error names the
// first bad row ("node 7: ..."). next_id (when larger than every row's id) keeps deleted ids
// from being given again.
core::Result<GameTree> tree_from_rows(std::string_view start_fen, bool chess960,
                                      const std::vector<NodeRow>& rows, NodeId next_id = 0);

}  // namespace kibitz::server
