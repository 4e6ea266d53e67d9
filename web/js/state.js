// The page's state in one object: the game object last received from the server, who this
// page is (seat and token), the ply shown, and the engine's latest words.

import { tokenStore } from './lib/tokens.js';
import { indexTree, lineThrough, treeFromMoves } from './lib/tree.js';

// Seat tokens per game, kept in localStorage.
export const tokens = tokenStore(window.localStorage);

// Everything the views render from. `game` is replaced whole by every `state` event.
export const app = {
    info: null,
    game: null,
    id: null,
    seat: null,
    token: null,
    node: null,
    receivedAt: 0,
    thinking: null,
    analysis: null,
    knowledge: null,
    hint: null,
    analysisOn: false,
    multipv: 3,
    threat: false,
    engineShown: readFlag('kibitz.engine', true),
    table: null,
    freeMove: false,
    earlier: null,
    bannerClosed: false,
};

// Reads a remembered on/off choice.
export function readFlag(key, fallback) {
    try {
        const v = localStorage.getItem(key);
        return v === null ? fallback : v === '1';
    } catch {
        return fallback;
    }
}

// Remembers an on/off choice.
export function writeFlag(key, value) {
    try {
        localStorage.setItem(key, value ? '1' : '0');
    } catch {
        // Not remembered without storage.
    }
}

// The invitation links this browser created, per game id (shown again after a reload).
export const invites = {
    get(id) {
        try {
            return JSON.parse(localStorage.getItem('kibitz.invites') || '{}')[id] || null;
        } catch {
            return null;
        }
    },
    set(id, link) {
        try {
            const all = JSON.parse(localStorage.getItem('kibitz.invites') || '{}');
            all[id] = link;
            localStorage.setItem('kibitz.invites', JSON.stringify(all));
        } catch {
            // Not remembered without storage.
        }
    },
};

// The game's move tree, indexed (game.tree, or one made of game.moves); cached per game object.
let indexed = { game: null, index: null };
export function treeIndex() {
    const g = app.game;
    if (!g) return null;
    if (indexed.game !== g) indexed = { game: g, index: indexTree(g.tree || treeFromMoves(g)) };
    return indexed.index;
}

// The id of the node shown: app.node while the tree has it, else the end of the main line
// (app.node null follows the game as it grows).
export function shownNode() {
    const ix = treeIndex();
    if (!ix) return null;
    return app.node !== null && ix.byId.has(app.node) ? app.node : ix.mainline.at(-1);
}

// The line shown: the path to the shown node and on along first children (ids, root first).
export function currentLine() {
    const ix = treeIndex();
    return ix ? lineThrough(ix, shownNode()) : [];
}

// The number of half-moves from the start of the position shown.
export function shownPly() {
    const ix = treeIndex();
    return ix ? ix.byId.get(shownNode()).depth : 0;
}

// True when the shown position is the game's current one (the end of the main line).
export function isLive() {
    const ix = treeIndex();
    return !ix || shownNode() === ix.mainline.at(-1);
}

// True when the node shown lies on the main line (the game's moves; reviews are of these).
export function onMainLine() {
    const ix = treeIndex();
    return !ix || ix.mainSet.has(shownNode());
}

// The node `ply` half-moves from the start on the line shown (its move: san, uci, fen, eval).
export function nodeAt(ply) {
    const ix = treeIndex();
    const line = currentLine();
    return ix && ply >= 0 && ply < line.length ? ix.byId.get(line[ply]) : null;
}

// The FEN of the position after `ply` half-moves on the line shown.
export function fenAt(ply) {
    const n = nodeAt(ply);
    return n ? n.fen : app.game.start_fen;
}

// The node id of the shown position for the server, or null where it is not needed (a game
// without a tree, or the end of the main line).
export function nodeParam() {
    return app.game?.tree && !isLive() ? shownNode() : null;
}

// True when this page holds the seat that is to move in the live position.
export function myTurn() {
    const g = app.game;
    if (!g || g.over || !app.seat) return false;
    return app.seat === 'both' || app.seat === g.turn;
}

// True when moves may be played from earlier positions and the tree annotated (variations,
// comments, NAGs): on an analysis board with its token, in a finished game with a seat.
export function explorable() {
    const g = app.game;
    if (!g || !app.token) return false;
    return (g.mode === 'analysis' && app.seat === 'both') || (g.over && !!app.seat);
}
