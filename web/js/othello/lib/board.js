// Othello boards as the server writes them: 64 characters from A1 to H8, row by row (X black,
// O white, - empty), a space and the side to move. Squares are 0-63 (A1 = 0, H1 = 7, H8 = 63):
// columns A-H from the left, rows 1-8 from the top. The server is the only judge of legality;
// these helpers only read what it sends.

export const COLUMNS = 'abcdefgh';

// "f5" of square 37; "" for anything that is not 0-63.
export function squareName(index) {
    if (!Number.isInteger(index) || index < 0 || index > 63) return '';
    return COLUMNS[index % 8] + String(Math.floor(index / 8) + 1);
}

// 37 of "f5" or "F5"; -1 for anything that is not a square.
export function squareIndex(name) {
    const m = /^([a-h])([1-8])$/i.exec(String(name ?? '').trim());
    if (!m) return -1;
    return (Number(m[2]) - 1) * 8 + COLUMNS.indexOf(m[1].toLowerCase());
}

// {cells, turn} of a board text: cells[i] is 'black', 'white' or null; turn 'black'|'white'.
// Throws an Error that names what is wrong with the text.
export function parseBoard(text) {
    const s = String(text ?? '').replace(/[ \t]/g, '');
    if (s.length < 65) throw new Error(`board text: ${s.length} characters, not 64 squares and a side`);
    const cells = [];
    for (let i = 0; i < 64; i++) {
        const c = s[i];
        if (c === 'X' || c === 'x' || c === '*') cells.push('black');
        else if (c === 'O' || c === 'o') cells.push('white');
        else if (c === '-' || c === '.') cells.push(null);
        else throw new Error(`board text: '${c}' at ${squareName(i)} is not X, O or -`);
    }
    const side = s[64].toUpperCase();
    if (side !== 'X' && side !== 'O') throw new Error(`board text: side to move '${s[64]}' is not X or O`);
    return { cells, turn: side === 'X' ? 'black' : 'white' };
}

// {black, white} discs of a cells array.
export function countDiscs(cells) {
    let black = 0;
    let white = 0;
    for (const c of cells) {
        if (c === 'black') black++;
        else if (c === 'white') white++;
    }
    return { black, white };
}

// The other colour.
export function other(color) {
    return color === 'black' ? 'white' : 'black';
}

// What the board shows after the first `ply` moves of a game object (docs/api.md): its cells,
// the side to move, the last move's square (-1 for none or a pass) with the discs it flipped,
// and the legal moves (only for the current position; earlier positions are for looking).
export function positionAt(game, ply) {
    const moves = game.moves || [];
    const n = Math.max(0, Math.min(ply ?? moves.length, moves.length));
    const text = n === 0 ? game.start : moves[n - 1].board;
    const { cells, turn } = parseBoard(text);
    const last = n > 0 ? moves[n - 1] : null;
    const current = n === moves.length;
    return {
        ply: n,
        cells,
        turn: current && game.over ? null : turn,
        discs: countDiscs(cells),
        last: last && last.move !== 'pass' ? squareIndex(last.move) : -1,
        lastMove: last,
        flipped: last ? (last.flipped || []).map(squareIndex).filter((i) => i >= 0) : [],
        legal: current && !game.over ? (game.legal || []).filter((m) => m !== 'pass')
            .map(squareIndex).filter((i) => i >= 0) : [],
        mustPass: current && !game.over && !!game.must_pass,
        current,
    };
}
