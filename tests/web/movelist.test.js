// Tests of web/js/lib/movelist.js: rows, numbering from any FEN, PV lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pairMoves, plyInfo, numberLine, clampPly, sanTokens } from '../../web/js/lib/movelist.js';
import { INITIAL_FEN } from '../../web/js/lib/fen.js';

const mv = (...sans) => sans.map((san) => ({ san }));

test('pairs moves from the initial position', () => {
    const rows = pairMoves(INITIAL_FEN, mv('e4', 'e5', 'Nf3'));
    assert.equal(rows.length, 2);
    assert.equal(rows[0].number, 1);
    assert.equal(rows[0].white.san, 'e4');
    assert.equal(rows[0].black.san, 'e5');
    assert.equal(rows[0].black.ply, 2);
    assert.equal(rows[1].number, 2);
    assert.equal(rows[1].white.ply, 3);
    assert.equal(rows[1].black, null);
});

test('a game starting with Black to move opens with an empty white cell', () => {
    const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 12';
    const rows = pairMoves(fen, mv('c5', 'Nf3', 'd6'));
    assert.equal(rows[0].number, 12);
    assert.equal(rows[0].white, null);
    assert.equal(rows[0].black.san, 'c5');
    assert.equal(rows[0].black.ply, 1);
    assert.equal(rows[1].number, 13);
    assert.equal(rows[1].white.san, 'Nf3');
    assert.equal(rows[1].black.san, 'd6');
    assert.deepEqual(pairMoves(fen, []), []);
});

test('ply info and numbered lines', () => {
    assert.deepEqual(plyInfo(INITIAL_FEN, 0), { turn: 'white', number: 1 });
    assert.deepEqual(plyInfo(INITIAL_FEN, 3), { turn: 'black', number: 2 });
    const black = '4k3/8/8/8/8/8/8/4K3 b - - 0 30';
    assert.deepEqual(plyInfo(black, 0), { turn: 'black', number: 30 });
    assert.deepEqual(plyInfo(black, 1), { turn: 'white', number: 31 });
    assert.equal(numberLine(INITIAL_FEN, 0, ['e4', 'e5', 'Nf3']), '1. e4 e5 2. Nf3');
    assert.equal(numberLine(INITIAL_FEN, 1, ['e5', 'Nf3']), '1... e5 2. Nf3');
    assert.equal(numberLine(black, 0, ['Kd7', 'Kd2']), '30... Kd7 31. Kd2');
});

test('clamps plies and splits SAN lines', () => {
    assert.equal(clampPly(-1, 10), 0);
    assert.equal(clampPly(11, 10), 10);
    assert.equal(clampPly(4, 10), 4);
    assert.deepEqual(sanTokens('12. Nf3 Nc6 13. Bb5'), ['Nf3', 'Nc6', 'Bb5']);
    assert.deepEqual(sanTokens('3... e5 4.d4'), ['e5', 'd4']);
    assert.deepEqual(sanTokens(''), []);
});
