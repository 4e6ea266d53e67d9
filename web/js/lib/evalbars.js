// The evaluation breakdown of the analysis board, from GET /api/eval (docs/api.md): one row per
// term with White's and Black's values as bars and the net from White's view. Pure functions.

// "+0.35", "−1.20", "0.00": centipawns as pawns with a sign (a real minus sign).
export function pawns(cp) {
    if (!Number.isFinite(cp)) return '';
    const text = (Math.abs(cp) / 100).toFixed(2);
    if (Math.round(Math.abs(cp)) === 0) return '0.00';
    return `${cp < 0 ? '\u2212' : '+'}${text}`;
}

// Bars are drawn against at least this many centipawns, so that a term worth a few
// centipawns to either side stays a short bar rather than a full one.
export const MIN_SCALE = 50;

// The rows of the breakdown: {term, title, white, black, net, whiteText, blackText, netText,
// whiteWidth, blackWidth, whiteNegative, blackNegative, favours}. Each row's bars share one
// scale (its larger value, at least MIN_SCALE), widths in percent: material would otherwise
// squash every other term to nothing. favours: 'white', 'black' or '' (even). [] for an
// answer without terms.
export function evalRows(data) {
    const terms = data && Array.isArray(data.terms) ? data.terms : [];
    return terms.filter((t) => t && typeof t.term === 'string').map((t) => {
        const white = Number.isFinite(t.white) ? t.white : 0;
        const black = Number.isFinite(t.black) ? t.black : 0;
        const scale = Math.max(Math.abs(white), Math.abs(black), MIN_SCALE);
        const net = white - black;
        return {
            term: t.term,
            title: typeof t.title === 'string' && t.title ? t.title : t.term,
            white,
            black,
            net,
            whiteText: pawns(white),
            blackText: pawns(black),
            netText: pawns(net),
            whiteWidth: Math.round((Math.abs(white) / scale) * 100),
            blackWidth: Math.round((Math.abs(black) / scale) * 100),
            whiteNegative: white < 0,
            blackNegative: black < 0,
            favours: net > 0 ? 'white' : net < 0 ? 'black' : '',
        };
    });
}

// The line under the breakdown: "Total: White ahead by 1.25 · phase 20 of 24 (middlegame)".
export function evalSummary(data) {
    if (!data || !Number.isFinite(data.score)) return '';
    const cp = Math.round(data.score);
    const ahead = cp > 0 ? 'White' : cp < 0 ? 'Black' : '';
    const total = ahead ? `${ahead} ahead by ${(Math.abs(cp) / 100).toFixed(2)}` : 'level';
    const max = Number.isFinite(data.phase_max) ? data.phase_max : 24;
    let stage = '';
    if (Number.isFinite(data.phase)) {
        const share = data.phase / max;
        const word = share > 0.66 ? 'middlegame' : share > 0.25 ? 'late middlegame' : 'endgame';
        stage = ` \u00b7 phase ${data.phase} of ${max} (${word})`;
    }
    return `Total: ${total}${stage}`;
}
