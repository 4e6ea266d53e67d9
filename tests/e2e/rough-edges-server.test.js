// Issue 22's server-side rough edges as a person meets them: a review does not outlive the
// moves it judged, a take-back between two people is asked for and answered, a finished game
// cannot be taken back, the engine's panel shows the line of the move it played at a limited
// level, and the saved-games list shows a browser only the games it holds.
import { test } from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { useServerAndBrowser, newPage, newGame, clickMove, serverGame, waitFor, waitMoves }
    from './helpers.js';

// Screenshots for a person to look at, outside the source tree.
const SHOTS = process.env.KIBITZ_SHOTS || path.join(os.tmpdir(), 'kibitz-shots');
async function shoot(page, name) {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

let server;
let browser;
useServerAndBrowser((s, b) => {
    server = s;
    browser = b;
});

test('a take-back leaves no verdict of the taken-back move', { timeout: 120000 }, async () => {
    const page = await newPage(browser);
    await page.goto(server.url);
    await newGame(page, { mode: 'analysis' });
    const moves = [['f2', 'f3'], ['e7', 'e5'], ['g2', 'g4'], ['d8', 'h4']];
    for (const [i, [from, to]] of moves.entries()) {
        await clickMove(page, from, to);
        await waitMoves(page, i + 1);
    }
    await page.click('.panel [data-action="review"]');
    await waitFor(async () => {
        const r = (await serverGame(page)).review;
        return r && r.done === r.total;
    }, 60000, 'the review');
    await page.waitForSelector('#moves .label-blunder');
    // Before: 2. g4 is judged, and so is the mate.
    assert.equal((await serverGame(page)).review.plies.length, 4);
    await page.click('.panel [data-action="takeback"]');
    await waitMoves(page, 3);
    await waitFor(async () => (await serverGame(page)).review?.plies?.length === 3, 10000,
        'the review cut to three moves');
    // The note and the move list speak of the moves that are left only.
    const note = await page.textContent('#review-note');
    assert.doesNotMatch(note, /Qh4/, note);
    assert.equal(await page.locator('#moves button.move').count(), 3);
    // Back to the start: no review is shown at all.
    for (let n = 2; n >= 0; n--) {
        await page.click('.panel [data-action="takeback"]');
        await waitMoves(page, n);
    }
    await page.waitForSelector('#review', { state: 'hidden' });
    assert.equal((await serverGame(page)).review, null);
    assert.deepEqual(page.errors, []);
});

test('two people: a take-back is asked for and the opponent answers', { timeout: 120000 },
    async () => {
        const white = await newPage(browser);
        await white.goto(server.url);
        await newGame(white, { mode: 'humans', color: 'white' });
        await white.waitForSelector('#invite:not([hidden])');
        const link = await white.inputValue('#invite-link');
        const black = await newPage(browser);
        await black.goto(link);
        await black.waitForSelector('cg-board piece');

        await clickMove(white, 'e2', 'e4');
        await waitMoves(black, 1);
        // White asks: nothing is taken back until Black answers.
        await white.click('.panel [data-action="takeback"]');
        await white.waitForSelector('#takeback-request:not([hidden])');
        assert.match(await white.textContent('#takeback-request .text'), /You asked/);
        assert.equal(await white.locator('#takeback-request button:visible').count(), 0);
        await black.waitForSelector('#takeback-request:not([hidden])');
        assert.match(await black.textContent('#takeback-request .text'),
            /White asks to take back their last move/);
        assert.equal((await serverGame(white)).moves.length, 1);
        await shoot(black, 'rough-edges-server-takeback-request');
        // Declined: the move stays and the request goes from both pages.
        await black.click('#takeback-request [data-action="takeback-decline"]');
        await white.waitForSelector('#takeback-request', { state: 'hidden' });
        await black.waitForSelector('#takeback-request', { state: 'hidden' });
        assert.equal((await serverGame(white)).moves.length, 1);
        // Asked again and accepted: the move goes on both boards.
        await white.click('.panel [data-action="takeback"]');
        await black.waitForSelector('#takeback-request:not([hidden])');
        await black.click('#takeback-request [data-action="takeback-accept"]');
        await waitMoves(white, 0);
        await waitMoves(black, 0);
        await white.waitForSelector('#takeback-request', { state: 'hidden' });

        // A finished game is not taken back: the button is off, and the server says why.
        await clickMove(white, 'e2', 'e4');
        await waitMoves(black, 1);
        await black.click('.panel [data-action="resign"]');
        await waitFor(async () => (await serverGame(white)).over, 10000, 'the resignation');
        await white.waitForSelector('.panel [data-action="takeback"]:disabled');
        const refused = await white.evaluate(async () => {
            const id = location.hash.match(/#\/game\/([0-9a-f]+)/)[1];
            const t = JSON.parse(localStorage.getItem('kibitz.tokens'))[id].token;
            const r = await fetch(`/api/games/${id}/takeback`, { method: 'POST',
                headers: { 'X-Kibitz-Token': t } });
            return { status: r.status, body: await r.json() };
        });
        assert.equal(refused.status, 409);
        assert.equal(refused.body.error,
            'The game is over; you can analyse it, but not take moves back.');
        assert.equal((await serverGame(white)).result, '1-0');
        assert.deepEqual(white.errors, []);
        assert.deepEqual(black.errors, []);
    });

test('the saved games are those this browser holds; the owner may see all', {
    timeout: 120000 }, async () => {
    const mine = await newPage(browser);
    await mine.goto(server.url);
    await newGame(mine, { mode: 'engine', depth: 1 });
    await clickMove(mine, 'e2', 'e4');
    await waitMoves(mine, 2);
    const myId = (await serverGame(mine)).id;
    // An empty analysis board is not worth listing.
    await newGame(mine, { mode: 'analysis' });
    const emptyId = (await serverGame(mine)).id;

    const other = await newPage(browser);  // another browser: none of these tokens
    await other.goto(server.url);
    await newGame(other, { mode: 'humans', color: 'white' });
    const otherId = (await serverGame(other)).id;
    await clickMove(other, 'e2', 'e4');
    await waitMoves(other, 1);

    // The list request itself carries only the tokens: the server answers with those games.
    const listed = async (page) => {
        const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/games' &&
            r.request().method() === 'GET');
        await page.click('#btn-games');
        const body = await (await answer).json();
        await page.waitForSelector('#dlg-games[open]');
        return body.games.map((g) => g.id);
    };
    const mineListed = await listed(mine);
    assert.ok(mineListed.includes(myId), mineListed.join());
    assert.ok(!mineListed.includes(otherId), 'another browser\'s game is not sent');
    assert.ok(!mineListed.includes(emptyId), 'an empty analysis board is not listed');
    assert.equal(await mine.textContent('#dlg-games-title'), 'My games');
    assert.equal(await mine.locator(`#games-table tr[data-id="${otherId}"]`).count(), 0);
    await shoot(mine, 'rough-edges-server-my-games');
    const otherListed = await listed(other);
    assert.deepEqual(otherListed, [otherId]);

    // On 127.0.0.1 the owner may ask for every game on the server (the empty board aside).
    assert.equal(await mine.locator('#games-all-box').isVisible(), true);
    const all = mine.waitForResponse((r) => /\/api\/games\?all=1$/.test(r.url()));
    await mine.check('#games-all');
    const everything = (await (await all).json()).games.map((g) => g.id);
    assert.ok(everything.includes(myId) && everything.includes(otherId), everything.join());
    assert.ok(!everything.includes(emptyId));
    await mine.waitForSelector(`#games-table tr[data-id="${otherId}"]`);
    assert.deepEqual(mine.errors, []);
    assert.deepEqual(other.errors, []);
});

test('at a limited level the panel shows the line of the move Kibitz played', {
    timeout: 120000 }, async () => {
    const page = await newPage(browser);
    await page.goto(server.url);
    await newGame(page, { mode: 'engine', level: 'elo' });
    const played = [];
    for (const [i, [from, to]] of [['e2', 'e4'], ['d2', 'd4'], ['g1', 'f3']].entries()) {
        await clickMove(page, from, to);
        await waitMoves(page, 2 * i + 2, 30000);
        const g = await serverGame(page);
        const reply = g.moves[2 * i + 1];
        if (reply.book) continue;
        // The thinking line under the board begins with the reply, in its numbered SAN.
        await page.waitForFunction((san) => {
            const pv = document.querySelector('#thinking .pv');
            return pv && pv.textContent.split(' ').filter((t) => !/^\d+\.+$/.test(t))[0] === san;
        }, reply.san, { timeout: 5000 });
        played.push(reply.san);
    }
    assert.ok(played.length >= 2, `searched replies: ${played.join(' ')}`);
    await shoot(page, 'rough-edges-server-played-line');
    assert.deepEqual(page.errors, []);
});
