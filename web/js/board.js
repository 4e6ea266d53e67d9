// The board: chessground set from the server's FEN and legal moves, the promotion picker, and
// a visually hidden grid of named squares for keyboard and screen-reader users.

import { Chessground } from '/vendor/chessground/chessground.js';
import { h } from './dom.js';
import { parseFen, squareLabel, FILES } from './lib/fen.js';

const ROLES = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight' };

// Creates the board in `el`; onMove(orig, dest, meta) is called after the person moves a piece
// and onPremove(orig, dest) when a premove is set.
export function createBoard(el, { onMove, onPremove }) {
    const ground = Chessground(el, {
        fen: '8/8/8/8/8/8/8/8',
        coordinates: true,
        blockTouchScroll: true,
        autoCastle: true,
        animation: { enabled: true, duration: 180 },
        movable: { free: false, color: undefined, showDests: true, rookCastle: true,
            events: { after: (orig, dest, meta) => onMove(orig, dest, meta) } },
        premovable: { enabled: true, showDests: true, castle: true,
            events: { set: (orig, dest) => onPremove && onPremove(orig, dest) } },
        draggable: { enabled: true, showGhost: true },
        highlight: { lastMove: true, check: true },
        drawable: { enabled: true, visible: true },
    });
    // Chessground caches the board's position on the page; anything that shifts the layout
    // would make clicks land on the wrong square, so the cache is dropped on every press.
    for (const type of ['mousedown', 'touchstart']) {
        el.addEventListener(type, () => ground.state.dom.bounds.clear(),
            { capture: true, passive: true });
    }
    const grid = document.getElementById('squares');
    let orientation = 'white';
    let lastFen = '';

    // Builds the named squares: 8 rows of 8 buttons in the board's orientation.
    function buildGrid(fen) {
        const pieces = parseFen(fen)?.pieces || new Map();
        grid.replaceChildren();
        const ranks = orientation === 'white' ? [8, 7, 6, 5, 4, 3, 2, 1] : [1, 2, 3, 4, 5, 6, 7, 8];
        const files = orientation === 'white' ? FILES : [...FILES].reverse();
        for (const r of ranks) {
            const row = h('div', { role: 'row' });
            for (const f of files) {
                const key = f + r;
                row.append(h('div', { role: 'gridcell' }, h('button', {
                    'aria-label': squareLabel(key, pieces.get(key)), 'data-square': key,
                    onclick: () => ground.selectSquare(key, true),
                })));
            }
            grid.append(row);
        }
    }

    return {
        ground,

        // Shows a position: {fen, turn, lastMove, check, movable ('white'|'black'|'both'|null),
        // dests, premovable, shapes}. A premove set earlier survives a redraw. `jump` shows the
        // position without animation (a newly opened game).
        show(view, jump = false) {
            if (jump) ground.set({ animation: { enabled: false } });
            const hover = new Map();
            if (view.movable) for (const from of view.dests.keys()) hover.set(from, 'movable');
            ground.set({
                fen: view.fen,
                orientation,
                turnColor: view.turn,
                lastMove: view.lastMove || undefined,
                check: view.check ? view.turn : false,
                movable: { color: view.movable || undefined, dests: view.dests,
                    free: view.free === true },
                premovable: { enabled: !!view.premovable },
                highlight: { custom: hover },
            });
            if (jump) ground.set({ animation: { enabled: true, duration: 180 } });
            if (!view.premovable) ground.cancelPremove();
            ground.setAutoShapes(view.shapes || []);
            if (view.fen !== lastFen || grid.childElementCount === 0) {
                lastFen = view.fen;
                buildGrid(view.fen);
            }
        },

        // Turns the board around and returns the new orientation.
        flip() {
            orientation = orientation === 'white' ? 'black' : 'white';
            ground.set({ orientation });
            buildGrid(lastFen);
            return orientation;
        },

        // Sets the orientation ("white" at the bottom or "black").
        orient(color) {
            if (color !== orientation) this.flip();
        },

        orientation: () => orientation,

        // The premove waiting to be played, as [orig, dest], or null.
        premove: () => ground.state.premovable.current || null,

        cancelPremove: () => ground.cancelPremove(),

        // The piece on a square as {role, color}, or null.
        pieceAt: (square) => ground.state.pieces.get(square) || null,

        // Arrows and circles drawn by the page (analysis lines, hints).
        setShapes: (shapes) => ground.setAutoShapes(shapes),
    };
}

// Asks which piece to promote to: shows the picker over the board with the offered pieces
// (q, r, b, n order) and resolves with the letter, or null when cancelled.
export function askPromotion(color, pieces) {
    const box = document.getElementById('promotion');
    return new Promise((resolve) => {
        const done = (letter) => {
            box.hidden = true;
            box.replaceChildren();
            document.removeEventListener('keydown', onKey, true);
            resolve(letter);
        };
        const onKey = (e) => {
            if (e.key === 'Escape') {
                e.stopPropagation();
                done(null);
            } else if (pieces.includes(e.key.toLowerCase())) {
                e.stopPropagation();
                done(e.key.toLowerCase());
            }
        };
        box.replaceChildren(...pieces.map((p) => h('button', {
            'aria-label': `Promote to ${ROLES[p]} (${p})`, 'data-piece': p,
            onclick: (e) => { e.stopPropagation(); done(p); },
        }, h('piece', { class: `${ROLES[p]} ${color}` }))));
        box.onclick = () => done(null);
        box.hidden = false;
        document.addEventListener('keydown', onKey, true);
        box.querySelector('button')?.focus();
    });
}
