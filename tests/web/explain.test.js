// Tests of web/js/lib/explain.js: the request for a move of the tree, motifs in words, the
// proving line as numbered SAN, and the review's explanation field (with a review object made
// here, as the server gives it on a labelled ply).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { explainBody, motifWord, motifWords, lineTokens, reviewExplanation }
    from '../../web/js/lib/explain.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';

test('the request names the previous move when there is one', () => {
    assert.deepEqual(explainBody({ fen: START }, 'e2e4'), { fen: START, move: 'e2e4' });
    assert.deepEqual(explainBody({ fen: AFTER_E4 }, 'e7e5', { fen: START, uci: 'e2e4' }),
        { fen: START, previous: 'e2e4', move: 'e7e5' });
    assert.deepEqual(explainBody({ fen: START }, 'e2e4', null, true),
        { fen: START, move: 'e2e4', chess960: true });
    assert.equal(explainBody(null, 'e2e4'), null);
    assert.equal(explainBody({ fen: START }, ''), null);
});

test('motifs read as words', () => {
    assert.equal(motifWord('fork'), 'fork');
    assert.equal(motifWord('mateIn3'), 'mate in 3');
    assert.equal(motifWord('backRankMate'), 'back-rank mate');
    assert.equal(motifWord('hangingPiece'), 'hanging piece');
    assert.equal(motifWord('discoveredAttack'), 'discovered attack');
    assert.equal(motifWord('skewer'), 'skewer');
    assert.equal(motifWord('xRayAttack'), 'x ray attack');
    assert.deepEqual(motifWords(['mateIn1', 'backRankMate', 'mateIn1']),
        ['mate in 1', 'back-rank mate']);
    assert.deepEqual(motifWords(null), []);
});

test('the line is numbered from the explained move', () => {
    // The move of ply 6 (3... Nf6) and the reply 4. Qxf7#.
    assert.deepEqual(lineTokens(['Nf6', 'Qxf7#'], ['g8f6', 'h5f7'], 6), [
        { text: '3... Nf6', index: 0, uci: 'g8f6' },
        { text: '4. Qxf7#', index: 1, uci: 'h5f7' },
    ]);
    assert.deepEqual(lineTokens(['e4', 'e5'], ['e2e4', 'e7e5'], 1), [
        { text: '1. e4', index: 0, uci: 'e2e4' },
        { text: 'e5', index: 1, uci: 'e7e5' },
    ]);
    assert.deepEqual(lineTokens(['e4'], ['e2e4', 'e7e5'], 1), []);
    assert.deepEqual(lineTokens(undefined, [], 1), []);
});

test('a review ply\'s explanation is read when it is there', () => {
    const ply = { ply: 6, label: 'blunder', explanation: {
        text: '3... Nf6 allows mate in 1: 4. Qxf7#.', motifs: ['mateIn1'],
        line: ['g8f6', 'h5f7'], line_san: ['Nf6', 'Qxf7#'], terms: [], best_text: '' } };
    assert.deepEqual(reviewExplanation(ply), { text: '3... Nf6 allows mate in 1: 4. Qxf7#.',
        motifs: ['mateIn1'], line: ['g8f6', 'h5f7'], line_san: ['Nf6', 'Qxf7#'] });
    assert.equal(reviewExplanation({ ply: 5, label: null, explanation: null }), null);
    assert.equal(reviewExplanation({ ply: 5 }), null);
    assert.equal(reviewExplanation({ explanation: { text: '' } }), null);
    assert.deepEqual(reviewExplanation({ explanation: { text: 'x' } }),
        { text: 'x', motifs: [], line: [], line_san: [] });
});
