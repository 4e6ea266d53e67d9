// Board arrows (chessground autoShapes) for analysis lines, the engine's best move and hints.

import { uciSquares } from './moves.js';

// Arrow shapes for analysis lines: the first move of each line, the best line's arrow the
// strongest and the others fading by rank. Lines are {multipv, pv: [uci...]}.
export function lineArrows(lines) {
    const sorted = [...(lines || [])].sort((a, b) => a.multipv - b.multipv);
    const shapes = [];
    const seen = new Set();
    sorted.forEach((line, i) => {
        const sq = uciSquares(line.pv && line.pv[0]);
        if (!sq || seen.has(sq.from + sq.to)) return;
        seen.add(sq.from + sq.to);
        shapes.push({ orig: sq.from, dest: sq.to, brush: i === 0 ? 'green' : 'paleBlue',
            modifiers: { lineWidth: Math.max(4, 14 - 3 * i) } });
    });
    return shapes;
}

// One arrow for a single move (hint, best move, threat) with a brush; empty for a bad move.
export function moveArrow(uci, brush) {
    const sq = uciSquares(uci);
    return sq ? [{ orig: sq.from, dest: sq.to, brush }] : [];
}
