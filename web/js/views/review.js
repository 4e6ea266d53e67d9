// The review's evaluation graph as inline SVG (click to jump to a ply) and the note about the
// shown move (label and the better move).

import { graphPoints, linePath, areaPath, plyAtX } from '../lib/graph.js';

const W = 600;
const H = 120;
const NS = 'http://www.w3.org/2000/svg';

function svg(tag, attrs) {
    const el = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    return el;
}

// Draws the graph of game.review into the <svg>; a click calls onJump(ply).
export function renderGraph(el, review, total, shownPly, onJump) {
    const plies = review && Array.isArray(review.plies) ? review.plies : [];
    const points = graphPoints(plies, total, W, H);
    el.replaceChildren(
        svg('path', { class: 'area', d: areaPath(points, H) }),
        svg('line', { class: 'mid', x1: 0, y1: H / 2, x2: W, y2: H / 2 }),
        svg('path', { class: 'line', d: linePath(points) }),
    );
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
