// Kibitz Othello page entry: routing (#/game/ID), the game object from the server (answers and
// the game's event stream), the board's clicks, and every action (buttons, keyboard, dialogs). All game
// facts, legal moves included, come from the server's game object (docs/api.md, "Othello").

import { request } from '../api.js';
import { gameCalls } from '../calls.js';
import { showError, clearError, notify, announce, copyText, h } from '../dom.js';
import { tokenStore } from '../lib/tokens.js';
import { plainError, GONE } from '../lib/errors.js';
import { followStream, closeStream } from '../stream.js';
import { fillGameTable, gameDate, deleteButton, listScope, listedGames, showScope, listHeaders }
    from '../list.js';
import { createBoard } from './board.js';
import { positionAt } from './lib/board.js';
import { colorName, myTurn, moveRows, evalText, evalSentence, pvText, resultWords,
    passExplanation, statusText, exportName, newerReading, summaryResult, discsText,
    levelDescription } from './lib/game.js';

const $ = (id) => document.getElementById(id);
const API = '/api/othello';
const LAST = 'kibitz.othello.last';

// Seat tokens of Othello games, kept apart from the chess page's.
const tokens = tokenStore({
    getItem: (k) => localStorage.getItem(`othello.${k}`),
    setItem: (k, v) => localStorage.setItem(`othello.${k}`, v),
});

const app = {
    id: null, game: null, seat: null, token: null,
    ply: null,          // the ply shown when looking back; null: the current position
    levels: [], defaultLevel: 3, visitor: null,
    busy: false, bannerClosed: false,
};

const board = createBoard($('board'), { onPlay: (sq) => play(sq) });

// 1. Talking to the server (calls.js: plain errors, answers for a game left, deleted games).

const calls = gameCalls({ base: `${API}/games`, page: () => app, tokens, lastKey: LAST,
    leave: () => {
        Object.assign(app, { id: null, game: null, seat: null, token: null });
        history.replaceState(null, '', '#/');
        render();
    } });
const { call, callGame } = calls;

function gamePath(suffix = '') {
    return calls.path(app.id, suffix);
}

// 2. Opening and following a game.

async function openGame(id) {
    closeStream();
    const stored = tokens.get(id);
    Object.assign(app, { id, game: null, seat: stored?.seat || null,
        token: stored?.token || null, ply: null, bannerClosed: false });
    let game;
    try {
        game = await request('GET', calls.path(id), {});
    } catch (e) {
        if (app.id !== id) return;
        if (e.status === 404) showError(GONE);
        else calls.fail('open', e);
        app.id = null;
        render();
        if (e.status === 404) {
            calls.forgetLast(id);
            openNewDialog();
        }
        return;
    }
    if (app.id !== id) return;
    calls.remember(id);
    clearError();
    setGame(game, true);
    followStream(id, null, gamePath(), onEvent, (gone) => calls.gone(gone, true), `${API}/games`);
}

// The game's events: its state after every change and each iteration of Kibitz's search, and
// its deletion (in another tab).
function onEvent(ev) {
    if (ev.type === 'state' && ev.game?.id === app.id) setGame(ev.game);
    else if (ev.type === 'deleted' && ev.id === app.id) calls.gone(ev.id, true);
}

// Takes a new game object (an answer or an event): announces new moves, turns the flipped discs
// over, re-renders. A reading older than the game shown is dropped (an event may have brought
// the engine's reply before the answer to the person's move).
function setGame(game, first = false) {
    const prev = app.game;
    if (!game || game.id !== app.id) return;
    if (!first && !newerReading(game, prev)) return;
    app.game = game;
    let animate = false;
    if (prev && !first) {
        const added = game.moves.length - prev.moves.length;
        if (added > 0) {
            animate = true;
            app.ply = null;
            const m = game.moves[game.moves.length - 1];
            const who = game.seats[m.color] === 'engine' ? 'Kibitz' : colorName(m.color);
            announce(m.move === 'pass' ? `${who} passes.`
                : `${who} plays ${m.move.toUpperCase()}, flipping ${m.flipped.length}.`);
        } else if (added < 0) {
            app.ply = null;
            announce(`Took back. ${colorName(game.turn)} to move.`);
        }
        if (game.over && !prev.over) {
            app.bannerClosed = false;
            announce(`Game over. ${resultWords(game, app.seat)}`);
        }
    }
    if (app.ply !== null && app.ply >= game.moves.length) app.ply = null;
    render(animate);
}

