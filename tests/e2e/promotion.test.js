// Promotion through the picker (all four pieces offered, a knight chosen), then take back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tempDir, startServer, launch, newPage, newGame, clickMove, serverGame, waitFor,
    moveList } from './helpers.js';

test('promote with the picker and take back', { timeout: 120000 }, async () => {
    const server = await startServer(tempDir());
    const browser = await launch();
    try {
        const page = await newPage(browser);
        await page.goto(server.url);
        await newGame(page, { mode: 'engine', level: 'depth', depth: 1,
            fen: '8/4P3/8/8/8/p7/k7/4K3 w - - 0 1' });
        await clickMove(page, 'e7', 'e8');
        await page.waitForSelector('#promotion:not([hidden])');
        const pieces = await page.locator('#promotion button').evaluateAll(
            (bs) => bs.map((b) => b.dataset.piece));
        assert.deepEqual(pieces, ['q', 'r', 'b', 'n']);
        await page.click('#promotion button[data-piece="n"]');
        await waitFor(async () => (await serverGame(page)).moves.length === 2, 20000, 'reply');
        const g = await serverGame(page);
        assert.equal(g.moves[0].uci, 'e7e8n');
        await page.waitForFunction(() => document.querySelectorAll('#moves button.move')
            .length === 2);
        assert.equal((await moveList(page))[0], 'e8=N');
        assert.equal(await page.locator('cg-board piece.knight.white').count(), 1);

        await page.click('[data-action="takeback"]');
        await page.waitForFunction(() => document.querySelectorAll('#moves button.move')
            .length === 0);
        assert.equal((await serverGame(page)).moves.length, 0);
        await page.waitForSelector('cg-board piece.pawn.white');
        assert.deepEqual(page.errors, []);
    } finally {
        await browser.close();
        await server.stop();
    }
});
