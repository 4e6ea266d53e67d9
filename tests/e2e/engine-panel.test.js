// The engine panel: Kibitz's thinking line and the evaluation bar during a game, a hint (and its
// "looking for a hint" notice going away when the hint comes), and on an analysis board the
// 1-5 lines selector and the threat view.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, newPage, newGame, clickMove, waitMoves } from './helpers.js';

let server;
let browser;
useServerAndBrowser((s, b) => {
    server = s;
    browser = b;
});

test('thinking line, evaluation bar and a hint', { timeout: 60000 }, async () => {
    const page = await newPage(browser);
    await page.goto(server.url);
    await newGame(page, { mode: 'engine', color: 'white', level: 'depth', depth: 4 });
    assert.equal(await page.getAttribute('#evalbar', 'title'), 'No evaluation');
    assert.equal(await page.textContent('#evalbar .text'), '');
    await clickMove(page, 'e2', 'e4');
    await waitMoves(page, 2);
    // The line of Kibitz's search for its reply stays shown after it: score, depth, nodes, PV.
    await page.waitForSelector('#thinking .score');
    const thinking = await page.textContent('#thinking');
    assert.match(thinking, /depth [1-4]/);
    assert.match(thinking, /nodes/);
    assert.match(await page.textContent('#thinking .pv'), /^1\.\.\. \S+/);
    assert.match(await page.textContent('#thinking .score'), /^([+-]?\d+\.\d\d|#-?\d+)$/);
    // The bar shows the evaluation of Kibitz's move, and White's share of the bar follows it.
    await page.waitForFunction(() => document.querySelector('#evalbar .text').textContent !== '');
    const barText = await page.textContent('#evalbar .text');
    assert.equal(await page.getAttribute('#evalbar', 'title'), `Evaluation ${barText}`);
    const height = await page.evaluate(() => parseFloat(
        document.querySelector('#evalbar .fill').style.height));
    const cp = parseFloat(barText);
    assert.ok(cp > 0 ? height > 50 : cp < 0 ? height < 50 : height === 50, `${barText} ${height}`);

    // A hint: the notice shows while Kibitz looks and goes when the hint arrives.
    await page.click('.panel [data-action="hint"]');
    await page.waitForFunction(() => document.getElementById('board').dataset.hint, null,
        { timeout: 10000 });
    assert.ok(await page.locator('#notice').isHidden(), 'the notice went with the hint');
    const hint = await page.getAttribute('#board', 'data-hint');
    assert.match(hint, /^[a-h][1-8][a-h][1-8]$/);
    assert.match(await page.textContent('#status'), /Your move\. Hint: \S+\./);
    assert.ok(await page.locator('svg.cg-shapes line, svg.cg-shapes g').count() > 0);
    assert.deepEqual(page.errors, []);
    await page.context().close();
});

test('lines selector and threat view', { timeout: 60000 }, async () => {
    const page = await newPage(browser);
    await page.goto(server.url);
    await newGame(page, { mode: 'analysis' });
    await clickMove(page, 'e2', 'e4');
    await waitMoves(page, 1);
    assert.equal(await page.inputValue('#multipv'), '3');
    await page.click('#btn-analysis');
    await page.waitForFunction(() => document.querySelectorAll('#lines li').length === 3, null,
        { timeout: 20000 });
    await page.waitForFunction(() => document.querySelector('#evalbar .text').textContent !== '');

    // From 3 lines to 1: one line comes back and stays one while the search deepens.
    await page.selectOption('#multipv', '1');
    await page.waitForFunction(() => document.querySelectorAll('#lines li').length === 1);
    const depthOf = () => page.evaluate(() => parseInt(
        document.querySelector('#lines li .depth').textContent.slice(1), 10));
    const depth = await depthOf();
    await page.waitForFunction((d) => parseInt(document.querySelector('#lines li .depth')
        .textContent.slice(1), 10) > d, depth, { timeout: 20000 });
    assert.equal(await page.locator('#lines li').count(), 1);
    assert.equal(await page.getAttribute('#lines li', 'data-multipv'), '1');
    // The line's moves are Black's (Black is to move) and can be played.
    assert.match(await page.textContent('#lines li'), /^\S+d\d+ 1\.\.\.[a-hKQRBNO]/);
    assert.ok(await page.locator('#lines li button.san').first().isEnabled());

    // The threat view: what White would play if it were White's move again; its line is shown
    // from White's move 2 and cannot be played out on the board.
    await page.check('#threat');
    await page.waitForFunction(() => {
        const b = document.querySelector('#lines li button.san');
        return b && b.disabled;
    }, null, { timeout: 20000 });
    assert.match(await page.textContent('#lines li'), /^\S+d\d+ 2\.[a-hKQRBNO]/);
    // The threat is drawn as a red arrow (chessground's red brush).
    await page.waitForSelector('svg.cg-shapes line[stroke="#882020"]', { state: 'attached' });
    await page.uncheck('#threat');
    await page.waitForFunction(() => {
        const b = document.querySelector('#lines li button.san');
        return b && !b.disabled;
    }, null, { timeout: 20000 });
    await page.click('#btn-analysis');
    await page.waitForFunction(() => document.querySelectorAll('#lines li').length === 0);
    assert.deepEqual(page.errors, []);
    await page.context().close();
});
