// The puzzle page (issue 23): reached from the main page, a puzzle solved move by move with the
// opponent's reply played, one failed with its solution shown, one solved after both hints, the
// missed one retried (by keyboard, on the board's named squares); the rating moves by Elo's
// rule after each try (lib/puzzles.js) and the themes and the explanation are shown at the end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, clickMove, useServerAndBrowser, waitFor } from './helpers.js';
import { rateTry, deltaText, KEY } from '../../web/js/lib/puzzles.js';

let server;
let browser;
useServerAndBrowser((s, b) => {
    server = s;
    browser = b;
});

// From data/puzzles/puzzles.csv: 0000D (1455, Black: 27... Rd8 28. Qxd8+ Bxd8), 001wb (1211,
// Black mates with 17... Qh5#), 002HE (1101, Black mates with 20... Qg3#).
const status = (page) => page.textContent('#puzzle-status');
const rating = async (page) => Number(await page.textContent('#rating'));

async function waitStatus(page, re) {
    await waitFor(async () => re.test(await status(page)), 10000, `status ${re}`);
}

// The arrows and circles drawn on the board.
async function shapes(page) {
    return page.locator('#board svg.cg-shapes line, #board svg.cg-shapes circle').count();
}

// chessground draws shapes on its next animation frame, after the status has changed: wait for
// the count (up to 5 s), then compare it.
async function expectShapes(page, n, what) {
    await waitFor(async () => (await shapes(page)) === n, 5000, what).catch(() => {});
    assert.equal(await shapes(page), n, what);
}

test('puzzles: solve, fail, hint, retry; the rating moves', { timeout: 60000 }, async () => {
    const page = await newPage(browser);
    try {
        // The main page links to the puzzle page; its #/puzzles route leads there too.
        await page.goto(`${server.url}#/puzzles`);
        await page.waitForURL(/puzzles\.html/);
        await page.goto(server.url);
        await page.waitForSelector('#dlg-new[open]');  // the home page asks for a new game
        await page.keyboard.press('Escape');
        await page.click('#link-puzzles');
        await page.waitForURL(/puzzles\.html/);
        await waitStatus(page, /Your turn/);
        assert.equal(await rating(page), 1500);

        // 1. Solved: two moves of the player, the opponent's reply played between them.
        await page.goto(`${server.url}puzzles.html#/0000D`);
        await waitStatus(page, /Your turn: find the best move for Black\./);
        assert.match(await page.textContent('#puzzle-title'), /0000D, rated 1455/);
        assert.ok(await page.locator('.cg-wrap.orientation-black').count(), 'Black at the bottom');
        await clickMove(page, 'f8', 'd8');
        await waitStatus(page, /Keep going/);
        // The reply 28. Qxd8+ was played: Black is in check.
        assert.equal(await page.locator('#board square.check').count(), 1);
        await clickMove(page, 'f6', 'd8');
        await waitStatus(page, /Solved!/);
        let expected = rateTry(1500, 1455, 1, 0);
        assert.equal(await rating(page), expected.rating);
        assert.equal(await page.textContent('#rating-delta'), deltaText(expected.delta));
        assert.match(await page.textContent('#puzzle-solution'), /27\.\.\. Rd8 28\. Qxd8\+ Bxd8/);
        assert.match(await page.textContent('#puzzle-themes'), /Advantage.*Endgame/s);
        await waitFor(async () => !/looking/.test(await page.textContent('#puzzle-explain')),
            10000, 'the explanation');
        assert.match(await page.textContent('#puzzle-explain'), /Rd8/);
        assert.ok(await page.isDisabled('#btn-retry'), 'nothing missed yet');

        // 2. Failed: a wrong move; the solution is drawn and the puzzle is queued to retry.
        await page.goto(`${server.url}puzzles.html#/001wb`);
        await waitStatus(page, /Your turn/);
        await clickMove(page, 'a7', 'a6');
        await waitStatus(page, /Wrong move/);
        let before = expected.rating;
        expected = rateTry(before, 1211, 0, 1);
        assert.equal(await rating(page), expected.rating);
        assert.match(await page.textContent('#rating-delta'), /^\u2212\d+$/);
        await expectShapes(page, 2, 'the solution and the wrong move as arrows');
        assert.match(await page.textContent('#puzzle-themes'), /Mate in 1 — One move gives/);
        assert.equal(await page.textContent('#missed-count'), '(1)');
        await page.screenshot({ path: '/tmp/puzzles-failed.png' });

        // 3. Hints: the piece, then the move; a hinted solve counts half.
        await page.goto(`${server.url}puzzles.html#/002HE`);
        await waitStatus(page, /Your turn/);
        await page.click('#btn-hint');
        await waitStatus(page, /circled piece/);
        await expectShapes(page, 1, 'the circled piece');
        await page.click('#btn-hint');
        await waitStatus(page, /arrow shows the move/);
        assert.ok(await page.isDisabled('#btn-hint'), 'two hints at most');
        await page.screenshot({ path: '/tmp/puzzles-hint.png' });
        await clickMove(page, 'b8', 'g3');
        await waitStatus(page, /Solved with a hint/);
        before = expected.rating;
        expected = rateTry(before, 1101, 0.5, 2);
        assert.equal(await rating(page), expected.rating);

        // 4. Retry the missed puzzle: solved now, the queue is empty.
        await page.click('#btn-retry');
        await waitStatus(page, /Your turn/);
        assert.match(page.url(), /#\/001wb$/);
        // By keyboard this time: the named squares of the board's grid.
        for (const square of ['g6', 'h5']) {
            await page.focus(`#squares button[data-square="${square}"]`);
            await page.keyboard.press('Enter');
        }
        await waitStatus(page, /Solved!/);
        expected = rateTry(expected.rating, 1211, 1, 3);
        assert.equal(await rating(page), expected.rating);
        assert.equal(await page.textContent('#missed-count'), '(0)');
        assert.ok(await page.isDisabled('#btn-retry'));
        const stored = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY));
        assert.equal(stored.tries, 4);
        assert.equal(stored.rating, expected.rating);
        await page.screenshot({ path: '/tmp/puzzles-solved.png' });

        // 5. Next puzzle: one the history does not hold; the rating survives a reload.
        await page.click('#btn-next');
        await waitStatus(page, /Your turn/);
        assert.doesNotMatch(page.url(), /#\/(0000D|001wb|002HE)$/);
        await page.reload();
        await waitStatus(page, /Your turn/);
        assert.equal(await rating(page), expected.rating);
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({ path: '/tmp/puzzles-phone.png', fullPage: true });
        assert.deepEqual(page.errors, []);
    } finally {
        await page.context().close();
    }
});

