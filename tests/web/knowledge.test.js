// Tests of web/js/lib/knowledge.js: the book's candidates and the tablebase line as texts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shareText, bookItems, tablebaseText, knowledgeFor, fromAnalysis, bookMoveInfo,
    depthText }
    from '../../web/js/lib/knowledge.js';

const FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

test('book shares read as percentages', () => {
    assert.equal(shareText(0.41), '41%');
    assert.equal(shareText(1), '100%');
    assert.equal(shareText(0), '0%');
    assert.equal(shareText(0.001), '<1%');
    assert.equal(shareText(undefined), '0%');
});

test('book candidates become labelled items, at most max', () => {
    const book = [
        { uci: 'e2e4', san: 'e4', weight: 41, share: 0.41 },
        { uci: 'd2d4', san: 'd4', weight: 33, share: 0.33 },
        { uci: 'g1f3', san: 'Nf3', weight: 26, share: 0.26 },
    ];
    const items = bookItems(book);
    assert.deepEqual(items.map((i) => i.text), ['e4 41%', 'd4 33%', 'Nf3 26%']);
    assert.equal(items[0].uci, 'e2e4');
    assert.match(items[2].label, /Nf3/);
    assert.equal(bookItems(book, 2).length, 2);
    assert.deepEqual(bookItems(null), []);
    assert.deepEqual(bookItems([]), []);
});

test('the tablebase line', () => {
    assert.equal(tablebaseText(null), '');
    assert.equal(tablebaseText({ result: 'win', mate: 12, text: 'tablebase: mate in 12' }),
        'Tablebase: mate in 12');
    assert.equal(tablebaseText({ result: 'win', mate: 3 }), 'Tablebase: mate in 3');
    assert.equal(tablebaseText({ result: 'loss', mate: -7 }), 'Tablebase: mated in 7');
    assert.equal(tablebaseText({ result: 'draw', mate: 0 }), 'Tablebase: draw');
});

test('knowledge is shown for its own position only', () => {
    const k = { ply: 0, fen: FEN, book: [], tablebase: null };
    assert.equal(knowledgeFor(k, 0, FEN), k);
    assert.equal(knowledgeFor(k, 1, FEN), null);
    assert.equal(knowledgeFor(k, 0, '8/8/8/8/8/8/8/8 w - - 0 1'), null);
    assert.equal(knowledgeFor(null, 0, FEN), null);
});

test('analysis events carry knowledge, except in the threat view', () => {
    const ev = { type: 'analysis', ply: 2, fen: FEN, threat: false, lines: [],
        book: [{ uci: 'e2e4', san: 'e4', weight: 1, share: 1 }], tablebase: null };
    assert.deepEqual(fromAnalysis(ev), { ply: 2, fen: FEN, book: ev.book, tablebase: null });
    assert.equal(fromAnalysis({ ...ev, threat: true }), null);
    assert.equal(fromAnalysis({ type: 'analysis', ply: 0, fen: FEN, lines: [] }), null);
});

test('an engine book move is described from the game after a reload', () => {
    const game = { mode: 'engine', moves: [{ uci: 'e2e4', san: 'e4' },
        { uci: 'c7c5', san: 'c5', book: true }, { uci: 'g1f3', san: 'Nf3' }] };
    assert.deepEqual(bookMoveInfo(game, 2), { book: true, ply: 1, san: 'c5', move: 'c7c5' });
    assert.equal(bookMoveInfo(game, 3), null);
    assert.equal(bookMoveInfo(game, 0), null);
    assert.equal(bookMoveInfo({ ...game, mode: 'analysis' }, 2), null);
});

test('a depth the endgame tables reached reads "tablebase", not "depth 127"', () => {
    assert.equal(depthText(12, 20), 'depth 12/20');
    assert.equal(depthText(7, 0), 'depth 7');
    assert.equal(depthText(127, 3), 'tablebase');
    assert.equal(depthText(9, 0, { result: 'draw', mate: 0 }), 'tablebase');
});
