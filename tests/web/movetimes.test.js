// Tests of web/js/lib/movetimes.js: move times from `think` or from [%clk] clocks, and the bars.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { moveTimes, timeBars, incrementMs, initialMs, formatSeconds }
    from '../../web/js/lib/movetimes.js';

test('a game played here uses think', () => {
    const g = { settings: { clock: { initial: 60000, increment: 0 } },
        moves: [{ think: 1500, clock: 58500 }, { think: 3000, clock: 57000 }, { think: 0 }] };
    assert.deepEqual(moveTimes(g), [{ ply: 1, side: 'white', ms: 1500 },
        { ply: 2, side: 'black', ms: 3000 }]);
});

test('an imported game derives the time from the clocks and the TimeControl tag', () => {
    // 180+2: White 3:00 -> 2:58 (2 s + 2 s increment = 4 s), Black 3:00 -> 2:59 (3 s).
    const g = { tags: [['Event', 't'], ['TimeControl', '180+2']], settings: { clock: null },
        moves: [{ think: 0, clock: 178000 }, { think: 0, clock: 179000 },
            { think: 0, clock: 170000 }, { think: 0 }] };
    assert.equal(incrementMs(g), 2000);
    assert.equal(initialMs(g), 180000);
    assert.deepEqual(moveTimes(g), [{ ply: 1, side: 'white', ms: 4000 },
        { ply: 2, side: 'black', ms: 3000 }, { ply: 3, side: 'white', ms: 10000 }]);
});

test('without a time control the first clock of each side gives no time', () => {
    const g = { moves: [{ clock: 178000 }, { clock: 179000 }, { clock: 175000 }] };
    assert.deepEqual(moveTimes(g), [{ ply: 3, side: 'white', ms: 3000 }]);
    assert.deepEqual(moveTimes({ moves: [{ think: 0 }, { think: 0 }] }), []);
    assert.deepEqual(moveTimes(null), []);
});

test('Black moving first', () => {
    const g = { moves: [{ think: 100 }, { think: 200 }] };
    assert.deepEqual(moveTimes(g, 'black').map((t) => t.side), ['black', 'white']);
});

test('bars share one scale and stand on the bottom', () => {
    const bars = timeBars([{ ply: 1, ms: 1000 }, { ply: 3, ms: 4000 }], 2, 4000, 100, 40);
    assert.deepEqual(bars, [{ ply: 1, ms: 1000, x: 5, y: 30, w: 40, h: 10 },
        { ply: 3, ms: 4000, x: 55, y: 0, w: 40, h: 40 }]);
    assert.deepEqual(timeBars([], 0, 0, 100, 40), []);
});

test('seconds as text', () => {
    assert.equal(formatSeconds(4200), '4.2s');
    assert.equal(formatSeconds(65000), '1:05');
});