// 3. Moves and actions.

async function play(move) {
    if (!app.game || app.busy) return;
    if (app.ply !== null) {
        app.ply = null;
        render();
        return;
    }
    if (!myTurn(app.game, app.seat)) return;
    app.busy = true;
    try {
        const game = await callGame('move', 'POST', '/move',
            { body: { move }, detail: { move: move.toUpperCase() } });
        if (game) setGame(game);
    } finally {
        app.busy = false;
    }
}

async function takeback() {
    if (!app.game || !app.token) return;
    const game = await callGame('takeback', 'POST', '/takeback');
    if (game) setGame(game);
}

async function createGame(body) {
    const reply = await request('POST', `${API}/games`, { body });
    tokens.set(reply.game.id, reply.seat, reply.token);
    app.id = null;  // the hash change opens it
    if (location.hash === `#/game/${reply.game.id}`) openGame(reply.game.id);
    else location.hash = `#/game/${reply.game.id}`;
    return reply;
}

async function showExport() {
    if (!app.id) return;
    const text = await callGame('export', 'GET', '/export');
    if (text === null) return;
    $('export-text').value = text;
    const link = $('export-download');
    link.href = gamePath('/export');
    link.setAttribute('download', exportName(app.id));
    $('dlg-export').showModal();
}

async function showGames() {
    const scope = listScope(app.visitor, $('games-all').checked);
    const data = await call('list', 'GET', `${API}/games${scope.query}`,
        { headers: listHeaders(tokens) });
    if (!data) return;
    showScope(scope, 'My Othello games');
    const games = listedGames(data.games, tokens, scope);
    fillGameTable($('games-table').querySelector('tbody'), games, {
        empty: 'No saved Othello games yet.',
        cells: (g) => [gameDate(g), g.black, g.white, summaryResult(g), String(g.moves)],
        buttons: (g) => [
            h('button', { onclick: () => {
                $('dlg-games').close();
                location.hash = `#/game/${g.id}`;
            } }, g.over ? 'Open' : 'Continue'),
            deleteButton(g, tokens, (x, t) => removeGame(x.id, t)),
        ],
    });
    if (!$('dlg-games').open) $('dlg-games').showModal();
}

async function removeGame(id, t) {
    if (!confirm('Delete this game?')) return;
    const done = await call('delete', 'DELETE', calls.path(id), { token: t?.token });
    if (!done) return;
    calls.gone(id);
    showGames();
}

// 4. Rendering.

function shownSearch(game) {
    if (app.ply !== null && app.ply > 0) {
        const m = game.moves[app.ply - 1];
        return m.search ? { ...m.search, ply: app.ply - 1 } : null;
    }
    return game.engine?.search || null;
}

function renderPlayers(game, pos) {
    const bottom = app.seat === 'white' ? 'white' : 'black';
    for (const color of ['black', 'white']) {
        const el = $(`player-${color}`);
        el.style.order = color === bottom ? 3 : 1;
        el.querySelector('.name').textContent = game ? game.players[color] : colorName(color);
        el.querySelector('.count').textContent = game ? String(pos.discs[color]) : '';
        el.classList.toggle('to-move', !!game && pos.turn === color);
    }
}

