// The puzzle mode's rules of the page (no DOM): the player's rating after a try, whether a move
// is the solution's, the queue of missed puzzles, and what is kept in localStorage.

// The key of the stored state; a later format gets a new key (and reads this one if it can).
export const KEY = 'kibitz.puzzles.v1';
export const START_RATING = 1500;
export const MIN_RATING = 100;
export const MAX_RATING = 3500;
// The history kept (newest last) and the missed puzzles remembered.
export const HISTORY_MAX = 200;
export const MISSED_MAX = 100;
// Puzzles of the history the server is asked not to give again (its limit is 500).
export const RECENT_EXCLUDED = 100;
// Elo's factor: large for the first tries, so that a new player's rating finds its level fast.
export const K_NEW = 40;
export const K_SETTLED = 20;
export const NEW_TRIES = 20;

// A try's score against the puzzle: solved 1, solved after a hint 0.5, failed 0.
export const SCORE = { solved: 1, hinted: 0.5, failed: 0 };

// The rating after one try: Elo's update against the puzzle's rating, rounded, kept within
// MIN_RATING … MAX_RATING. Returns {rating, delta}.
export function rateTry(rating, puzzleRating, score, tries) {
    const expected = 1 / (1 + 10 ** ((puzzleRating - rating) / 400));
    const k = tries < NEW_TRIES ? K_NEW : K_SETTLED;
    const next = Math.min(MAX_RATING, Math.max(MIN_RATING, Math.round(rating + k * (score - expected))));
    return { rating: next, delta: next - rating };
}

// A rating change as shown: "+12", "−9" (a real minus sign), "±0".
export function deltaText(delta) {
    if (delta > 0) return `+${delta}`;
    if (delta < 0) return `\u2212${-delta}`;
    return '\u00b10';
}

// What a move (UCI) at the puzzle's half-move `ply` is: "right" (the solution's move), "mate"
// (another move that checkmates: it solves the puzzle too), or "wrong".
export function checkMove(puzzle, ply, uci) {
    if (puzzle.moves[ply] === uci) return 'right';
    const mates = puzzle.positions?.[ply]?.mates || [];
    return mates.includes(uci) ? 'mate' : 'wrong';
}

// The legal moves (UCI) at `ply` for a piece moved from orig to dest: none, one, or the four
// promotions of a pawn (the page then asks which piece: the puzzle does not give it away).
export function movesFor(puzzle, ply, orig, dest) {
    return (puzzle.positions?.[ply]?.legal || []).filter((m) => m.startsWith(orig + dest));
}

// The promotion pieces of those moves, in the picker's order (q, r, b, n).
export function promotionLetters(moves) {
    return ['q', 'r', 'b', 'n'].filter((p) => moves.some((m) => m.length === 5 && m[4] === p));
}

// The legal moves at `ply` as chessground's dests: Map(from -> [to, ...]).
export function destsAt(puzzle, ply) {
    const dests = new Map();
    for (const m of puzzle.positions?.[ply]?.legal || []) {
        const from = m.slice(0, 2);
        if (!dests.has(from)) dests.set(from, []);
        if (!dests.get(from).includes(m.slice(2, 4))) dests.get(from).push(m.slice(2, 4));
    }
    return dests;
}

const ID = /^[0-9A-Za-z]{1,16}$/;

// A fresh state: the start rating, no tries.
export function emptyState() {
    return { rating: START_RATING, tries: 0, history: [], missed: [] };
}

// The state from stored JSON text, keeping what is valid of it: a corrupt or foreign value
// gives the fresh state, a bad entry is dropped.
export function parseState(text) {
    let raw;
    try {
        raw = JSON.parse(text);
    } catch {
        return emptyState();
    }
    const s = emptyState();
    if (!raw || typeof raw !== 'object') return s;
    if (Number.isFinite(raw.rating)) {
        s.rating = Math.min(MAX_RATING, Math.max(MIN_RATING, Math.round(raw.rating)));
    }
    if (Number.isInteger(raw.tries) && raw.tries >= 0) s.tries = raw.tries;
    if (Array.isArray(raw.history)) {
        s.history = raw.history.filter((h) => h && typeof h === 'object' && ID.test(h.id) &&
            ['solved', 'hinted', 'failed'].includes(h.result) && Number.isFinite(h.delta))
            .map((h) => ({ id: h.id, result: h.result, delta: h.delta,
                rating: Number.isFinite(h.rating) ? h.rating : null }))
            .slice(-HISTORY_MAX);
    }
    if (Array.isArray(raw.missed)) {
        s.missed = [...new Set(raw.missed.filter((id) => typeof id === 'string' && ID.test(id)))]
            .slice(-MISSED_MAX);
    }
    return s;
}

