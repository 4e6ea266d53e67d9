// Tests of web/js/lib/evaluation.js: win probability, evaluation text and counts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { winProbability, evalText, evalSpeech, shortCount } from '../../web/js/lib/evaluation.js';

test('win probability follows 1/(1+10^(-cp/400)) and mates are certain', () => {
    assert.equal(winProbability({ cp: 0 }), 0.5);
    assert.ok(Math.abs(winProbability({ cp: 400 }) - 10 / 11) < 1e-12);
    assert.ok(Math.abs(winProbability({ cp: -400 }) - 1 / 11) < 1e-12);
    assert.equal(winProbability({ mate: 3 }), 1);
    assert.equal(winProbability({ mate: -1 }), 0);
    assert.equal(winProbability(null), 0.5);
    assert.ok(winProbability({ cp: 100 }) > 0.5 && winProbability({ cp: 100 }) < 0.7);
});

test('evaluation text', () => {
    assert.equal(evalText({ cp: 31 }), '+0.31');
    assert.equal(evalText({ cp: -120 }), '-1.20');
    assert.equal(evalText({ cp: 0 }), '0.00');
    assert.equal(evalText({ mate: 3 }), '#3');
    assert.equal(evalText({ mate: -2 }), '#-2');
    assert.equal(evalText(null), '');
});

test('spoken evaluation and short counts', () => {
    assert.equal(evalSpeech({ mate: -3 }), 'Black mates in 3');
    assert.equal(evalSpeech({ cp: 125 }), 'White is better by 1.3 pawns');
    assert.equal(evalSpeech({ cp: 10 }), 'about equal');
    assert.equal(shortCount(950), '950');
    assert.equal(shortCount(850400), '850k');
    assert.equal(shortCount(1234567), '1.2M');
    assert.equal(shortCount(2.5e9), '2.5G');
});
