// Words and numbers of the Othello page, from the server's game object (docs/api.md,
// "Othello"): whose turn, the move list, the engine's evaluation in discs, the result.

import { newerGame } from '../../lib/answers.js';

const NAMES = { black: 'Black', white: 'White' };

// "Black" / "White".
export function colorName(color) {
    return NAMES[color] || '';
}

// Whether a seat ('black', 'white', 'both' or null) may move for colour.
export function seatMoves(seat, color) {
    return !!color && (seat === 'both' || seat === color);
}

// True when the person holding `seat` may play in the game's current position.
export function myTurn(game, seat) {
    return !!game && !game.over && !game.engine?.thinking && seatMoves(seat, game.turn) &&
        game.seats?.[game.turn] !== 'engine';
}

// The move list as rows of a Black and a White column: [{number, black, white}], each cell
// {ply, move, color} or null (a game from a set-up position where White moves first starts
// with an empty Black cell). Passes are moves, so the colours always alternate.
export function moveRows(game) {
    const rows = [];
    const moves = game.moves || [];
    let row = null;
    moves.forEach((m, i) => {
        if (!row || m.color === 'black') {
            row = { number: rows.length + 1, black: null, white: null };
            rows.push(row);
        }
        row[m.color] = { ply: i + 1, move: m.move, color: m.color };
        if (m.color === 'white') row = null;
    });
    return rows;
}

// "+2.4", "−3", "0" for an evaluation in discs (a typographic minus; whole numbers plain).
export function discsText(value) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return '';
    const r = Math.round(value * 10) / 10;
    if (r === 0) return '0';
    const abs = Math.abs(r);
    const text = Number.isInteger(abs) ? String(abs) : abs.toFixed(1);
    return (r > 0 ? '+' : '\u2212') + text;
}

// The engine's evaluation as a short phrase from Black's point of view value (in discs):
// "Black +2.4", "White +6 (perfect play)", "Even".
export function evalText(search) {
    if (!search || typeof search.eval !== 'number') return '';
    const v = search.eval;
    const r = Math.round(v * 10) / 10;
    const exact = search.exact ? ' (perfect play)' : '';
    if (r === 0) return search.exact ? 'Draw (perfect play)' : 'Even';
    return `${r > 0 ? 'Black' : 'White'} ${discsText(Math.abs(v))}${exact}`;
}

// A longer sentence for the engine panel and screen readers.
export function evalSentence(search) {
    if (!search || typeof search.eval !== 'number') return '';
    const v = search.eval;
    const abs = Math.abs(Math.round(v * 10) / 10);
    const side = v > 0 ? 'Black' : 'White';
    const discs = (n) => `${Number.isInteger(n) ? n : n.toFixed(1)} disc${n === 1 ? '' : 's'}`;
    if (search.exact) {
        if (abs === 0) return 'Solved: a draw with perfect play.';
        return `Solved: ${side} wins by ${discs(abs)} with perfect play.`;
    }
    if (abs === 0) return 'Kibitz sees the game as even.';
    return `Kibitz sees ${side} ahead by about ${discs(abs)}.`;
}

// The principal variation as text: "e6 f4 c3 pass d3".
export function pvText(pv, max = 12) {
    if (!Array.isArray(pv) || !pv.length) return '';
    const shown = pv.slice(0, max).join(' ');
    return pv.length > max ? `${shown} …` : shown;
}

// "40–24" with the winner's discs first (a draw: "32–32").
export function scoreText(game) {
    if (!game?.score) return '';
    const { black, white } = game.score;
    return `${Math.max(black, white)}–${Math.min(black, white)}`;
}

// "Black wins 40–24.", with the person's view in engine games ("You win!" / "Kibitz wins.").
export function resultWords(game, seat) {
    if (!game || !game.over) return '';
    const words = game.result === 'draw' ? `Draw, ${scoreText(game)}.`
        : `${colorName(game.result)} wins ${scoreText(game)}.`;
    if (game.mode === 'engine' && (seat === 'black' || seat === 'white') &&
        game.result !== 'draw') {
        return `${words} ${game.result === seat ? 'You win!' : 'Kibitz wins.'}`;
    }
    return words;
}

