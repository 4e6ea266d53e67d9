// Explanations on the page (POST /api/explain, the review's "explanation" field): the request
// for a move of the tree, the motifs in words and the proving line as numbered SAN. Pure.

import { numberedLine } from './review.js';

// The body of POST /api/explain for the move that led to a node: `before` is the position the
// move is played in ({fen}), `move` its UCI, `previous` the move before it with the position
// it was played in ({fen, uci}), when there is one: the explainer then knows the opponent's
// last move (a recapture is no hanging piece). null without a move.
export function explainBody(before, move, previous = null, chess960 = false) {
    if (!before || !before.fen || !move) return null;
    const body = previous && previous.fen && previous.uci
        ? { fen: previous.fen, previous: previous.uci, move }
        : { fen: before.fen, move };
    if (chess960) body.chess960 = true;
    return body;
}

// Theme names (lichess's) that camel case does not spell out well.
const WORDS = {
    hangingPiece: 'hanging piece',
    discoveredAttack: 'discovered attack',
    doubleCheck: 'double check',
    backRankMate: 'back-rank mate',
    trappedPiece: 'trapped piece',
    advancedPawn: 'advanced pawn',
    capturingDefender: 'removal of a defender',
    exposedKing: 'exposed king',
};

// A motif as words: "fork", "mate in 2", "back-rank mate".
export function motifWord(name) {
    const s = String(name || '');
    if (WORDS[s]) return WORDS[s];
    const mate = /^mateIn(\d+)$/.exec(s);
    if (mate) return `mate in ${mate[1]}`;
    return s.replace(/([a-z])([A-Z0-9])/g, '$1 $2').toLowerCase();
}

// The motifs of an explanation as words, without repeats, in order.
export function motifWords(motifs) {
    const out = [];
    for (const m of Array.isArray(motifs) ? motifs : []) {
        const w = motifWord(m);
        if (w && !out.includes(w)) out.push(w);
    }
    return out;
}

// The proving line as numbered SAN tokens [{text, index, uci}]: `san` and `uci` of equal
// length start with the move that led to ply `ply` (the game's first move has number `number`
// with `turn` to move). [] when the two differ in length or are missing.
export function lineTokens(san, uci, ply, number = 1, turn = 'white') {
    if (!Array.isArray(san) || !Array.isArray(uci) || san.length !== uci.length) return [];
    return numberedLine(san, ply, number, turn).map((t) => ({ ...t, uci: uci[t.index] }));
}

// The explanation to show for a review ply: the server's `explanation` when the review has it
// ({text, motifs, line, line_san}), else null (the page then asks POST /api/explain).
export function reviewExplanation(plyObject) {
    const e = plyObject && plyObject.explanation;
    if (!e || typeof e !== 'object' || typeof e.text !== 'string' || !e.text) return null;
    return {
        text: e.text,
        motifs: Array.isArray(e.motifs) ? e.motifs : [],
        line: Array.isArray(e.line) ? e.line : [],
        line_san: Array.isArray(e.line_san) ? e.line_san : [],
    };
}
