// Shared helpers of the end-to-end tests: start `kibitz play` on a temporary database, launch
// Debian's chromium through playwright-core, and click squares of the chessground board.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const KIBITZ = process.env.KIBITZ || path.join(ROOT, 'build/kibitz');
// The web app the server serves; another folder (e.g. an older commit's web/) shows whether a
// test catches what a change fixed.
const WEB = process.env.KIBITZ_WEB || path.join(ROOT, 'web');

// A fresh temporary folder for a test's database.
export function tempDir() {
    return fs.mkdtempSync(path.join(os.tmpdir(), 'kibitz-e2e-'));
}

// Starts `kibitz play --port PORT --db DIR/k.db ARGS` and resolves {url, port, proc, stop,
// kill} once it prints its address. By default the engine plays without its opening book and
// endgame tables, so that its replies are searches that take their time; pass other `args`
// (e.g. ['--book', file] or ['--gaviota', dir]) to change that.
export function startServer(dir, port = 0, args = ['--no-book', '--tables', '']) {
    return new Promise((resolve, reject) => {
        const proc = spawn(KIBITZ, ['play', '--port', String(port), '--db', path.join(dir, 'k.db'),
            '--web', WEB, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        const timer = setTimeout(() => reject(new Error(`no address from kibitz play: ${out}`)),
            15000);
        const onData = (d) => {
            out += d;
            const m = out.match(/https?:\/\/[0-9.]+:(\d+)\//);
            if (m) {
                clearTimeout(timer);
                proc.stdout.off('data', onData);
                resolve({ url: m[0], port: Number(m[1]), proc,
                    stop: () => stopProcess(proc, 'SIGTERM'),
                    kill: () => stopProcess(proc, 'SIGKILL') });
            }
        };
        proc.stdout.on('data', onData);
        proc.stderr.on('data', (d) => { out += d; });
        proc.on('exit', (code) => {
            clearTimeout(timer);
            reject(new Error(`kibitz play exited (${code}): ${out}`));
        });
    });
}

function stopProcess(proc, signal) {
    return new Promise((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) {
            resolve();
            return;
        }
        proc.once('exit', () => resolve());
        proc.kill(signal);
    });
}

// Launches chromium headless with the flags this machine needs.
export function launch() {
    return chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox',
        '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync'] });
}

// A new page that fails the test on page errors; confirm() dialogs are accepted.
export async function newPage(browserOrContext, viewport = { width: 1280, height: 800 }) {
    const context = browserOrContext.newContext
        ? await browserOrContext.newContext({ viewport, acceptDownloads: true })
        : browserOrContext;
    const page = await context.newPage();
    await page.addInitScript(watchPage);
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(e.message));
    page.on('dialog', (d) => d.accept());
    return page;
}

// Runs in the page before its scripts (newPage installs it), so that a test can wait for what
// the page does instead of sleeping:
// - window.__kibitzStream follows the page's latest EventSource: its url, how often it opened,
//   and whether a message came since it last opened (`fresh`);
// - window.__kibitzFetches counts the page's fetch() calls whose answer has not been read yet.
// Each count changes in a task queued behind its event, i.e. after the page's own handlers.
function watchPage() {
    const NativeEventSource = window.EventSource;
    window.__kibitzStream = null;
    window.EventSource = class extends NativeEventSource {
        constructor(...args) {
            super(...args);
            const seen = { url: this.url, opened: 0, fresh: false };
            window.__kibitzStream = seen;
            this.addEventListener('open', () => setTimeout(() => {
                seen.opened += 1;
                seen.fresh = false;
            }));
            this.addEventListener('message', () => setTimeout(() => { seen.fresh = true; }));
        }
    };
    const nativeFetch = window.fetch;
    window.__kibitzFetches = 0;
    window.fetch = (...args) => {
        window.__kibitzFetches += 1;
        const done = () => setTimeout(() => { window.__kibitzFetches -= 1; });
        const answer = nativeFetch(...args);
        answer.then((res) => res.clone().text().then(done, done), done);
        return answer;
    };
}

