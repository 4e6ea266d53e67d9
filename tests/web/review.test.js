// Tests of web/js/lib/review.js: the per-player summary rows and the best line of a labelled
// move, for a review with the new fields and for one stored before them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summaryRows, labelledPly, bestLine, bestArrowMove, numberedLine }
    from '../../web/js/lib/review.js';

const review = {
    done: 5, total: 5,
    players: {
        white: { accuracy: 41.56, acpl: 478.5, moves: 2, inaccuracies: 0, mistakes: 0,
            blunders: 1 },
        black: { accuracy: 99.4, acpl: 0, moves: 2, inaccuracies: 1, mistakes: 0, blunders: 0 },
    },
    plies: [
        { ply: 1, label: null, best: 'e2e4', best_san: 'e4', best_line: ['e4'],
            best_line_uci: ['e2e4'] },
        { ply: 3, label: 'blunder', best: 'd2d4', best_san: 'd4',
            best_line: ['d4', 'exd4', 'Qxd4'], best_line_uci: ['d2d4', 'e5d4', 'd1d4'] },
    ],
};

test('summary rows round accuracy and ACPL and keep the counts', () => {
    assert.deepEqual(summaryRows(review), [
        { side: 'white', name: 'White', accuracy: '42%', acpl: '479', inaccuracies: 0,
            mistakes: 0, blunders: 1 },
        { side: 'black', name: 'Black', accuracy: '99%', acpl: '0', inaccuracies: 1,
            mistakes: 0, blunders: 0 },
    ]);
});

test('no summary while running, for an old review, or a side without moves', () => {
    assert.deepEqual(summaryRows({ ...review, done: 3 }), []);
    assert.deepEqual(summaryRows({ done: 5, total: 5, plies: [] }), []);
    assert.deepEqual(summaryRows(null), []);
    const rows = summaryRows({ done: 2, total: 2, players: {
        white: { accuracy: null, acpl: null, inaccuracies: 0, mistakes: 0, blunders: 0 } } });
    assert.equal(rows.length, 1);
    assert.equal(rows[0].accuracy, '\u2013');
    assert.equal(rows[0].acpl, '\u2013');
});

test('best line of a labelled ply only', () => {
    assert.equal(labelledPly(review, 1), null);
    assert.equal(bestLine(review, 1), null);
    assert.deepEqual(bestLine(review, 3),
        { san: ['d4', 'exd4', 'Qxd4'], uci: ['d2d4', 'e5d4', 'd1d4'] });
    assert.equal(bestArrowMove(review, 3), 'd2d4');
    assert.equal(bestArrowMove(review, 2), '');
});

test('an old review without best_line falls back to the best move', () => {
    const old = { plies: [{ ply: 2, label: 'mistake', best: 'g8f6', best_san: 'Nf6' }] };
    assert.deepEqual(bestLine(old, 2), { san: ['Nf6'], uci: ['g8f6'] });
    assert.equal(bestLine({ plies: [{ ply: 2, label: 'mistake', best: null }] }, 2), null);
});

test('numbered line from White or Black to move', () => {
    // Ply 3 is White's second move: the line starts "2. d4 exd4 3. Qxd4".
    assert.deepEqual(numberedLine(['d4', 'exd4', 'Qxd4'], 3).map((t) => t.text),
        ['2. d4', 'exd4', '3. Qxd4']);
    // Ply 2 is Black's first move: "1... e5 2. Nf3".
    assert.deepEqual(numberedLine(['e5', 'Nf3'], 2).map((t) => t.text), ['1... e5', '2. Nf3']);
    // A start with Black to move at move 10: ply 1 is "10... Nf6".
    assert.deepEqual(numberedLine(['Nf6', 'Bg5'], 1, 10, 'black').map((t) => t.text),
        ['10... Nf6', '11. Bg5']);
});
