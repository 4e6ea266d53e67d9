// Premoves made while Kibitz thinks are played as soon as it is the person's turn; a premove of
// a pawn to the last rank asks for the piece when it is made.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, newPage, newGame, clickMove, serverGame, waitFor }
    from './helpers.js';

let server;
let browser;
useServerAndBrowser((s, b) => {
    server = s;
    browser = b;
});

test('a premove is played when the turn comes', { timeout: 60000 }, async () => {
    const page = await newPage(browser);
    await page.goto(server.url);
    await newGame(page, { mode: 'engine', level: 'movetime' });
    await clickMove(page, 'e2', 'e4');
    await page.waitForFunction(() => /thinking/.test(
        document.getElementById('status').textContent));
    await clickMove(page, 'd2', 'd4');
    await page.waitForSelector('square.current-premove');
    await waitFor(async () => (await serverGame(page)).moves.length >= 3, 20000, 'premove');
    const g = await serverGame(page);
    assert.equal(g.moves[2].uci, 'd2d4');
    assert.deepEqual(page.errors, []);
    await page.context().close();
});

test('a promotion premove asks for the piece', { timeout: 60000 }, async () => {
    const page = await newPage(browser);
    await page.goto(server.url);
    // Kibitz thinks 1 s a move, time enough to premove a7-a8.
    await newGame(page, { mode: 'engine', level: 'movetime', fen: '7k/P7/8/8/8/8/8/K7 w - - 0 1' });
    await clickMove(page, 'a1', 'b2');
    await page.waitForFunction(() => /thinking/.test(
        document.getElementById('status').textContent));
    await clickMove(page, 'a7', 'a8');
    await page.waitForSelector('#promotion:not([hidden])');
    assert.deepEqual(await page.locator('#promotion button').evaluateAll(
        (bs) => bs.map((b) => b.dataset.piece)), ['q', 'r', 'b', 'n']);
    // Kibitz's reply comes while the picker is open: the premove waits for the choice.
    await waitFor(async () => (await serverGame(page)).moves.length === 2, 20000, 'the reply');
    await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 2);
    assert.ok(await page.locator('#promotion').isVisible());
    assert.equal((await serverGame(page)).moves.length, 2);
    await page.click('#promotion button[data-piece="n"]');
    await waitFor(async () => (await serverGame(page)).moves.length >= 3, 20000, 'premove');
    const g = await serverGame(page);
    assert.equal(g.moves[2].uci, 'a7a8n');
    await page.waitForFunction(() => [...document.querySelectorAll('#moves button.move')]
        .some((b) => b.textContent === 'a8=N'));
    assert.deepEqual(page.errors, []);
    await page.context().close();
});
