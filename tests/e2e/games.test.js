// What the page remembers and the saved-games list: sounds play with sound on and the mute
// choice survives a reload, the new-game dialog offers the last choices again, "Continue from
// here" starts a game from an earlier move, and the list opens, reviews, exports and deletes
// games (a deleted game stays gone after a reload). Also: the header fits a phone's width.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
    useServerAndBrowser, newPage, newGame, clickMove, serverGame,
    waitFor, waitMoves, moveList
} from './helpers.js';

let server;
let browser;
useServerAndBrowser((s, b) => {
    server = s;
    browser = b;
});

const gameId = (page) => page.url().match(/#\/game\/([0-9a-f]+)/)[1];
const sounds = (page) => page.evaluate(() => window.kibitzSounds);
const row = (page, id) => page.locator(`#games-table tr[data-id="${id}"]`);

async function openGamesList(page) {
    await page.click('#btn-games');
    await page.waitForSelector('#dlg-games[open] tbody tr');
}

// Waits for a game's page after a reload or a change of address.
async function waitGame(page, id) {
    await page.waitForFunction((i) => location.hash.includes(i), id);
    await page.waitForFunction(() => document.getElementById('status').textContent.length > 0 &&
        document.querySelector('cg-board piece'));
}

test('sound, remembered choices, continue from here, saved games', { timeout: 90000 },
    async () => {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 },
            acceptDownloads: true });
        // Counts the oscillators the page's synthesized sounds start.
        await context.addInitScript(() => {
            window.kibitzSounds = 0;
            const Ctx = window.AudioContext;
            if (!Ctx) return;
            const create = Ctx.prototype.createOscillator;
            Ctx.prototype.createOscillator = function oscillator(...args) {
                window.kibitzSounds++;
                return create.apply(this, args);
            };
        });
        const page = await newPage(context);
        await page.goto(server.url);
        await page.waitForSelector('#dlg-new[open]');
        assert.equal(await page.getAttribute('#btn-mute', 'aria-pressed'), 'true');
        assert.equal(await page.textContent('#btn-mute'), 'Sound on');

        // Game A: Kibitz (depth 1) plays White with a 3+2 clock; the person plays Black.
        await newGame(page, { mode: 'engine', color: 'black', level: 'depth', depth: 1,
            timed: true, minutes: 3, increment: 2 });
        const a = gameId(page);
        await waitMoves(page, 1);
        await clickMove(page, 'e7', 'e5');
        await waitMoves(page, 3);
        assert.ok(await sounds(page) > 0, 'a move with sound on starts an oscillator');

        // Sound off, remembered across a reload; moves are then silent.
        await page.click('#btn-mute');
        assert.equal(await page.getAttribute('#btn-mute', 'aria-pressed'), 'false');
        assert.equal(await page.textContent('#btn-mute'), 'Sound off');
        await page.reload();
        await waitGame(page, a);
        assert.equal(await page.getAttribute('#btn-mute', 'aria-pressed'), 'false');
        assert.equal(await page.textContent('#btn-mute'), 'Sound off');
        await clickMove(page, 'd7', 'd6');
        await waitMoves(page, 5);
        assert.equal(await sounds(page), 0);
        await page.click('#btn-mute');
        assert.equal(await page.textContent('#btn-mute'), 'Sound on');

        // The new-game dialog after the reload holds the last choices.
        await page.click('#btn-new');
        await page.waitForSelector('#dlg-new[open]');
        assert.ok(await page.isChecked('input[name="mode"][value="engine"]'));
        assert.ok(await page.isChecked('input[name="color"][value="black"]'));
        assert.ok(await page.isChecked('input[name="level"][value="depth"]'));
        assert.equal(await page.inputValue('#new-depth'), '1');
        assert.ok(await page.isChecked('#new-timed'));
        assert.equal(await page.inputValue('#new-minutes'), '3');
        assert.equal(await page.inputValue('#new-increment'), '2');
        assert.ok(await page.isChecked('input[name="start"][value="initial"]'));
        await page.click('#dlg-new button[value="cancel"]');
        await page.waitForSelector('#dlg-new', { state: 'hidden' });

        // Resign A, then play on against Kibitz from after its second half-move.
        await page.click('.panel [data-action="resign"]');
        await page.waitForSelector('#banner:not([hidden])');
        const gameA = await serverGame(page);
        assert.equal(gameA.result, '1-0');
        await page.keyboard.press('Home');
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowRight');
        await page.waitForFunction(() => /Showing move 2 of/.test(
            document.getElementById('status').textContent));
        await page.click('.panel [data-action="continue"]');
        await page.waitForSelector('#dlg-new[open]');
        assert.match(await page.textContent('#dlg-new-title'),
            /^Play on against Kibitz after 1\.\.\. e5$/);
        await page.click('#new-ok');
        await page.waitForFunction((old) => /#\/game\//.test(location.hash) &&
            !location.hash.includes(old), a);
        const b = gameId(page);
        await waitMoves(page, 3);
        const gameB = await serverGame(page);
        assert.deepEqual(gameB.moves.slice(0, 2).map((m) => m.san),
            gameA.moves.slice(0, 2).map((m) => m.san));
        assert.equal(gameB.over, false);
        assert.deepEqual((await moveList(page)).slice(0, 2), gameB.moves.slice(0, 2)
            .map((m) => m.san));

        // The list: newest first, A finished, B going on (not reviewable yet).
        await openGamesList(page);
        assert.deepEqual(await page.locator('#games-table tbody tr').evaluateAll(
            (rows) => rows.map((r) => r.dataset.id)), [b, a]);
        assert.equal(await row(page, a).locator('td').nth(3).textContent(), '1-0');
        assert.equal(await row(page, a).locator('button').first().textContent(), 'Open');
        assert.equal(await row(page, b).locator('button').first().textContent(), 'Continue');
        assert.ok(await row(page, b).locator('button', { hasText: 'Review' }).isDisabled());

        // PGN export of A.
        const [download] = await Promise.all([
            page.waitForEvent('download'),
            row(page, a).locator('button', { hasText: 'PGN' }).click(),
        ]);
        const pgn = fs.readFileSync(await download.path(), 'utf8');
        assert.match(pgn, /\[Result "1-0"\]/);
        assert.ok(pgn.includes(`1. ${gameA.moves[0].san} `), pgn);

        // Review A from the list: the page goes to A and draws the review.
        await row(page, a).locator('button', { hasText: 'Review' }).click();
        await waitGame(page, a);
        await page.waitForFunction(() => {
            const line = document.querySelector('#review:not([hidden]) #graph path.line');
            return line && line.getAttribute('d') &&
                document.getElementById('review-progress').textContent === '';
        }, null, { timeout: 30000 });
        assert.equal((await serverGame(page)).review.done, gameA.moves.length + 1);

        // Open (continue) B from the list.
        await openGamesList(page);
        await row(page, b).locator('button', { hasText: 'Continue' }).click();
        await waitGame(page, b);
        await page.waitForFunction(() => /Your move/.test(
            document.getElementById('status').textContent));

        // Delete A (confirmed): gone from the list, from the server, and after a reload.
        await openGamesList(page);
        await row(page, a).locator('button', { hasText: 'Delete' }).click();
        await page.waitForFunction((i) => !document.querySelector(`tr[data-id="${i}"]`), a);
        assert.equal(await page.locator('#games-table tbody tr').count(), 1);
        const status = await page.evaluate(async (i) => (await fetch(`/api/games/${i}`)).status,
            a);
        assert.equal(status, 404);
        await page.reload();
        await waitGame(page, b);
        await openGamesList(page);
        assert.deepEqual(await page.locator('#games-table tbody tr').evaluateAll(
            (rows) => rows.map((r) => r.dataset.id)), [b]);

        // Deleting the shown game leads to the new-game dialog, without an error; another tab
        // showing it is told and goes there too.
        const other = await newPage(context);
        const stream = other.waitForResponse((r) => r.url().includes(`/api/games/${b}/events`));
        await other.goto(`${server.url}#/game/${b}`);
        await waitGame(other, b);
        await stream;
        await row(page, b).locator('button', { hasText: 'Delete' }).click();
        await page.waitForSelector('#dlg-new[open]');
        await other.waitForSelector('#dlg-new[open]', { timeout: 15000 });
        assert.equal(await other.textContent('#notice'), 'This game was deleted.');
        assert.ok(await other.locator('#error').isHidden());
        assert.deepEqual(other.errors, []);
        assert.ok(await page.locator('#error').isHidden());
        await page.reload();
        await page.waitForSelector('#dlg-new[open]');
        assert.ok(await page.locator('#error').isHidden());
        assert.deepEqual(page.errors, []);
        await context.close();
    });

