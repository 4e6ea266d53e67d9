// The Othello board on the page: 64 buttons in a CSS grid, each holding a disc. It shows the
// discs, the legal moves as dots (only when the person may play), the last move and the discs
// it flipped, and turns the flipped discs over when a new move arrives.

import { squareName } from './lib/board.js';

// Builds the board in `el`; onPlay(square) is called with "f5" when a legal square is chosen.
export function createBoard(el, { onPlay }) {
    const cells = [];
    el.replaceChildren();
    for (let row = 0; row < 8; row++) {
        const line = document.createElement('div');
        line.className = 'orow';
        line.setAttribute('role', 'row');
        for (let col = 0; col < 8; col++) {
            const i = row * 8 + col;
            const cell = document.createElement('button');
            cell.type = 'button';
            cell.className = 'cell';
            cell.dataset.square = squareName(i);
            cell.setAttribute('role', 'gridcell');
            cell.tabIndex = -1;
            const disc = document.createElement('span');
            disc.className = 'disc';
            cell.append(disc);
            cell.addEventListener('click', () => {
                if (cell.classList.contains('legal')) onPlay(squareName(i));
            });
            line.append(cell);
            cells.push(cell);
        }
        el.append(line);
    }
    // Arrow keys move the focus between squares (one square is in the tab order).
    el.addEventListener('keydown', (e) => {
        const i = cells.indexOf(document.activeElement);
        if (i < 0) return;
        const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -8, ArrowDown: 8 }[e.key];
        if (step === undefined) return;
        const j = i + step;
        if (j < 0 || j > 63 || (Math.abs(step) === 1 && Math.floor(j / 8) !== Math.floor(i / 8))) {
            return;
        }
        e.preventDefault();
        e.stopPropagation();
        focusCell(j);
    });
    let focusIndex = 0;
    function focusCell(i) {
        cells[focusIndex].tabIndex = -1;
        focusIndex = i;
        cells[i].tabIndex = 0;
        cells[i].focus();
    }
    cells[0].tabIndex = 0;

    // Shows a position from positionAt(); `playable`: the person may move now (dots, clicks);
    // `mover`: the colour whose ghost disc follows the pointer; `animate`: turn the last move's
    // flipped discs over.
    function render(pos, { playable = false, mover = null, animate = false } = {}) {
        el.classList.toggle('playable', playable);
        el.classList.toggle('mover-black', mover === 'black');
        el.classList.toggle('mover-white', mover === 'white');
        const legal = new Set(playable ? pos.legal : []);
        const flipped = new Set(pos.flipped);
        for (let i = 0; i < 64; i++) {
            const cell = cells[i];
            const color = pos.cells[i];
            const disc = cell.firstChild;
            disc.className = color ? `disc ${color}` : 'disc';
            cell.classList.toggle('legal', legal.has(i));
            cell.classList.toggle('last', i === pos.last);
            cell.classList.toggle('flipped', flipped.has(i));
            if (animate && flipped.has(i)) {
                disc.classList.remove('flip');
                void disc.offsetWidth;  // restart the animation
                disc.classList.add('flip');
            }
            if (animate && i === pos.last) disc.classList.add('placed');
            const what = color ? `${color} disc` : 'empty';
            const notes = [legal.has(i) ? 'legal move' : '', i === pos.last ? 'last move' : '',
                flipped.has(i) ? 'just flipped' : ''].filter(Boolean).join(', ');
            cell.setAttribute('aria-label',
                `${squareName(i).toUpperCase()}, ${what}${notes ? `, ${notes}` : ''}`);
            cell.disabled = false;
        }
    }
    return { render, cells };
}