function renderMoves(game) {
    const tbody = $('moves').querySelector('tbody');
    const shown = app.ply ?? game.moves.length;
    // An empty cell: '…' before a first move by White (a set-up position), else blank.
    const cell = (c, before = false) => {
        if (!c) return h('td', { class: 'empty' }, before ? '\u2026' : '');
        return h('td', {}, h('button', {
            class: `omove${c.ply === shown ? ' current' : ''}${c.move === 'pass' ? ' pass' : ''}`,
            'data-ply': c.ply,
            'aria-label': `Move ${c.ply}: ${colorName(c.color)} ${c.move}`,
            onclick: () => { showPly(c.ply); },
        }, c.move));
    };
    const rows = moveRows(game);
    tbody.replaceChildren(...rows.map((r) => h('tr', {},
        h('th', { scope: 'row' }, String(r.number)), cell(r.black, !!r.white), cell(r.white))));
    if (game.over) {
        tbody.append(h('tr', { class: 'result-row' },
            h('td', { colspan: 3 }, resultWords(game, app.seat))));
    }
    const current = tbody.querySelector('.current');
    const wrap = $('moves').parentElement;
    if (current && app.ply !== null) current.scrollIntoView({ block: 'nearest' });
    else if (app.ply === null) wrap.scrollTop = wrap.scrollHeight;
}

function renderEngine(game) {
    const box = $('engine');
    box.hidden = !game || game.mode !== 'engine';
    if (box.hidden) return;
    const final = game.over && app.ply === null;
    $('eval-label').textContent = final ? 'Final score' : 'Evaluation';
    $('pv-row').hidden = final;
    if (final) {
        // After the end the discs are counted: the result, not a reading of the position.
        $('eval').textContent = `${game.score.black}\u2013${game.score.white}`;
        $('eval').className = `eval${game.result === 'black' ? ' black-ahead' : ''}${
            game.result === 'white' ? ' white-ahead' : ''}`;
        $('depth').textContent = '';
        $('eval-sentence').textContent = `Game over: ${resultWords(game, app.seat)}`;
        $('pv').textContent = '';
        $('eval').title = 'Black\u2019s discs \u2013 White\u2019s discs';
        return;
    }
    const s = shownSearch(game);
    $('eval').textContent = s ? evalText(s) : '—';
    $('eval').className = `eval${s && s.eval > 0.05 ? ' black-ahead' : ''}${
        s && s.eval < -0.05 ? ' white-ahead' : ''}`;
    $('depth').textContent = s ? (s.exact ? 'solved' : `depth ${s.depth}`) : '';
    $('eval-sentence').textContent = s ? evalSentence(s)
        : 'Kibitz gives its evaluation after its first move.';
    $('pv').textContent = s ? pvText(s.pv) : '';
    $('eval').title = s ? `${discsText(s.eval)} discs from Black's point of view` : '';
}

function render(animate = false) {
    const game = app.game;
    document.body.classList.toggle('no-game', !game);
    if (!game) {
        // The usual start, to look at until a game begins.
        const cells = Array(64).fill(null);
        cells[27] = cells[36] = 'white';
        cells[28] = cells[35] = 'black';
        board.render({ cells, legal: [], flipped: [], last: -1 });
        renderPlayers(null, null);
        $('status').textContent = app.id ? '' : 'Start a new game.';
        $('pass-box').hidden = true;
        $('engine').hidden = true;
        $('moves').querySelector('tbody').replaceChildren();
        $('banner').hidden = true;
        return;
    }
    const pos = positionAt(game, app.ply);
    const live = app.ply === null;
    const mine = live && myTurn(game, app.seat);
    board.render(pos, { playable: mine && !pos.mustPass, mover: mine ? game.turn : null,
        animate });
    renderPlayers(game, pos);
    $('status').textContent = live ? statusText(game, app.seat)
        : `Looking at move ${pos.ply} of ${game.moves.length}: press End to go back to the game.`;
    $('pass-box').hidden = !(mine && pos.mustPass);
    $('pass-text').textContent = passExplanation(game);
    renderEngine(game);
    renderMoves(game);
    const banner = $('banner');
    banner.hidden = !(game.over && live && !app.bannerClosed);
    if (!banner.hidden) {
        banner.replaceChildren(
            h('span', { class: 'result' }, game.result === 'draw' ? 'Draw'
                : `${colorName(game.result)} wins`),
            h('span', { class: 'score' },
                h('span', { class: 'disc-icon black', 'aria-hidden': 'true' }),
                ` ${game.score.black} \u2013 ${game.score.white} `,
                h('span', { class: 'disc-icon white', 'aria-hidden': 'true' })),
            h('span', { class: 'words' }, resultWords(game, app.seat).replace(/^[^.]*\.\s*/, '')),
            h('div', { class: 'row' },
                h('button', { onclick: () => newSame() }, 'Play again'),
                h('button', { onclick: () => { app.bannerClosed = true; render(); } }, 'Close')));
    }
    const can = (action) => {
        switch (action) {
        case 'takeback': return !!app.token && game.moves.some((m) =>
            game.mode === 'humans' || (m.color === app.seat && m.move !== 'pass'));
        case 'save': return true;
        case 'new-same': return true;
        case 'first': case 'prev': return pos.ply > 0;
        case 'next': case 'last': return !live;
        default: return true;
        }
    };
    for (const b of document.querySelectorAll('[data-action]')) b.disabled = !can(b.dataset.action);
}