test('on a phone: the header on one line, games as cards', { timeout: 30000 }, async () => {
    const page = await newPage(browser, { width: 390, height: 844 });
    await page.goto(server.url);
    await page.waitForSelector('#dlg-new[open]');
    await page.keyboard.press('Escape');
    const layout = await page.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        title: document.querySelector('.top h1').getBoundingClientRect(),
        buttons: [...document.querySelectorAll(
            '.top nav button, .top #link-othello, .top #link-puzzles')].map(
            (b) => b.getBoundingClientRect()),
    }));
    assert.equal(layout.width, 390, 'no sideways scrolling');
    // The six buttons and the links to Othello's page and the puzzles' page.
    assert.equal(layout.buttons.length, 8);
    for (const b of layout.buttons) {
        assert.ok(b.top < layout.title.bottom && b.bottom > layout.title.top,
            'each button beside the title');
        assert.ok(b.right <= 390);
    }

    // The saved games are cards whose buttons are all in sight (Delete too: this browser keeps
    // the game's token, as the page does for the games it starts).
    await page.evaluate(async () => {
        const r = await (await fetch('/api/games', { method: 'POST', body: '{"mode": "humans"}',
            headers: { 'Content-Type': 'application/json' } })).json();
        const all = JSON.parse(localStorage.getItem('kibitz.tokens') || '{}');
        all[r.game.id] = { seat: r.seat, token: r.token };
        localStorage.setItem('kibitz.tokens', JSON.stringify(all));
    });
    await openGamesList(page);
    const list = await page.evaluate(() => ({
        width: document.querySelector('#dlg-games .table-wrap').scrollWidth,
        shown: document.querySelector('#dlg-games .table-wrap').clientWidth,
        buttons: [...document.querySelectorAll('#games-table button')].map((b) =>
            b.getBoundingClientRect().right),
    }));
    assert.equal(list.width, list.shown, 'no sideways scrolling in the list');
    assert.equal(list.buttons.length, 4);
    for (const right of list.buttons) assert.ok(right <= 390, `a button ends at ${right}`);
    await page.context().close();
});
