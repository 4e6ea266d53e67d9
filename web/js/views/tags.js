// The heading of an imported game from its PGN tags: the players (with their Elo), the event,
// the site, the date, the round and the result, as the PGN has them ("?" parts left out).

const $ = (id) => document.getElementById(id);

// The value of tag `name` (first of that name), or '' when absent or unknown ("?", "????.??.??").
export function tagValue(game, name) {
    const tag = (game?.tags || []).find((t) => Array.isArray(t) && t[0] === name);
    const v = tag ? String(tag[1] ?? '').trim() : '';
    return /^[?.\s-]*$/.test(v) ? '' : v;
}

// "Magnus Carlsen (2863)" for color 'white', or '' when the PGN names no player.
export function taggedPlayer(game, color) {
    const name = tagValue(game, color === 'white' ? 'White' : 'Black');
    const elo = tagValue(game, color === 'white' ? 'WhiteElo' : 'BlackElo');
    return name ? `${name}${elo ? ` (${elo})` : ''}` : '';
}

// Fills #game-tags: "White – Black · Event, Site · Date · Round 3 · 1-0"; hidden without tags.
export function renderTags(game) {
    const el = $('game-tags');
    if (!el) return;
    const white = taggedPlayer(game, 'white');
    const black = taggedPlayer(game, 'black');
    const round = tagValue(game, 'Round');
    const parts = [
        white || black ? `${white || 'White'} – ${black || 'Black'}` : '',
        [tagValue(game, 'Event'), tagValue(game, 'Site')].filter(Boolean).join(', '),
        tagValue(game, 'Date').replace(/\.\?\?/g, ''),
        round ? `Round ${round}` : '',
        tagValue(game, 'Result'),
    ].filter(Boolean);
    el.textContent = parts.join(' · ');
    el.hidden = !parts.length || !hasRealTags(game);
}

// True when the tags say more than the blanks an export of any game carries.
function hasRealTags(game) {
    return ['White', 'Black', 'Event', 'Site'].some((n) => {
        const v = tagValue(game, n);
        return v && !['White', 'Black', 'Kibitz', 'Kibitz game', 'Casual game'].includes(v);
    });
}
