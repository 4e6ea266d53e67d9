// Move-list layout: pairs the game's moves into numbered rows, also for games that start from a
// FEN with Black to move ("12... Nf6"), and numbers PV lines.

import { parseFen } from './fen.js';

// Rows {number, white, black} where white/black are {ply, san, ...move} or null; ply counts
// from 1. A game starting with Black to move has a first row whose white cell is null.
export function pairMoves(startFen, moves) {
    const start = parseFen(startFen) || { turn: 'white', fullmove: 1 };
    const rows = [];
    let number = start.fullmove;
    let row = null;
    let color = start.turn;
    (moves || []).forEach((move, i) => {
        const cell = { ...move, ply: i + 1 };
        if (color === 'white') {
            row = { number, white: cell, black: null };
            rows.push(row);
        } else {
            if (!row) {
                row = { number, white: null, black: cell };
                rows.push(row);
            } else {
                row.black = cell;
            }
            row = null;
            number += 1;
        }
        color = color === 'white' ? 'black' : 'white';
    });
    return rows;
}

// The side to move and move number after `ply` half-moves from the start FEN.
export function plyInfo(startFen, ply) {
    const start = parseFen(startFen) || { turn: 'white', fullmove: 1 };
    const offset = start.turn === 'black' ? 1 : 0;
    const index = ply + offset;
    return { turn: index % 2 === 0 ? 'white' : 'black',
        number: start.fullmove + Math.floor(index / 2) };
}

// A SAN line numbered from the position after `ply` half-moves: "12... Nf6 13. Nc3".
export function numberLine(startFen, ply, sans) {
    const parts = [];
    (sans || []).forEach((san, i) => {
        const info = plyInfo(startFen, ply + i);
        if (info.turn === 'white') parts.push(`${info.number}. ${san}`);
        else if (i === 0) parts.push(`${info.number}... ${san}`);
        else parts.push(san);
    });
    return parts.join(' ');
}

// Clamps a requested ply for stepping through a game of `total` plies (0 = start).
export function clampPly(ply, total) {
    return Math.max(0, Math.min(total, Math.trunc(Number(ply) || 0)));
}

// Splits a SAN line from the server ("Nf3 Nc6" or "12. Nf3 Nc6") into bare SAN moves.
export function sanTokens(text) {
    return String(text || '').split(/\s+/)
        .map((t) => t.replace(/^\d+\.+/, ''))
        .filter((t) => t && !/^\d+\.*$/.test(t));
}
