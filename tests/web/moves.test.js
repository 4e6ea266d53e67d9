// Tests of web/js/lib/moves.js: destinations, promotions and castling from the legal list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { moveTable, candidates, promotionPieces, castlingRookSquare, isLegal, uciSquares }
    from '../../web/js/lib/moves.js';
import { parseFen, INITIAL_FEN } from '../../web/js/lib/fen.js';

test('dests group the legal moves by origin square', () => {
    const t = moveTable(['e2e4', 'e2e3', 'g1f3', 'g1h3'], INITIAL_FEN);
    assert.deepEqual(t.dests.get('e2'), ['e4', 'e3']);
    assert.deepEqual(t.dests.get('g1'), ['f3', 'h3']);
    assert.equal(t.dests.has('b1'), false);
    assert.deepEqual(candidates(t, 'g1', 'f3'), ['g1f3']);
    assert.deepEqual(candidates(t, 'g1', 'g3'), []);
});

test('a promotion pair lists all four pieces and one destination', () => {
    const fen = '8/4P3/8/8/8/8/k7/4K3 w - - 0 1';
    const t = moveTable(['e7e8n', 'e7e8q', 'e7e8b', 'e7e8r', 'e1d1'], fen);
    assert.deepEqual(t.dests.get('e7'), ['e8']);
    assert.deepEqual(promotionPieces(t, 'e7', 'e8'), ['q', 'r', 'b', 'n']);
    assert.deepEqual(promotionPieces(t, 'e1', 'd1'), []);
    assert.equal(candidates(t, 'e7', 'e8').length, 4);
});

test('capture-promotions keep their own pairs', () => {
    const fen = '3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1';
    const t = moveTable(['e7e8q', 'e7e8r', 'e7e8b', 'e7e8n', 'e7d8q', 'e7d8r', 'e7d8b',
        'e7d8n'], fen);
    assert.deepEqual(t.dests.get('e7'), ['e8', 'd8']);
    assert.deepEqual(candidates(t, 'e7', 'd8'), ['e7d8q', 'e7d8r', 'e7d8b', 'e7d8n']);
});

test('standard castling is reachable by the two-square step and by the rook square', () => {
    const fen = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
    const t = moveTable(['e1g1', 'e1c1', 'e1f1'], fen, false);
    assert.deepEqual(t.dests.get('e1'), ['g1', 'h1', 'c1', 'a1', 'f1']);
    assert.deepEqual(candidates(t, 'e1', 'h1'), ['e1g1']);
    assert.deepEqual(candidates(t, 'e1', 'a1'), ['e1c1']);
    const b = moveTable(['e8g8'], fen.replace(' w ', ' b '), false);
    assert.deepEqual(candidates(b, 'e8', 'h8'), ['e8g8']);
});

test('no rook-square alias without an own rook there or for non-king moves', () => {
    const pieces = parseFen('4k3/8/8/8/8/8/8/4K2n w - - 0 1').pieces;
    assert.equal(castlingRookSquare(pieces, 'e1', 'g1'), null);
    const rooks = parseFen('4k3/8/8/8/8/8/8/4R2R w - - 0 1').pieces;
    assert.equal(castlingRookSquare(rooks, 'e1', 'g1'), null);
});

test('Chess960 castling stays king-takes-rook with no aliases', () => {
    const fen = '1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1';
    const t = moveTable(['g1h1', 'g1b1', 'g1f1'], fen, true);
    assert.deepEqual(t.dests.get('g1'), ['h1', 'b1', 'f1']);
    assert.deepEqual(candidates(t, 'g1', 'h1'), ['g1h1']);
    assert.deepEqual(candidates(t, 'g1', 'g1'), []);
});

test('malformed entries are ignored and helpers parse UCI', () => {
    const t = moveTable(['e2e4', 'bogus', '', 'e7e8x'], INITIAL_FEN);
    assert.deepEqual([...t.dests.keys()], ['e2']);
    assert.equal(isLegal(['e2e4'], 'e2e4'), true);
    assert.equal(isLegal(['e2e4'], 'e2e5'), false);
    assert.equal(isLegal(null, 'e2e4'), false);
    assert.deepEqual(uciSquares('e7e8q'), { from: 'e7', to: 'e8', promotion: 'q' });
    assert.equal(uciSquares('Nf3'), null);
});
