// Tests of web/js/othello/lib/: board texts, squares, positions of a game object, the move
// list, evaluations in discs, the status line and the result, which of two readings is newer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { squareName, squareIndex, parseBoard, countDiscs, positionAt, other }
    from '../../web/js/othello/lib/board.js';
import { moveRows, discsText, evalText, evalSentence, pvText, resultWords, statusText,
    passExplanation, myTurn, seatMoves, summaryResult, exportName, scoreText, newerReading,
    levelDescription }
    from '../../web/js/othello/lib/game.js';

const START = `${'-'.repeat(27)}OX------XO${'-'.repeat(27)} X`;
const AFTER_F5 = `${'-'.repeat(27)}OX------XXX${'-'.repeat(26)} O`;

// A game object as the server sends it (only the fields the page reads).
function gameObject(over = {}) {
    return {
        id: '0123456789abcdef', mode: 'engine', start: START, board: AFTER_F5, turn: 'white',
        seats: { black: 'human', white: 'engine' }, players: { black: 'You', white: 'Kibitz 3' },
        moves: [{ move: 'f5', color: 'black', flipped: ['e5'], board: AFTER_F5 }],
        legal: ['d6', 'f4', 'f6'], must_pass: false, over: false, result: null, score: null,
        engine: { thinking: true, search: null }, settings: { color: 'black', level: 3 },
        ...over,
    };
}

test('square names and indexes', () => {
    assert.equal(squareName(0), 'a1');
    assert.equal(squareName(7), 'h1');
    assert.equal(squareName(37), 'f5');
    assert.equal(squareName(63), 'h8');
    assert.equal(squareName(64), '');
    assert.equal(squareIndex('F5'), 37);
    assert.equal(squareIndex('a1'), 0);
    assert.equal(squareIndex('i1'), -1);
    assert.equal(squareIndex('pass'), -1);
    for (let i = 0; i < 64; i++) assert.equal(squareIndex(squareName(i)), i);
    assert.equal(other('black'), 'white');
});

test('board texts', () => {
    const { cells, turn } = parseBoard(START);
    assert.equal(turn, 'black');
    assert.equal(cells[squareIndex('d4')], 'white');
    assert.equal(cells[squareIndex('e4')], 'black');
    assert.equal(cells[squareIndex('d5')], 'black');
    assert.equal(cells[squareIndex('e5')], 'white');
    assert.deepEqual(countDiscs(cells), { black: 2, white: 2 });
    assert.deepEqual(countDiscs(parseBoard(AFTER_F5).cells), { black: 4, white: 1 });
    assert.throws(() => parseBoard('XO'), /64/);
    assert.throws(() => parseBoard(`${'Z'.repeat(64)} X`), /'Z' at a1/);
    assert.throws(() => parseBoard(`${'-'.repeat(64)} Q`), /side to move/);
});

test('the position shown at a ply', () => {
    const g = gameObject({ engine: { thinking: false }, turn: 'white' });
    const now = positionAt(g, null);
    assert.equal(now.current, true);
    assert.equal(now.ply, 1);
    assert.equal(now.last, squareIndex('f5'));
    assert.deepEqual(now.flipped, [squareIndex('e5')]);
    assert.deepEqual(now.legal, ['d6', 'f4', 'f6'].map(squareIndex));
    assert.equal(now.turn, 'white');
    const start = positionAt(g, 0);
    assert.equal(start.current, false);
    assert.deepEqual(start.legal, []);
    assert.equal(start.last, -1);
    assert.deepEqual(start.discs, { black: 2, white: 2 });
    const passed = positionAt(gameObject({ legal: ['pass'], must_pass: true }), null);
    assert.deepEqual(passed.legal, []);
    assert.equal(passed.mustPass, true);
    const over = positionAt(gameObject({ over: true, legal: [] }), null);
    assert.equal(over.turn, null);
});

test('move rows pair Black and White, passes included', () => {
    const moves = ['f5', 'd6', 'c3', 'pass', 'd3'].map((move, i) => ({ move,
        color: i % 2 ? 'white' : 'black' }));
    assert.deepEqual(moveRows({ moves }), [
        { number: 1, black: { ply: 1, move: 'f5', color: 'black' },
            white: { ply: 2, move: 'd6', color: 'white' } },
        { number: 2, black: { ply: 3, move: 'c3', color: 'black' },
            white: { ply: 4, move: 'pass', color: 'white' } },
        { number: 3, black: { ply: 5, move: 'd3', color: 'black' }, white: null },
    ]);
    // White first (a set-up position): the first row has no Black move.
    assert.deepEqual(moveRows({ moves: [{ move: 'c4', color: 'white' }] }),
        [{ number: 1, black: null, white: { ply: 1, move: 'c4', color: 'white' } }]);
});

test('evaluations in discs', () => {
    assert.equal(discsText(2.37), '+2.4');
    assert.equal(discsText(-3), '\u22123');
    assert.equal(discsText(0.04), '0');
    assert.equal(discsText(undefined), '');
    assert.equal(evalText({ eval: 2.37, exact: false }), 'Black +2.4');
    assert.equal(evalText({ eval: -6, exact: true }), 'White +6 (perfect play)');
    assert.equal(evalText({ eval: 0, exact: true }), 'Draw (perfect play)');
    assert.equal(evalText({ eval: 0.01 }), 'Even');
    assert.equal(evalText(null), '');
    assert.match(evalSentence({ eval: -6, exact: true }), /White wins by 6 discs with perfect play/);
    assert.match(evalSentence({ eval: 1, exact: false }), /Black ahead by about 1 disc\./);
    assert.equal(pvText(['e6', 'f4', 'pass']), 'e6 f4 pass');
    assert.equal(pvText(['a1', 'b1', 'c1'], 2), 'a1 b1 …');
    assert.equal(pvText([]), '');
});

