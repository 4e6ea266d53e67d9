// "Learn from your mistakes" in the review panel (issue 23): after a finished review, the
// viewer's mistakes and blunders one at a time on a scratch board of their own (the game and
// its tree are never touched): the position before the mistake, a move tried there is judged
// by the server (POST /api/explain: its loss against the best move), "Good move" with the best
// line, or "Not that — try again" with the solution on request; then the next, and a summary.

import { Chessground } from '/vendor/chessground/chessground.js';
import { request } from '../api.js';
import { app, treeIndex } from '../state.js';
import { h } from '../dom.js';
import { plainError } from '../lib/errors.js';
import { plyInfo, numberLine } from '../lib/movelist.js';
import { moveTable, candidates } from '../lib/moves.js';
import { explainBody } from '../lib/explain.js';
import {
    learnSides, mistakesToLearn, question, verdict, summary, answerArrows,
} from '../lib/learn.js';

// The exercise under way, or null: {gameId, list, index, results, state, message, answer,
// fen, table, ground}. state: 'loading', 'ask', 'checking', 'good', 'wrong', 'shown', 'done'.
let session = null;
let rerenderFn = () => {};

function box() {
    let el = document.getElementById('learn');
    if (!el) {
        const review = document.getElementById('review');
        if (!review) return null;
        el = h('div', { id: 'learn', class: 'learn' });
        review.append(el);
    }
    return el;
}

// The main line's node `ply` half-moves from the start (its fen, uci), or null.
function mainNode(ply) {
    const ix = treeIndex();
    return ix && ply >= 0 && ply < ix.mainline.length ? ix.byId.get(ix.mainline[ply]) : null;
}

function fenOf(node) {
    return (node && node.fen) || app.game.start_fen;
}

// Draws the button or the exercise; `rerender` draws the page again.
export function renderLearn(rerender) {
    rerenderFn = rerender;
    const el = box();
    const g = app.game;
    if (!el || !g) return;
    if (session && session.gameId !== g.id) session = null;
    const list = mistakesToLearn(g.review, g, learnSides(g, app.seat));
    if (!session) {
        el.replaceChildren(...(list.length ? [h('button', { type: 'button', id: 'btn-learn',
            title: 'Find better moves for your mistakes and blunders, one at a time',
            onclick: () => start(list) }, `Learn from your mistakes (${list.length})`)] : []));
        return;
    }
    drawSession(el);
}

function start(list) {
    session = { gameId: app.game.id, list, index: 0, results: [], state: 'loading' };
    show(0);
    document.getElementById('learn')?.scrollIntoView({ block: 'nearest' });
}

function stop() {
    if (session) dropBoard(session);
    session = null;
    rerenderFn();
}

// Sets the scratch board up at the position before mistake i.
function show(i) {
    const s = session;
    s.index = i;
    s.table = null;
    if (i >= s.list.length) {
        s.state = 'done';
        rerenderFn();
        return;
    }
    const m = s.list[i];
    s.fen = fenOf(mainNode(m.ply - 1));
    s.state = 'loading';
    s.message = '';
    s.answer = null;
    s.tried = null;
    rerenderFn();
    request('GET', `/api/games/${app.game.id}/legal?ply=${m.ply - 1}`).then((r) => {
        if (session !== s || s.index !== i) return;
        s.table = moveTable(r.legal || [], s.fen, !!app.game.chess960);
        s.state = 'ask';
        rerenderFn();
    }).catch((e) => {
        if (session !== s) return;
        s.state = 'wrong';
        s.message = plainError('learn', e);
        rerenderFn();
    });
}

// Asks the server about the move tried on the scratch board.
async function tryMove(orig, dest) {
    const s = session;
    const m = s.list[s.index];
    const cands = candidates(s.table, orig, dest);
    if (!cands.length || s.state !== 'ask' && s.state !== 'wrong') return;
    const uci = cands.find((u) => u.endsWith('q')) || cands[0];
    s.tries = (s.tries || 0) + 1;  // the board goes back to the position after each try
    s.tried = uci;
    const played = mainNode(m.ply);
    if (played && played.uci === uci) {
        s.state = 'wrong';
        s.message = 'That is the move played in the game \u2014 try another.';
        rerenderFn();
        return;
    }
    const previous = m.ply >= 2
        ? { fen: fenOf(mainNode(m.ply - 2)), uci: mainNode(m.ply - 1)?.uci } : null;
    const body = explainBody({ fen: s.fen }, uci, previous, !!app.game.chess960);
    s.state = 'checking';
    s.message = 'Checking your move…';
    rerenderFn();
    try {
        const answer = await request('POST', '/api/explain', { body });
        if (session !== s) return;
        const v = verdict(answer, m);
        s.answer = answer;
        s.state = v.good ? 'good' : 'wrong';
        s.message = v.text;
        if (v.good) s.results[s.index] = s.results[s.index] || 'found';
    } catch (e) {
        if (session !== s) return;
        s.state = 'wrong';
        s.message = e.status === 503 ? 'The server is busy; try the move again in a moment.'
            : plainError('learn', e);
    }
    rerenderFn();
}

