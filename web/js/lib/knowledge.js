// What the opening book and the endgame tables know of a position (GET .../knowledge and the
// `book` / `tablebase` fields of analysis events), as the short texts of the engine panel.

// A book move's share (0..1) as a percentage: "41%", "<1%" for a tiny non-zero share.
export function shareText(share) {
    const v = Number(share) || 0;
    if (v > 0 && v < 0.005) return '<1%';
    return `${Math.round(v * 100)}%`;
}

// The book's candidates as [{uci, san, text: 'e4 41%', label}] (at most `max`, highest weight
// first as the server sends them); `label` is the button's accessible name.
export function bookItems(book, max = 8) {
    if (!Array.isArray(book)) return [];
    return book.slice(0, max).map((c) => ({
        uci: c.uci,
        san: c.san,
        text: `${c.san} ${shareText(c.share)}`,
        label: `Play the book move ${c.san} (${shareText(c.share)} of the book's games)`,
    }));
}

// "Tablebase: mate in 12" from the server's text, else built from result and mate; "" for
// none.
export function tablebaseText(tb) {
    if (!tb) return '';
    if (typeof tb.text === 'string' && tb.text) return tb.text[0].toUpperCase() + tb.text.slice(1);
    const n = Math.abs(Number(tb.mate) || 0);
    if (tb.result === 'win') return `Tablebase: mate in ${n}`;
    if (tb.result === 'loss') return `Tablebase: mated in ${n}`;
    return 'Tablebase: draw';
}

// The deepest iteration the search reports (search::kMaxPly - 1). Only a root the endgame
// tables settle gets there: every line ends in a probe, so each iteration costs nothing.
export const TABLEBASE_DEPTH = 127;

// What stands for a search's depth: "depth 12/20", or "tablebase" when the endgame tables
// decided it (`tablebase`: the position's tablebase entry, or a depth the tables reached).
export function depthText(depth, seldepth, tablebase = null) {
    if (tablebase || Number(depth) >= TABLEBASE_DEPTH) return 'tablebase';
    return `depth ${depth}${seldepth ? `/${seldepth}` : ''}`;
}

// The knowledge to show for the position after `ply` half-moves with this FEN: the entry
// ({ply, fen, book, tablebase}) when it is about that position, else null.
export function knowledgeFor(entry, ply, fen) {
    if (!entry || entry.ply !== ply || entry.fen !== fen) return null;
    return entry;
}

// The knowledge carried by an analysis event ({ply, fen, book, tablebase}), or null when the
// event has none or is a threat view (whose FEN is not the position shown).
export function fromAnalysis(ev) {
    if (!ev || ev.threat || !Array.isArray(ev.book)) return null;
    return { ply: ev.ply, fen: ev.fen, book: ev.book, tablebase: ev.tablebase ?? null };
}

// The engine's book move in an engine game to describe in the engine panel when no thinking
// event is at hand (after a reload): {book: true, ply, san} for the move that made `ply`, or
// null.
export function bookMoveInfo(game, ply) {
    if (!game || game.mode !== 'engine' || ply <= 0) return null;
    const move = game.moves?.[ply - 1];
    if (!move || !move.book) return null;
    return { book: true, ply: ply - 1, san: move.san, move: move.uci };
}
