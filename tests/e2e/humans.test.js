// Two people in two browser contexts: the invitation link carries the second seat's token,
// each side moves only its own pieces, and a draw offer is accepted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tempDir, startServer, launch, newPage, newGame, clickMove, serverGame, waitFor,
    settle } from './helpers.js';

test('two players with an invitation link', { timeout: 120000 }, async () => {
    const server = await startServer(tempDir());
    const browser = await launch();
    try {
        const white = await newPage(browser);
        await white.goto(server.url);
        await newGame(white, { mode: 'humans', color: 'white' });
        await white.waitForSelector('#invite:not([hidden])');
        const link = await white.inputValue('#invite-link');
        assert.ok(link.startsWith(server.url), link);
        assert.match(link, /seat=black&token=[0-9a-f]{32}/);

        const black = await newPage(browser);
        await black.goto(link);
        await black.waitForSelector('cg-board piece');
        await black.waitForFunction(() => /Waiting for White/.test(
            document.getElementById('status').textContent));
        assert.doesNotMatch(black.url(), /token=/);
        assert.equal(await black.locator('.cg-wrap.orientation-black').count(), 1);

        // Black cannot move White's pawn.
        await clickMove(black, 'e2', 'e4');
        await settle(black);
        assert.equal((await serverGame(black)).moves.length, 0);

        await clickMove(white, 'e2', 'e4');
        await black.waitForFunction(() => document.querySelectorAll('#moves button.move')
            .length === 1);
        // White cannot move Black's pawn, Black can.
        await clickMove(white, 'e7', 'e5');
        await settle(white);
        assert.equal((await serverGame(white)).moves.length, 1);
        await clickMove(black, 'e7', 'e5');
        await white.waitForFunction(() => document.querySelectorAll('#moves button.move')
            .length === 2);

        await white.click('.panel [data-action="draw"]');
        await black.waitForSelector('#draw-offer:not([hidden])');
        await black.click('#draw-accept');
        await waitFor(async () => (await serverGame(white)).over, 10000, 'the draw');
        const g = await serverGame(white);
        assert.equal(g.result, '1/2-1/2');
        assert.equal(g.reason, 'agreement');
        await white.waitForSelector('#banner:not([hidden])');
        assert.deepEqual(white.errors, []);
        assert.deepEqual(black.errors, []);
    } finally {
        await browser.close();
        await server.stop();
    }
});