function showPly(ply) {
    if (!app.game) return;
    const n = app.game.moves.length;
    const p = Math.max(0, Math.min(ply, n));
    app.ply = p === n ? null : p;
    render();
}

function step(action) {
    if (!app.game) return;
    const n = app.game.moves.length;
    const cur = app.ply ?? n;
    if (action === 'first') showPly(0);
    else if (action === 'prev') showPly(cur - 1);
    else if (action === 'next') showPly(cur + 1);
    else if (action === 'last') showPly(n);
}

// 5. Dialogs.

function fillLevels(select, level) {
    select.replaceChildren(...app.levels.map((l) => h('option', { value: l.level },
        `${l.level} \u2014 ${l.name}`)));
    select.value = String(level);
    describeLevel(select);
}

// The sentence under a level list: what the chosen level does and what it scored against
// other engines.
function describeLevel(select) {
    const note = $(`${select.id}-note`);
    if (!note) return;
    note.textContent = levelDescription(app.levels.find((l) => String(l.level) === select.value));
}

function chosenLevel() {
    try {
        const v = Number(localStorage.getItem('kibitz.othello.level'));
        if (v >= 1 && v <= app.levels.length) return v;
    } catch {
        // Default.
    }
    return app.defaultLevel;
}

function rememberLevel(level) {
    try {
        localStorage.setItem('kibitz.othello.level', String(level));
    } catch {
        // Not remembered.
    }
}

function updateNewForm() {
    const engine = document.querySelector('#new-form input[name="mode"]:checked')?.value !== 'humans';
    for (const el of document.querySelectorAll('#new-form .for-engine')) el.hidden = !engine;
    const iengine = document.querySelector('#import-form input[name="imode"]:checked')?.value !==
        'humans';
    for (const el of document.querySelectorAll('#import-form .for-engine')) el.hidden = !iengine;
}

function openNewDialog() {
    fillLevels($('new-level'), chosenLevel());
    updateNewForm();
    $('dlg-new').returnValue = '';
    if (!$('dlg-new').open) $('dlg-new').showModal();
}

async function submitNew() {
    const form = $('new-form');
    const mode = form.querySelector('input[name="mode"]:checked').value;
    const body = { mode };
    if (mode === 'engine') {
        body.color = form.querySelector('input[name="color"]:checked').value;
        body.level = Number($('new-level').value);
        rememberLevel(body.level);
    }
    try {
        await createGame(body);
        clearError();
    } catch (e) {
        calls.fail('create', e);
    }
}

