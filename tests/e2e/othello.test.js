// The Othello page (web/othello.html) in the browser: a game against Kibitz with its four
// legal-move dots, a move and the engine's reply, a takeback, games imported as text with a
// pass (written in the text, or played with the Pass button), a reload that finds the game, and a
// second browser that follows a game through its event stream.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, newPage, waitFor } from './helpers.js';

// A random game's first 52 moves: Black has no move after them and must pass.
const BEFORE_PASS = 'c4c3c2f4f6d6d7g7f3b2a2a1e6b4b3c1d1c5b1f5a3b5g4f2c6h4a6d3g2e2e3e7h8g6f1a5' +
    'f7a4g5h5b6g3h2h3h6c8c7f8e8h7d2g8';

let server;
let browser;
useServerAndBrowser((s, b) => {
    server = s;
    browser = b;
});

// The game object the page shows, read from the server without a token.
function serverGame(page) {
    return page.evaluate(async () => {
        const id = location.hash.match(/#\/game\/([0-9a-f]{16})/)[1];
        return (await fetch(`/api/othello/games/${id}`)).json();
    });
}

async function openPage() {
    const page = await newPage(browser);
    await page.goto(`${server.url}othello.html`);
    await page.waitForFunction(() => document.body.dataset.ready === '1');
    return page;
}

// Fills the new-game dialog (opened if need be) and starts the game.
async function newGame(page, { mode = 'engine', color = 'black', level = '1' } = {}) {
    if (!(await page.locator('#dlg-new[open]').count())) await page.click('#btn-new');
    await page.check(`#new-form input[name="mode"][value="${mode}"]`);
    if (mode === 'engine') {
        await page.check(`#new-form input[name="color"][value="${color}"]`);
        await page.selectOption('#new-level', level);
    }
    const before = page.url();
    await page.click('#new-ok');
    await page.waitForFunction((b) => location.href !== b && /#\/game\//.test(location.hash),
        before);
}

// The page opens the new-game dialog when it has no game to show: closed first.
async function closeNewDialog(page) {
    if (await page.locator('#dlg-new[open]').count()) await page.keyboard.press('Escape');
    await page.waitForSelector('#dlg-new', { state: 'hidden' });
}

async function importGame(page, text, { mode = 'humans', color = 'black' } = {}) {
    await closeNewDialog(page);
    await page.click('#btn-import');
    await page.waitForSelector('#dlg-import[open]');
    await page.fill('#import-text', text);
    await page.check(`#import-form input[name="imode"][value="${mode}"]`);
    if (mode === 'engine') await page.check(`#import-form input[name="icolor"][value="${color}"]`);
    const before = page.url();
    await page.click('#import-ok');
    await page.waitForFunction((b) => location.href !== b, before);
    await page.waitForSelector('#dlg-import', { state: 'hidden' });
}

const hints = (page) => page.locator('#board.playable .cell.legal').count();

test('play Kibitz: four hints, a move, its reply, a takeback', { timeout: 60000 }, async () => {
    const page = await openPage();
    await page.waitForSelector('#dlg-new[open]');
    // Under the level list: what the chosen level does and how it fared against ntest.
    await page.selectOption('#new-level', '4');
    assert.match(await page.textContent('#new-level-note'),
        /^Looks 6 moves ahead, .* Measured: \d+% against ntest depth \d+/);
    if (process.env.KIBITZ_SHOTS) {
        await page.locator('#dlg-new')
            .screenshot({ path: `${process.env.KIBITZ_SHOTS}/othello-levels.png` });
    }
    await page.selectOption('#new-level', '1');
    assert.match(await page.textContent('#new-level-note'), /^Looks 1 move ahead, /);
    await newGame(page, { color: 'black', level: '2' });
    await page.waitForFunction(() => document.querySelectorAll('#board.playable .cell.legal')
        .length === 4);
    const squares = await page.locator('#board .cell.legal').evaluateAll((els) =>
        els.map((e) => e.dataset.square).sort());
    assert.deepEqual(squares, ['c4', 'd3', 'e6', 'f5']);
    assert.match(await page.textContent('#status'), /Your move \(Black\)/);
    assert.equal(await page.textContent('#player-black .count'), '2');

    await page.click('#board [data-square="f5"]');
    await waitFor(async () => (await serverGame(page)).moves.length === 2, 20000, 'the reply');
    await page.waitForFunction(() => document.querySelectorAll('#moves .omove').length === 2);
    const g = await serverGame(page);
    assert.equal(g.moves[0].move, 'f5');
    assert.equal(g.moves[1].color, 'white');
    // The reply is marked, its flipped disc ringed, and Kibitz's evaluation is shown.
    await page.waitForSelector(`#board [data-square="${g.moves[1].move}"].last`);
    assert.equal(await page.locator('#board .cell.flipped').count(), g.moves[1].flipped.length);
    await page.waitForFunction(() => /White|Black|Even/.test(
        document.getElementById('eval').textContent));
    assert.equal(await page.textContent('#pv').then((t) => t.split(' ')[0]), g.moves[1].move);
    assert.ok(await hints(page) > 0);

    await page.click('[data-action="takeback"]');
    await waitFor(async () => (await serverGame(page)).moves.length === 0, 10000, 'the takeback');
    await page.waitForFunction(() => document.querySelectorAll('#board.playable .cell.legal')
        .length === 4);
    assert.equal(await page.locator('#moves .omove').count(), 0);
    assert.deepEqual(page.errors, []);
    await page.close();
});

test('Kibitz moves first when it has Black', { timeout: 30000 }, async () => {
    const page = await openPage();
    await newGame(page, { color: 'white', level: '1' });
    await page.waitForFunction(() => document.querySelectorAll('#moves .omove').length === 1);
    await page.waitForFunction(() => document.querySelectorAll('#board.playable .cell.legal')
        .length === 3);
    assert.match(await page.textContent('#status'), /Your move \(White\)/);
    // The person's colour sits below the board.
    const top = await page.locator('#player-black').boundingBox();
    const bottom = await page.locator('#player-white').boundingBox();
    assert.ok(bottom.y > top.y);
    assert.deepEqual(page.errors, []);
    await page.close();
});

test('a forced pass: the Pass button and its explanation', { timeout: 30000 }, async () => {
    const page = await openPage();
    await importGame(page, BEFORE_PASS);
    await page.waitForSelector('#pass-box:not([hidden])');
    assert.match(await page.textContent('#pass-text'), /Black has no move.*must pass/);
    assert.equal(await hints(page), 0);
    await page.click('#btn-pass');
    await page.waitForSelector('#pass-box', { state: 'hidden' });
    const g = await serverGame(page);
    assert.equal(g.moves.length, 53);
    assert.equal(g.moves[52].move, 'pass');
    await page.waitForSelector('#moves .omove.pass');
    assert.match(await page.textContent('#status'), /White to move/);
    assert.deepEqual(page.errors, []);
    await page.close();
});

test('import a game with a pass, bad text named, reload finds it', { timeout: 60000 },
    async () => {
        const page = await openPage();
        // A bad move: the dialog stays open and names it.
        await closeNewDialog(page);
        await page.click('#btn-import');
        await page.fill('#import-text', 'f5 d6 c3 e9');
        await page.click('#import-ok');
        await page.waitForSelector('#import-error:not([hidden])');
        assert.match(await page.textContent('#import-error'), /move 4: 'e9'/);
        await page.click('#import-form button[value="cancel"]');

        await importGame(page, `; a game\n${BEFORE_PASS} PA g1`, { mode: 'engine', color: 'white' });
        await waitFor(async () => (await serverGame(page)).moves.length >= 55, 20000,
            'the engine\'s reply to the import');
        const g = await serverGame(page);
        assert.equal(g.moves[52].move, 'pass');
        assert.equal(g.moves[53].move, 'g1');
        await page.waitForFunction(() => document.querySelectorAll('#moves .omove.pass')
            .length === 1);

        // Save: the game as text, which the import reads back.
        await page.click('[data-action="save"]');
        await page.waitForSelector('#dlg-export[open]');
        const text = await page.inputValue('#export-text');
        assert.ok(text.includes(`${BEFORE_PASS}passg1`), text);
        assert.match(await page.getAttribute('#export-download', 'href'), /\/export$/);
        await page.keyboard.press('Escape');

        // A reload opens the same game; it is in the saved games.
        const url = page.url();
        await page.reload();
        await page.waitForFunction((n) => document.querySelectorAll('#moves .omove').length === n,
            g.moves.length);
        assert.equal(page.url(), url);
        await page.goto(`${server.url}othello.html`);
        await page.waitForFunction(() => /#\/game\//.test(location.hash));
        assert.equal(page.url(), url);
        await page.click('#btn-games');
        await page.waitForSelector(`#dlg-games[open] tr[data-id="${g.id}"]`);
        assert.deepEqual(page.errors, []);
        await page.close();
    });

test('another tab follows the game as it is played and deleted', { timeout: 30000 },
    async () => {
        const page = await openPage();
        await newGame(page, { mode: 'humans' });
        await page.waitForFunction(() => document.querySelectorAll('#board.playable .cell.legal')
            .length === 4);
        const watcher = await newPage(browser);  // a browser of its own: no token, a spectator
        await watcher.goto(page.url());
        await watcher.waitForFunction(() => document.body.dataset.ready === '1');
        await page.click('#board [data-square="f5"]');
        await watcher.waitForFunction(() => document.querySelectorAll('#moves .omove').length ===
            1);
        await page.click('#board [data-square="d6"]');
        await watcher.waitForFunction(() => document.querySelectorAll('#moves .omove').length ===
            2);
        const id = page.url().match(/#\/game\/([0-9a-f]{16})/)[1];
        const deleted = await page.evaluate(async (gameId) => {
            const own = JSON.parse(localStorage.getItem('othello.kibitz.tokens'))[gameId];
            return (await fetch(`/api/othello/games/${gameId}`, { method: 'DELETE',
                headers: { 'X-Kibitz-Token': own.token } })).status;
        }, id);
        assert.equal(deleted, 200);
        await watcher.waitForFunction(() => !/#\/game\//.test(location.hash));
        assert.match(await watcher.textContent('#notice'), /deleted/);
        assert.deepEqual(watcher.errors, []);
        assert.deepEqual(page.errors, []);
        await watcher.close();
        await page.close();
    });

test('the chess page links to Othello and back', { timeout: 30000 }, async () => {
    const page = await newPage(browser);
    await page.goto(server.url);
    await page.waitForSelector('#dlg-new[open]');
    await page.keyboard.press('Escape');
    await page.click('#link-othello');
    await page.waitForURL(/othello\.html/);
    await page.waitForFunction(() => document.body.dataset.ready === '1');
    await closeNewDialog(page);
    await page.click('.switch-game');
    await page.waitForURL((u) => !/othello/.test(u.pathname));
    assert.deepEqual(page.errors, []);
    await page.close();
});
