// Evaluations from White's point of view ({cp} or {mate}): win probability for the bar and the
// graph, and the short text shown beside them.

// Win probability for White, 1 / (1 + 10^(-cp/400)); a mate counts as certain. Null -> 0.5.
export function winProbability(ev) {
    if (!ev) return 0.5;
    if (typeof ev.mate === 'number') {
        if (ev.mate > 0) return 1;
        if (ev.mate < 0) return 0;
        return 0.5;
    }
    const cp = Number(ev.cp) || 0;
    return 1 / (1 + Math.pow(10, -cp / 400));
}

// Text of an evaluation: "+0.31", "-1.20", "0.00", "#3", "#-3"; "" when there is none.
export function evalText(ev) {
    if (!ev) return '';
    if (typeof ev.mate === 'number') return ev.mate >= 0 ? `#${ev.mate}` : `#-${-ev.mate}`;
    const pawns = (Number(ev.cp) || 0) / 100;
    if (pawns === 0) return '0.00';
    return (pawns > 0 ? '+' : '-') + Math.abs(pawns).toFixed(2);
}

// Spoken form of an evaluation: "White is better by 1.2 pawns", "Black mates in 3".
export function evalSpeech(ev) {
    if (!ev) return 'no evaluation';
    if (typeof ev.mate === 'number') {
        if (ev.mate === 0) return 'mate';
        return `${ev.mate > 0 ? 'White' : 'Black'} mates in ${Math.abs(ev.mate)}`;
    }
    const pawns = Math.abs((Number(ev.cp) || 0) / 100);
    if (pawns < 0.2) return 'about equal';
    return `${ev.cp > 0 ? 'White' : 'Black'} is better by ${pawns.toFixed(1)} pawns`;
}

// Counts as "1.2M" / "850k" / "950" for nodes and nodes per second.
export function shortCount(n) {
    const v = Number(n) || 0;
    if (v >= 1e9) return `${(v / 1e9).toFixed(1)}G`;
    if (v >= 1e6) return `${(v / 1e6).toFixed(1)}M`;
    if (v >= 1e3) return `${Math.round(v / 1e3)}k`;
    return String(Math.round(v));
}
