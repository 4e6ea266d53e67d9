// Tests of web/js/lib/errors.js: every failed request reads as one plain sentence about what
// was tried, with no HTTP status and no FEN.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plainError, isPlain, reason, OFFLINE, GONE } from '../../web/js/lib/errors.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// What every sentence must be: no status code, no FEN, a capital and a full stop.
function assertPlain(text) {
    assert.doesNotMatch(text, /HTTP|\b[1-5]\d\d\b/, text);
    assert.doesNotMatch(text, /\/.*\/.*\//, text);
    assert.match(text, /^[A-Z0-9]/, text);
    assert.match(text, /[.!]$/, text);
}

test('an illegal move names the move, not the position', () => {
    const text = plainError('move', { status: 422, message: `move 'Ke2' is illegal in ${START}` },
        { move: 'Ke2' });
    assert.equal(text, 'Ke2 is not a legal move in this position.');
    assertPlain(text);
});

test('a 403 tells the visitor the game belongs to another browser', () => {
    for (const action of ['move', 'takeback', 'resign', 'draw', 'hint']) {
        const text = plainError(action, { status: 403,
            message: 'a seat token of this game is needed to move' });
        assert.equal(text, 'This game belongs to another browser: you can watch it but not move.');
    }
    assert.match(plainError('delete', { status: 403, message: 'x' }), /cannot be deleted here/);
    assertPlain(plainError('review', { status: 403, message: 'x' }));
});

test('an unreachable server and a deleted game', () => {
    assert.equal(plainError('move', { status: 0, message: 'Failed to fetch' }), OFFLINE);
    assert.equal(plainError('takeback', { status: 404, message: 'no game abc' }), GONE);
    // A path the server does not know is not a deleted game.
    assert.equal(plainError('hint', { status: 404, message: 'no such API path: /api/x' }),
        'No hint could be given.');
    assertPlain(OFFLINE);
    assertPlain(GONE);
});

test('a conflict uses the server text when it is already a sentence', () => {
    assert.equal(plainError('takeback', { status: 409, message: 'there is no move to take back' }),
        'There is no move to take back.');
    assert.equal(plainError('resign', { status: 409, message: 'the game is over: checkmate' }),
        'The game is over: checkmate.');
    assert.equal(plainError('claim', { status: 409, message: 'it is white\'s turn' }),
        'It is white\'s turn.');
    // A field name in quotes or a FEN is not for a person.
    assert.equal(plainError('analysis', { status: 409, message: '\'ply\' is out of range' }),
        'The analysis could not be started.');
    assert.equal(plainError('move', { status: 409, message: `no move in ${START}` }),
        'That move was not accepted.');
});

test('a pasted text names why it could not be read, without a FEN', () => {
    assert.equal(plainError('create', { status: 422,
        message: 'bad PGN: move 3: \'Nf9\' is not a move' }),
    'The new game could not be started: move 3: \'Nf9\' is not a move.');
    assert.equal(plainError('create', { status: 422,
        message: `bad PGN: move 'Ke2' is illegal in ${START}` }),
    'The new game could not be started: move \'Ke2\' is illegal in this position.');
    assert.equal(plainError('import', { status: 422,
        message: 'cannot import the game: move 4: \'e9\' is not a square' }),
    'The game could not be imported: move 4: \'e9\' is not a square.');
    assert.equal(reason('{"x": 1}'), '');
});

test('other statuses read as what was tried', () => {
    for (const [status, message] of [[400, '\'mode\' must be engine'], [413, 'too big'],
        [421, 'Host \'x\''], [429, 'too many connections'], [500, 'internal error'],
        [422, 'illegal move for black']]) {
        for (const action of ['move', 'create', 'delete', 'list', 'nonesuch']) {
            assertPlain(plainError(action, { status, message }, {}));
        }
    }
    assert.equal(plainError('list', { status: 500, message: 'internal error' }),
        'The list of saved games could not be loaded: the server ran into a problem.');
});

test('isPlain', () => {
    assert.equal(isPlain('there is no move to take back'), true);
    assert.equal(isPlain('it is black\'s turn'), true);
    assert.equal(isPlain('\'ply\' must be from 0 to 3'), false);
    assert.equal(isPlain(`illegal in ${START}`), false);
    assert.equal(isPlain('failed (HTTP 409)'), false);
    assert.equal(isPlain(''), false);
});
