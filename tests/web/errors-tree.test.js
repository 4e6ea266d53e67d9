// Tests of web/js/lib/errors.js for the move menu's requests (POST /annotate, issue 22).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plainError, GONE } from '../../web/js/lib/errors.js';

test('a failed change of a move reads as one plain sentence', () => {
    assert.equal(plainError('annotate', { status: 404, message: 'no such node 12' }),
        'That move is no longer in the game.');
    assert.equal(plainError('annotate', { status: 404, message: 'no such API path' }),
        'The move could not be changed.');
    assert.notEqual(plainError('annotate', { status: 404, message: '' }), GONE);
    assert.match(plainError('annotate', { status: 403, message: '' }),
        /only its players can change its moves/);
    assert.match(plainError('annotate', { status: 500, message: '' }),
        /^The move could not be changed: the server ran into a problem\.$/);
});
