// The server is killed (kill -9) in the middle of a game and started again on the same
// database and port: the page reconnects, nothing is lost, and play goes on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tempDir, startServer, launch, newPage, newGame, clickMove, serverGame, waitFor,
    waitStream } from './helpers.js';

test('kill -9 mid-game loses nothing', { timeout: 120000 }, async () => {
    const dir = tempDir();
    let server = await startServer(dir);
    const browser = await launch();
    try {
        const page = await newPage(browser);
        await page.goto(server.url);
        await newGame(page, { mode: 'engine', level: 'depth', depth: 1, timed: true,
            minutes: 10, increment: 0 });
        await clickMove(page, 'e2', 'e4');
        await waitFor(async () => (await serverGame(page)).moves.length === 2, 20000);
        const before = await serverGame(page);

        await server.kill();
        server = await startServer(dir, server.port);
        await waitFor(async () => {
            try {
                return (await serverGame(page)).moves.length === 2;
            } catch {
                return false;
            }
        }, 20000, 'the restarted server');
        const after = await serverGame(page);
        assert.deepEqual(after.moves.map((m) => m.uci), before.moves.map((m) => m.uci));
        assert.equal(after.fen, before.fen);

        // The page's event stream has reconnected (its second opening) and had the state.
        await waitStream(page, 2);
        await clickMove(page, 'g1', 'f3');
        await waitFor(async () => (await serverGame(page)).moves.length === 4, 20000,
            'play after the restart');
        await page.waitForFunction(() => document.querySelectorAll('#moves button.move')
            .length === 4, null, { timeout: 10000 });
        assert.deepEqual(page.errors, []);
    } finally {
        await browser.close();
        await server.stop();
    }
});
