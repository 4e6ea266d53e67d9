// PGN export (download) and re-import continuing from a chosen move; typed moves in SAN.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { tempDir, startServer, launch, newPage, newGame, clickMove, serverGame, waitFor,
    moveList } from './helpers.js';

test('export a game as PGN and continue it from move 1 after import', { timeout: 120000 },
    async () => {
        const server = await startServer(tempDir());
        const browser = await launch();
        try {
            const page = await newPage(browser);
            await page.goto(server.url);
            await newGame(page, { mode: 'engine', level: 'depth', depth: 1 });
            await clickMove(page, 'e2', 'e4');
            await waitFor(async () => (await serverGame(page)).moves.length === 2, 20000);
            await page.fill('#move-input', 'Nf3');
            await page.press('#move-input', 'Enter');
            await waitFor(async () => (await serverGame(page)).moves.length === 4, 20000);
            const [download] = await Promise.all([
                page.waitForEvent('download'),
                page.click('[data-action="save"]'),
            ]);
            const pgn = fs.readFileSync(await download.path(), 'utf8');
            assert.match(pgn, /1\. e4 /);
            assert.match(pgn, /2\. Nf3/);

            await page.click('#btn-import');
            await page.waitForSelector('#dlg-new[open]');
            await newGame(page, { mode: 'analysis', pgn, ply: 2 });
            await page.waitForFunction(() => document.querySelectorAll('#moves button.move')
                .length === 2);
            const g = await serverGame(page);
            assert.equal(g.mode, 'analysis');
            assert.equal(g.moves.length, 2);
            assert.equal((await moveList(page))[0], 'e4');
            assert.deepEqual(page.errors, []);
        } finally {
            await browser.close();
            await server.stop();
        }
    });