// 03SLJ (1707): after 56... Kg7 White mates with 57. h8=Q#. The pawn's move asks for the piece
// (the page does not give the answer away); Escape puts the pawn back. Then 0008Q: "Solution"
// gives up, shows the move as an arrow and counts as a miss.
test('puzzles: a promotion asks for the piece; the Solution button', { timeout: 60000 }, async () => {
    const page = await newPage(browser);
    try {
        await page.goto(`${server.url}puzzles.html#/03SLJ`);
        await waitStatus(page, /Your turn: find the best move for White\./);
        await clickMove(page, 'h7', 'h8');
        await page.waitForSelector('#promotion:not([hidden]) button[data-piece="n"]');
        assert.deepEqual(await page.$$eval('#promotion button', (bs) => bs.map((b) => b.dataset.piece)),
            ['q', 'r', 'b', 'n']);
        await page.screenshot({ path: '/tmp/puzzles-promotion.png' });
        await page.keyboard.press('Escape');
        await page.waitForSelector('#promotion[hidden]', { state: 'attached' });
        assert.match(await status(page), /Your turn/, 'cancelled: still to move');
        // The pawn is back on the seventh rank, the row of the knight on f7 (chessground keeps
        // a hidden ghost piece for dragging: not counted).
        const row = (sel) => page.$$eval(sel, (ps) => ps.map((p) => p.style.transform.split(',')[1]));
        const rank7 = (await row('#board piece.white.knight'))[0];
        await waitFor(async () => {
            const now = await row('#board piece.white.pawn:not(.ghost)');
            return now.length === 1 && now[0] === rank7;
        }, 5000, 'the pawn back on h7');
        await clickMove(page, 'h7', 'h8');
        await page.click('#promotion button[data-piece="q"]');
        await waitStatus(page, /Solved!/);
        assert.match(await page.textContent('#puzzle-solution'), /h8=Q#/);

        await page.goto(`${server.url}puzzles.html#/0008Q`);
        await waitStatus(page, /Your turn/);
        const start = await rating(page);
        await page.click('#btn-solution');
        await waitStatus(page, /green arrow shows the solution/);
        await expectShapes(page, 1, 'the solution as an arrow');
        assert.ok(await page.isDisabled('#btn-solution'), 'the puzzle is over');
        assert.ok(await rating(page) < start, 'a shown solution counts as a miss');
        assert.equal(await page.textContent('#missed-count'), '(1)');
        assert.deepEqual(page.errors, []);
    } finally {
        await page.context().close();
    }
});
