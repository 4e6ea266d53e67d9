// A game as a tree of moves (the server's "tree": {mainline, next_id, nodes}): an index of its
// nodes, the line through a node, moving between nodes and variations, and the inline move-list
// model (the main line as numbered rows, variations in parentheses, comments and NAG glyphs),
// in the way lichess shows a game. Node "ply" is the game's half-move count after the move:
// White moved when it is odd.

import { parseFen } from './fen.js';

// The glyphs of the common NAGs; others show as "$n". The slight advantages are written "+="
// and "=+", the usual plain forms of ⩲ and ⩱, which most systems have no font for.
export const NAG_GLYPHS = {
    1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!', 7: '□', 10: '=', 13: '∞', 14: '+=',
    15: '=+', 16: '±', 17: '∓', 18: '+−', 19: '−+', 22: '⨀', 32: '⟳', 36: '→', 40: '↑',
    132: '⇆', 146: 'N',
};

// The move-quality NAGs the annotation menu offers, in lichess's order, with their names.
export const MOVE_NAGS = [
    [1, 'Good move'], [2, 'Mistake'], [3, 'Brilliant move'], [4, 'Blunder'],
    [5, 'Interesting move'], [6, 'Dubious move'],
].map(([nag, name]) => ({ nag, glyph: NAG_GLYPHS[nag], name }));

// The position assessments the menu offers as its second group (a move has at most one of
// these and one move NAG: the server drops the other of the same group).
export const POSITION_NAGS = [
    [10, 'Equal position'], [13, 'Unclear position'], [14, 'White is slightly better'],
    [15, 'Black is slightly better'], [16, 'White is better'], [17, 'Black is better'],
    [18, 'White is winning'], [19, 'Black is winning'],
].map(([nag, name]) => ({ nag, glyph: NAG_GLYPHS[nag], name }));

// "!?" for [5]; "!! ±" for [3, 16]: the move NAGs joined to the SAN, the others after a space.
export function nagText(nags) {
    const list = Array.isArray(nags) ? nags : [];
    const move = list.filter((n) => n >= 1 && n <= 6).map((n) => NAG_GLYPHS[n]).join('');
    const other = list.filter((n) => !(n >= 1 && n <= 6))
        .map((n) => NAG_GLYPHS[n] || `$${n}`).join(' ');
    return move + (other ? ` ${other}` : '');
}

// "12." for White's move at game ply 23, "12..." for Black's at game ply 24.
export function moveNumber(ply) {
    return ply % 2 === 1 ? `${(ply + 1) / 2}.` : `${ply / 2}...`;
}

// A tree built from the plain move list {start_fen, moves} of a game object without "tree"
// (ids are the plies from the start), so the page works the same on either.
export function treeFromMoves(game) {
    const start = parseFen(game.start_fen) || { turn: 'white', fullmove: 1 };
    const base = 2 * (start.fullmove - 1) + (start.turn === 'black' ? 1 : 0);
    const moves = game.moves || [];
    const nodes = [{ id: 0, parent: null, ply: base, fen: game.start_fen,
        children: moves.length ? [1] : [] }];
    moves.forEach((m, i) => nodes.push({ ...m, id: i + 1, parent: i, ply: base + i + 1,
        children: i + 1 < moves.length ? [i + 2] : [] }));
    return { mainline: nodes.map((n) => n.id), next_id: nodes.length, nodes };
}

// {byId: Map id -> node (with .depth: plies from the root), root, mainline: [ids]}; null for a
// tree without nodes.
export function indexTree(tree) {
    if (!tree || !Array.isArray(tree.nodes) || !tree.nodes.length) return null;
    const byId = new Map(tree.nodes.filter((n) => n && typeof n === 'object')
        .map((n) => [n.id, { ...n, children: n.children || [] }]));
    const root = [...byId.values()].find((n) => n.parent === null || n.parent === undefined);
    if (!root) return null;
    const stack = [[root, 0]];
    while (stack.length) {
        const [n, d] = stack.pop();
        n.depth = d;
        for (const c of n.children) if (byId.has(c)) stack.push([byId.get(c), d + 1]);
    }
    const mainline = [root.id];
    for (let n = root; n.children.length && byId.has(n.children[0]);) {
        n = byId.get(n.children[0]);
        mainline.push(n.id);
    }
    return { byId, root, mainline, mainSet: new Set(mainline) };
}

