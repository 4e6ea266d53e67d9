// Kibitz puzzles page entry (/puzzles.html#/ID): a puzzle near the player's rating from the
// server (docs/api.md, "Puzzles"), its setup move played, the player's moves checked against the
// solution, the opponent's replies played, hints, and after the end the rating change, the
// themes in words and the explanation of the solution's first move. The rating, the history and
// the missed puzzles stay in localStorage (lib/puzzles.js).

import { request } from '../api.js';
import { createBoard, askPromotion } from '../board.js';
import { showError, clearError, announce, h } from '../dom.js';
import { OFFLINE } from '../lib/errors.js';
import {
    puzzleStore, recordTry, nextMissed, recentIds, checkMove, movesFor, promotionLetters, destsAt,
    deltaText, themesInWords, solutionText,
} from '../lib/puzzles.js';

const $ = (id) => document.getElementById(id);
// The pause before the setup move and before each of the opponent's replies.
const REPLY_MS = 500;

const store = puzzleStore({
    getItem: (k) => localStorage.getItem(k),
    setItem: (k, v) => localStorage.setItem(k, v),
});
let saved = store.read();

// The puzzle on the board: the half-move the player is to make (an odd index of its moves),
// the hints taken, and whether it is over. `token` tells a stale answer from the newest.
const cur = { puzzle: null, ply: 1, hints: 0, over: true, token: 0 };

// The chess page's board: chessground with its grid of named squares for keyboard and
// screen-reader users.
const board = createBoard($('board'), { onMove: (orig, dest) => played(orig, dest) });
const { ground } = board;

const other = (color) => (color === 'white' ? 'black' : 'white');
const squares = (uci) => [uci.slice(0, 2), uci.slice(2, 4)];
const message = (e) => (e && e.status === 0 ? OFFLINE : (e && e.message) || String(e));

function setStatus(text, kind = '') {
    const el = $('puzzle-status');
    el.textContent = text;
    el.className = `puzzle-status ${kind}`;
    announce(text);
}

// The position before the puzzle's half-move `ply` (after `lastMove`); movable on the player's
// turns while the puzzle is on.
function showPly(ply, lastMove) {
    const p = cur.puzzle;
    const pos = p.positions[ply];
    const turn = ply % 2 === 1 ? p.color : other(p.color);
    const mine = ply % 2 === 1 && !cur.over && ply < p.moves.length;
    board.show({ fen: pos.fen, turn, lastMove: lastMove ? squares(lastMove) : null,
        check: pos.check, movable: mine ? p.color : null,
        dests: mine ? destsAt(p, ply) : new Map(), shapes: [] });
}

// Later, unless another puzzle was opened meanwhile.
function later(fn, ms = REPLY_MS) {
    const token = cur.token;
    setTimeout(() => token === cur.token && fn(), ms);
}

function showRating(delta) {
    $('rating').textContent = String(saved.rating);
    const d = $('rating-delta');
    d.hidden = delta === undefined;
    if (delta !== undefined) {
        d.textContent = deltaText(delta);
        d.className = `delta ${delta > 0 ? 'up' : delta < 0 ? 'down' : ''}`;
    }
    const missed = saved.missed.length;
    $('missed-count').textContent = `(${missed})`;
    $('btn-retry').disabled = missed === 0;
    const solved = saved.history.filter((t) => t.result !== 'failed').length;
    $('puzzle-history').textContent = saved.tries
        ? `${saved.tries} ${saved.tries === 1 ? 'try' : 'tries'}, ${solved} solved, ` +
          `${missed} missed to retry.` : '';
}

function setButtons() {
    $('btn-hint').disabled = cur.over || cur.hints >= 2;
    $('btn-solution').disabled = cur.over;
}

// Opens puzzle `id`, or the next one near the player's rating when id is null.
async function open(id) {
    const token = ++cur.token;
    cur.over = true;
    setButtons();
    clearError();
    $('puzzle-after').hidden = true;
    setStatus('Loading a puzzle…');
    let p;
    try {
        const exclude = recentIds(saved).join(',');
        p = await request('GET', id ? `/api/puzzles/${encodeURIComponent(id)}`
            : `/api/puzzles/next?rating=${saved.rating}${exclude ? `&exclude=${exclude}` : ''}`);
    } catch (e) {
        if (token !== cur.token) return;
        setStatus('');
        showError(`No puzzle could be loaded: ${message(e)}`);
        return;
    }
    if (token !== cur.token) return;
    history.replaceState(null, '', `#/${p.id}`);
    Object.assign(cur, { puzzle: p, ply: 1, hints: 0, over: false });
    $('puzzle-title').textContent = `Puzzle ${p.id}, rated ${p.rating}`;
    board.orient(p.color);
    showPly(0);
    setStatus(`${p.color === 'white' ? 'Black' : 'White'} moves…`);
    setButtons();
    later(() => {
        showPly(1, p.moves[0]);
        setStatus(`Your turn: find the best move for ${p.color === 'white' ? 'White' : 'Black'}.`);
    });
}

