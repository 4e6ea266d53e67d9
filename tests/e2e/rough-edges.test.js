// The rough edges of issue 22 that a person sees, each checked in the browser at desktop and
// phone widths where layout matters: the result banner's buttons readable (contrast >= 4.5),
// the book move line as Black without "null", errors as one plain sentence (an illegal move, a
// game of another browser, an unreachable server that goes away on reconnect), the evaluation
// bar's number across the bar at >= 12 px, the review graph's axes, tablebase lines without
// "depth 127", Othello's panel after the end, and Delete only for this browser's games.
// Screenshots go to $SHOTS (default /tmp/p-shots) to be looked at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { KIBITZ, tempDir, startServer, newPage, newGame, clickMove, waitMoves, serverGame,
    waitFor, useServerAndBrowser, reviewAndWait } from './helpers.js';

const SHOTS = process.env.SHOTS || '/tmp/p-shots';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const BOOK = path.join(path.dirname(KIBITZ), 'book.bin');
const GAVIOTA = '/usr/share/gaviotatb/gtb4';
const OFFLINE = 'The server cannot be reached. The page reconnects by itself when it is back.';

let server;
let browser;
useServerAndBrowser((s, b) => {
    server = s;
    browser = b;
});

async function shot(page, name, selector) {
    fs.mkdirSync(SHOTS, { recursive: true });
    const file = path.join(SHOTS, `${name}.png`);
    if (selector) await page.locator(selector).screenshot({ path: file });
    else await page.screenshot({ path: file });
}

// The WCAG contrast ratio between an element's text colour and the colour behind it (its own
// background, or its ancestors' where it has none, blended by their alpha).
function contrast(page, selector) {
    return page.evaluate((sel) => {
        const rgba = (s) => {
            const m = s.match(/rgba?\(([^)]+)\)/);
            const v = m ? m[1].split(/[ ,/]+/).filter(Boolean).map(Number) : [0, 0, 0, 0];
            return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1];
        };
        const over = (top, below) => top.slice(0, 3).map((c, i) =>
            c * top[3] + below[i] * (1 - top[3])).concat(1);
        const el = document.querySelector(sel);
        const layers = [];
        for (let e = el; e; e = e.parentElement) layers.push(rgba(getComputedStyle(e)
            .backgroundColor));
        let bg = [255, 255, 255, 1];
        for (const layer of layers.reverse()) bg = over(layer, bg);
        const fg = over(rgba(getComputedStyle(el).color), bg);
        const lum = (c) => {
            const [r, g, b] = c.slice(0, 3).map((x) => {
                const v = x / 255;
                return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
            });
            return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
        return (hi + 0.05) / (lo + 0.05);
    }, selector);
}

// True when the element lies inside the viewport's width.
function insideWidth(page, selector) {
    return page.evaluate((sel) => {
        const r = document.querySelector(sel).getBoundingClientRect();
        return r.left >= 0 && r.right <= document.documentElement.clientWidth;
    }, selector);
}

