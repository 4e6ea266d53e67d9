// Import (issue 22): an annotated master game opens as an analysis board that keeps its tags,
// result, comments, NAGs and variations and does not move by itself; its export has all of
// it; playing on against Kibitz from a chosen move is an explicit action that makes a new game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tempDir, startServer, launch, newPage, newGame, serverGame, settle } from './helpers.js';

const SHOTS = process.env.KIBITZ_SHOTS || '/tmp/ip-shots';
const COMMENTS = ['The Immortal Game.', "Kieseritzky's gambit.", 'Safer.',
    'Black takes the rook.'];
const PGN = `[Event "Casual Game"]
[Site "London ENG"]
[Date "1851.06.21"]
[Round "?"]
[White "Adolf Anderssen"]
[Black "Lionel Kieseritzky"]
[Result "1-0"]

{The Immortal Game.} 1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 $6 {Kieseritzky's gambit.}
(4... d6 {Safer.} 5. Nf3) 5. Bxb5 Nf6 6. Nf3 Qh6 7. d3 Nh5 8. Nh4 Qg5 9. Nf5 c6 10. g4 Nf6
11. Rg1 $1 cxb5 12. h4 Qg6 13. h5 Qg5 14. Qf3 Ng8 15. Bxf4 Qf6 16. Nc3 Bc5 17. Nd5 Qxb2
18. Bd6 $3 Bxg1 {Black takes the rook.} 19. e5 Qxa1+ 20. Ke2 Na6 21. Nxg7+ Kd8 22. Qf6+ Nxf6
23. Be7# 1-0
`;

for (const [width, viewport] of [['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }]]) {
    test(`an annotated game imports for analysis, keeps everything, plays on only when asked \
(${width})`, { timeout: 120000 }, async () => {
        const server = await startServer(tempDir());
        const browser = await launch();
        try {
            const page = await newPage(browser, viewport);
            await page.goto(server.url);
            // A game against Kibitz is the remembered choice; Import still opens for analysis.
            await newGame(page, { mode: 'engine', level: 'depth', depth: 1 });
            await page.click('#btn-import');
            await page.waitForSelector('#dlg-new[open]');
            assert.equal(await page.textContent('#dlg-new-title'), 'Import a game');
            assert.ok(await page.isChecked('input[name="mode"][value="analysis"]'));
            assert.equal(await page.textContent('#new-ok'), 'Open for analysis');
            await page.fill('#new-pgn', PGN);
            await page.click('#new-ok');
            await page.waitForSelector('#moves .comment');

            const g = await serverGame(page);
            assert.equal(g.mode, 'analysis');
            assert.equal(g.moves.length, 45);
            assert.equal(g.result, '1-0');
            // Nobody plays on by itself.
            await settle(page);
            assert.equal((await serverGame(page)).engine.thinking, false);
            assert.equal((await serverGame(page)).moves.length, 45);

            const tags = await page.textContent('#game-tags');
            for (const t of ['Adolf Anderssen', 'Lionel Kieseritzky', 'Casual Game', '1851.06.21',
                '1-0']) assert.ok(tags.includes(t), `${t} in "${tags}"`);
            assert.match(await page.textContent('#player-bottom .name'), /Anderssen/);
            const list = await page.textContent('#moves');
            for (const c of COMMENTS) assert.ok(list.includes(c), `comment "${c}"`);
            await page.waitForSelector('#moves button.move:has-text("b5?!")');
            await page.waitForSelector('#moves button.move:has-text("Rg1!")');
            await page.waitForSelector('#moves button.move:has-text("Bd6!!")');
            await page.waitForSelector('#moves .vmove:text-is("d6")');
            await page.click('#moves .vmove:text-is("d6")');
            await page.waitForSelector('#moves .vmove.current:text-is("d6")');
            await settle(page);  // the board's move animation
            await page.screenshot({ path: `${SHOTS}/import-${width}.png` });

            // The export has the tags, the comments, the NAGs, the variation and the result.
            // (Lines of the export are wrapped at 80 columns: compared with single spaces.)
            const pgn = (await page.evaluate(async (id) =>
                (await fetch(`/api/games/${id}/pgn`)).text(), g.id)).replace(/\s+/g, ' ');
            for (const t of ['[Event "Casual Game"]', '[White "Adolf Anderssen"]',
                '[Date "1851.06.21"]', ...COMMENTS.map((c) => `{${c}}`), '23. Be7# 1-0']) {
                assert.ok(pgn.includes(t), `${t} in the export`);
            }
            assert.match(pgn, /4\. Kf1 b5 (\$6|\?!)/);
            assert.match(pgn, /\(4\.\.\. d6 \{Safer\.\} 5\. Nf3\)/);
            assert.match(pgn, /18\. Bd6 (\$3|!!)/);

            // Play on from 10. g4, explicitly: a new game against Kibitz; the import stays.
            await page.click('#moves button.move[data-ply="19"]');
            await page.click('.panel [data-action="continue"]');
            await page.waitForSelector('#dlg-new[open]');
            assert.equal(await page.textContent('#dlg-new-title'),
                'Play on against Kibitz after 10. g4');
            assert.equal(await page.isHidden('#dlg-new .for-mode'), true);
            await page.check('input[name="color"][value="black"]');
            await page.check('input[name="level"][value="depth"]');
            await page.fill('#new-depth', '1');
            await page.click('#new-ok');
            await page.waitForFunction((old) => /#\/game\//.test(location.hash) &&
                !location.hash.includes(old), g.id);
            const played = await serverGame(page);
            assert.equal(played.mode, 'engine');
            assert.deepEqual(played.moves.slice(0, 19).map((m) => m.san),
                g.moves.slice(0, 19).map((m) => m.san));
            const kept = await page.evaluate(async (id) =>
                (await fetch(`/api/games/${id}`)).json(), g.id);
            assert.equal(kept.mode, 'analysis');
            assert.equal(kept.moves.length, 45);
            assert.deepEqual(page.errors, []);
        } finally {
            await browser.close();
            await server.stop();
        }
    });
}
