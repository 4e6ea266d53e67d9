// Two people and a spectator: the invitation link copied, a draw offer declined, a draw claimed
// under the fifty-move rule by the side to move, a spectator without a token who sees the game
// live but cannot move, Copy FEN, a rematch with the colours swapped, and a resignation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, newPage, newGame, clickMove, serverGame, waitFor, waitMoves,
    settle } from './helpers.js';

let server;
let browser;
useServerAndBrowser((s, b) => {
    server = s;
    browser = b;
});

// White to move with the halfmove clock at 99: one quiet move makes 100 half-moves without a
// capture or pawn move, and Black may then claim a draw.
const FEN = '4k3/8/8/8/8/8/8/R3K3 w - - 99 80';

test('claim a draw, watch, copy the FEN, rematch and resign', { timeout: 90000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 },
        permissions: ['clipboard-read', 'clipboard-write'] });
    const white = await newPage(context);
    await white.goto(server.url);
    await newGame(white, { mode: 'humans', color: 'white', fen: FEN });
    const link = await white.inputValue('#invite-link');
    const id = white.url().match(/#\/game\/([0-9a-f]+)/)[1];
    await white.click('#invite-copy');
    await white.waitForFunction(() => document.getElementById('notice').textContent ===
        'Invitation link copied.');
    assert.equal(await white.evaluate(() => navigator.clipboard.readText()), link);

    const black = await newPage(browser);
    await black.goto(link);
    await black.waitForSelector('cg-board piece');

    // The spectator opens the game's address without a token.
    const watcher = await newPage(browser);
    await watcher.goto(`${server.url}#/game/${id}`);
    await watcher.waitForFunction(() => /Watching\. White to move\./.test(
        document.getElementById('status').textContent));
    assert.equal(await watcher.locator('cg-board square.movable').count(), 0);
    assert.ok(await watcher.locator('#move-input').isDisabled());
    for (const action of ['takeback', 'draw', 'claim', 'resign', 'rematch']) {
        assert.ok(await watcher.locator(`.panel [data-action="${action}"]`).isDisabled(), action);
    }

    // A draw offer declined: White hears of it, and the offer is gone.
    await white.click('.panel [data-action="draw"]');
    await black.waitForSelector('#draw-offer:not([hidden])');
    assert.match(await black.textContent('#draw-offer .text'), /White offers a draw/);
    assert.equal(await black.textContent('.panel [data-action="draw"]'), 'Accept draw');
    await black.click('#draw-decline');
    await white.waitForFunction(() => document.getElementById('notice').textContent ===
        'Black declines the draw.');
    await black.waitForSelector('#draw-offer', { state: 'hidden' });
    assert.equal((await serverGame(white)).draw_offer, null);

    // Before the move nothing can be claimed.
    assert.ok(await black.locator('.panel [data-action="claim"]').isDisabled());
    await clickMove(white, 'a1', 'a2');
    await waitMoves(black, 1);
    await waitMoves(watcher, 1);
    await watcher.waitForFunction(() => /Watching\. Black to move\./.test(
        document.getElementById('status').textContent));
    assert.equal(await watcher.textContent('#moves button.move'), 'Ra2');

    // The spectator's shortcuts for the buttons it cannot use do nothing (o: rematch).
    await watcher.keyboard.press('o');
    await watcher.keyboard.press('r');

    // The spectator's clicks on Black's king move nothing.
    await clickMove(watcher, 'e8', 'e7');
    await settle(watcher);
    assert.equal((await serverGame(watcher)).moves.length, 1);
    assert.equal(await watcher.locator('cg-board square.movable').count(), 0);
    assert.ok(watcher.url().includes(id), 'no new game');
    assert.ok(await watcher.locator('#error').isHidden());
    // Every game on the server (the page is its owner's, on 127.0.0.1): still the one.
    const games = await watcher.evaluate(async () => (await (await fetch('/api/games?all=1'))
        .json()).games.length);
    assert.equal(games, 1);

    // Black may claim: the status says so and the button is on; White's is off.
    await black.waitForFunction(() => /You may claim a draw \(fifty-move rule\)/.test(
        document.getElementById('status').textContent));
    assert.ok(await white.locator('.panel [data-action="claim"]').isDisabled());
    await black.click('.panel [data-action="claim"]');
    for (const page of [black, white, watcher]) {
        await page.waitForSelector('#banner:not([hidden])');
        const banner = await page.textContent('#banner');
        assert.match(banner, /1\/2-1\/2/);
        assert.match(banner, /Draw by fifty-move rule/);
    }
    // The spectator's banner offers no rematch or review; Close closes it.
    assert.equal(await watcher.locator('#banner button').allTextContents().then((t) =>
        t.join(',')), 'Close');
    assert.equal(await black.locator('#banner button').allTextContents().then((t) =>
        t.join(',')), 'Rematch,Review,Close');
    await black.click('#banner [data-action="close-banner"]');
    await black.waitForSelector('#banner', { state: 'hidden' });
    const drawn = await serverGame(white);
    assert.equal(drawn.reason, 'fifty-move rule');
    assert.equal(drawn.result, '1/2-1/2');

    // Copy FEN puts the shown position on the clipboard.
    await white.click('.panel [data-action="copy-fen"]');
    await white.waitForFunction(() => document.getElementById('notice').textContent ===
        'FEN copied.');
    const copied = await white.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, drawn.fen);
    assert.match(copied, / b - - 100 80$/);
    // From an earlier position it copies that one.
    await white.keyboard.press('Home');
    await white.click('.panel [data-action="copy-fen"]');
    await waitFor(async () => await white.evaluate(() => navigator.clipboard.readText()) === FEN,
        5000, 'the start FEN on the clipboard');
    await white.keyboard.press('End');

    // Rematch: the same start and settings, White's creator now plays Black. (The banner stays
    // closed once the moves were stepped through, so the panel's button is used.)
    await white.click('.panel [data-action="rematch"]');
    await white.waitForFunction((old) => !location.hash.includes(old), id);
    await white.waitForSelector('.cg-wrap.orientation-black');
    const rematch = await serverGame(white);
    assert.notEqual(rematch.id, id);
    assert.equal(rematch.mode, 'humans');
    assert.equal(rematch.start_fen, FEN);
    assert.equal(rematch.moves.length, 0);
    assert.equal(rematch.settings.clock, null);
    assert.match(await white.textContent('#player-bottom .name'), /Black \(you\)/);
    await white.waitForSelector('#invite:not([hidden])');
    assert.match(await white.inputValue('#invite-link'), /seat=white&token=[0-9a-f]{32}/);
    await white.waitForFunction(() => /Waiting for White/.test(
        document.getElementById('status').textContent));

    // Resign (the confirmation is accepted): White wins.
    await white.click('.panel [data-action="resign"]');
    await white.waitForSelector('#banner:not([hidden])');
    assert.match(await white.textContent('#banner'), /White wins by resignation/);
    const resigned = await serverGame(white);
    assert.equal(resigned.result, '1-0');
    assert.equal(resigned.reason, 'resignation');
    assert.ok(await white.locator('.panel [data-action="resign"]').isDisabled());

    for (const page of [white, black, watcher]) assert.deepEqual(page.errors, []);
    await context.close();
});