// The state after a try of `puzzle` ({id, rating}) with result "solved", "hinted" or "failed":
// the rating moved, the try in the history, and the puzzle added to the missed queue when
// failed, taken out of it otherwise. Returns {state, delta}.
export function recordTry(state, puzzle, result) {
    const { rating, delta } = rateTry(state.rating, puzzle.rating, SCORE[result], state.tries);
    const missed = state.missed.filter((id) => id !== puzzle.id);
    if (result === 'failed') missed.push(puzzle.id);
    const history = [...state.history, { id: puzzle.id, result, delta, rating: puzzle.rating }]
        .slice(-HISTORY_MAX);
    return {
        state: { rating, tries: state.tries + 1, history, missed: missed.slice(-MISSED_MAX) },
        delta,
    };
}

// The missed puzzle to retry next (the oldest), or null.
export function nextMissed(state) {
    return state.missed[0] || null;
}

// The ids the server should not give again: the newest of the history.
export function recentIds(state) {
    return [...new Set(state.history.slice(-RECENT_EXCLUDED).map((h) => h.id))];
}

// A state store over a Storage-like object (getItem/setItem); without storage it lives as long
// as the page.
export function puzzleStore(storage) {
    let memory = emptyState();
    return {
        read() {
            try {
                const text = storage.getItem(KEY);
                memory = text === null ? memory : parseState(text);
            } catch {
                // storage refused: the page's own copy
            }
            return memory;
        },
        write(state) {
            memory = state;
            try {
                storage.setItem(KEY, JSON.stringify(state));
            } catch {
                // full or refused: the page's own copy
            }
        },
    };
}

// Lichess's theme tags in plain words, with a sentence on what each means.
const THEMES = {
    fork: ['Fork', 'One piece attacks two or more of the opponent\'s at once.'],
    pin: ['Pin', 'A piece cannot move without exposing a more valuable piece behind it.'],
    skewer: ['Skewer', 'A valuable piece is attacked and, when it moves, the piece behind it falls.'],
    discoveredAttack: ['Discovered attack',
        'A piece moves out of the way and uncovers an attack by the piece behind it.'],
    discoveredCheck: ['Discovered check', 'A piece moves away and uncovers a check.'],
    doubleCheck: ['Double check', 'Two pieces give check at once: only a king move helps.'],
    hangingPiece: ['Hanging piece', 'A piece is left undefended and can simply be taken.'],
    trappedPiece: ['Trapped piece', 'A piece has no safe square left and is won.'],
    deflection: ['Deflection', 'A defender is lured away from the square or piece it guards.'],
    attraction: ['Attraction', 'A piece, often the king, is drawn onto a square where it is hit.'],
    sacrifice: ['Sacrifice', 'Material is given up for a bigger gain.'],
    clearance: ['Clearance', 'A square or line is cleared for another piece.'],
    interference: ['Interference', 'A piece is put between an enemy piece and what it guards.'],
    intermezzo: ['Intermediate move', 'An unexpected move in between, before the expected one.'],
    xRayAttack: ['X-ray attack', 'A piece attacks or defends through an enemy piece.'],
    zugzwang: ['Zugzwang', 'Any move the opponent makes worsens their position.'],
    quietMove: ['Quiet move', 'A move without check or capture that prepares the win.'],
    defensiveMove: ['Defensive move', 'A precise move that holds the position.'],
    capturingDefender: ['Capturing the defender',
        'A piece that guards another is taken, so the guarded one falls.'],
    exposedKing: ['Exposed king', 'The king has lost its cover and is attacked.'],
    kingsideAttack: ['Kingside attack', 'An attack on the king after it castled short.'],
    queensideAttack: ['Queenside attack', 'An attack on the king after it castled long.'],
    advancedPawn: ['Advanced pawn', 'A pawn close to promotion decides the game.'],
    promotion: ['Promotion', 'A pawn reaches the last rank and becomes a queen or another piece.'],
    underPromotion: ['Underpromotion', 'A pawn promotes to a knight, bishop or rook.'],
    enPassant: ['En passant', 'A pawn takes a pawn that just passed it with a double step.'],
    castling: ['Castling', 'Castling is the key move.'],
    mate: ['Checkmate', 'The puzzle ends in checkmate.'],
    mateIn1: ['Mate in 1', 'One move gives checkmate.'],
    mateIn2: ['Mate in 2', 'Checkmate in two moves, whatever the defence.'],
    mateIn3: ['Mate in 3', 'Checkmate in three moves, whatever the defence.'],
    mateIn4: ['Mate in 4', 'Checkmate in four moves, whatever the defence.'],
    mateIn5: ['Mate in 5 or more', 'A long forced checkmate.'],
    backRankMate: ['Back-rank mate',
        'The king is mated on its first rank, hemmed in by its own pawns.'],
    smotheredMate: ['Smothered mate', 'A knight mates a king boxed in by its own pieces.'],
    anastasiaMate: ['Anastasia\'s mate', 'A knight and a rook or queen trap the king on the edge.'],
    arabianMate: ['Arabian mate', 'A knight and a rook mate the king in a corner.'],
    bodenMate: ['Boden\'s mate', 'Two bishops on crossing diagonals mate the king.'],
    doubleBishopMate: ['Double bishop mate', 'Two bishops on adjacent diagonals mate the king.'],
    dovetailMate: ['Dovetail mate', 'A queen mates a king whose escape squares its own pieces block.'],
    hookMate: ['Hook mate', 'A rook, knight and pawn mate the king together.'],
    pillsburysMate: ['Pillsbury\'s mate', 'A rook and a bishop mate the king on its back rank.'],
    killBoxMate: ['Kill box mate', 'A rook and a queen box the king in.'],
    vukovicMate: ['Vukovic mate', 'A rook and a knight mate the king on the edge.'],
    advantage: ['Advantage', 'The solution wins a clear advantage.'],
    crushing: ['Crushing', 'The solution wins decisively.'],
    equality: ['Equality', 'The solution saves a worse position.'],
    opening: ['Opening', 'The puzzle comes from the opening.'],
    middlegame: ['Middlegame', 'The puzzle comes from the middlegame.'],
    endgame: ['Endgame', 'The puzzle comes from the endgame.'],
    rookEndgame: ['Rook endgame', 'Only kings, rooks and pawns are left.'],
    bishopEndgame: ['Bishop endgame', 'Only kings, bishops and pawns are left.'],
    knightEndgame: ['Knight endgame', 'Only kings, knights and pawns are left.'],
    pawnEndgame: ['Pawn endgame', 'Only kings and pawns are left.'],
    queenEndgame: ['Queen endgame', 'Only kings, queens and pawns are left.'],
    queenRookEndgame: ['Queen and rook endgame', 'Only kings, queens, rooks and pawns are left.'],
    oneMove: ['One move', 'The solution is a single move.'],
    short: ['Short', 'The solution is two moves long.'],
    long: ['Long', 'The solution is three moves long.'],
    veryLong: ['Very long', 'The solution is four moves or more.'],
    master: ['Master game', 'From a game of titled players.'],
    masterVsMaster: ['Master against master', 'From a game between two titled players.'],
    superGM: ['Super GM game', 'From a game of the world\'s best players.'],
};