async function newSame() {
    const g = app.game;
    if (!g) {
        openNewDialog();
        return;
    }
    const body = { mode: g.mode };
    if (g.mode === 'engine') {
        body.color = app.seat === 'white' || app.seat === 'black' ? app.seat : g.settings.color;
        body.level = g.settings.level;
    }
    try {
        await createGame(body);
    } catch (e) {
        calls.fail('create', e);
    }
}

function openImportDialog() {
    fillLevels($('import-level'), chosenLevel());
    $('import-error').hidden = true;
    updateNewForm();
    $('dlg-import').showModal();
}

async function submitImport() {
    const form = $('import-form');
    const mode = form.querySelector('input[name="imode"]:checked').value;
    const body = { mode, text: $('import-text').value };
    if (mode === 'engine') {
        body.color = form.querySelector('input[name="icolor"]:checked').value;
        body.level = Number($('import-level').value);
    }
    try {
        await createGame(body);
        $('dlg-import').close();
        $('import-text').value = '';
        notify('Game imported.');
    } catch (e) {
        $('import-error').textContent = plainError('import', e);
        $('import-error').hidden = false;
    }
}

// 6. Wiring.

function route() {
    const m = /^#\/game\/([0-9a-f]{16})$/.exec(location.hash);
    if (m) {
        if (m[1] !== app.id) openGame(m[1]);
        return;
    }
    let last = null;
    try {
        last = localStorage.getItem(LAST);
    } catch {
        last = null;
    }
    if (last && /^[0-9a-f]{16}$/.test(last)) {
        history.replaceState(null, '', `#/game/${last}`);
        openGame(last);
        return;
    }
    render();
    openNewDialog();
}

function typing(e) {
    const t = e.target;
    return t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT']
        .includes(t.tagName));
}

function wire() {
    $('error-close').addEventListener('click', clearError);
    $('btn-new').addEventListener('click', openNewDialog);
    $('btn-games').addEventListener('click', showGames);
    $('games-all').addEventListener('change', showGames);
    $('btn-import').addEventListener('click', openImportDialog);
    for (const id of ['new-level', 'import-level']) {
        $(id).addEventListener('change', () => describeLevel($(id)));
    }
    $('btn-pass').addEventListener('click', () => play('pass'));
    for (const input of document.querySelectorAll('input[name="mode"], input[name="imode"]')) {
        input.addEventListener('change', updateNewForm);
    }
    $('dlg-new').addEventListener('close', () => {
        if ($('dlg-new').returnValue === 'ok') submitNew();
    });
    $('import-form').addEventListener('submit', (e) => {
        if (e.submitter?.value !== 'ok') return;
        e.preventDefault();
        submitImport();
    });
    $('export-copy').addEventListener('click', async () => {
        notify(await copyText($('export-text').value) ? 'Copied.' : 'Copy failed: select the text.');
    });
    for (const b of document.querySelectorAll('[data-action]')) {
        b.addEventListener('click', () => {
            const a = b.dataset.action;
            if (a === 'takeback') takeback();
            else if (a === 'save') showExport();
            else if (a === 'new-same') newSame();
            else step(a);
        });
    }
    document.addEventListener('keydown', (e) => {
        if (e.ctrlKey || e.metaKey || e.altKey || typing(e) || document.querySelector('dialog[open]')) {
            return;
        }
        const keys = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' };
        if (keys[e.key]) {
            if (e.target.closest?.('#board')) return;
            e.preventDefault();
            step(keys[e.key]);
        } else if (e.key === 'n') openNewDialog();
        else if (e.key === 'g') showGames();
        else if (e.key === 'i') openImportDialog();
        else if (e.key === 't') takeback();
        else if (e.key === 's') showExport();
        else if (e.key === 'p' && !$('pass-box').hidden) play('pass');
    });
    window.addEventListener('hashchange', route);
}

async function boot() {
    wire();
    const info = await call('info', 'GET', `${API}/info`);
    if (info) {
        app.levels = info.levels;
        app.defaultLevel = info.default_level;
        app.visitor = info.visitor || null;
    }
    document.body.dataset.ready = '1';
    route();
}

boot();
