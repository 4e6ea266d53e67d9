// Tests of web/js/lib/clock.js: clock text, local countdown and clock settings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatClock, remaining, nextTick, clockSetting, clockLabel }
    from '../../web/js/lib/clock.js';

test('formats hours, minutes and tenths', () => {
    assert.equal(formatClock(300000), '5:00');
    assert.equal(formatClock(61000), '1:01');
    assert.equal(formatClock(3723000), '1:02:03');
    assert.equal(formatClock(10000), '0:10');
    assert.equal(formatClock(9999), '9.9');
    assert.equal(formatClock(450), '0.4');
    assert.equal(formatClock(-5), '0.0');
    assert.equal(formatClock(0), '0.0');
});

test('only the running side counts down, from the receipt time', () => {
    const clocks = { white: 60000, black: 30000, running: 'white', now: 999999999 };
    assert.equal(remaining(clocks, 'white', 1000, 1000), 60000);
    assert.equal(remaining(clocks, 'white', 1000, 3500), 57500);
    assert.equal(remaining(clocks, 'black', 1000, 3500), 30000);
    assert.equal(remaining(clocks, 'white', 1000, 100000), 0);
    assert.equal(remaining(clocks, 'white', 5000, 1000), 60000);
    assert.equal(remaining({ ...clocks, running: null }, 'white', 0, 9000), 60000);
    assert.equal(remaining(null, 'white', 0, 0), null);
});

test('next tick wakes when the shown text changes', () => {
    assert.equal(nextTick(61500), 500);
    assert.equal(nextTick(60000), 1000);
    assert.equal(nextTick(5250), 50);
    assert.equal(nextTick(0), 1000);
});

test('clock settings follow the API ranges', () => {
    assert.deepEqual(clockSetting(5, 2), { initial: 300000, increment: 2000 });
    assert.deepEqual(clockSetting(0.5, 0), { initial: 30000, increment: 0 });
    assert.equal(clockSetting(0, 0), null);
    assert.equal(clockSetting(601, 0), null);
    assert.equal(clockSetting(5, 601), null);
    assert.equal(clockSetting('x', 1), null);
    assert.equal(clockLabel({ initial: 300000, increment: 2000 }), '5+2');
    assert.equal(clockLabel(null), 'no clock');
});
