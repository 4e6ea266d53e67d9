// Takes screenshots of the main screens at desktop (1280x800) and phone (390x844) widths into
// docs/screenshots/. Run: node tests/e2e/screenshots.js (needs build/kibitz).
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tempDir, startServer, launch, newPage, newGame, clickMove, serverGame, waitFor }
    from './helpers.js';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
// An annotated game: tags, comments, NAGs and variations, as an imported game keeps them.
const PGN = '[Event "Club championship"]\n[White "Ada"]\n[Black "Bert"]\n[Result "*"]\n\n' +
    '1. e4 e5 2. Nf3 Nc6 3. Bc4 (3. Bb5 {the Spanish} a6 4. Ba4) 3... Nf6 $5 {The Two Knights.} ' +
    '4. Ng5 d5 5. exd5 Nxd5 $6 (5... Na5 {is the main line.}) 6. Nxf7 $1 Kxf7 ' +
    '7. Qf3+ Ke6 8. Nc3 Nb4 *\n';

async function shoot(browser, url, size, suffix) {
    const page = await newPage(browser, size);
    const snap = (name) => page.screenshot({ path: path.join(OUT, `${name}-${suffix}.png`) });
    await page.goto(url);
    await page.waitForSelector('#dlg-new[open]');
    await snap('new-game');
    await newGame(page, { mode: 'engine', level: 'depth', depth: 6 });
    await clickMove(page, 'e2', 'e4');
    await waitFor(async () => (await serverGame(page)).moves.length === 2, 20000);
    await clickMove(page, 'g1', 'f3');
    await page.waitForSelector('#thinking .score');
    await waitFor(async () => (await serverGame(page)).moves.length === 4, 20000);
    await page.click('[data-action="hint"]');
    await page.waitForFunction(() => document.getElementById('board').dataset.hint);
    await snap('play');
    await newGame(page, { mode: 'analysis', pgn: PGN });
    await page.click('#btn-analysis');
    await page.waitForFunction(() => document.querySelectorAll('#lines li').length === 3);
    await page.waitForTimeout(1500);
    await snap('analysis');
    // The move menu of a move with a NAG: comments, both NAG groups, promote and delete.
    await page.click('#moves [data-node]:text-is("Nxd5")', { button: 'right' });
    await page.waitForSelector('#move-menu:not([hidden])');
    await snap('move-menu');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#move-menu', { state: 'hidden' });
    await page.click('#btn-analysis');
    await page.click('.panel [data-action="review"]');
    await page.waitForFunction(() => document.getElementById('review-progress').textContent ===
        '' && document.querySelector('#graph path.line')?.getAttribute('d'), null,
    { timeout: 60000 });
    await page.keyboard.press('ArrowLeft');
    await page.locator('#review').scrollIntoViewIfNeeded();
    await snap('review');
    await page.click('#btn-games');
    await page.waitForSelector('#dlg-games[open] tbody tr');
    await snap('games');
    await page.keyboard.press('Escape');
    await page.click('#btn-help');
    await snap('shortcuts');
    await page.close();
}

const server = await startServer(tempDir());
const browser = await launch();
try {
    fs.mkdirSync(OUT, { recursive: true });
    await shoot(browser, server.url, { width: 1280, height: 800 }, 'desktop');
    await shoot(browser, server.url, { width: 390, height: 844 }, 'phone');
    console.log(`screenshots in ${OUT}`);
} finally {
    await browser.close();
    await server.stop();
}
