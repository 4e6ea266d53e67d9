// "Learn from your mistakes" after a review: which moves to ask about, in what order, and how a
// tried move is judged against the best one (POST /api/explain's loss_cp and scores). Pure.

import { plyInfo } from './movelist.js';
import { uciSquares } from './moves.js';

// A tried move counts as found when it loses at most this much against the best move...
export const GOOD_LOSS_CP = 50;
// ...or when it lowers the mover's winning chances by less than this many percentage points.
export const GOOD_WIN_LOSS = 5;
// Scores at or beyond this are mates (the server's scale, docs/api.md).
const MATE_CP = 30000;

// The sides whose mistakes are asked about: the viewer's own seat in a game played here, both
// (White's then Black's) on an analysis board or for a reader without a seat.
export function learnSides(game, seat) {
    if (game && game.mode !== 'analysis' && (seat === 'white' || seat === 'black')) return [seat];
    return ['white', 'black'];
}

// The mistakes and blunders of `sides` in a finished review, side by side in the order of
// `sides` and by ply within a side: [{ply, side, number, san, label, best_san}], ply the
// half-move (1 = the game's first) whose move was the mistake. [] while the review runs.
export function mistakesToLearn(review, game, sides) {
    if (!review || !game || review.done < review.total || !Array.isArray(review.plies)) return [];
    const moves = Array.isArray(game.moves) ? game.moves : [];
    const out = [];
    for (const side of sides) {
        for (const p of review.plies) {
            if (!p || (p.label !== 'mistake' && p.label !== 'blunder')) continue;
            const move = moves[p.ply - 1];
            if (!move) continue;
            const before = plyInfo(game.start_fen, p.ply - 1);
            if (before.turn !== side) continue;
            out.push({ ply: p.ply, side, number: before.number, san: move.san, label: p.label,
                best_san: p.best_san || '' });
        }
    }
    return out.sort((a, b) => sides.indexOf(a.side) - sides.indexOf(b.side) || a.ply - b.ply);
}

// "14. Bxh7" or "14... Bxh7".
export function numbered(number, side, san) {
    return `${number}${side === 'white' ? '.' : '...'} ${san}`;
}

// The question for a mistake: "Find a better move for White than 14. Bxh7".
export function question(m) {
    return `Find a better move for ${m.side === 'white' ? 'White' : 'Black'} than ` +
        `${numbered(m.number, m.side, m.san)}`;
}

// The mover's chance of winning in percent for a score in centipawns from its view, as
// lichess computes it; mates count as certain.
export function winChance(cp) {
    if (cp >= MATE_CP) return 100;
    if (cp <= -MATE_CP) return 0;
    return 50 + 50 * (2 / (1 + Math.exp(-0.00368208 * cp)) - 1);
}

// Whether the explained move `answer` (POST /api/explain) is as good as the best one for this
// exercise: the best move itself, a loss of at most GOOD_LOSS_CP, or a winning chance within
// GOOD_WIN_LOSS points of the best move's.
export function isGoodTry(answer) {
    if (!answer) return false;
    if (answer.move && answer.move === answer.best) return true;
    if (Number.isFinite(answer.loss_cp) && answer.loss_cp <= GOOD_LOSS_CP) return true;
    if (Number.isFinite(answer.score) && Number.isFinite(answer.best_score)) {
        return winChance(answer.best_score) - winChance(answer.score) < GOOD_WIN_LOSS;
    }
    return false;
}

// What a found move does for the mover: its score (mover's view) in words.
export function outcomeWords(score) {
    if (!Number.isFinite(score)) return 'holds';
    if (score >= MATE_CP) return 'wins by force';
    if (score >= 150) return 'keeps a winning advantage';
    if (score >= 50) return 'keeps the advantage';
    if (score > -50) return 'holds the balance';
    return 'is the best defence';
}

// The answer to a tried move: {good, text}. "Good move — 14. Nf3 holds the balance." or
// "Not that — try again."
export function verdict(answer, m) {
    if (!isGoodTry(answer)) return { good: false, text: 'Not that \u2014 try again.' };
    const san = answer.san || '';
    return { good: true,
        text: `Good move \u2014 ${numbered(m.number, m.side, san)} ${outcomeWords(answer.score)}.` };
}

// The closing line: "You found 2 of 3 better moves." and which were missed.
export function summary(results, mistakes) {
    const found = results.filter((r) => r === 'found').length;
    const missed = mistakes.filter((_, i) => results[i] !== 'found')
        .map((m) => numbered(m.number, m.side, m.san));
    const total = mistakes.length;
    const head = `You found ${found} of ${total} better move${total === 1 ? '' : 's'}.`;
    return missed.length ? `${head} To look at again: ${missed.join(', ')}.` : head;
}

// The answer on the scratch board as chessground shapes, once the better move is found
// (state 'good') or shown ('shown'): the best move of the server's answer as a green arrow, and
// the move tried, when good but another one, as a blue arrow beside it. [] otherwise.
export function answerArrows(state, answer, tried) {
    const best = uciSquares(answer?.best);
    if ((state !== 'good' && state !== 'shown') || !best) return [];
    const arrow = (squares, brush) => ({ orig: squares.from, dest: squares.to, brush });
    const shapes = [arrow(best, 'green')];
    const other = state === 'good' ? uciSquares(tried) : null;
    if (other && (other.from !== best.from || other.to !== best.to))
        shapes.push(arrow(other, 'blue'));
    return shapes;
}
