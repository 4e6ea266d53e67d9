// Tests of web/js/lib/evalbars.js: the rows of the analysis board's evaluation breakdown and
// its summary line, from an answer of GET /api/eval.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pawns, evalRows, evalSummary, MIN_SCALE } from '../../web/js/lib/evalbars.js';

const answer = {
    terms: [
        { term: 'material', title: 'Material', white: 4000, black: 3100 },
        { term: 'king_safety', title: 'King safety', white: -45, black: 12 },
        { term: 'threats', title: 'Threats', white: 0, black: 0 },
        { term: 'passed', title: '', white: 3, black: 0 },
    ],
    score: 870, phase: 20, phase_max: 24,
};

test('pawns are signed with a real minus and two decimals', () => {
    assert.equal(pawns(125), '+1.25');
    assert.equal(pawns(-40), '\u22120.40');
    assert.equal(pawns(0), '0.00');
    assert.equal(pawns(0.3), '0.00');
    assert.equal(pawns(NaN), '');
});

test('each row scales its two bars by its larger value, and the net is White\'s view', () => {
    const rows = evalRows(answer);
    assert.equal(rows.length, 4);
    const [material, king, threats, passed] = rows;
    assert.equal(material.whiteWidth, 100);
    assert.equal(material.blackWidth, 78);
    assert.equal(material.net, 900);
    assert.equal(material.netText, '+9.00');
    assert.equal(material.favours, 'white');
    assert.equal(king.whiteWidth, 90);
    assert.equal(king.blackWidth, 24);
    assert.equal(king.whiteNegative, true);
    assert.equal(king.blackNegative, false);
    assert.equal(king.netText, '\u22120.57');
    assert.equal(king.favours, 'black');
    assert.equal(threats.whiteWidth, 0);
    assert.equal(threats.favours, '');
    // A few centipawns stay a short bar: the scale is at least MIN_SCALE.
    assert.equal(passed.whiteWidth, Math.round((3 / MIN_SCALE) * 100));
    // A term without a title is named by its key.
    assert.equal(passed.title, 'passed');
});

test('an answer without terms, or with broken ones, gives no rows', () => {
    assert.deepEqual(evalRows(null), []);
    assert.deepEqual(evalRows({}), []);
    assert.deepEqual(evalRows({ terms: [null, { white: 1 }] }), []);
    const [row] = evalRows({ terms: [{ term: 'x', white: 'a', black: null }] });
    assert.equal(row.white, 0);
    assert.equal(row.black, 0);
});

test('the summary names the side ahead and the stage of the game', () => {
    assert.equal(evalSummary(answer),
        'Total: White ahead by 8.70 \u00b7 phase 20 of 24 (middlegame)');
    assert.equal(evalSummary({ score: -30, phase: 2, phase_max: 24 }),
        'Total: Black ahead by 0.30 \u00b7 phase 2 of 24 (endgame)');
    assert.equal(evalSummary({ score: 0, phase: 10 }),
        'Total: level \u00b7 phase 10 of 24 (late middlegame)');
    assert.equal(evalSummary({ score: 0.4 }), 'Total: level');
    assert.equal(evalSummary({}), '');
});