for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    test(`the result banner's buttons are readable (${label})`, { timeout: 60000 }, async () => {
        const page = await newPage(browser, viewport);
        await page.goto(server.url);
        await newGame(page, { mode: 'engine', color: 'white', level: 'depth', depth: 1,
            fen: '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1' });
        await clickMove(page, 'a1', 'a8');
        await page.waitForSelector('#banner:not([hidden]) button[data-action="close-banner"]');
        const names = await page.locator('#banner button').allTextContents();
        assert.deepEqual(names, ['Rematch', 'Review', 'Close']);
        for (const action of ['rematch', 'review', 'close-banner']) {
            const sel = `#banner button[data-action="${action}"]`;
            const ratio = await contrast(page, sel);
            assert.ok(ratio >= 4.5, `${action}: contrast ${ratio.toFixed(2)} < 4.5`);
            assert.ok(await insideWidth(page, sel), `${action} inside the screen`);
        }
        // The banner's own words too.
        assert.ok(await contrast(page, '#banner .reason') >= 4.5);
        await shot(page, `banner-${label}`, '.board-row');
        assert.deepEqual(page.errors, []);
        await page.context().close();
    });

    test(`the evaluation bar's number is level and readable (${label})`, { timeout: 60000 },
        async () => {
            const page = await newPage(browser, viewport);
            await page.goto(server.url);
            await newGame(page, { mode: 'engine', color: 'white', level: 'depth', depth: 4 });
            await clickMove(page, 'e2', 'e4');
            await waitMoves(page, 2);
            await page.waitForFunction(() =>
                document.querySelector('#evalbar .text').textContent !== '');
            const look = await page.evaluate(() => {
                const t = document.querySelector('#evalbar .text');
                const s = getComputedStyle(t);
                const bar = document.getElementById('evalbar').getBoundingClientRect();
                const r = t.getBoundingClientRect();
                return { size: parseFloat(s.fontSize), mode: s.writingMode,
                    transform: s.transform, fits: r.left >= bar.left - 0.5 &&
                        r.right <= bar.right + 0.5 && t.scrollWidth <= t.clientWidth + 1,
                    page: document.documentElement.scrollWidth,
                    board: document.querySelector('.board-box').getBoundingClientRect().left,
                    barRight: bar.right };
            });
            assert.ok(look.size >= 12, `font size ${look.size}`);
            assert.equal(look.mode, 'horizontal-tb');
            assert.equal(look.transform, 'none');
            assert.ok(look.fits, 'the number fits across the bar');
            assert.ok(look.barRight <= look.board, 'the bar is beside the board, not over it');
            assert.ok(look.page <= viewport.width, `no sideways scrolling (${look.page})`);
            // Readable on the part of the bar it sits on (White's share or Black's).
            const ratio = await page.evaluate(() => {
                const t = document.querySelector('#evalbar .text');
                const fill = document.querySelector('#evalbar .fill').getBoundingClientRect();
                const r = t.getBoundingClientRect();
                const y = (r.top + r.bottom) / 2;
                const onFill = y >= fill.top && y <= fill.bottom;
                return { onFill, black: t.classList.contains('black') };
            });
            assert.equal(ratio.onFill, !ratio.black, 'dark text on White\'s share only');
            await shot(page, `evalbar-${label}`, '.board-row');
            assert.deepEqual(page.errors, []);
            await page.context().close();
        });

    test(`the review graph has labelled axes (${label})`, { timeout: 120000 }, async () => {
        const page = await newPage(browser, viewport);
        await page.goto(server.url);
        await newGame(page, { mode: 'analysis',
            pgn: '[Event "t"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n' });
        await reviewAndWait(page, 7);
        assert.deepEqual(await page.locator('#graph-x span').allTextContents(),
            ['1', '2', '3', '4']);
        assert.deepEqual(await page.locator('#graph-y span').allTextContents(),
            ['+3', '+1', '0', '\u22121', '\u22123']);
        assert.equal(await page.textContent('#graph-caption'),
            'White\'s advantage in pawns, by move');
        assert.equal(await page.locator('#graph line.mid').count(), 1);
        const sizes = await page.locator('#graph-x span, #graph-y span').evaluateAll(
            (els) => els.map((e) => parseFloat(getComputedStyle(e).fontSize)));
        assert.ok(sizes.every((s) => s >= 12), `label sizes ${sizes}`);
        // The labels sit beside and under the graph, in order, without overlapping it.
        const boxes = await page.evaluate(() => {
            const g = document.getElementById('graph').getBoundingClientRect();
            const xs = [...document.querySelectorAll('#graph-x span')].map((e) =>
                e.getBoundingClientRect());
            const ys = [...document.querySelectorAll('#graph-y span')].map((e) =>
                e.getBoundingClientRect());
            return { under: xs.every((r) => r.top >= g.bottom - 0.5),
                left: ys.every((r) => r.right <= g.left + 0.5),
                ordered: xs.every((r, i) => i === 0 || r.left > xs[i - 1].right) &&
                    ys.every((r, i) => i === 0 || r.top >= ys[i - 1].bottom) };
        });
        assert.deepEqual(boxes, { under: true, left: true, ordered: true });
        assert.ok(await contrast(page, '#graph-x span') >= 4.5);
        const inside = await page.evaluate(() => {
            const box = document.getElementById('review').getBoundingClientRect();
            return [...document.querySelectorAll('#graph-x span, #graph-y span')].every((e) => {
                const r = e.getBoundingClientRect();
                return r.left >= box.left && r.right <= box.right;
            });
        });
        assert.ok(inside, 'every axis label inside the review box');
        await page.waitForSelector('#notice', { state: 'hidden', timeout: 10000 });
        await page.locator('#review').scrollIntoViewIfNeeded();
        await shot(page, `review-${label}`, '#review');
        assert.deepEqual(page.errors, []);
        await page.context().close();
    });

    test(`an illegal move reads as one plain sentence (${label})`, { timeout: 60000 },
        async () => {
            const page = await newPage(browser, viewport);
            await page.goto(server.url);
            await newGame(page, { mode: 'engine', color: 'white', level: 'depth', depth: 1 });
            await page.fill('#move-input', 'Ke2');
            await page.press('#move-input', 'Enter');
            await page.waitForSelector('#error:not([hidden])');
            assert.equal(await page.textContent('#error-text'),
                'Ke2 is not a legal move in this position.');
            assert.ok(await contrast(page, '#error-text') >= 4.5);
            assert.ok(await insideWidth(page, '#error'));
            await shot(page, `error-${label}`);
            assert.deepEqual(page.errors, []);
            await page.context().close();
        });
}

