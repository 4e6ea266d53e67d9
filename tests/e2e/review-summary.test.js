// Review at lichess's level (issue 23): the players' table shows the accuracy, average
// centipawn loss and label counts that the server's review object gives, the graph has a dot
// per labelled move, and a labelled move shows the best move as an arrow and the best line,
// whose moves open that position as a variation when clicked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, newGame, reviewAndWait, serverGame, useServerAndBrowser } from './helpers.js';

let server;
let browser;
useServerAndBrowser((s, b) => {
    server = s;
    browser = b;
});

const PGN = '[Event "t"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n';

// Every piece drawn on the board with its place: changes whenever a piece moves.
function boardText(page) {
    return page.$$eval('#board cg-board piece', (els) =>
        els.map((e) => `${e.className}@${e.style.transform}`).sort().join('|'));
}

for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }]]) {
    test(`review summary and best line (${name})`, { timeout: 120000 }, async () => {
        const page = await newPage(browser, viewport);
        try {
            await page.goto(server.url);
            await newGame(page, { mode: 'analysis', pgn: PGN });
            await reviewAndWait(page, 7);
            const review = (await serverGame(page)).review;
            assert.ok(review.players, 'the finished review has the players');
            for (const side of ['white', 'black']) {
                const p = review.players[side];
                const cell = (c) => page.textContent(
                    `#review-summary tr[data-side="${side}"] td.${c}`);
                assert.equal(await cell('accuracy'), `${Math.round(p.accuracy)}%`);
                assert.equal(await cell('acpl'), String(Math.round(p.acpl)));
                assert.equal(await cell('inaccuracies'), String(p.inaccuracies));
                assert.equal(await cell('mistakes'), String(p.mistakes));
                assert.equal(await cell('blunders'), String(p.blunders));
            }
            const labelled = review.plies.filter((p) => p.label);
            assert.ok(labelled.length >= 1);
            assert.equal(await page.locator('#graph circle').count(), labelled.length);
            assert.equal(review.players.black.blunders, 1);  // 3... Nf6??

            // Show the blunder 3... Nf6 (ply 6): its best line and the best move's arrow.
            const blunder = review.plies.find((p) => p.ply === 6);
            assert.equal(blunder.label, 'blunder');
            await page.locator('#moves button.move').nth(5).click();
            await page.waitForSelector('#review-line button.review-line-move');
            const buttons = page.locator('#review-line button.review-line-move');
            assert.equal(await buttons.count(), blunder.best_line.length);
            assert.match(await buttons.first().textContent(),
                new RegExp(`^3\\.\\.\\. ${blunder.best_line[0].replace(/[+]/g, '\\+')}$`));
            await page.waitForFunction(() =>
                document.querySelectorAll('svg.cg-shapes line, svg.cg-shapes g').length > 0);
            await page.locator('#review').screenshot({ path: `/tmp/review-summary-${name}.png` });
            await page.screenshot({ path: `/tmp/review-page-${name}.png`, fullPage: true });

            // Clicking the line's second move (or its only one) shows that position.
            const k = Math.min(1, blunder.best_line.length - 1);
            const before = await boardText(page);
            await buttons.nth(k).click();
            await page.waitForFunction((n) => new RegExp(`Variation after 3\\. Bc4, move ${n} of`)
                .test(document.getElementById('status').textContent), k + 1);
            assert.notEqual(await boardText(page), before);
            // It is a variation of the game now, the main line unchanged.
            const game = await serverGame(page);
            assert.equal(game.moves.length, 7);
            assert.ok(game.tree.nodes.some((n) => n.san === blunder.best_line[k]));
            assert.deepEqual(page.errors, []);
        } finally {
            await page.close();
        }
    });
}

// Clocks of an imported game ([%clk] with TimeControl 180+2): the time of each move is the
// drop of its side's clock plus the increment.
const CLOCK_PGN = '[Event "t"]\n[TimeControl "180+2"]\n\n1. e4 {[%clk 0:02:58]} ' +
    'e5 {[%clk 0:02:59]} 2. Qh5 {[%clk 0:02:50]} Nc6 {[%clk 0:02:55]} 3. Bc4 {[%clk 0:02:45]} ' +
    'Nf6 {[%clk 0:02:40]} 4. Qxf7# {[%clk 0:02:44]} 1-0\n';

test('move-time chart of a game with clocks', { timeout: 120000 }, async () => {
    const page = await newPage(browser);
    try {
        await page.goto(server.url);
        await newGame(page, { mode: 'analysis', pgn: CLOCK_PGN });
        await reviewAndWait(page, 7);
        const ms = (side) => page.$$eval(`#review-times [data-side="${side}"] rect`,
            (els) => els.map((e) => Number(e.getAttribute('data-ms'))));
        assert.deepEqual(await ms('white'), [4000, 10000, 7000, 3000]);
        assert.deepEqual(await ms('black'), [3000, 6000, 17000]);
        assert.match(await page.textContent('#review-times'), /longest 17\.0s/);
        await page.locator('#review-times').screenshot({ path: '/tmp/review-times.png' });
        await page.locator('#review-times [data-side="black"] rect').nth(2)
            .dispatchEvent('click');
        await page.waitForFunction(() => /Showing move 6 of 7/.test(
            document.getElementById('status').textContent));
        assert.deepEqual(page.errors, []);
    } finally {
        await page.close();
    }
});
