// The saved-games list (GET /api/games): open or continue, review, export as PGN, delete.

import { h } from '../dom.js';

// Fills the table body with the games; actions.open/review/pgn/remove(game) act on a row.
export function renderGames(tbody, games, actions) {
    if (!games.length) {
        tbody.replaceChildren(h('tr', {}, h('td', { colspan: 6 }, 'No saved games yet.')));
        return;
    }
    tbody.replaceChildren(...games.map((g) => h('tr', { 'data-id': g.id },
        h('td', {}, new Date(g.updated || g.created).toLocaleString()),
        h('td', {}, g.white || ''),
        h('td', {}, g.black || ''),
        h('td', { title: g.reason || '' }, g.result || '*'),
        h('td', {}, String(Math.ceil((g.plies || 0) / 2))),
        h('td', { class: 'acts' },
            h('button', { onclick: () => actions.open(g), 'aria-label': `Open game ${g.id}` },
                g.result === '*' ? 'Continue' : 'Open'),
            h('button', { onclick: () => actions.review(g),
                disabled: g.result === '*' && g.mode !== 'analysis',
                title: g.result === '*' && g.mode !== 'analysis' ? 'Reviewed once it ends' : null },
            g.reviewed ? 'Review ✓' : 'Review'),
            h('button', { onclick: () => actions.pgn(g) }, 'PGN'),
            h('button', { onclick: () => actions.remove(g) }, 'Delete')),
    )));
}
