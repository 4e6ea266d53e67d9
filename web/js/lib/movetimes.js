// The time each move took, for the review's move-time chart: from the game object's moves
// (docs/api.md), played here (`think`, ms) or imported with [%clk] comments (`clock`, ms left
// after the move: the time is the drop from the same side's previous clock plus the increment).

// The value of the game's PGN tag `name` (tags are [[name, value], …]), or ''.
function tag(game, name) {
    const t = Array.isArray(game?.tags) ? game.tags.find((p) => p && p[0] === name) : null;
    return t ? String(t[1] ?? '') : '';
}

// The increment in ms of the game: its clock setting, else an imported TimeControl tag
// "300+2" (seconds); 0 when neither says.
export function incrementMs(game) {
    const inc = game?.settings?.clock?.increment;
    if (Number.isFinite(inc)) return inc;
    const tc = /^\d+\+(\d+(?:\.\d+)?)$/.exec(tag(game, 'TimeControl'));
    return tc ? Math.round(Number(tc[1]) * 1000) : 0;
}

// The starting time in ms: the clock setting, else an imported TimeControl's "300+2"; null.
export function initialMs(game) {
    const ini = game?.settings?.clock?.initial;
    if (Number.isFinite(ini)) return ini;
    const tc = /^(\d+)(?:\+\d+(?:\.\d+)?)?$/.exec(tag(game, 'TimeControl'));
    return tc ? Number(tc[1]) * 1000 : null;
}

// [{ply, side, ms}] for every move whose time is known (ms ≥ 0), in game order; side is
// 'white' or 'black' (`firstSide` made the first move). [] when the game has no clock data.
export function moveTimes(game, firstSide = 'white') {
    const moves = Array.isArray(game?.moves) ? game.moves : [];
    const inc = incrementMs(game);
    const start = initialMs(game);
    const out = [];
    moves.forEach((m, i) => {
        const side = (i % 2 === 0) === (firstSide === 'white') ? 'white' : 'black';
        let ms = null;
        if (Number.isFinite(m.think) && m.think > 0) {
            ms = m.think;
        } else if (Number.isFinite(m.clock)) {
            const prev = i >= 2 ? moves[i - 2].clock : start;
            if (Number.isFinite(prev)) ms = Math.max(0, prev - m.clock + inc);
        }
        if (ms !== null) out.push({ ply: i + 1, side, ms });
    });
    return out;
}

// Bars for one side's times in a width × height box, all sides scaled to the same `most` ms:
// [{ply, x, y, w, h, ms}] with a bar per move of the side (`count` of them) from the bottom.
export function timeBars(times, count, most, width, height) {
    if (count <= 0 || !(most > 0)) return [];
    const slot = width / count;
    return times.map((t, i) => {
        const h = Math.max(1, (t.ms / most) * height);
        return { ply: t.ply, ms: t.ms, x: round(i * slot + slot * 0.1), y: round(height - h),
            w: round(slot * 0.8), h: round(h) };
    });
}

// "4.2s", "1:05" for a time in ms, as the chart's bar titles write it.
export function formatSeconds(ms) {
    const s = ms / 1000;
    if (s < 60) return `${s.toFixed(1)}s`;
    const whole = Math.round(s);
    return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

function round(v) {
    return Math.round(v * 100) / 100;
}
