// What a person reads when a request fails: one plain sentence about what they tried, never an
// HTTP status, a FEN or a developer's phrase. The server says why a move, an import, a draw or a
// take-back was refused in such a sentence already, and the page shows it as it is; for an answer
// with only a status (no server, a deleted game, a busy server) the page knows what was tried.

// The message while the server cannot be reached; the page takes it down once it reconnects.
export const OFFLINE =
    'The server cannot be reached. The page reconnects by itself when it is back.';

// A game that is no longer on the server.
export const GONE = 'This game no longer exists: it was deleted.';

// What failed, per action, when nothing more precise can be said.
const FAILED = {
    open: 'The game could not be opened.',
    move: 'That move was not accepted.',
    takeback: 'The move could not be taken back.',
    hint: 'No hint could be given.',
    resign: 'The game could not be resigned.',
    draw: 'The draw could not be offered or answered.',
    claim: 'No draw could be claimed.',
    review: 'The game could not be reviewed.',
    analysis: 'The analysis could not be started.',
    create: 'The new game could not be started.',
    import: 'The game could not be imported.',
    list: 'The list of saved games could not be loaded.',
    delete: 'The game could not be deleted.',
    export: 'The game\'s record could not be loaded.',
    info: 'The server\'s settings could not be loaded.',
    annotate: 'The move could not be changed.',
};

// What a visitor without the game's seat cannot do, per action (403).
const NOT_YOURS = {
    delete: 'This game belongs to another browser, so it cannot be deleted here.',
    review: 'This game belongs to another browser: only its players can have it reviewed.',
    annotate: 'This game belongs to another browser: only its players can change its moves.',
    analysis: 'This game belongs to another browser: only its players can analyse it here.',
};
const WATCH_ONLY = 'This game belongs to another browser: you can watch it but not move.';

// The sentence for a failed request. `action` is a key of FAILED; `error` is {status, message}
// (status 0: no answer; message: the server's text); `detail.move` is the move that was sent.
export function plainError(action, error, detail = {}) {
    const status = Number(error?.status) || 0;
    const text = String(error?.message || '');
    const failed = FAILED[action] || 'That did not work.';
    if (status === 0) return OFFLINE;
    if (status === 403) return NOT_YOURS[action] || WATCH_ONLY;
    // The game is there (calls.js checked) but the move is not: deleted in another tab.
    if (status === 404 && action === 'annotate' && !/no such API path/i.test(text)) {
        return 'That move is no longer in the game.';
    }
    if (status === 404) return /no such API path/i.test(text) ? failed : GONE;
    if (status === 413) return `${stop(failed)}: the text is too long for the server.`;
    if (status === 421) {
        return 'The server does not accept this page\'s address: open the address that ' +
            '"kibitz play" printed.';
    }
    if (status === 429 || status === 503) return 'The server is busy. Try again in a moment.';
    if (status >= 500) return `${stop(failed)}: the server ran into a problem.`;
    if (isSentence(text)) return text;
    if (status === 422 && action === 'move' && detail.move) {
        return `${detail.move} is not a legal move in this position.`;
    }
    return failed;
}

// True for a server text that is a sentence for a person: it starts with a capital (or a quoted
// word: the text that was typed) and ends with a full stop, with no FEN, status code, markup or
// field name in it, and is not too long. A developer's text ("'ply' must be from 0 to 3") is not.
export function isSentence(text) {
    const t = String(text || '').trim();
    if (!t || t.length > 300 || !/^['A-Z0-9]/.test(t) || !/[.!?]$/.test(t)) return false;
    return !hasFen(t) && !/HTTP \d{3}/.test(t) && !/[<>_\\]/.test(t);
}

// A FEN's board, and its other fields where they follow.
const FEN = new RegExp('[1-8pnbrqkPNBRQK]{1,8}(/[1-8pnbrqkPNBRQK]{1,8}){7}' +
    '( [wb]( [-KQkqA-Ha-h]+( [-a-h1-8]+( \\d+ \\d+)?)?)?)?');

function hasFen(t) {
    return FEN.test(t);
}

function stop(s) {
    return s.replace(/\.$/, '');
}
