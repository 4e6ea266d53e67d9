// The new-game choices: defaults, validation of what localStorage holds (it may be old or
// hand-edited), and the POST /api/games body they stand for.

import { INITIAL_FEN } from './fen.js';

const KEY = 'kibitz.settings';
const MODES = ['engine', 'humans', 'analysis'];
const COLORS = ['white', 'black', 'random'];
const STARTS = ['initial', 'fen', 'pgn'];

// The choices of a first visit.
export const DEFAULTS = Object.freeze({
    mode: 'engine', color: 'white', level: { kind: 'elo', elo: 1400 },
    timed: false, minutes: 5, increment: 3,
    start: 'initial', fen: '', pgn: '', ply: null, chess960: false,
});

// A clean settings object from anything: unknown or out-of-range fields fall back to the
// defaults; Elo is clamped into the server's range from GET /api/info when given.
export function validate(raw, info = null) {
    const r = raw && typeof raw === 'object' ? raw : {};
    const s = { ...DEFAULTS, level: { ...DEFAULTS.level } };
    if (MODES.includes(r.mode)) s.mode = r.mode;
    if (COLORS.includes(r.color)) s.color = r.color;
    s.level = validLevel(r.level, info) || validLevel(DEFAULTS.level, info);
    s.timed = r.timed === true;
    if (inRange(r.minutes, 1 / 60, 600)) s.minutes = Number(r.minutes);
    if (inRange(r.increment, 0, 600)) s.increment = Number(r.increment);
    if (STARTS.includes(r.start)) s.start = r.start;
    if (typeof r.fen === 'string') s.fen = r.fen.slice(0, 200);
    if (typeof r.pgn === 'string') s.pgn = r.pgn.slice(0, 60000);
    if (Number.isInteger(r.ply) && r.ply >= 0) s.ply = r.ply;
    s.chess960 = r.chess960 === true;
    return s;
}

// A valid engine level or null: elo (clamped to info.elo), full, movetime 1-600000 ms,
// depth 1-40.
export function validLevel(level, info = null) {
    if (!level || typeof level !== 'object') return null;
    switch (level.kind) {
    case 'elo': {
        if (!Number.isFinite(Number(level.elo))) return null;
        const min = info?.elo?.min ?? 400;
        const max = info?.elo?.max ?? 3000;
        return { kind: 'elo', elo: Math.round(Math.min(max, Math.max(min, Number(level.elo)))) };
    }
    case 'full':
        return { kind: 'full' };
    case 'movetime':
        return Number.isInteger(level.ms) && inRange(level.ms, 1, 600000)
            ? { kind: 'movetime', ms: level.ms } : null;
    case 'depth':
        return Number.isInteger(level.depth) && inRange(level.depth, 1, 40)
            ? { kind: 'depth', depth: level.depth } : null;
    default:
        return null;
    }
}

// Reads the remembered choices from a Storage-like object (getItem), validated.
export function load(storage, info = null) {
    try {
        return validate(JSON.parse(storage.getItem(KEY) || 'null'), info);
    } catch {
        return validate(null, info);
    }
}

// Remembers the choices in a Storage-like object (setItem).
export function save(storage, settings) {
    try {
        storage.setItem(KEY, JSON.stringify(validate(settings)));
    } catch {
        // Storage may be full or disabled; the choices are then not remembered.
    }
}

// The POST /api/games body for the choices.
export function requestBody(s) {
    const body = { mode: s.mode, color: s.color };
    if (s.mode === 'engine') body.level = s.level;
    if (s.mode !== 'analysis' && s.timed) {
        body.clock = { initial: Math.round(s.minutes * 60000),
            increment: Math.round(s.increment * 1000) };
    } else {
        body.clock = null;
    }
    if (s.start === 'fen' && s.fen.trim()) body.fen = s.fen.trim();
    if (s.start === 'pgn' && s.pgn.trim()) {
        body.pgn = s.pgn;
        if (Number.isInteger(s.ply)) body.ply = s.ply;
    }
    if (s.chess960) body.chess960 = true;
    return body;
}

// The body of a rematch: the same mode, level, clock and start position with the colours of
// the person's seat swapped.
export function rematchBody(game, mySeat) {
    const body = { mode: game.mode, chess960: !!game.chess960 };
    const seat = mySeat === 'white' || mySeat === 'black' ? mySeat : game.settings?.color;
    body.color = seat === 'black' ? 'white' : 'black';
    if (game.mode === 'engine' && game.settings?.level) body.level = game.settings.level;
    body.clock = game.settings?.clock || null;
    if (game.start_fen && game.start_fen !== INITIAL_FEN) body.fen = game.start_fen;
    return body;
}

// A short description of a level: "Elo 1600", "full strength", "1.5 s per move", "depth 8".
export function levelLabel(level) {
    if (!level) return '';
    if (level.kind === 'elo') return `Elo ${level.elo}`;
    if (level.kind === 'full') return 'full strength';
    if (level.kind === 'movetime') return `${level.ms / 1000} s per move`;
    if (level.kind === 'depth') return `depth ${level.depth}`;
    return '';
}

function inRange(v, min, max) {
    const n = Number(v);
    return v !== null && v !== '' && Number.isFinite(n) && n >= min && n <= max;
}
