// The analysis board's move menu and status line (issue 22): the comment before a move, the
// position assessments beside the move marks, where a variation's move lies, and the Take back
// button of a game between two people; the menu at phone width fits the screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, newGame, serverGame, waitFor, useServerAndBrowser } from './helpers.js';

const SHOTS = process.env.KIBITZ_SHOTS || '/tmp/ip-shots';

let server;
let browser;
useServerAndBrowser((s, b) => {
    server = s;
    browser = b;
});

// Types a move and waits for the server's answer (the field is emptied then); the arrow keys
// are the page's again afterwards.
async function typeMove(page, san) {
    await page.fill('#move-input', san);
    await page.press('#move-input', 'Enter');
    await page.waitForFunction(() => document.getElementById('move-input').value === '');
    await page.evaluate(() => document.activeElement.blur());
}

// A new analysis board with the moves `sans` played.
async function board(viewport, sans) {
    const page = await newPage(browser, viewport);
    await page.goto(server.url);
    await newGame(page, { mode: 'analysis' });
    for (const san of sans) await typeMove(page, san);
    await waitFor(async () => (await serverGame(page)).moves.length === sans.length, 10000,
        'the moves');
    return page;
}

// Opens the move menu of the move whose SAN is `san` (right-click).
async function openMenu(page, san) {
    await page.click(`#moves [data-node]:text-is("${san}")`, { button: 'right' });
    await page.waitForSelector('#move-menu:not([hidden])');
}

// Through the menu item `item` of move `san`, writes `text` in the comment dialog (which must
// hold `was` when it opens) and saves it; returns the dialog's title.
async function comment(page, san, item, text, was = '') {
    await openMenu(page, san);
    await page.click(`#move-menu button:text-is("${item}")`);
    assert.equal(await page.inputValue('#comment-text'), was);
    const title = await page.textContent('#comment-title');
    await page.fill('#comment-text', text);
    await page.click('#comment-ok');
    return title;
}

const nodeBySan = (g, san) => g.tree.nodes.find((n) => n.san === san);
const status = (page) => page.textContent('#status');
const DESKTOP = { width: 1280, height: 800 };

test('a comment before a move is edited from the menu and shown ahead of the move',
    { timeout: 90000 }, async () => {
        const page = await board(DESKTOP, ['e4', 'e5', 'Nf3']);
        // The dialog's title names which comment of which move it edits.
        assert.equal(await comment(page, 'Nf3', 'Comment before…', 'Now the knight.'),
            'Comment before 2. Nf3');
        await page.waitForSelector('#moves .comment.before:text-is("Now the knight.")');
        assert.equal(await comment(page, 'Nf3', 'Comment after…', 'It attacks e5.'),
            'Comment after 2. Nf3');
        await page.waitForSelector('#moves .comment:not(.before):text-is("It attacks e5.")');
        let g = await serverGame(page);
        assert.equal(nodeBySan(g, 'Nf3').comment_before, 'Now the knight.');
        assert.equal(nodeBySan(g, 'Nf3').comment, 'It attacks e5.');

        // In the list: the comment before, then the move, then the comment after.
        const order = await page.evaluate(() => {
            const els = [...document.querySelectorAll('#moves .comment, #moves button.move')];
            return els.map((e) => e.textContent);
        });
        assert.deepEqual(order, ['e4', 'e5', 'Now the knight.', 'Nf3', 'It attacks e5.']);

        // The menu offers to edit it now, with the text in the box; emptying it removes it.
        await comment(page, 'Nf3', 'Edit comment before…', '', 'Now the knight.');
        await page.waitForFunction(() => !document.querySelector('#moves .comment.before'));
        g = await serverGame(page);
        assert.equal(nodeBySan(g, 'Nf3').comment_before, undefined);
        assert.equal(nodeBySan(g, 'Nf3').comment, 'It attacks e5.');

        // Inside a variation the comment before stands ahead of its move too, after a reload.
        await page.click('#moves button.move[data-ply="1"]');
        await page.waitForTimeout(300);
        await typeMove(page, 'c5');
        await page.waitForSelector('#moves .vmove.current:text-is("c5")');
        await comment(page, 'c5', 'Comment before…', 'The Sicilian:');
        await page.waitForSelector('#moves .line .comment.before:text-is("The Sicilian:")');
        await page.reload();
        await page.waitForSelector('#moves .line .comment.before:text-is("The Sicilian:")');
        assert.match(await page.textContent('#moves .line'), /\(The Sicilian:\s*1\.\.\.\s*c5\)/);
        assert.deepEqual(page.errors, []);
        await page.context().close();
    });