// Why the side to move must pass, for the pass box.
export function passExplanation(game) {
    if (!game || !game.must_pass || game.over) return '';
    const side = colorName(game.turn);
    const opp = colorName(game.turn === 'black' ? 'white' : 'black');
    return `${side} has no move that flips a disc, so ${side} must pass and ${opp} plays again.`;
}

// The status line: the result, whose turn it is, or that Kibitz is thinking.
export function statusText(game, seat) {
    if (!game) return '';
    if (game.over) return resultWords(game, seat);
    const side = colorName(game.turn);
    if (game.seats?.[game.turn] === 'engine') {
        const s = game.engine?.search;
        const depth = game.engine?.thinking && s && s.ply === game.moves.length
            ? ` (depth ${s.depth})` : '';
        return `Kibitz (${side}) is thinking…${depth}`;
    }
    const pass = game.must_pass ? ': no legal move, you must pass' : '';
    if (game.mode === 'engine') {
        return seatMoves(seat, game.turn) ? `Your move (${side})${pass}` : `${side} to move`;
    }
    return `${side} to move${game.must_pass ? ': no legal move, must pass' : ''}`;
}

// Whether `game` is a later reading of the game than `prev` (answers and events can arrive in
// either order). Every change of the moves or of whether Kibitz thinks raises `updated`; with
// the same `updated`, only a further iteration of Kibitz's search is news.
export function newerReading(game, prev) {
    return newerGame(game, prev, searchNews);
}

function searchNews(game, prev) {
    if (Boolean(game.engine?.thinking) !== Boolean(prev.engine?.thinking)) return true;
    const s = game.engine?.search;
    const p = prev.engine?.search;
    if (!s) return false;
    if (!p) return true;
    return s.ply > p.ply || (s.ply === p.ply && s.depth > p.depth);
}

// The download name of a game's text.
export function exportName(id) {
    return `kibitz-othello-${id}.txt`;
}

// A short line for the saved-games list: "Black wins 40–24", "unfinished".
export function summaryResult(g) {
    if (!g.over || !g.score) return 'unfinished';
    const who = g.result === 'draw' ? 'Draw' : `${colorName(g.result)} wins`;
    return `${who} ${scoreText(g)}`;
}

const EVAL_WORDS = {
    discs: 'judging a position by its discs alone',
    table: 'judging a position by a table of good and bad squares',
    mobility: 'judging a position by its squares and mobility',
    patterns: 'judging a position by the fitted pattern evaluation',
};

// What a level (GET /api/othello/info's levels[i]) does and how it fared against other
// engines, in a sentence or two: "Looks 6 moves ahead, judging a position by the fitted pattern
// evaluation, and plays perfectly from 14 empty squares. Measured: 84% against ntest depth 2, 51% against
// ntest depth 4 (40 games each)."
export function levelDescription(level) {
    if (!level) return '';
    const seconds = Math.round(level.ms / 100) / 10;
    const ahead = level.depth >= 60
        ? `Looks as far ahead as ${seconds} s a move allows`
        : `Looks ${level.depth} move${level.depth === 1 ? '' : 's'} ahead`;
    const words = EVAL_WORDS[level.eval] || level.eval;
    const solve = level.solve_empties > 0
        ? `, and plays perfectly from ${level.solve_empties} empty squares` : '';
    let text = `${ahead}, ${words}${solve}.`;
    const measured = (level.measured || []).filter((r) => r.wins + r.losses + r.draws > 0);
    if (measured.length) {
        const parts = measured.map((r) => {
            const games = r.wins + r.losses + r.draws;
            const score = Math.round(100 * (r.wins + r.draws / 2) / games);
            return { text: `${score}% against ${r.opponent}`, games };
        });
        const same = parts.every((p) => p.games === parts[0].games);
        const games = same
            ? ` (${parts[0].games} games${parts.length > 1 ? ' each' : ''})`
            : '';
        text += ` Measured: ${parts.map((p) => same ? p.text : `${p.text} (${p.games} games)`)
            .join(', ')}${games}.`;
    }
    return text;
}
