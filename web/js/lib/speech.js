// Words for screen readers: a SAN move as a sentence ("White plays knight takes f3, check").

const PIECES = { N: 'knight', B: 'bishop', R: 'rook', Q: 'queen', K: 'king' };

// The spoken form of a SAN move by `color`: "White plays knight f3", "Black castles kingside",
// "White plays e takes d5, promotes to queen, checkmate".
export function sanToSpeech(san, color) {
    const who = color === 'black' ? 'Black' : 'White';
    const s = String(san || '').trim();
    let tail = '';
    if (s.endsWith('#')) tail = ', checkmate';
    else if (s.endsWith('+')) tail = ', check';
    const body = s.replace(/[+#!?]+$/, '');
    if (/^(O-O-O|0-0-0)$/.test(body)) return `${who} castles queenside${tail}`;
    if (/^(O-O|0-0)$/.test(body)) return `${who} castles kingside${tail}`;
    const m = body.match(/^([NBRQK])?([a-h]?[1-8]?)(x?)([a-h][1-8])(?:=?([NBRQ]))?$/);
    if (!m) return `${who} plays ${s}`;
    const [, piece, from, takes, to, promo] = m;
    const words = [];
    if (piece) words.push(PIECES[piece]);
    if (from) words.push(from);
    if (takes) words.push('takes');
    words.push(to);
    let text = `${who} plays ${words.join(' ')}`;
    if (promo) text += `, promotes to ${PIECES[promo]}`;
    return text + tail;
}
