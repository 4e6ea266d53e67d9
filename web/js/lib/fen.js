// Reads the fields of a FEN string for display: pieces per square, side to move, move number.
// It never judges legality; the server's rules do that.

const NAMES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };

export const FILES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
export const INITIAL_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// Splits a FEN into its fields; `pieces` maps squares ("e4") to FEN letters ("N", "p").
// Missing trailing fields get the usual defaults; a malformed placement yields null.
export function parseFen(fen) {
    const fields = String(fen || '').trim().split(/\s+/);
    const ranks = fields[0] ? fields[0].split('/') : [];
    if (ranks.length !== 8) return null;
    const pieces = new Map();
    for (let r = 0; r < 8; r++) {
        let file = 0;
        for (const ch of ranks[r]) {
            if (ch >= '1' && ch <= '8') {
                file += Number(ch);
            } else if (NAMES[ch.toLowerCase()]) {
                if (file > 7) return null;
                pieces.set(FILES[file] + String(8 - r), ch);
                file += 1;
            } else {
                return null;
            }
        }
        if (file !== 8) return null;
    }
    return {
        pieces,
        turn: fields[1] === 'b' ? 'black' : 'white',
        castling: fields[2] || '-',
        enPassant: fields[3] || '-',
        halfmove: Number.parseInt(fields[4] || '0', 10) || 0,
        fullmove: Number.parseInt(fields[5] || '1', 10) || 1,
    };
}

// Describes a FEN letter in words: "N" -> {color: "white", role: "knight"}; null for none.
export function pieceOf(letter) {
    if (!letter || !NAMES[letter.toLowerCase()]) return null;
    return { color: letter === letter.toUpperCase() ? 'white' : 'black',
        role: NAMES[letter.toLowerCase()] };
}

// The accessible name of a square: "e4, white knight" or "e4, empty".
export function squareLabel(square, letter) {
    const piece = pieceOf(letter);
    return piece ? `${square}, ${piece.color} ${piece.role}` : `${square}, empty`;
}

// True when the text looks like a FEN (eight ranks and a side to move) rather than a PGN.
export function looksLikeFen(text) {
    const fields = String(text || '').trim().split(/\s+/);
    return fields.length >= 2 && fields.length <= 6 && /^[wb]$/.test(fields[1]) &&
        parseFen(text) !== null;
}
