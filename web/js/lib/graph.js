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

// The advantages in pawns labelled on the vertical axis, each {pawns, label, y} with y the
// fraction of the height from the top (White winning at 0) on the win-probability scale.
export const PAWN_TICKS = [3, 1, 0, -1, -3];
export function yTicks(ticks = PAWN_TICKS) {
    return ticks.map((pawns) => ({
        pawns,
        label: pawns > 0 ? `+${pawns}` : pawns < 0 ? `\u2212${-pawns}` : '0',
        y: round(1 - winProbability({ cp: pawns * 100 })),
    }));
}

// The move numbers labelled along the horizontal axis of a graph of `total` plies from a start
// whose first move is `number` with `turn` to move: at most `most` ticks, on round steps; each
// {move, x} with x the fraction of the width where that move's first ply ends.
export function xTicks(total, number = 1, turn = 'white', most = 8) {
    if (total <= 0) return [];
    const offset = turn === 'black' ? 1 : 0;  // plies before the first one of this start
    const moveOf = (ply) => number + Math.floor((ply - 1 + offset) / 2);
    const first = moveOf(1);
    const last = moveOf(total);
    const step = [1, 2, 5, 10, 20, 50, 100, 200].find((s) => (last - first) / s < most) || 500;
    const out = [];
    for (let m = Math.ceil(first / step) * step || step; m <= last; m += step) {
        // The ply of move m's white half-move (or its black one for the first move of a start
        // with Black to move).
        const ply = Math.max(1, (m - number) * 2 + 1 - offset);
        if (ply <= total) out.push({ move: m, x: round(ply / total) });
    }
    return out;
}
