// The review's evaluation graph as inline SVG (click to jump to a ply), the note about the
// shown move (label and the better move), the players' summary table (accuracy, average
// centipawn loss, label counts) and the clickable best line of a labelled move.

import { graphPoints, linePath, areaPath, plyAtX, yTicks, xTicks } from '../lib/graph.js';
import { summaryRows, bestLine, numberedLine } from '../lib/review.js';
import { moveTimes, timeBars, formatSeconds } from '../lib/movetimes.js';
import { h } from '../dom.js';

const W = 600;
const H = 120;
const NS = 'http://www.w3.org/2000/svg';

function svg(tag, attrs) {
    const el = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    return el;
}

// Draws the graph of game.review into the <svg>, with its axes: pawns up the side (a line at
// each, the zero line stronger) and move numbers along the bottom, into `axes.y` and `axes.x`
// (the move numbers from `start`: {number, turn} of the first move). A click calls
// onJump(ply).
export function renderGraph(el, review, total, shownPly, onJump, axes = null, start = {}) {
    const plies = review && Array.isArray(review.plies) ? review.plies : [];
    const points = graphPoints(plies, total, W, H);
    const grid = yTicks().map((t) => svg('line', { class: t.pawns === 0 ? 'mid' : 'grid',
        x1: 0, y1: t.y * H, x2: W, y2: t.y * H }));
    const ticks = xTicks(total, start.number, start.turn);
    el.replaceChildren(
        svg('path', { class: 'area', d: areaPath(points, H) }),
        ...grid,
        ...ticks.map((t) => svg('line', { class: 'grid', x1: t.x * W, y1: H - 6, x2: t.x * W,
            y2: H })),
        svg('path', { class: 'line', d: linePath(points) }),
    );
    if (axes) {
        axes.y.replaceChildren(...yTicks().map((t) => h('span', {
            style: `top: ${(t.y * 100).toFixed(1)}%` }, t.label)));
        // A number at the right end is set flush with the end rather than half past it.
        axes.x.replaceChildren(...ticks.map((t) => h('span', { class: t.x > 0.97 ? 'end' : null,
            style: `left: ${(t.x * 100).toFixed(1)}%` }, String(t.move))));
    }
    for (const p of plies) {
        const pt = points.find((q) => q.ply === p.ply);
        if (p.label && pt) {
            el.append(svg('circle', { class: `dot-${p.label}`, cx: pt.x, cy: pt.y, r: 4 }));
        }
    }
    if (shownPly > 0 && total > 0) {
        const x = (shownPly / total) * W;
        el.append(svg('line', { class: 'cursor', x1: x, y1: 0, x2: x, y2: H }));
    }
    el.onclick = (e) => {
        const box = el.getBoundingClientRect();
        const x = ((e.clientX - box.left) / box.width) * W;
        const ply = plyAtX(x, W, total);
        if (ply > 0) onJump(ply);
    };
}

// The text under the graph: progress while running, then the shown move's verdict.
export function reviewNote(review, game, shownPly) {
    if (!review) return '';
    if (review.done < review.total) return `Reviewing… ${review.done}/${review.total}`;
    const p = (review.plies || []).find((q) => q.ply === shownPly);
    if (!p) return 'Review done. Click the graph or a move.';
    const move = game.moves[shownPly - 1];
    const verdict = p.label ? `${p.label[0].toUpperCase()}${p.label.slice(1)}` : 'Good move';
    const better = p.label && p.best_san ? `; ${p.best_san} was best` : '';
    return `${move ? move.san : ''}: ${verdict}${better} (loss ${(p.loss * 100).toFixed(0)}%).`;
}

// The summary table's and the best line's boxes in the review panel `box`, made on first use:
// the table above the graph's caption, the line under the note.
export function reviewParts(box) {
    let summary = box.querySelector('#review-summary');
    if (!summary) {
        summary = h('div', { id: 'review-summary', class: 'review-summary' });
        box.querySelector('.graph-caption').before(summary);
    }
    let times = box.querySelector('#review-times');
    if (!times) {
        times = h('div', { id: 'review-times', class: 'review-times' });
        box.querySelector('.graph-box').after(times);
    }
    let line = box.querySelector('#review-line');
    if (!line) {
        line = h('div', { id: 'review-line', class: 'review-line' });
        box.querySelector('#review-note').after(line);
    }
    return { summary, line, times };
}

