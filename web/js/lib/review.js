// The review's per-player summary and the best line of a labelled move, from the review object
// of the server (docs/api.md): pure functions, so that a review stored before these fields
// existed (no "players", no "best_line") gives empty answers rather than errors.

// The rows of the summary table, White's first: {side, name, accuracy, acpl, inaccuracies,
// mistakes, blunders} with accuracy as "87%" and acpl as "23" (or "–" when the side made no
// move). [] while the review runs or when it has no players (an older stored review).
export function summaryRows(review) {
    if (!review || review.done < review.total || !review.players) return [];
    const rows = [];
    for (const side of ['white', 'black']) {
        const p = review.players[side];
        if (!p || typeof p !== 'object') continue;
        rows.push({
            side,
            name: side === 'white' ? 'White' : 'Black',
            accuracy: typeof p.accuracy === 'number' ? `${Math.round(p.accuracy)}%` : '\u2013',
            acpl: typeof p.acpl === 'number' ? String(Math.round(p.acpl)) : '\u2013',
            inaccuracies: count(p.inaccuracies),
            mistakes: count(p.mistakes),
            blunders: count(p.blunders),
        });
    }
    return rows;
}

function count(n) {
    return Number.isInteger(n) && n >= 0 ? n : 0;
}

// The review's ply `ply` when it is labelled (inaccuracy, mistake or blunder), else null.
export function labelledPly(review, ply) {
    const plies = review && Array.isArray(review.plies) ? review.plies : [];
    const p = plies.find((q) => q && q.ply === ply);
    return p && p.label ? p : null;
}

// The best line instead of the labelled move that led to ply `ply`: {san: [...], uci: [...]}
// of equal length, both from the position before the move. An older review has only the best
// move: a line of that one move. null when the ply is not labelled or has no best move.
export function bestLine(review, ply) {
    const p = labelledPly(review, ply);
    if (!p) return null;
    const san = Array.isArray(p.best_line) ? p.best_line : [];
    const uci = Array.isArray(p.best_line_uci) ? p.best_line_uci : [];
    if (san.length > 0 && san.length === uci.length) return { san, uci };
    if (p.best && p.best_san) return { san: [p.best_san], uci: [p.best] };
    return null;
}

// The best move (UCI) to draw as an arrow at ply `ply`: the first move of its best line, or ''.
export function bestArrowMove(review, ply) {
    const line = bestLine(review, ply);
    return line ? line.uci[0] : '';
}

// The best line as numbered SAN tokens from the position before ply `ply` (the game's first
// move has number `number` with `turn` to move): [{text, index}] where text starts with
// "12." or "12..." where a number belongs, index is the move's place in the line.
export function numberedLine(san, ply, number = 1, turn = 'white') {
    const offset = turn === 'black' ? 1 : 0;
    return san.map((move, i) => {
        const at = ply - 1 + i + offset;  // half-moves from the first white move of `number`
        const moveNo = number + Math.floor(at / 2);
        const white = at % 2 === 0;
        const prefix = white ? `${moveNo}. ` : i === 0 ? `${moveNo}... ` : '';
        return { text: `${prefix}${move}`, index: i };
    });
}
