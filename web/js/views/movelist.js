// The move list beside the board: numbered SAN rows, the shown ply highlighted, review labels
// with the better move, and the result at the end.

import { h } from '../dom.js';
import { pairMoves } from '../lib/movelist.js';

const GLYPHS = { inaccuracy: '?!', mistake: '?', blunder: '??' };

// Renders the game's moves into the <ol>; onJump(ply) is called when a move is clicked.
export function renderMoves(list, game, shownPly, onJump) {
    const review = game.review && Array.isArray(game.review.plies) ? game.review.plies : [];
    const byPly = new Map(review.map((p) => [p.ply, p]));
    const items = [];
    for (const row of pairMoves(game.start_fen, game.moves)) {
        const cells = [h('span', { class: 'num', 'aria-hidden': 'true' }, `${row.number}.`)];
        const notes = [];
        for (const [color, cell] of [['white', row.white], ['black', row.black]]) {
            if (!cell) {
                cells.push(h('span', { class: 'move empty', 'aria-hidden': 'true' }, '…'));
                continue;
            }
            const rv = byPly.get(cell.ply);
            const label = rv && rv.label;
            const text = cell.san + (label ? GLYPHS[label] || '' : '');
            cells.push(h('button', {
                class: `move${cell.ply === shownPly ? ' current' : ''}` +
                    (label ? ` label-${label}` : ''),
                'data-ply': cell.ply,
                'aria-label': `${row.number}${color === 'black' ? '...' : '.'} ${cell.san}` +
                    (label ? `, ${label}` : ''),
                'aria-current': cell.ply === shownPly ? 'step' : null,
                onclick: () => onJump(cell.ply),
            }, text));
            if (label) {
                const better = rv.best_san ? ` ${rv.best_san} was best.` : '';
                notes.push(h('span', { class: `note label-${label}` },
                    `${row.number}${color === 'black' ? '...' : '.'} ${cell.san}: ` +
                    `${label[0].toUpperCase()}${label.slice(1)}.${better}`));
            }
        }
        items.push(h('li', {}, ...cells, ...notes));
    }
    if (game.over) {
        items.push(h('li', {}, h('span', { class: 'result-row' },
            `${game.result}${game.reason ? ` (${game.reason})` : ''}`)));
    }
    list.replaceChildren(...items);
    const current = list.querySelector('.move.current');
    if (current) {
        const top = current.offsetTop - list.offsetTop;
        if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 30) {
            list.scrollTop = top - list.clientHeight / 2;
        }
    } else if (shownPly === game.moves.length) {
        list.scrollTop = list.scrollHeight;
    }
}
