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

// Which games the list shows and where it asks for them. A server that says who the visitor
// is (`visitor: {owner}` in its info) gets "My games", those whose token this browser holds,
// and its owner may ask for every game on the server (`?all=1`); a server that does not say
// has its whole list shown, as before. {query, mine, toggle: whether to offer "All games"}.
export function listScope(visitor, all) {
    if (!visitor || typeof visitor !== 'object') return { query: '', mine: false, toggle: false };
    const everything = visitor.owner === true && !!all;
    return { query: everything ? '?all=1' : '', mine: !everything, toggle: visitor.owner === true };
}

// Most tokens one list request carries (the server's limit): the newest are sent.
export const MAX_LIST_TOKENS = 256;

// The headers of a list request: the seat tokens this browser holds, so that the server
// lists those games (and no one else's); none when it holds none.
export function listHeaders(tokens) {
    const held = tokens.tokens().slice(-MAX_LIST_TOKENS);
    return held.length ? { 'X-Kibitz-Tokens': held.join(',') } : {};
}

// The games of the server's list that the scope shows.
export function listedGames(games, tokens, scope) {
    return scope.mine ? games.filter((g) => tokens.get(g.id)) : games;
}

// Shows the scope in the dialog: its title ("My games", else the title for all) and the
// "All games on this server" choice where the visitor may make it.
export function showScope(scope, mineTitle) {
    const title = document.getElementById('dlg-games-title');
    title.textContent = scope.mine ? mineTitle : title.dataset.all;
    document.getElementById('games-all-box').hidden = !scope.toggle;
}