// The best line of the answer as numbered SAN from the position before the mistake.
function bestLineText(answer, ply) {
    const san = Array.isArray(answer?.best_line_san) ? answer.best_line_san : [];
    return san.length ? numberLine(app.game.start_fen, ply - 1, san) : '';
}

// Shows the solution: the best move's line, from a request for the best move itself.
async function solution() {
    const s = session;
    const m = s.list[s.index];
    s.results[s.index] = s.results[s.index] || 'shown';
    if (!s.answer) {
        const previous = m.ply >= 2
            ? { fen: fenOf(mainNode(m.ply - 2)), uci: mainNode(m.ply - 1)?.uci } : null;
        try {
            s.answer = await request('POST', '/api/explain',
                { body: explainBody({ fen: s.fen }, mainNode(m.ply).uci, previous,
                    !!app.game.chess960) });
        } catch (e) {
            s.message = plainError('learn', e);
            rerenderFn();
            return;
        }
    }
    if (session !== s) return;
    s.state = 'shown';
    const best = s.answer.best_san ? `${s.answer.best_san} was best` : 'No better move found';
    s.message = `${best}.`;
    rerenderFn();
}

function drawSession(el) {
    const s = session;
    if (s.state === 'done') {
        dropBoard(s);
        el.replaceChildren(h('p', { class: 'learn-summary', id: 'learn-summary' },
            summary(s.results, s.list)),
        h('div', { class: 'learn-buttons' }, h('button', { type: 'button', id: 'learn-close',
            onclick: stop }, 'Close')));
        return;
    }
    const m = s.list[s.index];
    const L = layout(el, s);
    const line = (s.state === 'good' || s.state === 'shown') ? bestLineText(s.answer, m.ply) : '';
    L.count.textContent = `Mistake ${s.index + 1} of ${s.list.length}`;
    L.question.textContent = `${question(m)}.`;
    L.message.className = `learn-message ${s.state}`;
    L.message.textContent = s.message || (s.state === 'loading' ? 'Setting the position up…'
        : `Play a move for ${m.side === 'white' ? 'White' : 'Black'} on this board.`);
    L.line.hidden = !line;
    L.line.textContent = line ? `Best line: ${line}` : '';
    L.buttons.replaceChildren(...[
        (s.state === 'wrong' || s.state === 'ask') ? h('button', { type: 'button',
            id: 'learn-solution', onclick: solution }, 'Show solution') : null,
        h('button', { type: 'button', id: 'learn-next', class: 'primary', onclick: () => {
            s.results[s.index] = s.results[s.index] || 'skipped';
            show(s.index + 1);
        } }, s.index + 1 < s.list.length ? 'Next mistake' : 'Finish'),
        h('button', { type: 'button', id: 'learn-stop', onclick: stop }, 'Stop'),
    ].filter(Boolean));
    // The board is set again only when its position or what it accepts changes (a redraw of
    // the page must not drop a piece the person has picked up).
    const movable = s.state === 'ask' || s.state === 'wrong';
    const key = `${s.index}|${movable}|${s.tries || 0}|${s.table ? 1 : 0}`;
    if (s.boardKey !== key) {
        s.boardKey = key;
        s.ground.set({
            fen: s.fen,
            orientation: m.side,
            turnColor: plyInfo(app.game.start_fen, m.ply - 1).turn,
            lastMove: undefined,
            movable: { free: false, color: movable ? m.side : undefined,
                dests: movable && s.table ? s.table.dests : new Map() },
        });
    }
    s.ground.setAutoShapes(answerArrows(s.state, s.answer, s.tried));
}

// The exercise's boxes and its scratch board, made once a session and kept across redraws.
function layout(el, s) {
    if (s.layout && el.contains(s.layout.board)) return s.layout;
    dropBoard(s);
    const L = {
        count: h('p', { class: 'learn-count' }),
        question: h('p', { class: 'learn-question', id: 'learn-question' }),
        board: h('div', { class: 'learn-board', id: 'learn-board' }),
        message: h('p', { id: 'learn-message', 'aria-live': 'polite' }),
        line: h('p', { class: 'learn-line', id: 'learn-line' }),
        buttons: h('div', { class: 'learn-buttons' }),
    };
    el.replaceChildren(L.count, L.question, L.board, L.message, L.line, L.buttons);
    s.layout = L;
    s.boardKey = '';
    s.ground = Chessground(L.board, {
        coordinates: false,
        movable: { free: false, showDests: true, events: { after: (o, d) => tryMove(o, d) } },
        premovable: { enabled: false },
        drawable: { enabled: false },
    });
    // As on the main board: the page may have moved since chessground measured the board.
    for (const type of ['mousedown', 'touchstart']) {
        L.board.addEventListener(type, () => s.ground?.state.dom.bounds.clear(),
            { capture: true, passive: true });
    }
    return L;
}

function dropBoard(s) {
    if (s.ground) s.ground.destroy();
    s.ground = null;
    s.layout = null;
}