// The player moved a piece from orig to dest (a pawn to its last rank: the piece is asked).
async function played(orig, dest) {
    const p = cur.puzzle;
    if (!p || cur.over) return;
    const moves = movesFor(p, cur.ply, orig, dest);
    let uci = moves[0] || null;
    if (moves.length > 1) {
        const token = cur.token;
        const letter = await askPromotion(p.color, promotionLetters(moves));
        if (token !== cur.token || cur.over) return;
        if (!letter) {
            showPly(cur.ply, p.moves[cur.ply - 1]);
            return;
        }
        uci = moves.find((m) => m[4] === letter) || null;
    }
    const verdict = uci ? checkMove(p, cur.ply, uci) : 'wrong';
    if (verdict === 'wrong') {
        fail(uci || orig + dest);
        return;
    }
    if (verdict === 'mate' || cur.ply + 1 >= p.moves.length) {
        if (verdict === 'right') showPly(cur.ply + 1, uci);
        finish(cur.hints ? 'hinted' : 'solved');
        return;
    }
    showPly(cur.ply + 1, uci);
    setStatus('Right! Now the reply…', 'solved');
    later(() => {
        cur.ply += 2;
        showPly(cur.ply, p.moves[cur.ply - 1]);
        setStatus('Right. Keep going: find the next move.', 'solved');
        setButtons();
    });
}

// A wrong move (or "Solution"): the board goes back, the solution move is drawn.
function fail(wrong) {
    const p = cur.puzzle;
    cur.over = true;
    showPly(cur.ply, cur.ply > 1 ? p.moves[cur.ply - 1] : p.moves[0]);
    const right = p.moves[cur.ply];
    const shapes = [{ orig: right.slice(0, 2), dest: right.slice(2, 4), brush: 'green' }];
    if (wrong) shapes.push({ orig: wrong.slice(0, 2), dest: wrong.slice(2, 4), brush: 'red' });
    ground.setAutoShapes(shapes);
    finish('failed', wrong);
}

async function finish(result, wrong) {
    const p = cur.puzzle;
    const token = cur.token;
    cur.over = true;
    ground.set({ movable: { color: undefined, dests: new Map() } });
    setButtons();
    const r = recordTry(saved, p, result);
    saved = r.state;
    store.write(saved);
    showRating(r.delta);
    const words = {
        solved: ['Solved!', 'solved'],
        hinted: ['Solved with a hint: it counts as half a solve.', 'solved'],
        failed: [wrong ? 'Wrong move: the green arrow shows the solution.'
            : 'The green arrow shows the solution.', 'failed'],
    }[result];
    setStatus(`${words[0]} Rating ${saved.rating} (${deltaText(r.delta)}).`, words[1]);
    $('puzzle-solution').textContent = `Solution: ${solutionText(p)}`;
    $('puzzle-themes').replaceChildren(...themesInWords(p.themes).map((t) => h('li', {},
        h('strong', {}, t.name), t.about ? h('span', { class: 'about' }, ` — ${t.about}`) : '')));
    $('puzzle-explain').textContent = 'Kibitz is looking at the solution…';
    $('puzzle-after').hidden = false;
    try {
        const e = await request('GET', `/api/puzzles/${encodeURIComponent(p.id)}/explain`);
        if (token === cur.token) $('puzzle-explain').textContent = e.text;
    } catch (e) {
        if (token === cur.token) {
            $('puzzle-explain').textContent = `No explanation: ${message(e)}`;
        }
    }
}

function hint() {
    const p = cur.puzzle;
    if (!p || cur.over || cur.hints >= 2) return;
    cur.hints += 1;
    const [from, to] = squares(p.moves[cur.ply]);
    ground.setAutoShapes(cur.hints === 1 ? [{ orig: from, brush: 'green' }]
        : [{ orig: from, dest: to, brush: 'green' }]);
    setStatus(cur.hints === 1 ? 'Hint: the circled piece moves.'
        : 'Hint: the arrow shows the move.');
    setButtons();
}

$('btn-hint').onclick = hint;
$('btn-solution').onclick = () => cur.puzzle && !cur.over && fail(null);
$('btn-next').onclick = () => open(null);
$('btn-retry').onclick = () => {
    const id = nextMissed(saved);
    if (id) open(id);
};
$('error-close').onclick = () => clearError();
window.addEventListener('hashchange', () => {
    const id = location.hash.replace(/^#\/?/, '');
    if (!cur.puzzle || id !== cur.puzzle.id) open(id || null);
});

showRating();
open(location.hash.replace(/^#\/?/, '') || null);
