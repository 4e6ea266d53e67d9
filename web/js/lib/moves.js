// Turns the server's legal moves (UCI) into what the board needs: destinations per square and
// the UCI move (or promotion choices) for a from-to pair. The page never decides legality.

import { parseFen } from './fen.js';

const PROMOTION_ORDER = ['q', 'r', 'b', 'n'];

// Builds {dests: Map<from, to[]>, moves: Map<"from+to", uci[]>} from the legal list. In standard
// chess a castling king step (e1g1) is also reachable by dropping the king on its rook (e1h1);
// in Chess960 the legal list already holds king-takes-rook, so it is used as it is.
export function moveTable(legal, fen, chess960 = false) {
    const dests = new Map();
    const moves = new Map();
    const add = (from, to, uci) => {
        const key = from + to;
        if (!moves.has(key)) {
            moves.set(key, []);
            if (!dests.has(from)) dests.set(from, []);
            dests.get(from).push(to);
        }
        if (!moves.get(key).includes(uci)) moves.get(key).push(uci);
    };
    const parsed = chess960 ? null : parseFen(fen);
    for (const uci of legal || []) {
        const squares = uciSquares(uci);
        if (!squares) continue;
        const { from, to } = squares;
        add(from, to, uci);
        const rook = parsed && castlingRookSquare(parsed.pieces, from, to);
        if (rook) add(from, rook, uci);
    }
    return { dests, moves };
}

// The rook square of a standard castling king step (e1g1 -> h1), when a rook of the king's
// colour stands there; null for any other move.
export function castlingRookSquare(pieces, from, to) {
    const king = pieces.get(from);
    if (king !== 'K' && king !== 'k') return null;
    const rank = king === 'K' ? '1' : '8';
    if (from !== 'e' + rank || to[1] !== rank) return null;
    const rookSquare = to[0] === 'g' ? 'h' + rank : to[0] === 'c' ? 'a' + rank : null;
    const rook = rookSquare && pieces.get(rookSquare);
    return rook === (king === 'K' ? 'R' : 'r') ? rookSquare : null;
}

// The UCI candidates for a from-to pair: none (illegal), one, or four for a promotion.
export function candidates(table, from, to) {
    return table.moves.get(from + to) || [];
}

// The promotion pieces offered for a from-to pair, in the order q, r, b, n; empty if the
// pair is not a promotion.
export function promotionPieces(table, from, to) {
    const letters = candidates(table, from, to).filter((u) => u.length === 5).map((u) => u[4]);
    return PROMOTION_ORDER.filter((p) => letters.includes(p));
}

// True when the UCI move is in the legal list (used before playing a premove).
export function isLegal(legal, uci) {
    return (legal || []).includes(uci);
}

// Splits a UCI move into board squares for arrows and highlights; null when malformed.
export function uciSquares(uci) {
    if (!/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(uci || '')) return null;
    return { from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] || null };
}
