// The page's address: "#/" (home), "#/games" (saved games), "#/puzzles" (the puzzle page,
// puzzles.html), "#/game/ID" optionally with "?seat=black&token=..." from an invitation link.

// Parses location.hash into {view, id, seat, token}.
export function parseRoute(hash) {
    const h = String(hash || '').replace(/^#/, '');
    const [path, query = ''] = h.split('?');
    const params = new URLSearchParams(query);
    const parts = path.split('/').filter(Boolean);
    if (parts[0] === 'game' && parts[1] && /^[0-9A-Za-z_-]+$/.test(parts[1])) {
        const seat = params.get('seat');
        const token = params.get('token');
        return { view: 'game', id: parts[1],
            seat: ['white', 'black', 'both'].includes(seat) ? seat : null,
            token: token && /^[0-9a-f]{32}$/i.test(token) ? token : null };
    }
    if (parts[0] === 'games') return { view: 'games' };
    if (parts[0] === 'puzzles') return { view: 'puzzles' };
    return { view: 'home' };
}

// The hash of a game's page.
export function gameHash(id) {
    return `#/game/${id}`;
}

// An absolute invitation link from the page's origin and the server's relative invite.url.
export function inviteLink(origin, url) {
    if (/^https?:\/\//.test(url)) return url;
    return origin.replace(/\/$/, '') + (url.startsWith('/') ? url : '/' + url);
}