test('as Black the book move line names the move, without "null"', { timeout: 60000 },
    async (t) => {
        if (!fs.existsSync(BOOK)) {
            t.skip(`no default book next to the binary (${BOOK})`);
            return;
        }
        const bookServer = await startServer(tempDir(), 0, ['--book', BOOK]);
        try {
            const page = await newPage(browser);
            await page.goto(bookServer.url);
            await newGame(page, { mode: 'engine', color: 'black', level: 'depth', depth: 1 });
            await waitMoves(page, 1);
            const first = (await serverGame(page)).moves[0];
            assert.equal(first.book, true);
            const expected = new RegExp(`^book move 1\\. ${first.san.replace('+', '\\+')}` +
                '(Book: .*)?$');
            await page.waitForFunction(() => /book move/.test(
                document.getElementById('thinking').textContent));
            let text = await page.textContent('#thinking');
            assert.doesNotMatch(text, /null|undefined/);
            assert.match(text, expected);
            // After a reload the line is made from the game, with no book candidates.
            await page.reload();
            await page.waitForFunction(() => /book move/.test(
                document.getElementById('thinking').textContent));
            text = await page.textContent('#thinking');
            assert.equal(text, `book move 1. ${first.san}`);
            assert.deepEqual(page.errors, []);
            await page.context().close();
        } finally {
            await bookServer.stop();
        }
    });

test('a game of another browser: no Delete, and a plain 403 sentence', { timeout: 60000 },
    async () => {
        // The first browser plays a game to its end.
        const owner = await newPage(browser);
        await owner.goto(server.url);
        await newGame(owner, { mode: 'engine', color: 'white', level: 'depth', depth: 1 });
        await owner.click('.panel [data-action="resign"]');
        await owner.waitForSelector('#banner:not([hidden])');
        const theirs = (await serverGame(owner)).id;

        // The second one has a game of its own; the list offers Delete for that one only.
        const visitor = await newPage(browser);
        await visitor.goto(server.url);
        await newGame(visitor, { mode: 'analysis' });
        await clickMove(visitor, 'e2', 'e4');  // an analysis board without moves is not listed
        await waitMoves(visitor, 1);
        const mine = (await serverGame(visitor)).id;
        await visitor.click('#btn-games');
        // Another browser's game is listed only among all the games on the server, which the
        // server's owner (this page, on 127.0.0.1) may ask for.
        await visitor.waitForSelector(`#dlg-games[open] tr[data-id="${mine}"]`);
        assert.equal(await visitor.locator(`#games-table tr[data-id="${theirs}"]`).count(), 0);
        await visitor.check('#games-all');
        await visitor.waitForSelector(`#dlg-games[open] tr[data-id="${theirs}"]`);
        const row = (id) => visitor.locator(`#games-table tr[data-id="${id}"]`);
        assert.equal(await row(mine).locator('button', { hasText: 'Delete' }).count(), 1);
        assert.equal(await row(theirs).locator('button', { hasText: 'Delete' }).count(), 0);
        // Asking for a review of their game: refused, in words.
        await row(theirs).locator('button', { hasText: 'Review' }).click();
        await visitor.waitForSelector('#error:not([hidden])');
        const text = await visitor.textContent('#error-text');
        assert.equal(text,
            'This game belongs to another browser: only its players can have it reviewed.');
        assert.doesNotMatch(text, /HTTP|40\d/);
        assert.deepEqual(visitor.errors, []);
        assert.deepEqual(owner.errors, []);
        await visitor.context().close();
        await owner.context().close();
    });