test('status, pass and result words', () => {
    const thinking = gameObject();
    assert.match(statusText(thinking, 'black'), /Kibitz \(White\) is thinking/);
    assert.equal(myTurn(thinking, 'black'), false);
    const mine = gameObject({ turn: 'black', engine: { thinking: false } });
    assert.equal(statusText(mine, 'black'), 'Your move (Black)');
    assert.equal(myTurn(mine, 'black'), true);
    assert.equal(myTurn(mine, 'white'), false);
    assert.equal(myTurn(mine, null), false);
    const pass = gameObject({ turn: 'black', must_pass: true, legal: ['pass'],
        engine: { thinking: false } });
    assert.match(statusText(pass, 'black'), /must pass/);
    assert.equal(passExplanation(pass),
        'Black has no move that flips a disc, so Black must pass and White plays again.');
    assert.equal(passExplanation(mine), '');
    const humans = gameObject({ mode: 'humans', seats: { black: 'human', white: 'human' },
        engine: { thinking: false } });
    assert.equal(statusText(humans, 'both'), 'White to move');
    assert.equal(myTurn(humans, 'both'), true);
    assert.equal(seatMoves('both', 'black'), true);
    const won = gameObject({ over: true, result: 'black', score: { black: 40, white: 24 },
        turn: null, engine: { thinking: false } });
    assert.equal(resultWords(won, 'black'), 'Black wins 40\u201324. You win!');
    assert.equal(resultWords(won, 'white'), 'Black wins 40\u201324. Kibitz wins.');
    assert.equal(statusText(won, null), 'Black wins 40\u201324.');
    const drawn = { ...won, result: 'draw', score: { black: 32, white: 32 } };
    assert.equal(resultWords(drawn, 'black'), 'Draw, 32\u201332.');
    assert.equal(summaryResult({ over: false }), 'unfinished');
    assert.equal(summaryResult({ over: true, result: 'white', score: { black: 20, white: 44 } }),
        'White wins 44\u201320');
    const lost = gameObject({ over: true, result: 'white', score: { black: 12, white: 52 } });
    assert.equal(resultWords(lost, 'black'), 'White wins 52\u201312. Kibitz wins.');
    assert.equal(scoreText(lost), '52\u201312');
    assert.equal(exportName('abc'), 'kibitz-othello-abc.txt');
});

test('which of two readings of a game is newer, in whatever order they come', () => {
    const thinking = gameObject({ updated: 10 });
    const iteration = (depth) => gameObject({ updated: 10,
        engine: { thinking: true, search: { ply: 1, depth, eval: 1 } } });
    const replied = gameObject({ updated: 11, engine: { thinking: false,
        search: { ply: 1, depth: 6, eval: 1 } } });
    assert.equal(newerReading(thinking, null), true);
    assert.equal(newerReading(iteration(3), thinking), true);
    assert.equal(newerReading(iteration(4), iteration(3)), true);
    assert.equal(newerReading(iteration(3), iteration(3)), false);
    // The answer to the person's move after its events: dropped.
    assert.equal(newerReading(thinking, iteration(4)), false);
    assert.equal(newerReading(thinking, replied), false);
    assert.equal(newerReading(iteration(5), replied), false);
    assert.equal(newerReading(replied, iteration(5)), true);
    // The last move's search shown while a new search starts is older than the new one's.
    const older = gameObject({ updated: 10, engine: { thinking: true,
        search: { ply: 0, depth: 9 } } });
    assert.equal(newerReading(iteration(1), older), true);
    assert.equal(newerReading(older, iteration(1)), false);
});

test('a level is described with its search and its measured scores', () => {
    const level = {
        level: 4, name: 'Club', depth: 6, ms: 2000, eval: 'patterns', solve_empties: 14,
        measured: [{ opponent: 'ntest depth 2', wins: 33, losses: 6, draws: 1 },
            { opponent: 'ntest depth 4', wins: 20, losses: 19, draws: 1 }],
    };
    assert.equal(levelDescription(level), 'Looks 6 moves ahead, judging a position by the ' +
        'fitted pattern evaluation, and plays perfectly from 14 empty squares. Measured: 84% ' +
        'against ntest depth 2, 51% against ntest depth 4 (40 games each).');
    const expert = { ...level, depth: 60, ms: 5000, solve_empties: 20,
        measured: [{ opponent: 'ntest depth 10', wins: 3, losses: 6, draws: 1 },
            { opponent: 'level 5', wins: 30, losses: 10, draws: 0 }] };
    assert.equal(levelDescription(expert), 'Looks as far ahead as 5 s a move allows, judging a ' +
        'position by the fitted pattern evaluation, and plays perfectly from 20 empty squares. ' +
        'Measured: 35% against ntest depth 10 (10 games), 75% against level 5 (40 games).');
    const greedy = { level: 1, depth: 1, ms: 1000, eval: 'discs', solve_empties: 0, measured: [] };
    assert.equal(levelDescription(greedy),
        'Looks 1 move ahead, judging a position by its discs alone.');
    assert.equal(levelDescription(undefined), '');
});
