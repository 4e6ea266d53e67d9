// Chess960 castling by dragging the king onto its rook, and draw offers to Kibitz: declined
// when it stands better, accepted when it does not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
    useServerAndBrowser, newPage, newGame, dragMove,
    clickMove, serverGame, waitFor, waitMoves
} from './helpers.js';

let server;
let browser;
useServerAndBrowser((s, b) => {
    server = s;
    browser = b;
});

const square = (page, sq) => page.getAttribute(`#squares button[data-square="${sq}"]`,
    'aria-label');

test('Chess960: the king castles by moving onto its rook', { timeout: 60000 }, async () => {
    const page = await newPage(browser);
    await page.goto(server.url);
    // King on f1 and rook on h1: g1 is an ordinary king move, h1 (the rook) is castling.
    await newGame(page, { mode: 'engine', color: 'white', level: 'depth', depth: 1,
        fen: 'r4k1r/pppppppp/8/8/8/8/PPPPPPPP/R4K1R w KQkq - 0 1', chess960: true });
    const start = await serverGame(page);
    assert.equal(start.chess960, true);
    assert.ok(start.legal.includes('f1h1'), start.legal.join(' '));
    assert.ok(start.legal.includes('f1g1'));
    await dragMove(page, 'f1', 'h1');
    await waitMoves(page, 2);
    const g = await serverGame(page);
    assert.equal(g.moves[0].uci, 'f1h1');
    assert.equal(g.moves[0].san, 'O-O');
    assert.equal(await page.textContent('#moves button.move'), 'O-O');
    assert.match(g.moves[0].fen, /^\S+\/R4RK1 b /);
    await page.waitForFunction(() => /white king/.test(document.querySelector(
        '#squares button[data-square="g1"]').getAttribute('aria-label')));
    assert.equal(await square(page, 'f1'), 'f1, white rook');
    assert.equal(await square(page, 'h1'), 'h1, empty');
    assert.deepEqual(page.errors, []);
    await page.context().close();
});

test('a draw offer: Kibitz declines when better, accepts when not', { timeout: 60000 },
    async () => {
        const page = await newPage(browser);
        await page.goto(server.url);
        // Kibitz (Black) has a queen more: it declines and the game goes on.
        await newGame(page, { mode: 'engine', color: 'white', level: 'depth', depth: 1,
            fen: '3qk3/8/8/8/8/8/8/4K3 w - - 0 1' });
        await page.click('.panel [data-action="draw"]');
        await page.waitForFunction(() => document.getElementById('notice').textContent ===
            'Kibitz declines the draw.', null, { timeout: 10000 });
        assert.equal((await serverGame(page)).over, false);
        assert.ok(await page.locator('#banner').isHidden());
        await clickMove(page, 'e1', 'f2');
        await waitMoves(page, 2);

        // Kibitz (Black) has a bare king against a queen: it accepts.
        await newGame(page, { mode: 'engine', color: 'white', level: 'depth', depth: 1,
            fen: '4k3/8/8/8/8/8/8/3QK3 w - - 0 1' });
        await page.click('.panel [data-action="draw"]');
        await page.waitForSelector('#banner:not([hidden])', { timeout: 10000 });
        const banner = await page.textContent('#banner');
        assert.match(banner, /1\/2-1\/2/);
        assert.match(banner, /Draw by agreement/);
        // The banner comes with the stream's state, the notice with the offer's answer: either
        // may be first.
        await page.waitForFunction(() => document.getElementById('notice').textContent ===
            'Kibitz accepts the draw.', null, { timeout: 10000 });
        assert.equal(await page.textContent('#notice'), 'Kibitz accepts the draw.');
        // No move was played, so there is nothing to review.
        assert.equal((await page.locator('#banner button').allTextContents()).join(','),
            'Rematch,Close');
        await waitFor(async () => (await serverGame(page)).over, 5000, 'the draw');
        const g = await serverGame(page);
        assert.equal(g.result, '1/2-1/2');
        assert.equal(g.reason, 'agreement');
        assert.deepEqual(page.errors, []);
        await page.context().close();
    });