test('position assessments: a second group, one of each group, shown after the glyph',
    { timeout: 90000 }, async () => {
        const page = await board(DESKTOP, ['e4', 'e5', 'Nf3']);
        const nags = async () => nodeBySan(await serverGame(page), 'Nf3').nags || [];
        const pick = async (name) => {
            await openMenu(page, 'Nf3');
            await page.click(`#move-menu button[aria-label="${name}"]`);
            await page.waitForSelector('#move-menu', { state: 'hidden' });
        };
        await openMenu(page, 'Nf3');
        const groups = await page.locator('#move-menu [role="group"]').evaluateAll((els) =>
            els.map((e) => [e.getAttribute('aria-label'),
                [...e.querySelectorAll('button')].map((b) => b.textContent)]));
        assert.deepEqual(groups, [['Mark the move', ['!', '?', '!!', '??', '!?', '?!']],
            ['Assess the position', ['=', '∞', '+=', '=+', '±', '∓', '+−', '−+']]]);
        await page.keyboard.press('Escape');

        await pick('Good move');
        await page.waitForSelector('#moves button.move:has-text("Nf3!")');
        await pick('White is better');
        await page.waitForSelector('#moves button.move:has-text("Nf3! ±")');
        assert.deepEqual((await nags()).sort((a, b) => a - b), [1, 16]);
        // Another assessment replaces the first; the move mark stays.
        await pick('White is winning');
        await page.waitForSelector('#moves button.move:has-text("Nf3! +−")');
        assert.deepEqual((await nags()).sort((a, b) => a - b), [1, 18]);
        await openMenu(page, 'Nf3');
        assert.equal(await page.getAttribute('#move-menu button[aria-label="White is winning"]',
            'aria-checked'), 'true');
        assert.equal(await page.getAttribute('#move-menu button[aria-label="White is better"]',
            'aria-checked'), 'false');
        await page.keyboard.press('Escape');
        // The export writes both as NAGs.
        const pgn = await page.evaluate(async () => {
            const id = location.hash.match(/#\/game\/([0-9a-f]+)/)[1];
            return (await fetch(`/api/games/${id}/pgn`)).text();
        });
        assert.match(pgn, /2\. Nf3 (\$1 \$18|\$18 \$1)/);
        // Choosing the chosen one again takes it away.
        await pick('White is winning');
        await page.waitForFunction(() => {
            const b = [...document.querySelectorAll('#moves button.move')].at(-1);
            return b.textContent === 'Nf3!';
        });
        assert.deepEqual(await nags(), [1]);
        assert.deepEqual(page.errors, []);
        await page.context().close();
    });

test('the status line says where a move of a variation lies', { timeout: 90000 }, async () => {
    const page = await board(DESKTOP, ['e4', 'e5', 'Nf3', 'Nc6']);
    await page.click('#moves button.move[data-ply="1"]');
    await page.waitForFunction(() => /Showing move 1 of 4\./.test(
        document.getElementById('status').textContent));
    await page.waitForTimeout(300);
    await typeMove(page, 'c5');
    await typeMove(page, 'Nf3');
    await typeMove(page, 'd6');
    await page.waitForSelector('#moves .vmove.current:text-is("d6")');
    assert.match(await status(page), /Variation after 1\. e4, move 3 of 3\./);
    assert.doesNotMatch(await status(page), /Showing move/);
    await page.click('#moves .vmove:text-is("Nf3")');
    await page.waitForFunction(() => /Variation after 1\. e4, move 2 of 3\./.test(
        document.getElementById('status').textContent));
    // Back on the main line the count is of the game's moves again.
    await page.click('#moves button.move[data-ply="2"]');
    await page.waitForFunction(() => /Showing move 2 of 4\./.test(
        document.getElementById('status').textContent));
    assert.doesNotMatch(await status(page), /Variation/);
    assert.deepEqual(page.errors, []);
    await page.context().close();
});

test('between two people only the last mover may take back, once', { timeout: 90000 },
    async () => {
        const white = await newPage(browser);
        await white.goto(server.url);
        await newGame(white, { mode: 'humans', color: 'white' });
        await white.waitForSelector('#invite:not([hidden])');
        const black = await newPage(browser);
        await black.goto(await white.inputValue('#invite-link'));
        await black.waitForSelector('cg-board piece');
        const button = '.panel [data-action="takeback"]';
        const state = (page) => page.$eval(button, (b) => [b.disabled, b.textContent, b.title]);
        const own = 'You can take back only your own last move.';

        // No move yet: nobody can.
        assert.equal((await state(white))[0], true);
        assert.equal((await state(black))[0], true);
        await typeMove(white, 'e4');
        await black.waitForFunction(() => document.querySelectorAll('#moves button.move')
            .length === 1);
        await white.waitForFunction((s) => !document.querySelector(s).disabled, button);
        assert.deepEqual(await state(black), [true, 'Take back', own]);
        // The t key does nothing either where the button is off.
        await black.keyboard.press('t');
        await black.waitForTimeout(400);
        assert.equal((await serverGame(black)).takeback_request, null);
        assert.equal(await black.isHidden('#error'), true);

        // White asks: the button waits; Black is asked.
        await white.click(button);
        await white.waitForFunction((s) => document.querySelector(s).textContent ===
            'Take-back requested…', button);
        assert.equal((await state(white))[0], true);
        await black.waitForSelector('#takeback-request:not([hidden])');
        await black.click('#takeback-request [data-action="takeback-decline"]');
        await white.waitForFunction((s) => {
            const b = document.querySelector(s);
            return !b.disabled && b.textContent === 'Take back';
        }, button);

        // After Black's reply it is Black's to take back, not White's.
        await typeMove(black, 'e5');
        await white.waitForFunction((s) => document.querySelector(s).disabled, button);
        assert.deepEqual(await state(white), [true, 'Take back', own]);
        await black.waitForFunction((s) => !document.querySelector(s).disabled, button);
        assert.deepEqual(white.errors, []);
        assert.deepEqual(black.errors, []);
        await white.context().close();
        await black.context().close();
    });

test('the move menu fits a phone screen and reads', { timeout: 90000 }, async () => {
    const viewport = { width: 360, height: 740 };
    const page = await board(viewport, ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
    await openMenu(page, 'Nc6');
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}/annotate-menu-phone.png` });
    const menu = await page.locator('#move-menu').boundingBox();
    const scrollY = await page.evaluate(() => window.scrollY);
    assert.ok(menu.x >= 0 && menu.x + menu.width <= viewport.width, JSON.stringify(menu));
    assert.ok(menu.y - scrollY >= 0 && menu.y - scrollY + menu.height <= viewport.height,
        JSON.stringify(menu));
    // Every button lies inside the menu, with its text at a readable size and not cut off.
    const buttons = await page.locator('#move-menu button').evaluateAll((els) => els.map((b) => {
        const r = b.getBoundingClientRect();
        return { text: b.textContent, left: r.left, right: r.right, top: r.top,
            bottom: r.bottom, font: parseFloat(getComputedStyle(b).fontSize),
            clipped: b.scrollWidth > b.clientWidth + 1 };
    }));
    assert.ok(buttons.length >= 16, buttons.length);
    // Nothing but its items: no stray text such as the "false" of a choice the move lacks.
    assert.deepEqual(await page.$eval('#move-menu', (m) => [...m.childNodes]
        .filter((c) => c.nodeType !== Node.ELEMENT_NODE).map((c) => c.textContent)), []);
    for (const b of buttons) {
        assert.ok(b.left >= menu.x - 0.5 && b.right <= menu.x + menu.width + 0.5, b.text);
        assert.ok(b.top >= menu.y - scrollY - 0.5 &&
            b.bottom <= menu.y - scrollY + menu.height + 0.5, b.text);
        assert.ok(b.font >= 13, `${b.text}: ${b.font}px`);
        assert.equal(b.clipped, false, b.text);
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
});
