// Keyboard and screen-reader paths: "?" lists the shortcuts, f flips, e hides the engine,
// moves through the named squares and the move input, and the aria-live announcement.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tempDir, startServer, launch, newPage, newGame, serverGame, waitFor }
    from './helpers.js';

test('shortcuts, named squares and typed moves', { timeout: 120000 }, async () => {
    const server = await startServer(tempDir());
    const browser = await launch();
    try {
        const page = await newPage(browser);
        await page.goto(server.url);
        await newGame(page, { mode: 'analysis' });
        await page.keyboard.press('?');
        await page.waitForSelector('#dlg-help[open]');
        assert.match(await page.textContent('#help-list'), /take back/);
        await page.keyboard.press('Escape');
        await page.keyboard.press('f');
        await page.waitForSelector('.cg-wrap.orientation-black');
        await page.keyboard.press('e');
        await page.waitForSelector('body.engine-hidden');
        await page.keyboard.press('e');

        assert.equal(await page.getAttribute('#squares button[data-square="g1"]', 'aria-label'),
            'g1, white knight');
        await page.focus('#squares button[data-square="g1"]');
        await page.keyboard.press('Enter');
        await page.focus('#squares button[data-square="f3"]');
        await page.keyboard.press('Enter');
        await waitFor(async () => (await serverGame(page)).moves.length === 1, 10000);
        await page.waitForFunction(() => /White plays knight f3/.test(
            document.getElementById('announce').textContent));

        await page.keyboard.press('/');
        await page.keyboard.type('Nc6');
        await page.keyboard.press('Enter');
        await waitFor(async () => (await serverGame(page)).moves.length === 2, 10000);
        await page.fill('#move-input', 'Ke5');
        await page.press('#move-input', 'Enter');
        await page.waitForSelector('#error:not([hidden])');
        // One plain sentence about the move tried: no status code, no FEN.
        assert.equal(await page.textContent('#error-text'),
            'Ke5 is not a legal move in this position.');
        assert.deepEqual(page.errors, []);
    } finally {
        await browser.close();
        await server.stop();
    }
});
