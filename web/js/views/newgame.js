// The new-game dialog: fills the form from the remembered settings and reads it back. The
// levels offered come from GET /api/info.

import { h } from '../dom.js';
import { validate } from '../lib/settings.js';

const $ = (id) => document.getElementById(id);

// Fills the form with settings `s`; info.levels/elo give the Elo choices.
export function fillForm(form, s, info) {
    const elo = $('new-elo');
    const levels = levelChoices(info);
    elo.replaceChildren(...levels.map((l) => h('option', { value: l.elo }, l.name)));
    const level = s.level || { kind: 'elo', elo: 1400 };
    if (level.kind === 'elo') {
        const nearest = levels.reduce((a, b) =>
            Math.abs(b.elo - level.elo) < Math.abs(a.elo - level.elo) ? b : a, levels[0]);
        elo.value = String(nearest.elo);
    }
    if (level.kind === 'movetime') $('new-movetime').value = level.ms / 1000;
    if (level.kind === 'depth') $('new-depth').value = level.depth;
    setRadio(form, 'mode', s.mode);
    setRadio(form, 'color', s.color);
    setRadio(form, 'level', level.kind);
    setRadio(form, 'start', s.start);
    $('new-timed').checked = s.timed;
    $('new-minutes').value = s.minutes;
    $('new-increment').value = s.increment;
    $('new-fen').value = s.fen;
    $('new-pgn').value = s.pgn;
    $('new-ply').value = Number.isInteger(s.ply) ? s.ply : '';
    $('new-960').checked = s.chess960;
    updateVisibility(form);
}

// Reads the form into a validated settings object.
export function readForm(form, info) {
    const kind = getRadio(form, 'level');
    let level = { kind: 'full' };
    if (kind === 'elo') level = { kind: 'elo', elo: Number($('new-elo').value) };
    if (kind === 'movetime') {
        level = { kind: 'movetime', ms: Math.round(Number($('new-movetime').value) * 1000) };
    }
    if (kind === 'depth') {
        level = { kind: 'depth', depth: Math.round(Number($('new-depth').value)) };
    }
    const ply = $('new-ply').value.trim();
    return validate({
        mode: getRadio(form, 'mode'), color: getRadio(form, 'color'), level,
        timed: $('new-timed').checked, minutes: Number($('new-minutes').value),
        increment: Number($('new-increment').value), start: getRadio(form, 'start'),
        fen: $('new-fen').value, pgn: $('new-pgn').value,
        ply: ply === '' ? null : Math.trunc(Number(ply)), chess960: $('new-960').checked,
    }, info);
}

// What the dialog is for, kept as form.purpose: {kind: 'new'} a new game; {kind: 'import'} a
// PGN or FEN opened for analysis by default (keeping all the PGN has; playing it on against
// Kibitz is the explicit choice of "vs Kibitz"); {kind: 'playon', title, from: {game, node}} a
// game against Kibitz from a move of the game shown (no mode or start to choose).
export function setPurpose(form, purpose) {
    form.purpose = purpose;
    const playon = purpose.kind === 'playon';
    $('dlg-new-title').textContent = playon ? purpose.title
        : purpose.kind === 'import' ? 'Import a game' : 'New game';
    for (const el of form.querySelectorAll('.for-mode, .for-start')) el.hidden = playon;
    if (playon) setRadio(form, 'mode', 'engine');
    updateVisibility(form);
}

// Shows only the fields that matter for the chosen mode and start.
export function updateVisibility(form) {
    const mode = getRadio(form, 'mode');
    const start = getRadio(form, 'start');
    const kind = form.purpose?.kind;
    $('new-ok').textContent = kind === 'playon' ? 'Play on'
        : mode === 'analysis' && (kind === 'import' || start === 'pgn') ? 'Open for analysis'
            : 'Start';
    for (const el of form.querySelectorAll('.for-engine')) {
        el.classList.toggle('hidden-field', mode !== 'engine');
    }
    for (const el of form.querySelectorAll('.for-play')) {
        el.classList.toggle('hidden-field', mode === 'analysis');
    }
    for (const el of form.querySelectorAll('.for-fen')) {
        el.classList.toggle('hidden-field', start !== 'fen');
    }
    for (const el of form.querySelectorAll('.for-pgn')) {
        el.classList.toggle('hidden-field', start !== 'pgn');
    }
}

function levelChoices(info) {
    const levels = Array.isArray(info?.levels) && info.levels.length ? info.levels : null;
    if (levels) return levels.map((l) => ({ name: `${l.name} (${l.elo})`, elo: l.elo }));
    const min = info?.elo?.min ?? 1000;
    const max = info?.elo?.max ?? 2200;
    const out = [];
    for (let e = min; e <= max; e += 200) out.push({ name: `Elo ${e}`, elo: e });
    return out;
}

function setRadio(form, name, value) {
    const input = form.querySelector(`input[name="${name}"][value="${value}"]`);
    if (input) input.checked = true;
}

function getRadio(form, name) {
    return form.querySelector(`input[name="${name}"]:checked`)?.value;
}
