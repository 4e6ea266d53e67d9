// Tests of web/js/lib/settings.js: validation, storage and request bodies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULTS, validate, validLevel, load, save, requestBody, rematchBody, levelLabel }
    from '../../web/js/lib/settings.js';

const info = { elo: { min: 1000, max: 2200 } };

function memoryStorage(initial = {}) {
    const data = { ...initial };
    return { getItem: (k) => (k in data ? data[k] : null), setItem: (k, v) => { data[k] = v; },
        data };
}

test('garbage falls back to the defaults', () => {
    assert.deepEqual(validate(null), { ...DEFAULTS, level: { ...DEFAULTS.level } });
    const s = validate({ mode: 'chess', color: 'green', minutes: -3, increment: 'x',
        level: { kind: 'magic' }, start: 'middle', timed: 'yes', ply: -2 });
    assert.equal(s.mode, 'engine');
    assert.equal(s.color, 'white');
    assert.equal(s.minutes, 5);
    assert.equal(s.increment, 3);
    assert.equal(s.start, 'initial');
    assert.equal(s.timed, false);
    assert.equal(s.ply, null);
    assert.deepEqual(s.level, { kind: 'elo', elo: 1400 });
});

test('levels are validated and Elo is clamped to the server range', () => {
    assert.deepEqual(validLevel({ kind: 'elo', elo: 5000 }, info), { kind: 'elo', elo: 2200 });
    assert.deepEqual(validLevel({ kind: 'elo', elo: 10 }, info), { kind: 'elo', elo: 1000 });
    assert.deepEqual(validLevel({ kind: 'full' }), { kind: 'full' });
    assert.deepEqual(validLevel({ kind: 'movetime', ms: 1500 }), { kind: 'movetime', ms: 1500 });
    assert.equal(validLevel({ kind: 'movetime', ms: 0 }), null);
    assert.equal(validLevel({ kind: 'depth', depth: 41 }), null);
    assert.deepEqual(validLevel({ kind: 'depth', depth: 8 }), { kind: 'depth', depth: 8 });
    assert.equal(levelLabel({ kind: 'movetime', ms: 1500 }), '1.5 s per move');
    assert.equal(levelLabel({ kind: 'elo', elo: 1600 }), 'Elo 1600');
});

test('save and load round-trip through storage, broken JSON is survived', () => {
    const st = memoryStorage();
    const chosen = validate({ mode: 'humans', color: 'black', timed: true, minutes: 3,
        increment: 2, start: 'fen', fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' });
    save(st, chosen);
    assert.deepEqual(load(st), chosen);
    const broken = memoryStorage({ 'kibitz.settings': '{not json' });
    assert.equal(load(broken).mode, 'engine');
});

test('request bodies', () => {
    const s = validate({ mode: 'engine', color: 'random', level: { kind: 'depth', depth: 5 },
        timed: true, minutes: 3, increment: 2 });
    assert.deepEqual(requestBody(s), { mode: 'engine', color: 'random',
        level: { kind: 'depth', depth: 5 }, clock: { initial: 180000, increment: 2000 } });
    const a = validate({ mode: 'analysis', timed: true, start: 'pgn', pgn: '1. e4 e5', ply: 1 });
    assert.deepEqual(requestBody(a), { mode: 'analysis', color: 'white', clock: null,
        pgn: '1. e4 e5', ply: 1 });
    const f = validate({ mode: 'humans', start: 'fen', fen: '  8/8 w ', chess960: true });
    assert.deepEqual(requestBody(f), { mode: 'humans', color: 'white', clock: null,
        fen: '8/8 w', chess960: true });
});

test('rematch swaps colours and keeps the rest', () => {
    const game = { mode: 'engine', chess960: false,
        settings: { color: 'white', level: { kind: 'elo', elo: 1600 },
            clock: { initial: 60000, increment: 0 } },
        start_fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' };
    assert.deepEqual(rematchBody(game, 'white'), { mode: 'engine', chess960: false,
        color: 'black', level: { kind: 'elo', elo: 1600 },
        clock: { initial: 60000, increment: 0 } });
    const fromFen = { ...game, mode: 'humans', start_fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' };
    const body = rematchBody(fromFen, 'black');
    assert.equal(body.color, 'white');
    assert.equal(body.fen, '4k3/8/8/8/8/8/8/4K3 w - - 0 1');
    assert.equal(body.level, undefined);
});
