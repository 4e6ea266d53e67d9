// The saved-games list of chess (GET /api/games): open or continue, review, export as PGN,
// and delete where this browser holds the game's token.

import { h } from '../dom.js';
import { fillGameTable, gameDate, deleteButton } from '../list.js';
import { tokens } from '../state.js';

// Fills the table body with the games; actions.open/review/pgn/remove(game) act on a row.
export function renderGames(tbody, games, actions) {
    fillGameTable(tbody, games, {
        empty: 'No saved games yet.',
        cells: (g) => [gameDate(g), g.white || '', g.black || '',
            h('td', { title: g.reason || '' }, g.result || '*'),
            String(Math.ceil((g.plies || 0) / 2))],
        buttons: (g) => [
            h('button', { onclick: () => actions.open(g), 'aria-label': `Open game ${g.id}` },
                g.result === '*' ? 'Continue' : 'Open'),
            h('button', { onclick: () => actions.review(g),
                disabled: g.result === '*' && g.mode !== 'analysis',
                title: g.result === '*' && g.mode !== 'analysis' ? 'Reviewed once it ends' : null },
            g.reviewed ? 'Review ✓' : 'Review'),
            h('button', { onclick: () => actions.pgn(g) }, 'PGN'),
            deleteButton(g, tokens, actions.remove),
        ],
    });
}
