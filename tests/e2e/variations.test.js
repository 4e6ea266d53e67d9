// Variations on an analysis board (issue 22): a move from an earlier position keeps the main
// line and shows the new line inline; the move menu promotes, deletes, comments and marks
// moves; a reload keeps all of it; at desktop and phone widths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tempDir, startServer, launch, newPage, newGame, serverGame, waitFor, moveList,
    settle } from './helpers.js';

const SHOTS = process.env.KIBITZ_SHOTS || '/tmp/ip-shots';

// Types a move and waits for the server's answer (the field is emptied then); the arrow keys
// are the page's again afterwards.
async function typeMove(page, san) {
    await page.fill('#move-input', san);
    await page.press('#move-input', 'Enter');
    await page.waitForFunction(() => document.getElementById('move-input').value === '');
    await page.evaluate(() => document.activeElement.blur());
}

const mainline = (g) => g.tree.mainline.slice(1)
    .map((id) => g.tree.nodes.find((n) => n.id === id).san);
const nodeBySan = (g, san) => g.tree.nodes.find((n) => n.san === san);

// Opens the move menu of the move whose SAN is `san` (right-click) and clicks `item`.
async function menu(page, san, item) {
    await page.click(`#moves [data-node]:text-is("${san}")`, { button: 'right' });
    await page.waitForSelector('#move-menu:not([hidden])');
    await page.click(`#move-menu button:has-text("${item}")`);
}

for (const [width, viewport] of [['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }]]) {
    test(`variations, promote, delete, comment, NAG and reload (${width})`,
        { timeout: 120000 }, async () => {
            const server = await startServer(tempDir());
            const browser = await launch();
            try {
                const page = await newPage(browser, viewport);
                await page.goto(server.url);
                await newGame(page, { mode: 'analysis' });
                for (const san of ['e4', 'e5', 'Nf3', 'Nc6']) await typeMove(page, san);
                await waitFor(async () => (await serverGame(page)).moves.length === 4, 10000);

                // A move from after 1. e4 starts a variation; the main line stays.
                await page.click('#moves button.move[data-ply="1"]');
                await page.waitForFunction(() => /Showing move 1/.test(
                    document.getElementById('status').textContent));
                await settle(page);
                await typeMove(page, 'c5');
                await page.waitForSelector('#moves .vmove.current:text-is("c5")');
                await typeMove(page, 'Nf3');
                await page.waitForSelector('#moves .vmove.current:text-is("Nf3")');
                let g = await serverGame(page);
                assert.deepEqual(mainline(g), ['e4', 'e5', 'Nf3', 'Nc6']);
                assert.deepEqual(await moveList(page), ['e4', 'e5', 'Nf3', 'Nc6']);
                assert.match(await page.textContent('#moves li.box'), /\(1\.\.\.\s*c5\s*2\.\s*Nf3\)/);
                // ← goes back along the variation, → forward again.
                await page.keyboard.press('ArrowLeft');
                await page.waitForSelector('#moves .vmove.current:text-is("c5")');
                await page.keyboard.press('ArrowRight');
                await page.waitForSelector('#moves .vmove.current:text-is("Nf3")');

                // A comment and a NAG on the move shown, through the ⋯ button.
                await page.click('#annotate button');
                await page.click('#move-menu button:has-text("Comment")');
                await page.fill('#comment-text', 'The Sicilian.');
                await page.click('#comment-ok');
                await page.waitForSelector('#moves .comment:text-is("The Sicilian.")');
                await page.click('#annotate button');
                await page.click('#move-menu button[aria-label="Interesting move"]');
                await page.waitForSelector('#moves .vmove:has-text("Nf3!?")');
                await settle(page);  // the board's move animation
                await page.screenshot({ path: `${SHOTS}/variations-${width}.png` });
                g = await serverGame(page);
                assert.equal(g.tree.nodes.find((n) => n.comment === 'The Sicilian.').san, 'Nf3');
                assert.deepEqual(g.tree.nodes.find((n) => n.comment).nags, [5]);

                // Reload: the tree, the comment and the glyph are still there.
                await page.reload();
                await page.waitForSelector('#moves .comment:text-is("The Sicilian.")');
                await page.waitForSelector('#moves .vmove:has-text("Nf3!?")');
                assert.deepEqual(await moveList(page), ['e4', 'e5', 'Nf3', 'Nc6']);

                // Promote the variation: c5 becomes the main line, e5 the variation.
                await menu(page, 'c5', 'Promote variation');
                await waitFor(async () => mainline(await serverGame(page))[1] === 'c5', 10000);
                await page.waitForSelector('#moves .vmove:text-is("e5")');
                assert.deepEqual((await moveList(page)).slice(0, 2), ['e4', 'c5']);

                // Delete from e5: that line is gone, the main line stays.
                await menu(page, 'e5', 'Delete from here');
                await waitFor(async () => !nodeBySan(await serverGame(page), 'e5'), 10000);
                await page.waitForFunction(() => !document.querySelector('#moves .vmove'));
                g = await serverGame(page);
                assert.deepEqual(mainline(g), ['e4', 'c5', 'Nf3']);
                await page.reload();
                await page.waitForSelector('#moves button.move:text-is("c5")');
                assert.equal(await page.locator('#moves .vmove').count(), 0);
                assert.deepEqual(page.errors, []);
            } finally {
                await browser.close();
                await server.stop();
            }
        });
}

test('a game in progress offers no move menu', { timeout: 60000 }, async () => {
    const server = await startServer(tempDir());
    const browser = await launch();
    try {
        const page = await newPage(browser);
        await page.goto(server.url);
        await newGame(page, { mode: 'humans' });
        await typeMove(page, 'e4');
        await page.waitForSelector('#moves button.move:text-is("e4")');
        assert.equal(await page.isHidden('#annotate'), true);
        await page.click('#moves button.move:text-is("e4")', { button: 'right' });
        await settle(page);
        assert.equal(await page.isHidden('#move-menu'), true);
        assert.deepEqual(page.errors, []);
    } finally {
        await browser.close();
        await server.stop();
    }
});

test('a finished game: a move from an earlier position is a variation; the moves played stay',
    { timeout: 90000 }, async () => {
        const server = await startServer(tempDir());
        const browser = await launch();
        try {
            const page = await newPage(browser);
            await page.goto(server.url);
            await newGame(page, { mode: 'engine', color: 'white', level: 'depth', depth: 1 });
            await typeMove(page, 'e4');
            await waitFor(async () => (await serverGame(page)).moves.length === 2, 20000);
            await page.click('.panel [data-action="resign"]');
            await page.waitForSelector('#banner:not([hidden])');
            await page.click('#moves button.move[data-ply="1"]');
            await page.waitForFunction(() => /Showing move 1/.test(
                document.getElementById('status').textContent));
            await settle(page);
            await typeMove(page, 'c5');
            await page.waitForSelector('#moves .vmove.current:text-is("c5")');
            const g = await serverGame(page);
            assert.equal(g.moves.length, 2);
            assert.ok(g.tree.nodes.some((n) => n.san === 'c5' && n.ply === 2));
            // The move played offers comments and marks, not deleting or replacing it.
            await page.click('#moves button.move[data-ply="1"]', { button: 'right' });
            await page.waitForSelector('#move-menu:not([hidden])');
            const items = await page.locator('#move-menu button[role="menuitem"]')
                .allTextContents();
            assert.deepEqual(items, ['Comment after…', 'Comment before…']);
            await page.keyboard.press('Escape');
            assert.deepEqual(page.errors, []);
        } finally {
            await browser.close();
            await server.stop();
        }
    });