// Fills `el` with the players' table of a finished review: accuracy %, average centipawn loss
// and the counts of inaccuracies, mistakes and blunders; empty for a review without them.
export function renderSummary(el, review) {
    const rows = summaryRows(review);
    if (rows.length === 0) {
        el.replaceChildren();
        return;
    }
    // The counts are headed by the move list's glyphs (?! ? ??), named in full for the ear.
    const head = ['', 'Accuracy', 'ACPL', '?!', '?', '??'];
    const titles = [null, 'Accuracy %, as lichess computes it from the winning chances',
        'Average centipawn loss per move', 'Inaccuracies', 'Mistakes', 'Blunders'];
    el.replaceChildren(h('table', { class: 'review-players' },
        h('thead', {}, h('tr', {}, head.map((t, i) => h('th', { scope: 'col',
            title: titles[i], 'aria-label': titles[i] }, t)))),
        h('tbody', {}, rows.map((r) => h('tr', { dataset: { side: r.side } },
            h('th', { scope: 'row' }, r.name),
            h('td', { class: 'accuracy' }, r.accuracy),
            h('td', { class: 'acpl' }, r.acpl),
            h('td', { class: 'inaccuracies' }, String(r.inaccuracies)),
            h('td', { class: 'mistakes' }, String(r.mistakes)),
            h('td', { class: 'blunders' }, String(r.blunders)))))));
}

// Fills `el` with the best line instead of the labelled move that led to ply `ply` (nothing
// for an unlabelled one): numbered SAN buttons from the position before it (`start`: {number,
// turn} of the game's first move). Clicking the i-th calls onPick(uci moves up to it).
export function renderBestLine(el, review, ply, start, onPick) {
    const line = bestLine(review, ply);
    if (!line) {
        el.replaceChildren();
        return;
    }
    el.replaceChildren(h('span', { class: 'review-line-title' }, 'Best line:'),
        ...numberedLine(line.san, ply, start.number, start.turn).map((t) => h('button', {
            type: 'button', class: 'review-line-move', dataset: { index: String(t.index) },
            title: 'Show this position as a variation',
            onclick: () => onPick(line.uci.slice(0, t.index + 1)) }, t.text)));
}

const TW = 600;
const TH = 40;

// Fills `el` with the move-time chart when the game has clock data: per player a small bar
// chart of the time each move took (one scale for both), a bar's title its move and time;
// clicking a bar calls onJump(ply). Empty for a game without times.
export function renderMoveTimes(el, game, firstSide, onJump) {
    const times = moveTimes(game, firstSide);
    if (times.length === 0) {
        el.replaceChildren();
        return;
    }
    const most = Math.max(...times.map((t) => t.ms));
    const charts = ['white', 'black'].map((side) => {
        const mine = times.filter((t) => t.side === side);
        const count = (game.moves || []).filter((_, i) =>
            ((i % 2 === 0) === (firstSide === 'white')) === (side === 'white')).length;
        const chart = svg('svg', { class: 'times', viewBox: `0 0 ${TW} ${TH}`,
            preserveAspectRatio: 'none', role: 'img',
            'aria-label': `${side === 'white' ? 'White' : 'Black'}'s time per move` });
        for (const b of timeBars(mine, count, most, TW, TH)) {
            const move = game.moves[b.ply - 1];
            const bar = svg('rect', { class: `bar-${side}`, x: b.x, y: b.y, width: b.w,
                height: b.h, 'data-ply': b.ply, 'data-ms': b.ms });
            const title = svg('title', {});
            title.textContent = `${move ? move.san : ''}: ${formatSeconds(b.ms)}`;
            bar.append(title);
            bar.addEventListener('click', () => onJump(b.ply));
            chart.append(bar);
        }
        return h('div', { class: 'times-row', dataset: { side } },
            h('span', { class: 'times-name' }, side === 'white' ? 'White' : 'Black'), chart);
    });
    el.replaceChildren(h('p', { class: 'graph-caption' },
        `Time per move (longest ${formatSeconds(most)})`), ...charts);
}