// The ids from the root to id, both included ([] for an unknown id).
export function pathTo(index, id) {
    const out = [];
    for (let n = index.byId.get(id); n; n = index.byId.get(n.parent)) out.unshift(n.id);
    return out;
}

// The line through id: its path from the root, then on along the first children to the end.
export function lineThrough(index, id) {
    const out = pathTo(index, id);
    if (!out.length) return index.mainline.slice();
    for (let n = index.byId.get(id); n.children.length && index.byId.has(n.children[0]);) {
        n = index.byId.get(n.children[0]);
        out.push(n.id);
    }
    return out;
}

// True when id lies on the main line.
export function onMainline(index, id) {
    return index.mainSet.has(id);
}

// Where node id lies, in words for the status line: "Showing move 3 of 40" on the main line
// (half-moves from the start), "Variation after 12... Nf6, move 2 of 3" off it (the line shown,
// counted from the main-line move where it branches off; "from the start" before any move).
export function placeText(index, id) {
    const total = index.mainline.length - 1;
    const n = index.byId.get(id);
    if (!n || onMainline(index, id)) return `Showing move ${n ? n.depth : total} of ${total}`;
    let fork = n;
    while (!onMainline(index, fork.id)) fork = index.byId.get(fork.parent);
    const line = lineThrough(index, id);
    const end = index.byId.get(line[line.length - 1]);
    const where = fork.san ? `after ${moveNumber(fork.ply)} ${fork.san}` : 'from the start';
    return `Variation ${where}, move ${n.depth - fork.depth} of ${end.depth - fork.depth}`;
}

// The node to show after a step from id: 'prev' (the parent), 'next' (the first child), 'first'
// (the root), 'last' (the end of the line), 'up' / 'down' (the previous / next variation at
// the nearest branching point at or above id). Stays at id where there is nowhere to go.
export function navigate(index, id, dir) {
    const n = index.byId.get(id);
    if (!n) return index.mainline[index.mainline.length - 1];
    if (dir === 'first') return index.root.id;
    if (dir === 'prev') return n.parent ?? n.id;
    if (dir === 'next') return n.children.find((c) => index.byId.has(c)) ?? n.id;
    if (dir === 'last') {
        const line = lineThrough(index, id);
        return line[line.length - 1];
    }
    if (dir === 'up' || dir === 'down') {
        for (let m = n; m && m.parent !== null && m.parent !== undefined;
            m = index.byId.get(m.parent)) {
            const siblings = index.byId.get(m.parent).children;
            if (siblings.length < 2) continue;
            const at = siblings.indexOf(m.id) + (dir === 'up' ? -1 : 1);
            return at >= 0 && at < siblings.length ? siblings[at] : n.id;
        }
    }
    return n.id;
}

// What stands before node n's move in the list: its comment before and the NAGs written before
// it in the PGN (an imported "{ ... } $10 1. e4"), as one text; '' when there are none.
function beforeText(n) {
    return [n.comment_before, nagText(n.nags_before).trim()].filter(Boolean).join(' ');
}

function cell(n, number) {
    return { id: n.id, san: n.san, ply: n.ply, number, glyphs: nagText(n.nags),
        nags: n.nags || [] };
}

