// Explanations on the analysis board (issue 23): the "Explain" action for a move of a variation
// with its expandable, clickable line; the evaluation breakdown refreshed as the position
// changes; the review's explanation of a labelled move; and "learn from your mistakes" on its
// scratch board, which leaves the game as it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, newGame, reviewAndWait, serverGame, useServerAndBrowser, clickMove }
    from './helpers.js';
import { learnSides, mistakesToLearn, question } from '../../web/js/lib/learn.js';

let server;
let browser;
useServerAndBrowser((s, b) => {
    server = s;
    browser = b;
});

const PGN = '[Event "t"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n';

// Clicks a move's two squares on the learn box's scratch board.
async function learnMove(page, from, to) {
    await page.locator('#learn-board').scrollIntoViewIfNeeded();
    await clickMove(page, from, to, '#learn-board');
}

test('explain a variation move, play its line, and the evaluation bars', { timeout: 60000 },
    async () => {
        const page = await newPage(browser);
        try {
            await page.goto(server.url);
            await newGame(page, { mode: 'analysis', pgn: PGN });
            // A variation: 3... g6 instead of 3... Nf6.
            await page.locator('#moves button.move').nth(4).click();
            await page.fill('#move-input', 'g6');
            await page.press('#move-input', 'Enter');
            await page.waitForFunction(() =>
                /Explain 3\.\.\. g6/.test(document.getElementById('btn-explain')?.textContent));
            await page.click('#btn-explain');
            await page.waitForSelector('#explain .explain-text');
            const text = await page.textContent('#explain .explain-text');
            assert.match(text, /^3\.\.\. g6 /);
            // The line, hidden until asked for, starts with the move itself.
            assert.equal(await page.locator('#explain .explain-move').count(), 0);
            await page.click('#explain .explain-toggle');
            const moves = page.locator('#explain .explain-move');
            await page.waitForSelector('#explain .explain-move');
            assert.ok(await moves.count() >= 2);
            assert.equal(await moves.first().textContent(), '3... g6');
            const second = await moves.nth(1).textContent();
            await page.locator('#board-tools').screenshot({ path: '/tmp/explain-board.png' });
            // The analysing engine draws the page again with each line it sends; the line's
            // buttons stay the same elements, so a press and its release land on one button.
            await page.evaluate(() => {
                window.lineButton = document.querySelector('#explain .explain-move');
            });
            await page.click('#btn-analysis');
            await page.waitForFunction(() => document.querySelectorAll('#lines li').length >= 1,
                null, { timeout: 20000 });
            await page.waitForTimeout(500);
            assert.ok(await page.evaluate(() => window.lineButton.isConnected),
                'the line was drawn again while analysis ran');
            // Clicking the second move plays it after 3... g6, as a variation.
            await moves.nth(1).click();
            const san = second.replace(/^\d+\.+ /, '');
            await page.waitForFunction((s) => /Variation/.test(
                document.getElementById('status').textContent) &&
                /Explain/.test(document.getElementById('btn-explain')?.textContent) &&
                document.getElementById('btn-explain').textContent.endsWith(` ${s}`), san);
            await page.click('#btn-analysis');
            const game = await serverGame(page);
            assert.equal(game.moves.length, 7, 'the main line is unchanged');
            assert.ok(game.tree.nodes.some((n) => n.san === san));

            // The breakdown: one row per term of the server's answer; after 4. Qxf7# White is
            // a pawn up, so material favours White.
            const mate = page.locator('#moves button.move', { hasText: 'Qxf7#' });
            await mate.click();
            await page.waitForFunction(() => /^\+/.test(document.querySelector(
                '#evalterms tr[data-term="material"] td.net')?.textContent || ''));
            const fen = game.tree.nodes.find((n) => n.san === 'Qxf7#').fen;
            const terms = await page.evaluate(async (f) =>
                (await fetch(`/api/eval?fen=${encodeURIComponent(f)}`)).json(), fen);
            assert.equal(await page.locator('#evalterms tbody tr').count(), terms.terms.length);
            const material = terms.terms.find((t) => t.term === 'material');
            const net = await page.textContent('#evalterms tr[data-term="material"] td.net');
            assert.equal(net, `+${((material.white - material.black) / 100).toFixed(2)}`);
            // Back at the start the position is even: the rows follow the shown position.
            await page.keyboard.press('Home');
            await page.waitForFunction(() => document.querySelector(
                '#evalterms tr[data-term="material"] td.net')?.textContent === '0.00');
            assert.match(await page.textContent('#explain'), /Go to a move/);
            await mate.click();
            await page.waitForFunction(() => /^\+/.test(document.querySelector(
                '#evalterms tr[data-term="material"] td.net')?.textContent || ''));
            await page.locator('#evalterms').screenshot({ path: '/tmp/explain-evalterms.png' });
            assert.deepEqual(page.errors, []);
        } finally {
            await page.close();
        }
    });

