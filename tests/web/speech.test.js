// Tests of web/js/lib/speech.js and web/js/lib/arrows.js: spoken moves and board arrows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sanToSpeech } from '../../web/js/lib/speech.js';
import { lineArrows, moveArrow } from '../../web/js/lib/arrows.js';

test('SAN as words', () => {
    assert.equal(sanToSpeech('Nf3', 'white'), 'White plays knight f3');
    assert.equal(sanToSpeech('exd5', 'black'), 'Black plays e takes d5');
    assert.equal(sanToSpeech('O-O-O+', 'white'), 'White castles queenside, check');
    assert.equal(sanToSpeech('O-O', 'black'), 'Black castles kingside');
    assert.equal(sanToSpeech('e8=Q#', 'white'), 'White plays e8, promotes to queen, checkmate');
    assert.equal(sanToSpeech('Rdxd1', 'black'), 'Black plays rook d takes d1');
    assert.equal(sanToSpeech('??', 'white'), 'White plays ??');
});

test('analysis arrows: best line strongest, duplicates dropped', () => {
    const shapes = lineArrows([
        { multipv: 2, pv: ['d2d4'] },
        { multipv: 1, pv: ['e2e4', 'e7e5'] },
        { multipv: 3, pv: ['e2e4'] },
        { multipv: 4, pv: [] },
    ]);
    assert.equal(shapes.length, 2);
    assert.equal(shapes[0].orig, 'e2');
    assert.equal(shapes[0].brush, 'green');
    assert.ok(shapes[0].modifiers.lineWidth > shapes[1].modifiers.lineWidth);
    assert.equal(shapes[1].dest, 'd4');
    assert.deepEqual(moveArrow('g1f3', 'blue'), [{ orig: 'g1', dest: 'f3', brush: 'blue' }]);
    assert.deepEqual(moveArrow('nonsense', 'blue'), []);
});
