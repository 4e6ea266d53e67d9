// A premove made while Kibitz thinks is played as soon as it is the person's turn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tempDir, startServer, launch, newPage, newGame, clickMove, serverGame, waitFor }
    from './helpers.js';

test('a premove is played when the turn comes', { timeout: 120000 }, async () => {
    const server = await startServer(tempDir());
    const browser = await launch();
    try {
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
    } finally {
        await browser.close();
        await server.stop();
    }
});
