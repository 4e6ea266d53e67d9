// The analysis board's explanations (issue 23): an "Explain" button for the move that led to the
// shown node, in any variation, whose answer (POST /api/explain) shows its sentences, motifs
// and a "Show line" expander of clickable SAN; the same for the labelled move of the review;
// and the evaluation breakdown of the shown position (GET /api/eval), refreshed after a pause.

import { request } from '../api.js';
import { app, shownNode, treeIndex, onMainLine } from '../state.js';
import { h, unchanged } from '../dom.js';
import { plainError } from '../lib/errors.js';
import { plyInfo } from '../lib/movelist.js';
import { explainBody, motifWords, lineTokens, reviewExplanation } from '../lib/explain.js';
import { labelledPly } from '../lib/review.js';
import { evalRows, evalSummary } from '../lib/evalbars.js';
import { numbered } from '../lib/learn.js';

const EVAL_DELAY_MS = 250;  // the breakdown waits this long after the last change of position

let showNodeFn = () => {};
// Explanations by "fen|previous|move": {state: 'loading'|'done'|'error', answer, error}.
const explained = new Map();
const evals = new Map();  // GET /api/eval answers by FEN
let evalTimer = null;
let evalWanted = '';
const KEPT = 200;  // answers kept in each cache, the oldest dropped first
let lineOpen = false;
let lineKey = '';

function remember(map, key, value) {
    map.delete(key);
    map.set(key, value);
    if (map.size > KEPT) map.delete(map.keys().next().value);
}

// Makes the boxes (after the engine panel and in the review) and keeps showNode(id), which
// shows a node of the tree.
export function setupExplain({ showNode }) {
    showNodeFn = showNode;
    const engine = document.getElementById('engine');
    if (document.getElementById('board-tools')) return;
    engine.after(h('section', { id: 'board-tools', class: 'board-tools', hidden: true,
        'aria-label': 'Explanations and evaluation' },
    h('div', { id: 'explain', class: 'explain' }),
    h('details', { id: 'evalterms', class: 'evalterms', open: true },
        h('summary', {}, 'Evaluation breakdown'),
        h('div', { id: 'evalterms-body' }))));
}

// The node before the shown one with what an explanation needs: {node, parent, grand}.
function shownMove() {
    const ix = treeIndex();
    if (!ix) return null;
    const node = ix.byId.get(shownNode());
    if (!node || !node.uci) return null;
    const parent = ix.byId.get(node.parent);
    if (!parent) return null;
    const grand = parent.uci ? ix.byId.get(parent.parent) : null;
    return { node, parent, grand };
}

function fenOf(n) {
    return n.fen || app.game.start_fen;
}

// The request body for the move that led to `node` (of the tree index).
function bodyFor(move) {
    const previous = move.grand ? { fen: fenOf(move.grand), uci: move.parent.uci } : null;
    return explainBody({ fen: fenOf(move.parent) }, move.node.uci, previous, !!app.game.chess960);
}

function keyOf(body) {
    return body ? `${body.fen}|${body.previous || ''}|${body.move}` : '';
}

// Asks for the explanation of `body` (once), then calls rerender.
export async function fetchExplanation(body, rerender) {
    const key = keyOf(body);
    const known = explained.get(key);
    if (known && known.state !== 'error') return known;
    const entry = { state: 'loading' };
    remember(explained, key, entry);
    Promise.resolve().then(rerender);  // not inside the render that asked
    try {
        entry.answer = await request('POST', '/api/explain', { body });
        entry.state = 'done';
    } catch (e) {
        entry.state = 'error';
        entry.error = e.status === 503 ? 'The server is busy explaining other moves; try ' +
            'again in a moment.' : plainError('explain', e);
    }
    rerender();
    return entry;
}

