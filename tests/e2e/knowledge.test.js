// What the opening book and the endgame tables know: an analysis board at the start shows the
// default book's moves (a click plays one), Kibitz answers 1. e4 from the book and says so, and
// an analysis board of KQK with Debian's Gaviota tables shows the mate, and one of KRK with
// the Syzygy fixtures shows the result and the DTZ.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { KIBITZ, ROOT, tempDir, startServer, launch, newPage, newGame, clickMove, waitMoves,
    serverGame, waitFor } from './helpers.js';

const BOOK = path.join(path.dirname(KIBITZ), 'book.bin');
const GAVIOTA = '/usr/share/gaviotatb/gtb4';

test('the book on an analysis board and in a game against Kibitz', { timeout: 90000 },
    async (t) => {
        if (!fs.existsSync(BOOK)) {
            t.skip(`no default book next to the binary (${BOOK}); build the default_book target`);
            return;
        }
        const server = await startServer(tempDir(), 0, ['--book', BOOK]);
        const browser = await launch();
        try {
            const page = await newPage(browser);
            await page.goto(server.url);
            const info = await page.evaluate(async () => (await fetch('/api/info')).json());
            assert.equal(info.book.file, BOOK);
            assert.ok(info.book.entries > 0);

            await newGame(page, { mode: 'analysis' });
            await page.waitForSelector('#knowledge .book button.san', { timeout: 10000 });
            const text = await page.textContent('#knowledge .book');
            assert.match(text, /^Book: /);
            assert.match(text, /\b(e4|d4|Nf3|c4) \d+%/);
            const first = page.locator('#knowledge .book button.san').first();
            const uci = await first.getAttribute('data-uci');
            assert.match(await first.getAttribute('aria-label'), /^Play the book move /);
            await first.click();
            await waitFor(async () => (await serverGame(page)).moves.length === 1, 10000,
                'the book move played');
            assert.equal((await serverGame(page)).moves[0].uci, uci);
            // The block follows the shown position: the reply's book moves now.
            await page.waitForFunction(() => !document.getElementById('knowledge').hidden &&
                document.querySelector('#knowledge .book button.san')?.dataset.uci?.[1] === '7',
            null, { timeout: 10000 });
            assert.deepEqual(page.errors, []);
            await page.context().close();

            // Against Kibitz: it answers 1. e4 from the book at once, and the panel says so.
            const game = await newPage(browser);
            await game.goto(server.url);
            await newGame(game, { mode: 'engine', color: 'white', level: 'depth', depth: 1 });
            await clickMove(game, 'e2', 'e4');
            await waitMoves(game, 2);
            const reply = (await serverGame(game)).moves[1];
            assert.equal(reply.book, true);
            await game.waitForFunction(() => /book move/.test(
                document.getElementById('thinking').textContent));
            assert.match(await game.textContent('#thinking'),
                new RegExp(`1\\.\\.\\. ${reply.san}`));
            // The knowledge block is for analysis, not for a game being played.
            assert.ok(await game.locator('#knowledge').isHidden());
            // After a reload the panel still tells where the move came from.
            await game.reload();
            await game.waitForFunction(() => /book move/.test(
                document.getElementById('thinking').textContent));
            assert.deepEqual(game.errors, []);
        } finally {
            await browser.close();
            await server.stop();
        }
    });

test('an analysis board of KQK shows the tablebase mate', { timeout: 60000 }, async (t) => {
    if (!fs.existsSync(GAVIOTA)) {
        t.skip(`Debian's gaviotatb tables not installed (${GAVIOTA})`);
        return;
    }
    const server = await startServer(tempDir(), 0,
        ['--no-book', '--tables', '', '--gaviota', GAVIOTA]);
    const browser = await launch();
    try {
        const page = await newPage(browser);
        await page.goto(server.url);
        const info = await page.evaluate(async () => (await fetch('/api/info')).json());
        assert.equal(info.tablebases.gaviota, GAVIOTA);
        assert.ok(info.tablebases.max_men >= 3);
        await newGame(page, { mode: 'analysis', fen: '8/8/8/4k3/8/8/8/KQ6 w - - 0 1' });
        await page.waitForSelector('#knowledge .tablebase', { timeout: 10000 });
        const text = await page.textContent('#knowledge .tablebase');
        assert.match(text, /^Tablebase: mate in \d+ — (K|Q)\S+$/);
        assert.equal(await page.locator('#knowledge .book').count(), 0);
        // Playing the tables' move: the other side is mated in one move less.
        const n = Number(text.match(/mate in (\d+)/)[1]);
        await page.click('#knowledge .tablebase button.san');
        await waitFor(async () => (await serverGame(page)).moves.length === 1, 10000,
            'the tablebase move played');
        await page.waitForFunction((k) => document.querySelector('#knowledge .tablebase')
            ?.textContent.startsWith(`Tablebase: mated in ${k}`), n - 1, { timeout: 10000 });
        // Analysis events carry the same line.
        await page.click('#btn-analysis');
        await page.waitForSelector('#lines li', { timeout: 20000 });
        assert.match(await page.textContent('#knowledge .tablebase'), /^Tablebase: mated in/);
        await page.click('#btn-analysis');
        assert.deepEqual(page.errors, []);
    } finally {
        await browser.close();
        await server.stop();
    }
});

test('an analysis board of KRK with Syzygy tables shows the result and the DTZ', { timeout: 60000 },
    async () => {
        const SYZYGY = path.join(ROOT, 'tests', 'data', 'syzygy');
        const server = await startServer(tempDir(), 0,
            ['--no-book', '--tables', '', '--syzygy', SYZYGY]);
        const browser = await launch();
        try {
            const page = await newPage(browser);
            await page.goto(server.url);
            const info = await page.evaluate(async () => (await fetch('/api/info')).json());
            assert.equal(info.tablebases.syzygy, SYZYGY);
            await newGame(page, { mode: 'analysis', fen: '8/8/8/4k3/8/8/8/KR6 w - - 0 1' });
            await page.waitForSelector('#knowledge .tablebase', { timeout: 10000 });
            const text = await page.textContent('#knowledge .tablebase');
            assert.match(text, /^Tablebase: win, DTZ 29 — (K|R)\S+$/);
            if (process.env.KIBITZ_SHOTS) {
                await page.screenshot({ path: path.join(process.env.KIBITZ_SHOTS,
                    'syzygy-knowledge.png') });
            }
            // The tables' move: the other side loses.
            await page.click('#knowledge .tablebase button.san');
            await waitFor(async () => (await serverGame(page)).moves.length === 1, 10000,
                'the tablebase move played');
            await page.waitForFunction(() => document.querySelector('#knowledge .tablebase')
                ?.textContent.startsWith('Tablebase: loss, DTZ'), null, { timeout: 10000 });
            assert.deepEqual(page.errors, []);
        } finally {
            await browser.close();
            await server.stop();
        }
    });
