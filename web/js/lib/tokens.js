// Seat tokens per game id, kept in localStorage as {seat, token}; a game without one is shown
// as a spectator view.

const KEY = 'kibitz.tokens';

// A token store over a Storage-like object (getItem/setItem).
export function tokenStore(storage) {
    const read = () => {
        try {
            const all = JSON.parse(storage.getItem(KEY) || '{}');
            return all && typeof all === 'object' ? all : {};
        } catch {
            return {};
        }
    };
    const write = (all) => {
        try {
            storage.setItem(KEY, JSON.stringify(all));
        } catch {
            // Without storage the token lives only as long as the page.
        }
    };
    return {
        // The {seat, token} of a game, or null.
        get(id) {
            const t = read()[id];
            return t && typeof t.token === 'string' && /^[0-9a-f]{32}$/i.test(t.token) &&
                ['white', 'black', 'both'].includes(t.seat) ? { seat: t.seat, token: t.token }
                : null;
        },
        // Remembers the seat and token of a game.
        set(id, seat, token) {
            const all = read();
            all[id] = { seat, token };
            write(all);
        },
        // Every token held, oldest first (the order they were remembered in).
        tokens() {
            return Object.values(read()).map((t) => t && t.token)
                .filter((t) => typeof t === 'string' && /^[0-9a-f]{32}$/i.test(t));
        },
        // Forgets a game's token (after the game is deleted or the token is refused).
        remove(id) {
            const all = read();
            delete all[id];
            write(all);
        },
    };
}

// Whether a seat may move the given colour: "both" (analysis) moves either side.
export function seatMoves(seat, color) {
    return seat === 'both' || seat === color;
}
