// Game review: the evaluation graph is drawn, a blunder is labelled in the move list with the
// better move, and clicking the graph jumps to a ply.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tempDir, startServer, launch, newPage, newGame, reviewAndWait } from './helpers.js';

const PGN = '[Event "t"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n';

test('review draws the graph and labels the blunder', { timeout: 120000 }, async () => {
    const server = await startServer(tempDir());
    const browser = await launch();
    try {
        const page = await newPage(browser);
        await page.goto(server.url);
        await newGame(page, { mode: 'analysis', pgn: PGN });
        await reviewAndWait(page, 7);
        await page.waitForSelector('#moves .label-blunder');
        const note = await page.textContent('#moves .note.label-blunder');
        assert.match(note, /Nf6: Blunder\. \S+ was best\./);
        await page.locator('#graph').scrollIntoViewIfNeeded();
        const box = await page.locator('#graph').boundingBox();
        await page.locator('#graph').click(
            { position: { x: box.width * 2 / 7, y: box.height / 2 } });
        await page.waitForFunction(() => /Showing move 2/.test(
            document.getElementById('status').textContent));
        assert.deepEqual(page.errors, []);
    } finally {
        await browser.close();
        await server.stop();
    }
});
