// Tests of web/js/lib/errors.js: every failed request reads as one plain sentence about what
// was tried, with no HTTP status and no FEN.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plainError, isSentence, OFFLINE, GONE } from '../../web/js/lib/errors.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// What every sentence must be: no status code, no FEN, a capital and a full stop.
function assertPlain(text) {
    assert.doesNotMatch(text, /HTTP|\b[1-5]\d\d\b/, text);
    assert.doesNotMatch(text, /\/.*\/.*\//, text);
    assert.match(text, /^[A-Z0-9]/, text);
    assert.match(text, /[.!]$/, text);
}

test('an illegal move is the server\'s sentence, which names the move', () => {
    const text = plainError('move', { status: 422,
        message: 'Ke2 is not a legal move in this position.' }, { move: 'Ke2' });
    assert.equal(text, 'Ke2 is not a legal move in this position.');
    assertPlain(text);
    // A text that is not a sentence (an older server's) still gives one, naming the move.
    assert.equal(plainError('move', { status: 422, message: `move 'Ke2' is illegal in ${START}` },
        { move: 'Ke2' }), 'Ke2 is not a legal move in this position.');
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

test('a refusal uses the server text when it is already a sentence', () => {
    assert.equal(plainError('takeback', { status: 409, message: 'There is no move to take back.' }),
        'There is no move to take back.');
    assert.equal(plainError('resign', { status: 409,
        message: 'The game is already over: checkmate.' }), 'The game is already over: checkmate.');
    assert.equal(plainError('claim', { status: 409,
        message: 'Only the player to move can claim a draw.' }),
    'Only the player to move can claim a draw.');
    // A field name, a FEN or a phrase that is not a sentence is not for a person.
    assert.equal(plainError('analysis', { status: 400, message: '\'ply\' is out of range' }),
        'The analysis could not be started.');
    assert.equal(plainError('move', { status: 409, message: `No move in ${START}.` }),
        'That move was not accepted.');
    assert.equal(plainError('resign', { status: 409, message: 'the game is over: checkmate' }),
        'The game could not be resigned.');
});

test('a pasted text names why it could not be read, and where', () => {
    const pgn = 'The PGN could not be read: line 3, column 29: move 3... Nf6 is illegal in ' +
        'this position.';
    assert.equal(plainError('create', { status: 422, message: pgn }), pgn);
    const othello = 'The game could not be read: move 4: \'e9\' is not a square.';
    assert.equal(plainError('import', { status: 422, message: othello }), othello);
    const comment = 'The PGN could not be read: line 2, column 5: unterminated comment: \'{\' ' +
        'has no matching \'}\'.';
    assert.equal(plainError('import', { status: 422, message: comment }), comment);
    assert.equal(plainError('import', { status: 422, message: '{"x": 1}' }),
        'The game could not be imported.');
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

test('isSentence', () => {
    assert.equal(isSentence('There is no move to take back.'), true);
    assert.equal(isSentence('\'xyz\' is not a move; write one like e4, Nf3 or e2e4.'), true);
    assert.equal(isSentence('It is Black\'s turn, not yours.'), true);
    assert.equal(isSentence('there is no move to take back'), false);
    assert.equal(isSentence('\'ply\' must be from 0 to 3'), false);
    assert.equal(isSentence(`Illegal in ${START}.`), false);
    assert.equal(isSentence('Failed (HTTP 409).'), false);
    assert.equal(isSentence('The field to_mainline is wrong.'), false);
    assert.equal(isSentence(''), false);
});
