// The review's evaluation graph: win probability for White per ply, as SVG path data, and the
// mapping from a click's x position back to a ply.

import { winProbability } from './evaluation.js';

// Points {ply, x, y} for the review plies in a width x height box; y = 0 is White winning.
// A ply's `win` (White's win probability, which the server also gives for a final position
// without an evaluation) is used when present; plies with neither are skipped.
export function graphPoints(plies, total, width, height) {
    const span = Math.max(1, total);
    return (plies || []).filter((p) => p && (p.eval || typeof p.win === 'number')).map((p) => ({
        ply: p.ply,
        x: round((p.ply / span) * width),
        y: round((1 - (typeof p.win === 'number' ? p.win : winProbability(p.eval))) * height),
    }));
}

// The line through the points ("M x y L x y ..."); "" for no points.
export function linePath(points) {
    return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
}

// A closed area between the line and the bottom edge (White's share), for filling.
export function areaPath(points, height) {
    if (points.length === 0) return '';
    const first = points[0];
    const last = points[points.length - 1];
    return `M${first.x} ${height} L${first.x} ${first.y} ` +
        points.slice(1).map((p) => `L${p.x} ${p.y}`).join(' ') +
        `${points.length > 1 ? ' ' : ''}L${last.x} ${height} Z`;
}

// The ply nearest to horizontal position x in a graph of `total` plies, at least 1.
export function plyAtX(x, width, total) {
    if (total <= 0 || width <= 0) return 0;
    const ply = Math.round((x / width) * total);
    return Math.max(1, Math.min(total, ply));
}

function round(v) {
    return Math.round(v * 100) / 100;
}