// Fills `el` with an explanation: its sentences, its motifs as words, and a "Show line"
// button that opens the proving line as numbered SAN buttons (`ply`: the half-move of the
// explained move). onPick(uci moves) plays the line up to the clicked move.
export function renderExplanation(el, e, ply, onPick, key, rerender) {
    const start = plyInfo(app.game.start_fen, 0);
    const tokens = lineTokens(e.line_san, e.line, ply, start.number, start.turn);
    const words = motifWords(e.motifs);
    const open = lineOpen && lineKey === key;
    // replaceChildren writes a null as the text "null": only the parts there are.
    el.replaceChildren(...[
        h('p', { class: 'explain-text' }, e.text),
        words.length ? h('p', { class: 'explain-motifs' }, h('span', { class: 'label' },
            words.length === 1 ? 'Motif: ' : 'Motifs: '), words.join(', ')) : null,
        tokens.length ? h('button', { type: 'button', class: 'explain-toggle',
            'aria-expanded': String(open), onclick: () => {
                lineOpen = !open;
                lineKey = key;
                rerender();
            } }, open ? 'Hide line' : 'Show line') : null,
        open ? h('div', { class: 'explain-line', role: 'group', 'aria-label': 'The line' },
            tokens.map((t) => h('button', { type: 'button', class: 'explain-move',
                title: 'Play the line to here as a variation',
                onclick: () => onPick(tokens.slice(0, t.index + 1).map((x) => x.uci)) },
            t.text))) : null,
    ].filter(Boolean));
}

// Plays `moves` from node `fromId` as a variation (the server goes to moves already there).
function playFrom(fromId, moves) {
    const ix = treeIndex();
    const from = ix && ix.byId.get(fromId);
    if (!from) return;
    showNodeFn(fromId);
    document.dispatchEvent(new CustomEvent('kibitz-play-line',
        { detail: { moves, ply: from.depth } }));
}

// Whether the board tools are offered: on an analysis board and in a finished game.
function offered() {
    const g = app.game;
    return !!g && (g.mode === 'analysis' || g.over);
}

// Draws the tools for the shown node; `rerender` draws the page again.
export function renderExplain(rerender) {
    const box = document.getElementById('board-tools');
    if (!box) return;
    box.hidden = !offered();
    renderReviewExplanation(rerender);
    if (box.hidden) return;
    const el = document.getElementById('explain');
    const move = shownMove();
    const body = move && bodyFor(move);
    const key = keyOf(body);
    const entry = body ? explained.get(key) : null;
    const sig = body ? `${shownNode()}|${key}|${entry?.state}|${entry?.error}|${lineOpen && lineKey === key}`
        : 'none';
    if (unchanged(el, sig)) {
        // nothing new to show
    } else if (!body) {
        el.replaceChildren(h('p', { class: 'explain-none' },
            'Go to a move to have it explained.'));
    } else {
        const mover = plyInfo(app.game.start_fen, move.node.depth - 1);
        const label = numbered(mover.number, mover.turn, move.node.san);
        const button = h('button', { type: 'button', id: 'btn-explain',
            title: 'Why this move is good or bad, in words',
            disabled: entry?.state === 'loading',
            onclick: () => fetchExplanation(body, rerender) },
        entry?.state === 'loading' ? 'Explaining…' : `Explain ${label}`);
        const out = h('div', { class: 'explain-answer', 'aria-live': 'polite' });
        if (entry?.state === 'done') {
            renderExplanation(out, entry.answer, move.node.depth,
                (moves) => playFrom(move.parent.id, moves), key, rerender);
        } else if (entry?.state === 'error') {
            out.replaceChildren(h('p', { class: 'explain-error' }, entry.error));
        }
        el.replaceChildren(button, out);
    }
    renderEvalTerms(rerender);
}

