// Clocks: the running side's clock counts down on the page while the other stands still, and a
// side whose time runs out loses on time, with the flag on its clock and the banner saying so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, newPage, newGame, clickMove, serverGame, waitFor, waitMoves }
    from './helpers.js';

let server;
let browser;
useServerAndBrowser((s, b) => {
    server = s;
    browser = b;
});

// "1:00" -> 60, "9.8" -> 9.8, "1:02:03" -> 3723.
function seconds(text) {
    return text.trim().split(':').reduce((acc, part) => acc * 60 + Number(part), 0);
}

const clockText = (page, id) => page.textContent(`#${id} .clock`);

test('the running clock counts down, the other stands still', { timeout: 60000 }, async () => {
    const page = await newPage(browser);
    await page.goto(server.url);
    await newGame(page, { mode: 'humans', color: 'white', timed: true, minutes: 1, increment: 0 });
    assert.equal(await clockText(page, 'player-bottom'), '1:00');
    assert.equal(await clockText(page, 'player-top'), '1:00');
    await clickMove(page, 'e2', 'e4');
    await waitMoves(page, 1);
    // Black's clock (at the top) runs now.
    await page.waitForSelector('#player-top .clock.running');
    const white = await clockText(page, 'player-bottom');
    const first = await clockText(page, 'player-top');
    await page.waitForFunction((t) => document.querySelector('#player-top .clock')
        .textContent !== t, first, { timeout: 3000 });
    const second = await clockText(page, 'player-top');
    assert.ok(seconds(second) < seconds(first), `${first} then ${second}`);
    assert.ok(seconds(second) >= 55, second);
    assert.equal(await clockText(page, 'player-bottom'), white);
    assert.equal(await page.locator('#player-bottom .clock.running').count(), 0);
    const g = await serverGame(page);
    assert.equal(g.clocks.running, 'black');
    assert.deepEqual(page.errors, []);
    await page.context().close();
});

test('running out of time loses the game', { timeout: 60000 }, async () => {
    const page = await newPage(browser);
    await page.goto(server.url);
    // 0.03 minutes: 1.8 s each for the whole game. White's clock starts after Kibitz's reply.
    await newGame(page, { mode: 'engine', color: 'white', level: 'depth', depth: 1, timed: true,
        minutes: 0.03, increment: 0 });
    assert.equal(await clockText(page, 'player-bottom'), '1.8');
    await clickMove(page, 'e2', 'e4');
    await waitMoves(page, 2);
    await page.waitForSelector('#banner:not([hidden])', { timeout: 10000 });
    const banner = await page.textContent('#banner');
    assert.match(banner, /0-1/);
    assert.match(banner, /Black wins by time forfeit/);
    await page.waitForSelector('#player-bottom .clock.flag');
    assert.equal(await clockText(page, 'player-bottom'), '0.0');
    assert.equal(await page.locator('#player-top .clock.flag').count(), 0);
    assert.match(await page.textContent('#status'), /Game over: Black wins by time forfeit/);
    await waitFor(async () => (await serverGame(page)).over, 5000, 'the flag');
    const g = await serverGame(page);
    assert.equal(g.reason, 'time forfeit');
    assert.equal(g.result, '0-1');
    assert.equal(g.clocks.running, null);
    assert.deepEqual(page.errors, []);
    await page.context().close();
});
