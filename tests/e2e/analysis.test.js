// Analysis board: infinite analysis with three lines shown as text and arrows; clicking a
// line's move plays it; stepping back and moving from an earlier ply starts a variation and
// keeps the main line (issue 22).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tempDir, startServer, launch, newPage, newGame, clickMove, serverGame, waitFor,
    waitMoves, settle } from './helpers.js';

test('analysis lines appear, play out, and moves from an earlier ply', { timeout: 120000 },
    async () => {
        const server = await startServer(tempDir());
        const browser = await launch();
        try {
            const page = await newPage(browser);
            await page.goto(server.url);
            await newGame(page, { mode: 'analysis' });
            await clickMove(page, 'e2', 'e4');
            // Black's move only once the page shows White's: until the server's answer comes
            // the board takes no move for Black (on a loaded machine the click came too early).
            await waitMoves(page, 1);
            await clickMove(page, 'e7', 'e5');
            await waitFor(async () => (await serverGame(page)).moves.length === 2, 10000);
            await page.click('#btn-analysis');
            await page.waitForFunction(() => document.querySelectorAll('#lines li').length === 3,
                null, { timeout: 20000 });
            await page.waitForFunction(() => document.querySelectorAll('svg.cg-shapes line')
                .length >= 2);
            assert.match(await page.textContent('#lines'), /2\./);
            await page.click('#lines li[data-multipv="1"] button.san');
            await waitFor(async () => (await serverGame(page)).moves.length === 3, 10000);
            await waitMoves(page, 3);
            await settle(page);

            await page.keyboard.press('Home');
            await page.keyboard.press('ArrowRight');
            await page.waitForFunction(() => /Showing move 1/.test(
                document.getElementById('status').textContent));
            await settle(page);
            await clickMove(page, 'c7', 'c5');
            await page.waitForSelector('#moves .vmove.current:text-is("c5")');
            const g = await serverGame(page);
            assert.equal(g.moves.length, 3);
            assert.equal(g.moves[1].san, 'e5');
            assert.ok(g.tree.nodes.some((n) => n.san === 'c5' && n.ply === 2));
            await page.click('#btn-analysis');
            assert.deepEqual(page.errors, []);
        } finally {
            await browser.close();
            await server.stop();
        }
    });

// The answer to a move can arrive after the person has gone back a move (a slow server, a line's
// move clicked and then the arrow keys): the page stays where they went, and a move from there
// is a variation.
test('a move answered after stepping back leaves the view where the person went',
    { timeout: 90000 }, async () => {
        const server = await startServer(tempDir());
        const browser = await launch();
        try {
            const page = await newPage(browser);
            await page.goto(server.url);
            await newGame(page, { mode: 'analysis' });
            await clickMove(page, 'e2', 'e4');
            await waitMoves(page, 1);
            await clickMove(page, 'e7', 'e5');
            await waitMoves(page, 2);
            await settle(page);

            let release;
            const held = new Promise((r) => { release = r; });
            let arrived;
            const asked = new Promise((r) => { arrived = r; });
            await page.route((url) => /\/move$/.test(url.pathname), async (route) => {
                const res = await route.fetch();
                arrived();
                await held;
                await route.fulfill({ response: res });
            });
            await clickMove(page, 'g1', 'f3');
            await asked;
            await waitFor(async () => (await serverGame(page)).moves.length === 3, 10000);
            await page.keyboard.press('Home');
            await page.keyboard.press('ArrowRight');
            await page.waitForFunction(() => /Showing move 1/.test(
                document.getElementById('status').textContent));
            release();
            await waitMoves(page, 3);
            await settle(page);
            assert.match(await page.textContent('#status'), /Showing move 1/);

            await page.unroute((url) => /\/move$/.test(url.pathname));
            await clickMove(page, 'c7', 'c5');
            await page.waitForSelector('#moves .vmove.current:text-is("c5")');
            const g = await serverGame(page);
            assert.deepEqual(g.moves.map((m) => m.san), ['e4', 'e5', 'Nf3']);
            assert.ok(g.tree.nodes.some((n) => n.san === 'c5' && n.ply === 2));
            assert.deepEqual(page.errors, []);
        } finally {
            await browser.close();
            await server.stop();
        }
    });
