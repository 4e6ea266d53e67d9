// The saved-games table of both games: one row per game, its cells and its actions, or a
// sentence when there is none. Delete is offered only for a game whose seat token this browser
// holds: the server refuses anyone else.

import { h } from './dom.js';

// Fills `tbody` with `games`; `cells(g)` gives a row's cells (strings or <td>s), `buttons(g)`
// its action buttons; `empty` is the sentence for no games.
export function fillGameTable(tbody, games, { empty, cells, buttons }) {
    if (!games.length) {
        tbody.replaceChildren(h('tr', {}, h('td', { colspan: 6 }, empty)));
        return;
    }
    tbody.replaceChildren(...games.map((g) => h('tr', { 'data-id': g.id },
        ...cells(g).map((c) => (c instanceof Node ? c : h('td', {}, c))),
        h('td', { class: 'acts' }, ...buttons(g).filter(Boolean)))));
}

// The date a game was last changed, as the list shows it.
export function gameDate(g) {
    return new Date(g.updated || g.created).toLocaleString();
}

// The Delete button of a game whose token `tokens` holds; null (none shown) for the others.
export function deleteButton(g, tokens, onDelete) {
    const t = tokens.get(g.id);
    if (!t) return null;
    return h('button', { onclick: () => onDelete(g, t), 'aria-label': `Delete game ${g.id}` },
        'Delete');
}
