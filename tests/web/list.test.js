// Tests of web/js/list.js's choice of games: "My games" (this browser's tokens) where the server
// says who the visitor is, all of them for its owner on request, the whole list otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { listScope, listedGames } from '../../web/js/list.js';

const tokens = { get: (id) => (id === 'mine' ? { seat: 'white', token: 'x' } : null) };
const games = [{ id: 'mine' }, { id: 'theirs' }];

test('a server that does not say who the visitor is: every game, no choice', () => {
    const scope = listScope(undefined, true);
    assert.deepEqual(scope, { query: '', mine: false, toggle: false });
    assert.deepEqual(listedGames(games, tokens, scope), games);
});

test('a visitor who is not the owner: only the games of this browser', () => {
    for (const all of [false, true]) {
        const scope = listScope({ owner: false }, all);
        assert.deepEqual(scope, { query: '', mine: true, toggle: false });
        assert.deepEqual(listedGames(games, tokens, scope), [{ id: 'mine' }]);
    }
});

test('the owner: my games by default, all of them on request', () => {
    const mine = listScope({ owner: true }, false);
    assert.deepEqual(mine, { query: '', mine: true, toggle: true });
    assert.deepEqual(listedGames(games, tokens, mine), [{ id: 'mine' }]);
    const all = listScope({ owner: true }, true);
    assert.deepEqual(all, { query: '?all=1', mine: false, toggle: true });
    assert.deepEqual(listedGames(games, tokens, all), games);
});