// The labelled move of the review at the shown ply: the server's explanation, else one asked
// for here.
function renderReviewExplanation(rerender) {
    const g = app.game;
    const review = document.getElementById('review');
    if (!g || !review) return;
    let el = document.getElementById('review-explain');
    if (!el) {
        el = h('div', { id: 'review-explain', class: 'review-explain' });
        const note = document.getElementById('review-note');
        if (!note) return;
        note.after(el);
    }
    const ix = treeIndex();
    const ply = ix ? ix.byId.get(shownNode())?.depth : 0;
    const p = g.review && onMainLine() && g.review.done >= g.review.total
        ? labelledPly(g.review, ply) : null;
    const move = p ? shownMove() : null;
    if (!p || !move) {
        if (!unchanged(el, 'none')) el.replaceChildren();
        return;
    }
    let e = reviewExplanation(p);
    const key = `review|${ply}|${move.node.uci}`;
    const open = `${shownNode()}|${key}|${lineOpen && lineKey === key}`;
    if (!e) {
        const body = bodyFor(move);
        const entry = explained.get(keyOf(body));
        if (!entry) {
            fetchExplanation(body, rerender);
            return;
        }
        if (unchanged(el, `${open}|${entry.state}|${entry.error}`)) return;
        if (entry.state === 'loading') {
            el.replaceChildren(h('p', { class: 'explain-wait' }, 'Explaining…'));
            return;
        }
        if (entry.state === 'error') {
            el.replaceChildren(h('p', { class: 'explain-error' }, entry.error));
            return;
        }
        e = entry.answer;
    } else if (unchanged(el, `${open}|review|${e.text}`)) {
        return;
    }
    renderExplanation(el, e, ply, (moves) => playFrom(move.parent.id, moves), key, rerender);
}

// The breakdown of the shown position, asked for EVAL_DELAY_MS after the position last
// changed (stepping through a game asks for the one it stops at).
function renderEvalTerms(rerender) {
    const el = document.getElementById('evalterms-body');
    const ix = treeIndex();
    const node = ix && ix.byId.get(shownNode());
    const fen = node ? fenOf(node) : app.game.start_fen;
    const data = evals.get(fen);
    if (data) {
        if (!unchanged(el, fen, data)) drawEvalTerms(el, data);
        return;
    }
    if (evalWanted !== fen) {
        evalWanted = fen;
        clearTimeout(evalTimer);
        evalTimer = setTimeout(async () => {
            try {
                const answer = await request('GET', `/api/eval?fen=${encodeURIComponent(fen)}`);
                remember(evals, fen, answer);
            } catch (e) {
                remember(evals, fen, { error: plainError('eval', e) });
            }
            if (evalWanted === fen) rerender();
        }, EVAL_DELAY_MS);
    }
}

function drawEvalTerms(el, data) {
    if (data.error) {
        el.replaceChildren(h('p', { class: 'explain-error' }, data.error));
        return;
    }
    const rows = evalRows(data);
    const bar = (width, negative, side) => h('span', { class: `evalterm-bar ${side}` },
        h('span', { class: negative ? 'fill negative' : 'fill', style: `width: ${width}%` }));
    el.replaceChildren(
        h('p', { class: 'evalterms-total', id: 'evalterms-total' }, evalSummary(data)),
        h('table', { class: 'evalterms-table' },
            h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Term'),
                h('th', { scope: 'col' }, 'White'), h('th', { scope: 'col' }, 'Black'),
                h('th', { scope: 'col', title: 'White minus Black, in pawns' }, 'Net'))),
            h('tbody', {}, rows.map((r) => h('tr', { dataset: { term: r.term } },
                h('th', { scope: 'row', title: r.title }, r.title),
                h('td', { class: 'white', title: `White: ${r.whiteText}` }, h('div',
                    { class: 'cell' }, bar(r.whiteWidth, r.whiteNegative, 'white'),
                    h('span', { class: 'value' }, r.whiteText))),
                h('td', { class: 'black', title: `Black: ${r.blackText}` }, h('div',
                    { class: 'cell' }, bar(r.blackWidth, r.blackNegative, 'black'),
                    h('span', { class: 'value' }, r.blackText))),
                h('td', { class: `net ${r.favours}` }, r.netText))))));
}
