// Tests of web/js/lib/learn.js: which mistakes "learn from your mistakes" asks about and in
// what order, and how a tried move is judged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { learnSides, mistakesToLearn, question, winChance, isGoodTry, verdict, summary,
    outcomeWords, answerArrows } from '../../web/js/lib/learn.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const game = {
    mode: 'analysis', start_fen: START,
    moves: ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#'].map((san) => ({ san })),
};
const review = { done: 8, total: 8, plies: [
    { ply: 1 }, { ply: 2 }, { ply: 3, label: 'mistake', best_san: 'Nf3' }, { ply: 4 },
    { ply: 5, label: 'inaccuracy' }, { ply: 6, label: 'blunder', best_san: 'g6' }, { ply: 7 },
] };

test('the viewer\'s own mistakes, or White\'s then Black\'s on an analysis board', () => {
    assert.deepEqual(learnSides(game, 'both'), ['white', 'black']);
    assert.deepEqual(learnSides({ mode: 'engine' }, 'black'), ['black']);
    assert.deepEqual(learnSides({ mode: 'humans' }, null), ['white', 'black']);
    const all = mistakesToLearn(review, game, ['black', 'white']);
    assert.deepEqual(all.map((m) => [m.ply, m.side, m.number, m.san, m.label]),
        [[6, 'black', 3, 'Nf6', 'blunder'], [3, 'white', 2, 'Qh5', 'mistake']]);
    assert.deepEqual(mistakesToLearn(review, game, ['white']).map((m) => m.ply), [3]);
    // Inaccuracies are not asked about; a running review gives nothing yet.
    assert.deepEqual(mistakesToLearn({ ...review, done: 3 }, game, ['white']), []);
    assert.deepEqual(mistakesToLearn(null, game, ['white']), []);
});

test('a game that starts with Black to move numbers its moves right', () => {
    const g = { start_fen: '4k3/8/8/8/8/8/8/4K2R b K - 0 30',
        moves: [{ san: 'Kd7' }, { san: 'Rh7+' }] };
    const r = { done: 3, total: 3, plies: [{ ply: 1, label: 'blunder' }, { ply: 2 }] };
    const [m] = mistakesToLearn(r, g, ['white', 'black']);
    assert.equal(m.side, 'black');
    assert.equal(question(m), 'Find a better move for Black than 30... Kd7');
});

test('the question names the side and the numbered move', () => {
    assert.equal(question({ side: 'white', number: 14, san: 'Bxh7' }),
        'Find a better move for White than 14. Bxh7');
});

test('a try is good within 50 cp or 5% of winning chances of the best move', () => {
    assert.equal(Math.round(winChance(0)), 50);
    assert.equal(winChance(30000), 100);
    assert.equal(winChance(-31000), 0);
    assert.equal(isGoodTry({ move: 'g1f3', best: 'g1f3', loss_cp: 0 }), true);
    assert.equal(isGoodTry({ move: 'd2d4', best: 'g1f3', loss_cp: 50 }), true);
    assert.equal(isGoodTry({ move: 'd2d4', best: 'g1f3', loss_cp: 110, score: 40,
        best_score: 150 }), false);
    // Far ahead, 80 cp less changes little of the winning chances.
    assert.equal(isGoodTry({ move: 'a', best: 'b', loss_cp: 80, score: 900, best_score: 980 }),
        true);
    assert.equal(isGoodTry({ move: 'a', best: 'b', loss_cp: 400 }), false);
    assert.equal(isGoodTry(null), false);
});

test('the verdict and the summary read as sentences', () => {
    const m = { side: 'white', number: 14, san: 'Bxh7' };
    assert.deepEqual(verdict({ move: 'g1f3', best: 'g1f3', san: 'Nf3', loss_cp: 0, score: 10 }, m),
        { good: true, text: 'Good move \u2014 14. Nf3 holds the balance.' });
    assert.deepEqual(verdict({ move: 'a', best: 'b', san: 'Qd2', loss_cp: 300 }, m),
        { good: false, text: 'Not that \u2014 try again.' });
    assert.equal(outcomeWords(31000), 'wins by force');
    assert.equal(outcomeWords(-200), 'is the best defence');
    const mistakes = [m, { side: 'black', number: 20, san: 'Qxb2' }];
    assert.equal(summary(['found', 'shown'], mistakes),
        'You found 1 of 2 better moves. To look at again: 20... Qxb2.');
    assert.equal(summary(['found'], [m]), 'You found 1 of 1 better move.');
});

test('the answer is drawn once found or shown: the best move green, another good move blue', () => {
    const answer = { best: 'd8e7' };
    assert.deepEqual(answerArrows('ask', answer, null), []);
    assert.deepEqual(answerArrows('wrong', answer, 'a7a6'), []);
    assert.deepEqual(answerArrows('checking', answer, 'd8e7'), []);
    assert.deepEqual(answerArrows('shown', answer, 'a7a6'),
        [{ orig: 'd8', dest: 'e7', brush: 'green' }]);
    assert.deepEqual(answerArrows('good', answer, 'd8e7'),
        [{ orig: 'd8', dest: 'e7', brush: 'green' }]);
    assert.deepEqual(answerArrows('good', answer, 'g8f6'), [
        { orig: 'd8', dest: 'e7', brush: 'green' }, { orig: 'g8', dest: 'f6', brush: 'blue' }]);
    assert.deepEqual(answerArrows('shown', { best: '' }, null), []);
    assert.deepEqual(answerArrows('shown', null, null), []);
});
