// Tests of web/js/lib/answers.js: a game object is taken only when it is a later reading.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newerGame } from '../../web/js/lib/answers.js';

test('a later reading of the same game is taken, an earlier or equal one is not', () => {
    const shown = { id: 'a', updated: 10 };
    assert.equal(newerGame({ id: 'a', updated: 11 }, shown), true);
    assert.equal(newerGame({ id: 'a', updated: 9 }, shown), false);
    assert.equal(newerGame({ id: 'a', updated: 10 }, shown), false);
});

test('the first reading and another game\'s are taken', () => {
    assert.equal(newerGame({ id: 'a', updated: 1 }, null), true);
    assert.equal(newerGame({ id: 'b', updated: 1 }, { id: 'a', updated: 50 }), true);
});

test('with the same time the game\'s own rule decides', () => {
    const shown = { id: 'a', updated: 10, depth: 3 };
    const deeper = (g, p) => g.depth > p.depth;
    assert.equal(newerGame({ id: 'a', updated: 10, depth: 4 }, shown, deeper), true);
    assert.equal(newerGame({ id: 'a', updated: 10, depth: 3 }, shown, deeper), false);
    // An earlier time is stale whatever the rule says.
    assert.equal(newerGame({ id: 'a', updated: 9, depth: 9 }, shown, deeper), false);
});
