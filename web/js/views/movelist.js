// The move list beside the board, as lichess shows a game: the main line in numbered rows,
// each move's comment and the variations that are alternatives to it in a box below its row
// (in parentheses, deeper ones inline or indented), NAG glyphs after the SAN, review labels
// with the better move, and the result at the end. Clicking a move shows its position.

import { h, unchanged } from '../dom.js';
import { moveListModel } from '../lib/tree.js';
import { treeIndex, shownNode } from '../state.js';
import { renderAnnotateBar } from './annotate.js';

const GLYPHS = { inaccuracy: '?!', mistake: '?', blunder: '??' };

// Asks the page to show node `id` (main.js listens).
function show(id) {
    document.dispatchEvent(new CustomEvent('kibitz-show-node', { detail: { id } }));
}

function moveButton(cell, current, cls, label = '', number = '') {
    const glyphs = cell.glyphs || label;
    return h('button', {
        class: `${cls}${cell.id === current ? ' current' : ''}`,
        'data-node': cell.id,
        'data-ply': cls.startsWith('move') ? cell.index : null,
        'aria-label': `${number || cell.number} ${cell.san}${glyphs ? ` ${glyphs}` : ''}`,
        'aria-current': cell.id === current ? 'step' : null,
        onclick: () => show(cell.id),
    }, cell.san, glyphs ? h('span', { class: 'glyph' }, glyphs) : null);
}

function comment(c) {
    return h('span', { class: `comment${c.before ? ' before' : ''}`, 'data-node': c.id,
        onclick: () => show(c.id) }, c.text);
}

// One variation line: its moves, comments and sub-variations.
function line(l, current) {
    const parts = [];
    for (const t of l.tokens) {
        if (t.type === 'move') {
            if (t.number) parts.push(h('span', { class: 'vnum' }, t.number));
            parts.push(moveButton(t, current, 'vmove'), ' ');
        } else if (t.type === 'comment') {
            parts.push(comment(t), ' ');
        } else if (t.block) {
            parts.push(...t.lines.map((s) => h('div', { class: `line block depth-${t.depth}` },
                '(', ...line(s, current), ')')));
        } else {
            parts.push(...t.lines.map((s) => h('span', { class: 'sub' }, '(', ...line(s, current),
                ') ')));
        }
    }
    if (parts.at(-1) === ' ') parts.pop();
    return parts;
}

// Renders the game's move tree into the <ol>. (shownPly and onJump are kept for the callers;
// the node shown and clicks go through state.js and the 'kibitz-show-node' event.)
export function renderMoves(list, game) {
    const review = game.review && Array.isArray(game.review.plies) ? game.review.plies : [];
    const byPly = new Map(review.map((p) => [p.ply, p]));
    const current = shownNode();
    renderAnnotateBar(game, current);
    if (unchanged(list, game, treeIndex(), current)) return;
    const items = [];
    for (const item of moveListModel(treeIndex())) {
        if (item.type === 'box') {
            items.push(h('li', { class: 'box' },
                ...item.comments.map((c) => h('p', {}, comment(c))),
                ...item.lines.map((l) => h('div', { class: 'line depth-1' }, '(',
                    ...line(l, current), ')'))));
            continue;
        }
        const cells = [h('span', { class: 'num', 'aria-hidden': 'true' }, `${item.number}.`)];
        const notes = [];
        for (const cell of [item.white, item.black]) {
            if (!cell) {
                cells.push(h('span', { class: 'move empty', 'aria-hidden': 'true' }, '…'));
                continue;
            }
            const rv = byPly.get(cell.index);
            const label = rv && rv.label;
            const b = moveButton(cell, current, `move${label ? ` label-${label}` : ''}`,
                label ? GLYPHS[label] || '' : '');
            if (label) b.setAttribute('aria-label', `${b.getAttribute('aria-label')}, ${label}`);
            cells.push(b);
            if (label) {
                const better = rv.best_san ? ` ${rv.best_san} was best.` : '';
                notes.push(h('span', { class: `note label-${label}` },
                    `${cell.number} ${cell.san}: ${label[0].toUpperCase()}${label.slice(1)}.` +
                    better));
            }
        }
        items.push(h('li', {}, ...cells, ...notes));
    }
    if (game.over) {
        items.push(h('li', {}, h('span', { class: 'result-row' },
            `${game.result}${game.reason ? ` (${game.reason})` : ''}`)));
    }
    list.replaceChildren(...items);
    const el = list.querySelector('.current');
    if (el) {
        const top = el.offsetTop - list.offsetTop;
        if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 30) {
            list.scrollTop = top - list.clientHeight / 2;
        }
    } else if (current === treeIndex()?.mainline.at(-1)) {
        list.scrollTop = list.scrollHeight;
    }
}
