// Tests of web/js/lib/graph.js: review graph points, paths and click mapping.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { graphPoints, linePath, areaPath, plyAtX, yTicks, xTicks }
    from '../../web/js/lib/graph.js';

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

test('the pawn axis: labelled ticks on the win-probability scale, zero in the middle', () => {
    const t = yTicks();
    assert.deepEqual(t.map((x) => x.label), ['+3', '+1', '0', '\u22121', '\u22123']);
    assert.equal(t[2].y, 0.5);
    // White ahead is up; the scale is symmetric about the zero line.
    assert.ok(t[0].y < t[1].y && t[1].y < 0.5);
    assert.equal(Math.round((t[0].y + t[4].y) * 100) / 100, 1);
    assert.equal(t[1].y, 0.36);
});

test('the move axis: round move numbers at the ply where each move starts', () => {
    // 6 plies from the start: moves 1, 2, 3 at plies 1, 3, 5.
    assert.deepEqual(xTicks(6), [{ move: 1, x: 0.17 }, { move: 2, x: 0.5 }, { move: 3, x: 0.83 }]);
    // 80 plies: 40 moves in steps of 5 (at most 8 ticks).
    const long = xTicks(80);
    assert.deepEqual(long.map((t) => t.move), [5, 10, 15, 20, 25, 30, 35, 40]);
    assert.equal(long[0].x, 0.11);  // ply 9 of 80, rounded
    // A start with Black to move at move 12: the first ply is move 12, the second move 13.
    assert.deepEqual(xTicks(4, 12, 'black'), [{ move: 12, x: 0.25 }, { move: 13, x: 0.5 },
        { move: 14, x: 1 }]);
    assert.deepEqual(xTicks(0), []);
});
