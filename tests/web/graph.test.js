// Tests of web/js/lib/graph.js: review graph points, paths and click mapping.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { graphPoints, linePath, areaPath, plyAtX } from '../../web/js/lib/graph.js';

const plies = [
    { ply: 1, eval: { cp: 0 } },
    { ply: 2, eval: { mate: 2 } },
    { ply: 3, eval: null },
    { ply: 4, eval: { mate: -1 } },
];

test('points scale plies to x and win probability to y', () => {
    const pts = graphPoints(plies, 4, 200, 100);
    assert.deepEqual(pts, [
        { ply: 1, x: 50, y: 50 },
        { ply: 2, x: 100, y: 0 },
        { ply: 4, x: 200, y: 100 },
    ]);
});

test('a final position without an evaluation uses its win probability', () => {
    const pts = graphPoints([{ ply: 1, eval: { cp: 0 }, win: 0.25 }, { ply: 2, eval: null, win: 1 },
        { ply: 3, eval: null }], 3, 300, 100);
    assert.deepEqual(pts, [{ ply: 1, x: 100, y: 75 }, { ply: 2, x: 200, y: 0 }]);
});

test('paths', () => {
    const pts = graphPoints(plies, 4, 200, 100);
    assert.equal(linePath(pts), 'M50 50 L100 0 L200 100');
    assert.equal(areaPath(pts, 100), 'M50 100 L50 50 L100 0 L200 100 L200 100 Z');
    assert.equal(linePath([]), '');
    assert.equal(areaPath([], 100), '');
});

test('x maps back to the nearest ply within the game', () => {
    assert.equal(plyAtX(0, 200, 4), 1);
    assert.equal(plyAtX(100, 200, 4), 2);
    assert.equal(plyAtX(140, 200, 4), 3);
    assert.equal(plyAtX(500, 200, 4), 4);
    assert.equal(plyAtX(10, 200, 0), 0);
});