test('"server cannot be reached" goes when the page reconnects', { timeout: 90000 },
    async () => {
        const dir = tempDir();
        let own = await startServer(dir);
        try {
            const page = await newPage(browser);
            await page.goto(own.url);
            await newGame(page, { mode: 'analysis' });
            await own.kill();
            await page.fill('#move-input', 'e4');
            await page.press('#move-input', 'Enter');
            await page.waitForSelector('#error:not([hidden])');
            assert.match(await page.textContent('#error-text'), /server cannot be reached/);
            await shot(page, 'offline-desktop');
            own = await startServer(dir, own.port);
            await page.waitForSelector('#error', { state: 'hidden', timeout: 20000 });
            // It said so in a sentence (the text stays in the hidden box).
            assert.equal(await page.textContent('#error-text'), OFFLINE);
            // And the page works again.
            await page.fill('#move-input', 'e4');
            await page.press('#move-input', 'Enter');
            await waitFor(async () => (await serverGame(page)).moves.length === 1, 10000,
                'the move after the reconnection');
            assert.deepEqual(page.errors, []);
            await page.context().close();
        } finally {
            await own.stop();
        }
    });

test('a tablebase line reads "tablebase", not "depth 127"', { timeout: 60000 }, async (t) => {
    if (!fs.existsSync(GAVIOTA)) {
        t.skip(`Debian's gaviotatb tables not installed (${GAVIOTA})`);
        return;
    }
    const tbServer = await startServer(tempDir(), 0,
        ['--no-book', '--tables', '', '--gaviota', GAVIOTA]);
    try {
        const page = await newPage(browser);
        await page.goto(tbServer.url);
        await newGame(page, { mode: 'analysis', fen: '8/8/8/4k3/8/8/8/KQ6 w - - 0 1' });
        await page.click('#btn-analysis');
        await page.waitForSelector('#lines li .depth', { timeout: 15000 });
        // All three lines of the analysis (a fourth on the page would also fail below).
        await page.waitForFunction(() => document.querySelectorAll('#lines li .depth').length >= 3,
            null, { timeout: 15000 });
        const depths = await page.locator('#lines li .depth').allTextContents();
        assert.ok(depths.length > 0);
        for (const d of depths) assert.equal(d.trim(), 'tablebase');
        assert.match(await page.textContent('#knowledge .tablebase'), /^Tablebase: mate in \d+/);
        assert.doesNotMatch(await page.textContent('#engine'), /127/);
        assert.deepEqual(page.errors, []);
        await page.context().close();
    } finally {
        await tbServer.stop();
    }
});

test('after an Othello game ends the panel gives the result', { timeout: 90000 }, async () => {
    const page = await newPage(browser);
    await page.goto(`${server.url}othello.html`);
    await page.waitForFunction(() => document.body.dataset.ready === '1');
    // A game played to a full board through the API (the first legal move each time), all
    // but its last move: that one is forced, and Kibitz is to play it.
    const record = await page.evaluate(async () => {
        const post = async (url, body, token) => (await fetch(url, { method: 'POST',
            headers: { 'Content-Type': 'application/json',
                ...(token ? { 'X-Kibitz-Token': token } : {}) },
            body: JSON.stringify(body) })).json();
        for (let pick = 0; pick < 6; pick++) {
            const made = await post('/api/othello/games', { mode: 'humans' });
            let g = made.game;
            for (let i = 0; !g.over && i < 200; i++) {
                g = await post(`/api/othello/games/${g.id}/move`,
                    { move: g.legal[(i * pick) % g.legal.length] }, made.token);
            }
            const last = g.moves[g.moves.length - 1];
            if (g.score.black + g.score.white === 64 && last.move !== 'pass') {
                await fetch(`/api/othello/games/${g.id}`, { method: 'DELETE',
                    headers: { 'X-Kibitz-Token': made.token } });
                return { text: g.moves.slice(0, -1).map((m) => (m.move === 'pass' ? 'PA'
                    : m.move)).join(''), engine: last.color };
            }
        }
        return null;
    });
    assert.ok(record, 'a game to a full board');
    if (await page.locator('#dlg-new[open]').count()) await page.keyboard.press('Escape');
    await page.click('#btn-import');
    await page.fill('#import-text', record.text);
    await page.check('#import-form input[name="imode"][value="engine"]');
    const person = record.engine === 'black' ? 'white' : 'black';
    await page.check(`#import-form input[name="icolor"][value="${person}"]`);
    await page.click('#import-ok');
    await page.waitForSelector('#dlg-import', { state: 'hidden' });
    await page.waitForSelector('#banner:not([hidden])', { timeout: 30000 });
    const sentence = await page.textContent('#eval-sentence');
    assert.match(sentence, /^Game over: (Black wins|White wins|Draw)/);
    assert.doesNotMatch(sentence, /sees|ahead/);
    assert.equal(await page.textContent('#depth'), '');
    assert.equal(await page.textContent('#eval-label'), 'Final score');
    assert.ok(await page.locator('#pv-row').isHidden());
    const g = await page.evaluate(async () => (await fetch(
        `/api/othello/games/${location.hash.slice(7)}`)).json());
    assert.equal(await page.textContent('#eval'), `${g.score.black}\u2013${g.score.white}`);
    const buttons = await page.locator('#banner .row button').count();
    assert.equal(buttons, 2);
    for (let i = 1; i <= buttons; i++) {
        assert.ok(await contrast(page, `#banner .row button:nth-child(${i})`) >= 4.5);
    }
    await shot(page, 'othello-end-desktop');
    // Looking back at a move shows Kibitz's reading of that position again.
    await page.click('[data-action="prev"]');
    assert.doesNotMatch(await page.textContent('#eval-sentence'), /^Game over/);
    assert.equal(await page.textContent('#eval-label'), 'Evaluation');
    assert.deepEqual(page.errors, []);
    await page.context().close();
});