// The tactical themes first (they say what the solution does), then mates, then the rest.
const ORDER = ['fork', 'pin', 'skewer', 'discoveredAttack', 'discoveredCheck', 'doubleCheck',
    'hangingPiece', 'trappedPiece', 'deflection', 'attraction', 'sacrifice', 'clearance',
    'interference', 'intermezzo', 'xRayAttack', 'capturingDefender', 'zugzwang', 'backRankMate',
    'smotheredMate'];

// A theme tag as {tag, name, about}: known tags in plain words, others split at their capitals
// ("someNewTheme" -> "Some new theme") without a sentence.
export function themeWords(tag) {
    const known = THEMES[tag];
    if (known) return { tag, name: known[0], about: known[1] };
    const words = String(tag).replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
    return { tag, name: words.charAt(0).toUpperCase() + words.slice(1), about: '' };
}

// A puzzle's themes in plain words, the tactics first.
export function themesInWords(tags) {
    const rank = (t) => (ORDER.includes(t) ? ORDER.indexOf(t) : ORDER.length);
    return [...tags].sort((a, b) => rank(a) - rank(b)).map(themeWords);
}

// The solution after the setup move in SAN with move numbers, from the FEN of its first
// position: "17... Qh5#", "27... Rd8 28. Qxd8+ Bxd8".
export function solutionText(puzzle) {
    const fields = String(puzzle.positions?.[1]?.fen || '').split(' ');
    let number = Number(fields[5]) || 1;
    let white = fields[1] !== 'b';
    const out = [];
    for (let i = 1; i < (puzzle.san || []).length; ++i) {
        if (white) out.push(`${number}. ${puzzle.san[i]}`);
        else out.push(i === 1 ? `${number}... ${puzzle.san[i]}` : puzzle.san[i]);
        if (!white) number += 1;
        white = !white;
    }
    return out.join(' ');
}
