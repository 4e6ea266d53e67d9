// Tests of web/js/lib/fen.js: FEN fields, square names and FEN detection.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFen, pieceOf, squareLabel, looksLikeFen, INITIAL_FEN } from '../../web/js/lib/fen.js';

test('parses the initial position', () => {
    const f = parseFen(INITIAL_FEN);
    assert.equal(f.pieces.size, 32);
    assert.equal(f.pieces.get('e1'), 'K');
    assert.equal(f.pieces.get('d8'), 'q');
    assert.equal(f.turn, 'white');
    assert.equal(f.fullmove, 1);
});

test('reads side to move and move number, defaults missing fields', () => {
    const f = parseFen('4k3/8/8/8/8/8/8/4K3 b - - 3 42');
    assert.equal(f.turn, 'black');
    assert.equal(f.fullmove, 42);
    assert.equal(f.halfmove, 3);
    assert.equal(parseFen('4k3/8/8/8/8/8/8/4K3').fullmove, 1);
});

test('rejects malformed placements', () => {
    assert.equal(parseFen('8/8/8'), null);
    assert.equal(parseFen('9/8/8/8/8/8/8/8 w'), null);
    assert.equal(parseFen('4k3/8/8/8/8/8/8/4K4 w'), null);
    assert.equal(parseFen('4x3/8/8/8/8/8/8/4K3 w'), null);
    assert.equal(parseFen(''), null);
});

test('names pieces and squares', () => {
    assert.deepEqual(pieceOf('N'), { color: 'white', role: 'knight' });
    assert.deepEqual(pieceOf('p'), { color: 'black', role: 'pawn' });
    assert.equal(pieceOf(undefined), null);
    assert.equal(squareLabel('e4', 'Q'), 'e4, white queen');
    assert.equal(squareLabel('a1', undefined), 'a1, empty');
});

test('tells a FEN from a PGN', () => {
    assert.equal(looksLikeFen(INITIAL_FEN), true);
    assert.equal(looksLikeFen('4k3/8/8/8/8/8/8/4K3 b - -'), true);
    assert.equal(looksLikeFen('1. e4 e5 2. Nf3 *'), false);
    assert.equal(looksLikeFen('[Event "x"]\n\n1. e4 *'), false);
});
