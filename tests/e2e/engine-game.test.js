// A whole game against the engine played by clicks, guided by the hint button: from a
// queen-against-bare-king position White mates, and the banner names checkmate.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tempDir, startServer, launch, newPage, newGame, clickMove, serverGame, waitFor }
    from './helpers.js';

test('play a game against Kibitz to checkmate by clicks', { timeout: 180000 }, async () => {
    const server = await startServer(tempDir());
    const browser = await launch();
    try {
        const page = await newPage(browser);
        await page.goto(server.url);
        await newGame(page, { mode: 'engine', color: 'white', level: 'depth', depth: 1,
            fen: '8/8/8/2k5/8/8/8/3QK3 w - - 0 1' });
        for (let i = 0; i < 40; i++) {
            const g = await serverGame(page);
            if (g.over) break;
            await page.waitForFunction(() => /Your move/.test(
                document.getElementById('status').textContent), null, { timeout: 20000 });
            await page.click('[data-action="hint"]');
            await page.waitForFunction(() => document.getElementById('board').dataset.hint,
                null, { timeout: 20000 });
            const hint = await page.getAttribute('#board', 'data-hint');
            const plies = (await serverGame(page)).moves.length;
            if (process.env.E2E_DEBUG) console.log(i, hint, plies);
            await clickMove(page, hint.slice(0, 2), hint.slice(2, 4));
            await waitFor(async () => {
                const g = await serverGame(page);
                return g.over || (g.moves.length >= plies + 2 && !g.engine.thinking);
            });
        }
        const g = await serverGame(page);
        assert.equal(g.over, true);
        assert.equal(g.reason, 'checkmate');
        assert.equal(g.result, '1-0');
        await page.waitForSelector('#banner:not([hidden])');
        assert.match(await page.textContent('#banner'), /checkmate/);
        assert.match(await page.textContent('#moves'), /#/);
        assert.deepEqual(page.errors, []);
    } finally {
        await browser.close();
        await server.stop();
    }
});
