// Tests of web/js/lib/tokens.js and web/js/lib/route.js: seat tokens and addresses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tokenStore, seatMoves } from '../../web/js/lib/tokens.js';
import { parseRoute, gameHash, inviteLink } from '../../web/js/lib/route.js';

const TOKEN = '0123456789abcdef0123456789abcdef';

function memoryStorage() {
    const data = {};
    return { getItem: (k) => (k in data ? data[k] : null), setItem: (k, v) => { data[k] = v; },
        data };
}

test('tokens are stored per game and removed', () => {
    const st = memoryStorage();
    const tokens = tokenStore(st);
    assert.equal(tokens.get('g1'), null);
    tokens.set('g1', 'white', TOKEN);
    tokens.set('g2', 'both', TOKEN.toUpperCase());
    assert.deepEqual(tokens.get('g1'), { seat: 'white', token: TOKEN });
    assert.equal(tokens.get('g2').seat, 'both');
    tokens.remove('g1');
    assert.equal(tokens.get('g1'), null);
    assert.notEqual(tokens.get('g2'), null);
});

test('bad stored tokens read as none', () => {
    const st = memoryStorage();
    st.setItem('kibitz.tokens', '{"g":{"seat":"white","token":"short"}}');
    assert.equal(tokenStore(st).get('g'), null);
    st.setItem('kibitz.tokens', 'garbage');
    assert.equal(tokenStore(st).get('g'), null);
});

test('seats move their colours', () => {
    assert.equal(seatMoves('both', 'black'), true);
    assert.equal(seatMoves('white', 'white'), true);
    assert.equal(seatMoves('white', 'black'), false);
    assert.equal(seatMoves(null, 'white'), false);
});

test('routes', () => {
    assert.deepEqual(parseRoute(''), { view: 'home' });
    assert.deepEqual(parseRoute('#/games'), { view: 'games' });
    assert.deepEqual(parseRoute('#/game/3f9c2a7b1e0d4c55'),
        { view: 'game', id: '3f9c2a7b1e0d4c55', seat: null, token: null });
    assert.deepEqual(parseRoute(`#/game/abc?seat=black&token=${TOKEN}`),
        { view: 'game', id: 'abc', seat: 'black', token: TOKEN });
    assert.equal(parseRoute('#/game/abc?seat=king&token=xyz').seat, null);
    assert.equal(parseRoute('#/game/abc?seat=king&token=xyz').token, null);
    assert.equal(gameHash('abc'), '#/game/abc');
    assert.equal(inviteLink('http://127.0.0.1:8080', '/#/game/abc?seat=black&token=t'),
        'http://127.0.0.1:8080/#/game/abc?seat=black&token=t');
    assert.equal(inviteLink('http://h:1/', '#/game/x'), 'http://h:1/#/game/x');
});