// The tokens of the variation that starts at node s: moves (numbered where White moves and
// where a line starts or resumes with Black), comments, and sub-variations ('sub') after the
// move they are alternatives to. A sub-variation is a 'block' (indented) when there are several
// at one point or it lies three or more deep; else it is inline in parentheses.
function variation(index, s, depth) {
    const tokens = [];
    let needNumber = true;
    for (let n = s; n;) {
        if (beforeText(n)) {
            tokens.push({ type: 'comment', id: n.id, text: beforeText(n), before: true });
            needNumber = true;
        }
        const white = n.ply % 2 === 1;
        tokens.push({ type: 'move',
            ...cell(n, white || needNumber ? moveNumber(n.ply) : null) });
        needNumber = false;
        if (n.comment) {
            tokens.push({ type: 'comment', id: n.id, text: n.comment });
            needNumber = true;
        }
        if (n !== s) {
            const alts = index.byId.get(n.parent).children.slice(1)
                .filter((c) => index.byId.has(c));
            if (alts.length) {
                tokens.push({ type: 'sub', depth: depth + 1,
                    block: alts.length > 1 || depth + 1 >= 3,
                    lines: alts.map((a) => variation(index, index.byId.get(a), depth + 1)) });
                needNumber = true;
            }
        }
        n = index.byId.get(n.children[0]);
    }
    return { depth, start: s.id, tokens };
}

// The move list: [{type: 'row', number, white, black} | {type: 'box', comments, lines}].
// Row cells are {id, san, ply, number, glyphs, nags, index} (index: the main-line ply from the
// start, 1 for the first move) or null (shown as "…"). A box interrupts the rows after a
// main-line move with its comment and the variations that are alternatives to it, each a line
// {depth: 1, start, tokens}; the game's opening comment is a box before the first row.
export function moveListModel(index) {
    const items = [];
    if (!index) return items;
    const { byId, mainline } = index;
    const box = (n) => ({ type: 'box', comments: [], lines: [], id: n.id });
    const opening = [index.root.comment, nagText(index.root.nags).trim()].filter(Boolean)
        .join(' ');
    if (opening) {
        const b = box(index.root);
        b.comments.push({ id: index.root.id, text: opening });
        items.push(b);
    }
    let row = null;
    for (let i = 1; i < mainline.length; i++) {
        const n = byId.get(mainline[i]);
        const white = n.ply % 2 === 1;
        const number = Math.ceil(n.ply / 2);
        if (beforeText(n)) {
            const b = box(n);
            b.comments.push({ id: n.id, text: beforeText(n), before: true });
            items.push(b);
            row = null;
        }
        const c = { ...cell(n, moveNumber(n.ply)), index: i };
        if (white) {
            row = { type: 'row', number, white: c, black: null };
            items.push(row);
        } else if (row && row.number === number && !row.black) {
            row.black = c;
            row = null;
        } else {
            items.push({ type: 'row', number, white: null, black: c });
            row = null;
        }
        const alts = byId.get(n.parent).children.slice(1).filter((id) => byId.has(id));
        if (n.comment || alts.length) {
            const b = box(n);
            if (n.comment) b.comments.push({ id: n.id, text: n.comment });
            b.lines = alts.map((a) => variation(index, byId.get(a), 1));
            items.push(b);
            row = null;
        }
    }
    return items;
}

// What the move menu offers for node `id`: {promote, mainline, remove, annotate}; null at the
// root. On an analysis board everything; in a finished game (analysisBoard false) the moves
// played stay the main line: no promoting over them, no deleting them.
export function menuChoices(ix, id, analysisBoard) {
    const n = ix?.byId.get(id);
    if (!n || n.parent === null || n.parent === undefined) return null;
    const main = onMainline(ix, id);
    // The fork where id's line leaves its parent's line, and whether that parent line is the
    // main line (promoting there would replace the main line's moves).
    let forkOnMain = false;
    if (!main) {
        let m = n;
        while (ix.byId.get(m.parent).children[0] === m.id) m = ix.byId.get(m.parent);
        forkOnMain = onMainline(ix, m.parent);
    }
    return {
        promote: !main && (analysisBoard || !forkOnMain),
        mainline: !main && analysisBoard,
        remove: analysisBoard || !main,
        annotate: true,
    };
}