test('the review explains a labelled move, and learn from your mistakes', { timeout: 60000 },
    async () => {
        const page = await newPage(browser);
        try {
            await page.goto(server.url);
            await newGame(page, { mode: 'analysis', pgn: PGN });
            await reviewAndWait(page, 7);
            const before = await serverGame(page);
            // 3... Nf6?? (ply 6): its explanation names the mate.
            await page.locator('#moves button.move').nth(5).click();
            await page.waitForSelector('#review-explain .explain-text');
            assert.match(await page.textContent('#review-explain .explain-text'), /Qxf7#/);
            assert.match(await page.textContent('#review-explain .explain-motifs'), /mate in 1/);
            await page.click('#review-explain .explain-toggle');
            await page.waitForSelector('#review-explain .explain-move');
            assert.equal(await page.locator('#review-explain .explain-move').first()
                .textContent(), '3... Nf6');
            await page.locator('#review').screenshot({ path: '/tmp/explain-review.png' });

            // The exercise asks about White's mistakes, then Black's.
            const game = await serverGame(page);
            const list = mistakesToLearn(game.review, game, learnSides(game, 'both'));
            assert.ok(list.some((m) => m.ply === 6));
            assert.match(await page.textContent('#btn-learn'), new RegExp(`\\(${list.length}\\)`));
            await page.click('#btn-learn');
            const arrows = () => page.locator('#learn-board svg.cg-shapes line').count();
            for (const m of list) {
                await page.waitForFunction((q) => document.getElementById('learn-question')
                    ?.textContent === q, `${question(m)}.`);
                if (m.ply !== 6) {
                    await page.click('#learn-next');
                    continue;
                }
                await page.waitForFunction(() => /Play a move/.test(
                    document.getElementById('learn-message')?.textContent));
                // The move played is refused at once; 3... a6 allows the mate too.
                await learnMove(page, 'g8', 'f6');
                await page.waitForFunction(() => /move played in the game/.test(
                    document.getElementById('learn-message').textContent));
                await learnMove(page, 'a7', 'a6');
                await page.waitForFunction(() => /Not that/.test(
                    document.getElementById('learn-message').textContent), null,
                { timeout: 20000 });
                assert.equal(await arrows(), 0, 'a wrong try does not show the answer');
                await page.locator('#learn').screenshot({ path: '/tmp/explain-learn-wrong.png' });
                // The server's best move is found (its explanation names it).
                const fen = game.tree.nodes.find((n) => n.san === 'Bc4').fen;
                const best = await page.evaluate(async (f) => (await fetch('/api/explain', {
                    method: 'POST', headers: { 'Content-Type': 'application/json' },
                    body: JSON.stringify({ fen: f, move: 'a6' }) })).json(), fen);
                await learnMove(page, best.best.slice(0, 2), best.best.slice(2, 4));
                await page.waitForFunction((san) => document.getElementById('learn-message')
                    .textContent.startsWith(`Good move — 3... ${san} `), best.best_san,
                { timeout: 20000 });
                assert.match(await page.textContent('#learn-line'), /^Best line: 3\.\.\. /);
                assert.equal(await arrows(), 1, 'the move found, drawn as the best move');
                await page.locator('#learn').screenshot({ path: '/tmp/explain-learn-good.png' });
                await page.screenshot({ path: '/tmp/explain-learn-page.png', fullPage: true });
                await page.click('#learn-next');
            }
            await page.waitForSelector('#learn-summary');
            assert.match(await page.textContent('#learn-summary'),
                new RegExp(`^You found 1 of ${list.length} better move`));
            await page.click('#learn-close');
            await page.waitForSelector('#btn-learn');
            // The game and its tree are as they were.
            const after = await serverGame(page);
            assert.equal(after.moves.length, 7);
            assert.equal(after.tree.nodes.length, before.tree.nodes.length);
            assert.deepEqual(page.errors, []);
        } finally {
            await page.close();
        }
    });