// Waits until the page's event stream of the game in its address has opened at least `opened`
// times and a message has come since it last opened (the server sends the game's state first on
// every connection): the page follows that game.
export async function waitStream(page, opened = 1, timeout = 20000) {
    await page.waitForFunction((n) => {
        const seen = window.__kibitzStream;
        const id = (location.hash.match(/#\/game\/([0-9a-f]+)/) || [])[1];
        return seen && id && seen.url.includes(`/${id}/events`) && seen.opened >= n && seen.fresh;
    }, opened, { timeout });
}

// Waits until the page is still: no fetch() of its without its answer read, no piece of the
// board moving (chessground's animation of a move) and neither for two frames in a row, each
// frame followed by a task so that timers due before it (chessground calls back after 1 ms)
// have run. For checks that something did NOT happen (a click that must not move, an engine
// that must not play): the page has done all it was going to do with what it had.
export async function settle(page, timeout = 10000) {
    const still = await page.evaluate(async (ms) => {
        if (!('__kibitzFetches' in window)) return null;
        const turn = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
        const end = performance.now() + ms;
        for (let calm = 0; calm < 2;) {
            if (performance.now() > end) return false;
            await turn();
            const moving = document.querySelector('cg-board piece.anim, cg-board piece.fading');
            calm = window.__kibitzFetches === 0 && !moving ? calm + 1 : 0;
        }
        return true;
    }, timeout);
    if (still === null) throw new Error('settle: the page was not made by newPage');
    if (!still) throw new Error(`settle: the page was still busy after ${timeout} ms`);
}

// Waits for the page's next animation frame to be drawn: chessground redraws the board in one
// after every change (a click selecting a piece, a new position).
export async function nextFrame(page) {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
}

// The page coordinates of a square's centre, whichever way the board is turned. `board`: the
// selector of another board's element (a scratch board), '' for the page's one board.
export async function squareCenter(page, square, board = '') {
    const box = await page.locator(`${board} cg-board`.trim()).boundingBox();
    const black = await page.locator(`${board}.cg-wrap.orientation-black`).count() > 0;
    let file = square.charCodeAt(0) - 97;
    let rank = Number(square[1]) - 1;
    if (black) {
        file = 7 - file;
        rank = 7 - rank;
    }
    return { x: box.x + (file + 0.5) * box.width / 8,
        y: box.y + (7 - rank + 0.5) * box.height / 8 };
}

// Clicks one square and then another (chessground's click-click move) on the page's board, or
// on the board of selector `board`.
export async function clickMove(page, from, to, board = '') {
    const a = await squareCenter(page, from, board);
    await page.mouse.click(a.x, a.y);
    await nextFrame(page);
    const b = await squareCenter(page, to, board);
    await page.mouse.click(b.x, b.y);
}

// Drags a piece from one square to another with the mouse.
export async function dragMove(page, from, to) {
    const a = await squareCenter(page, from);
    const b = await squareCenter(page, to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
}

// Fills and submits the new-game dialog. opts: mode, color, level ('elo'|'depth'|...),
// depth, fen, pgn, ply, timed, minutes, increment, chess960.
export async function newGame(page, opts = {}) {
    // Right after loading, the page opens the dialog itself (or a game) once it has booted;
    // a click on "New game" before then would race that.
    await page.waitForFunction(() => document.querySelector('#dlg-new[open]') ||
        document.getElementById('status').textContent.length > 0);
    if (!(await page.locator('#dlg-new[open]').count())) await page.click('#btn-new');
    await page.check(`input[name="mode"][value="${opts.mode || 'engine'}"]`);
    if ((opts.mode || 'engine') !== 'analysis') {
        await page.check(`input[name="color"][value="${opts.color || 'white'}"]`);
        await page.setChecked('#new-timed', !!opts.timed);
        if (opts.timed) {
            await page.fill('#new-minutes', String(opts.minutes ?? 5));
            await page.fill('#new-increment', String(opts.increment ?? 0));
        }
    }
    if ((opts.mode || 'engine') === 'engine') {
        await page.check(`input[name="level"][value="${opts.level || 'depth'}"]`);
        if ((opts.level || 'depth') === 'depth') {
            await page.fill('#new-depth', String(opts.depth || 1));
        }
    }
    if (opts.fen) {
        await page.check('input[name="start"][value="fen"]');
        await page.fill('#new-fen', opts.fen);
    } else if (opts.pgn) {
        await page.check('input[name="start"][value="pgn"]');
        await page.fill('#new-pgn', opts.pgn);
        await page.fill('#new-ply', opts.ply === undefined ? '' : String(opts.ply));
    } else {
        await page.check('input[name="start"][value="initial"]');
    }
    await page.setChecked('#new-960', !!opts.chess960);
    const before = page.url();
    await page.click('#new-ok');
    await page.waitForFunction((b) => location.href !== b && /#\/game\//.test(location.hash),
        before);
    await page.waitForSelector('cg-board piece');
    await page.waitForFunction(() => document.getElementById('status').textContent.length > 0);
    await waitStream(page);
}

// The SAN moves of the move list, in order.
export async function moveList(page) {
    return page.locator('#moves button.move').allTextContents();
}

// Waits until the move list has `n` moves.
export async function waitMoves(page, n, timeout = 20000) {
    await page.waitForFunction((k) => document.querySelectorAll('#moves button.move').length === k,
        n, { timeout });
}

// The current game object as the server has it (read-only GET, no token).
export async function serverGame(page) {
    return page.evaluate(async () => {
        const id = location.hash.match(/#\/game\/([0-9a-f]+)/)[1];
        return (await fetch(`/api/games/${id}`)).json();
    });
}

// Polls an async condition in the test until it holds; throws after `timeout` ms.
export async function waitFor(condition, timeout = 30000, what = 'condition') {
    const end = Date.now() + timeout;
    for (;;) {
        if (await condition()) return;
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 50));
    }
}

// One server on a fresh database and one browser for all the tests of a file: started before
// them and stopped after them. `use(server, browser)` receives the two once they are up.
export function useServerAndBrowser(use) {
    let server;
    let browser;
    before(async () => {
        server = await startServer(tempDir());
        browser = await launch();
        use(server, browser);
    });
    after(async () => {
        await browser?.close();
        await server?.stop();
    });
}

// Asks for a review of the game shown (its panel button) and waits until the review is done
// and its graph has `points` points.
export async function reviewAndWait(page, points, timeout = 60000) {
    await page.click('.panel [data-action="review"]');
    await page.waitForFunction((n) => {
        const g = document.querySelector('#graph path.line');
        return g && g.getAttribute('d').split('L').length === n &&
            !/Reviewing/.test(document.getElementById('review-progress').textContent);
    }, points, { timeout });
}