// The saved-games list for a server that says who the visitor is (`visitor: {owner}` in
// GET /api/info; the page is ready for it before the server sends it, so the test adds it):
// "My games" by default, and for the owner a choice of every game on the server (?all=1).
for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    test(`"My games", and all games for the server's owner (${label})`, { timeout: 60000 },
        async () => {
            const other = await newPage(browser);
            await other.goto(server.url);
            await newGame(other, { mode: 'analysis' });
            await clickMove(other, 'e2', 'e4');  // an analysis board without moves is not listed
            await waitMoves(other, 1);
            const theirs = (await serverGame(other)).id;

            const page = await newPage(browser, viewport);
            let visitor = { owner: true };
            const asked = [];
            await page.route((url) => url.pathname === '/api/info', async (route) => {
                const res = await route.fetch();
                await route.fulfill({ response: res, json: { ...(await res.json()), visitor } });
            });
            await page.route((url) => url.pathname === '/api/games', async (route) => {
                if (route.request().method() === 'GET') asked.push(new URL(route.request().url()).search);
                await route.continue();
            });
            await page.goto(server.url);
            await newGame(page, { mode: 'analysis' });
            await clickMove(page, 'd2', 'd4');
            await waitMoves(page, 1);
            const mine = (await serverGame(page)).id;
            const ids = () => page.locator('#games-table tbody tr').evaluateAll(
                (rows) => rows.map((r) => r.dataset.id));

            await page.click('#btn-games');
            await page.waitForSelector(`#dlg-games[open] tr[data-id="${mine}"]`);
            assert.equal(await page.textContent('#dlg-games-title'), 'My games');
            assert.deepEqual(await ids(), [mine]);
            assert.ok(await page.locator('#games-all-box').isVisible());
            await page.check('#games-all');
            await page.waitForSelector(`#dlg-games[open] tr[data-id="${theirs}"]`);
            assert.equal(await page.textContent('#dlg-games-title'), 'Saved games');
            assert.ok((await ids()).includes(mine));
            assert.equal(asked.at(-1), '?all=1');
            const row = (id) => page.locator(`#games-table tr[data-id="${id}"]`);
            assert.equal(await row(mine).locator('button', { hasText: 'Delete' }).count(), 1);
            assert.equal(await row(theirs).locator('button', { hasText: 'Delete' }).count(), 0);
            assert.ok(await insideWidth(page, '#games-all-box'));
            await shot(page, `games-all-${label}`);
            assert.ok(await contrast(page, '#games-all-box') >= 4.5);

            // A visitor who is not the owner sees this browser's games and no choice.
            visitor = { owner: false };
            await page.keyboard.press('Escape');
            await page.reload();
            await page.waitForFunction(() => document.getElementById('status').textContent);
            await page.click('#btn-games');
            await page.waitForSelector(`#dlg-games[open] tr[data-id="${mine}"]`);
            assert.deepEqual(await ids(), [mine]);
            assert.ok(await page.locator('#games-all-box').isHidden());
            assert.equal(asked.at(-1), '');
            assert.deepEqual(page.errors, []);
            await page.context().close();
            await other.context().close();
        });
}
