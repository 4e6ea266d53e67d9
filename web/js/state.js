// The page's state in one object: the game object last received from the server, who this
// page is (seat and token), the ply shown, and the engine's latest words.

import { tokenStore } from './lib/tokens.js';

// Seat tokens per game, kept in localStorage.
export const tokens = tokenStore(window.localStorage);

// Everything the views render from. `game` is replaced whole by every `state` event.
export const app = {
    info: null,
    game: null,
    id: null,
    seat: null,
    token: null,
    shownPly: null,
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

// The number of half-moves of the position shown (the live position when shownPly is null).
export function shownPly() {
    const total = app.game ? app.game.moves.length : 0;
    return app.shownPly === null ? total : Math.min(app.shownPly, total);
}

// True when the shown position is the game's current one.
export function isLive() {
    return !app.game || shownPly() === app.game.moves.length;
}

// The FEN of the position after `ply` half-moves.
export function fenAt(ply) {
    const g = app.game;
    return ply <= 0 ? g.start_fen : g.moves[ply - 1].fen;
}

// True when this page holds the seat that is to move in the live position.
export function myTurn() {
    const g = app.game;
    if (!g || g.over || !app.seat) return false;
    return app.seat === 'both' || app.seat === g.turn;
}
