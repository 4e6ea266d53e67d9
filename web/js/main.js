// Kibitz page entry: routing, the game's event stream, the board's moves, and every action
// (buttons, keyboard, dialogs). All game facts come from the server's game object.

import { request } from './api.js';
import { gameCalls } from './calls.js';
import { followStream } from './stream.js';
import { createBoard, askPromotion } from './board.js';
import { app, tokens, invites, shownPly, isLive, fenAt, myTurn, writeFlag, treeIndex, shownNode,
    explorable } from './state.js';
import { positionSync, positionField } from './sync.js';
import { navigate } from './lib/tree.js';
import { setupAnnotate, playOnTitle } from './views/annotate.js';
import { renderTags } from './views/tags.js';
import { setupExplain, renderExplain } from './views/explain.js';
import { renderLearn } from './views/learn.js';
import { showError, clearError, notify, clearNotice, announce, copyText, h } from './dom.js';
import { GONE } from './lib/errors.js';
import { newerGame } from './lib/answers.js';
import * as sound from './sound.js';
import { renderGame, updateClocks, resultWords } from './views/game.js';
import { fillForm, readForm, updateVisibility, setPurpose } from './views/newgame.js';
import { renderGames } from './views/games.js';
import { listScope, listedGames, showScope, listHeaders } from './list.js';
import { parseRoute, gameHash, inviteLink } from './lib/route.js';
import { candidates, promotionPieces } from './lib/moves.js';
import { plyInfo, clampPly } from './lib/movelist.js';
import { sanToSpeech } from './lib/speech.js';
import { fromAnalysis } from './lib/knowledge.js';
import { SHORTCUTS, actionFor } from './lib/keys.js';
import * as settings from './lib/settings.js';

const $ = (id) => document.getElementById(id);
const HINT_NOTICE = 'Kibitz is looking for a hint…';
const board = createBoard($('board'), { onMove: (o, d) => boardMove(o, d),
    onPremove: (o, d) => premoveSet(o, d) });

// 1. Talking to the server (calls.js: plain errors, answers for a game left, deleted games).

const calls = gameCalls({ base: '/api/games', page: () => app, tokens, lastKey: 'kibitz.last',
    leave: () => {
        app.game = null;
        app.id = null;
        location.hash = '#/';
    } });
const { call, callGame } = calls;

function gamePath(suffix = '') {
    return calls.path(app.id, suffix);
}

// 2. Opening and following a game.

async function openGame(id, inviteSeat, inviteToken) {
    if (inviteToken && inviteSeat) {
        tokens.set(id, inviteSeat, inviteToken);
        history.replaceState(null, '', gameHash(id));
    }
    const stored = tokens.get(id);
    Object.assign(app, { id, game: null, seat: stored?.seat || null, token: stored?.token || null,
        node: null, thinking: null, analysis: null, knowledge: null, hint: null,
        analysisOn: false, earlier: null, bannerClosed: false });
    positions.reset();
    let game = null;
    if (app.token) {
        try {
            game = await request('GET', gamePath(`?seat=${app.seat}`), { token: app.token });
        } catch (e) {
            if (e.status === 403) {
                tokens.remove(id);
                app.seat = app.token = null;
                showError('The seat token stored for this game is no longer valid, so you are ' +
                    'watching it.');
            } else {
                calls.fail('open', e);
                return;
            }
        }
    }
    if (!game) {
        try {
            game = await request('GET', gamePath(), {});
        } catch (e) {
            if (e.status === 404) {
                showError(GONE);
                calls.forgetLast(id);
            } else {
                calls.fail('open', e);
            }
            return;
        }
    }
    if (!game || app.id !== id) return;
    calls.remember(id);
    board.orient(app.seat === 'black' ? 'black' : 'white');
    setGame(game, true);
    followStream(id, app.token, gamePath(), onEvent, (gone) => calls.gone(gone, true));
}

function onEvent(ev) {
    switch (ev.type) {
    case 'state':
        if (ev.game && ev.game.id === app.id) setGame(ev.game, false, true);
        break;
    case 'thinking':
        app.thinking = ev;
        render();
        break;
    case 'analysis':
        app.analysis = ev;
        app.knowledge = fromAnalysis(ev) || app.knowledge;
        render();
        break;
    case 'hint':
        app.hint = ev;
        clearNotice(HINT_NOTICE);
        announce(`Hint: ${ev.san}`);
        render();
        break;
    case 'review':
        if (app.game) app.game = { ...app.game, review: ev.review };
        render();
        break;
    case 'draw':
        if (ev.by !== app.seat) {
            const who = ev.by === 'white' ? 'White' : 'Black';
            const text = ev.action === 'offer' ? `${who} offers a draw.`
                : `${who} declines the draw.`;
            notify(text);
            announce(text);
        }
        break;
    case 'error':
        showError('Kibitz\'s engine stopped with an error. Try again, or start a new game.');
        break;
    case 'deleted':
        if (ev.id === app.id) calls.gone(ev.id, true);
        break;
    default:
        break;
    }
}

// Takes a new game object: sounds and announcements for new moves, then a full re-render,
// then a waiting premove. The stream is in order; a command's answer can arrive after a newer
// `state` (the engine replied first), so an answer no newer than the shown game is dropped.
function setGame(game, first, fromStream = false) {
    const prev = app.game;
    if (!first && !fromStream && !newerGame(game, prev)) return;
    const premove = board.premove();
    app.game = game;
    app.receivedAt = performance.now();
    const sameGame = prev && prev.id === game.id;
    if (sameGame && !first) {
        const added = game.moves.length - prev.moves.length;
        if (added > 0 || (added === 0 && lastUci(game) !== lastUci(prev))) {
            const move = game.moves[game.moves.length - 1];
            sound.play(move.san.includes('x') ? 'capture' : 'move');
            const mover = plyInfo(game.start_fen, game.moves.length - 1).turn;
            announce(sanToSpeech(move.san, mover));
            app.hint = null;
        } else if (added < 0) {
            announce(`Took back. ${game.turn === 'white' ? 'White' : 'Black'} to move.`);
            app.hint = null;
        }
        if (game.over && !prev.over) {
            sound.play('end');
            announce(`Game over. ${resultWords(game)}.`);
            app.bannerClosed = false;
        }
        if (added !== 0) app.earlier = null;
    }
    if (app.node !== null && !treeIndex().byId.has(app.node)) app.node = null;
    if (!game.engine?.thinking && app.thinking && app.thinking.ply < game.moves.length - 1) {
        app.thinking = null;
    }
    render(first);
    if (premove && myTurn() && isLive()) playPremove(premove, takePremoveChoice(premove));
    if (myTurn() && isLive() && (game.legal || []).length === 0 && !game.over) refetchLegal();
}

function lastUci(game) {
    return game.moves.length ? game.moves[game.moves.length - 1].uci : '';
}

// A state from the stream may carry no legal moves for this reader; ask with the token.
let refetching = false;
async function refetchLegal() {
    if (refetching) return;
    refetching = true;
    try {
        const game = await request('GET', gamePath(), { token: app.token });
        if (game && game.id === app.id && (game.legal || []).length) setGame(game, false);
    } catch (e) {
        calls.fail('open', e);
    } finally {
        refetching = false;
    }
}

// A premove of a pawn to its last rank asks for the piece when the premove is made, not when
// it is played: the turn may come at any moment, and the choice must not wait for it. The
// picker may still be open when the turn comes; the move then waits for the answer.
// {key: orig + dest, letter: Promise of 'q'|'r'|'b'|'n', or null when cancelled}
let premoveChoice = null;

function premoveSet(orig, dest) {
    premoveChoice = null;
    const piece = board.pieceAt(orig);
    const lastRank = piece && piece.color === 'white' ? '8' : '1';
    if (!piece || piece.role !== 'pawn' || dest[1] !== lastRank) return;
    const choice = { key: orig + dest, letter: null };
    choice.letter = askPromotion(piece.color, ['q', 'r', 'b', 'n']).then((letter) => {
        if (!letter && premoveChoice === choice) {
            premoveChoice = null;
            board.cancelPremove();
        }
        return letter;
    });
    premoveChoice = choice;
}

function takePremoveChoice([orig, dest]) {
    const choice = premoveChoice && premoveChoice.key === orig + dest ? premoveChoice : null;
    premoveChoice = null;
    return choice;
}

async function playPremove([orig, dest], choice) {
    const { id } = app;
    const ply = app.game.moves.length;
    const letter = choice ? await choice.letter : 'q';
    if (!letter || app.id !== id || !app.game || app.game.moves.length !== ply) return;
    if (!myTurn() || !isLive()) return;
    const cands = candidates(app.table, orig, dest);
    if (!cands.length) {
        notify('The premove is not legal now; dropped.');
        return;
    }
    sendMove(cands.find((u) => u.length === 5 && u[4] === letter) || cands[0]);
}

function render(fresh = false) {
    if (!app.game) return;
    renderGame(board, jump, fresh);
    renderTags(app.game);
    renderExplain(render);
    renderLearn(render);
    positions.sync();
}

const positions = positionSync({ gamePath, callGame, render });

// 3. Moves.

async function boardMove(orig, dest) {
    let cands = candidates(app.table, orig, dest);
    if (!cands.length && app.freeMove) cands = [orig + dest];
    if (!cands.length) {
        render();
        return;
    }
    let uci = cands[0];
    if (cands.length > 1) {
        const pieces = promotionPieces(app.table, orig, dest);
        const color = isLive() ? app.game.turn : plyInfo(app.game.start_fen, shownPly()).turn;
        const letter = await askPromotion(color, pieces);
        if (!letter) {
            render();
            return;
        }
        uci = cands.find((u) => u[4] === letter);
    }
    sendMove(uci);
}

// Sends a move (UCI or SAN) from the shown position. Returns false when it was not played,
// 'shown' when the position it led to is shown, 'played' when the person went to another
// move while it was on its way (the view stays where they went).
async function sendMove(text) {
    const body = { move: text };
    const earlier = !isLive() && explorable();
    if (earlier) Object.assign(body, positionField());
    const shown = app.node;
    const game = await callGame('move', 'POST', '/move', { body, detail: { move: text } });
    if (!game) {
        render();
        return false;
    }
    // The node the move led to is shown; the end of the main line is followed as it grows.
    // A person who went to another move while the answer was on its way stays there.
    const stayed = app.node === shown;
    const end = game.tree?.mainline?.at(-1);
    if (stayed) {
        if (Number.isInteger(game.node) && game.node !== end) app.node = game.node;
        else if (earlier || game.node === end) app.node = null;
    }
    const played = earlier && game.tree?.nodes?.find((n) => n.id === game.node);
    if (played && played.san) {  // A variation's move: setGame hears only the main line's.
        sound.play(played.san.includes('x') ? 'capture' : 'move');
        announce(sanToSpeech(played.san, played.ply % 2 ? 'white' : 'black'));
    }
    // The stream's state may have come first (the answer is then dropped): show the node anyway.
    if (game.id === app.id) setGame(game, false);
    render();
    return stayed ? 'shown' : 'played';
}

async function playLine(moves, ply) {
    if (!explorable()) {
        showError('Lines can be played out on an analysis board or in a finished game only.');
        return;
    }
    if (ply !== shownPly()) return;
    for (const uci of moves) {
        if ((await sendMove(uci)) !== 'shown') break;  // Not on: failed, or they went elsewhere.
    }
}

// 4. Actions.

// Shows the main line's position `ply` half-moves from the start (the review graph's clicks).
function jump(ply) {
    const ix = treeIndex();
    if (ix) showNode(ix.mainline[clampPly(ply, ix.mainline.length - 1)]);
}

// Shows node `id` of the tree (the end of the main line: the game as it goes on).
function showNode(id) {
    const ix = treeIndex();
    if (!ix || !ix.byId.has(id)) return;
    app.node = id === ix.mainline.at(-1) ? null : id;
    app.bannerClosed = app.bannerClosed || app.node !== null;
    render();
    const n = ix.byId.get(id);
    announce(n.san ? `Move ${n.depth}: ${sanToSpeech(n.san, n.ply % 2 ? 'white' : 'black')}`
        : 'Start position');
}

function go(dir) {
    const ix = treeIndex();
    if (ix) showNode(navigate(ix, shownNode(), dir));
}

async function createGame(body) {
    const r = await call('create', 'POST', '/api/games', { body });
    if (!r || !r.game) return;
    tokens.set(r.game.id, r.seat, r.token);
    if (r.invite && r.invite.url) invites.set(r.game.id, inviteLink(location.origin, r.invite.url));
    if (location.hash === gameHash(r.game.id)) openGame(r.game.id);
    else location.hash = gameHash(r.game.id);
}

function needGame() {
    if (!app.game) {
        showError('No game is open. Start one with "New game" (n).');
        return false;
    }
    return true;
}

function download(path) {
    const a = h('a', { href: path, download: '' });
    document.body.append(a);
    a.click();
    a.remove();
}

const actions = {
    first: () => go('first'),
    prev: () => go('prev'),
    next: () => go('next'),
    last: () => go('last'),
    up: () => go('up'),
    down: () => go('down'),
    new: () => openNewDialog(),
    flip: () => {
        board.flip();
        render();
    },
    takeback: async () => {
        if (!needGame()) return;
        const g = await callGame('takeback', 'POST', '/takeback');
        if (g) {
            app.node = null;
            setGame(g, false);
        }
    },
    // Two people: the answer to the opponent's request to take back their move.
    'takeback-accept': () => answerTakeback('accept'),
    'takeback-decline': () => answerTakeback('decline'),
    hint: async () => {
        if (!needGame()) return;
        // The notice goes up before the request: the hint event (which takes it down) can
        // arrive before the request's answer.
        notify(HINT_NOTICE, 5000);
        if (!(await callGame('hint', 'POST', '/hint'))) clearNotice(HINT_NOTICE);
    },
    resign: async () => {
        if (!needGame()) return;
        if (!confirm('Resign this game?')) return;
        const g = await callGame('resign', 'POST', '/resign');
        if (g) setGame(g, false);
    },
    draw: async () => {
        if (!needGame()) return;
        const g0 = app.game;
        const answer = g0.draw_offer && g0.draw_offer !== app.seat;
        const r = await callGame('draw', 'POST', '/draw',
            { body: { action: answer ? 'accept' : 'offer' } });
        if (!r) return;
        if (typeof r.accepted === 'boolean') {
            const text = r.accepted ? 'Kibitz accepts the draw.' : 'Kibitz declines the draw.';
            notify(text);
            announce(text);
            if (r.game) setGame(r.game, false);
        } else if (r.id) {
            setGame(r, false);
        }
    },
    'draw-decline': async () => {
        const r = await callGame('draw', 'POST', '/draw', { body: { action: 'decline' } });
        if (r && r.id) setGame(r, false);
    },
    claim: async () => {
        if (!needGame()) return;
        const r = await callGame('claim', 'POST', '/draw', { body: { action: 'claim' } });
        if (r) setGame(r.game || r, false);
    },
    rematch: () => {
        if (needGame()) createGame(settings.rematchBody(app.game, app.seat));
    },
    review: async () => {
        if (!needGame()) return;
        const r = await callGame('review', 'POST', '/review', { body: { movetime: 200 } });
        if (r) notify('Reviewing the game…', 2500);
    },
    continue: async () => {
        if (!needGame()) return;
        if (app.game.tree) {
            openNewDialog({ mode: 'engine' }, { kind: 'playon', title: playOnTitle(),
                from: { game: app.id, node: shownNode() } });
            return;
        }
        const pgn = await callGame('export', 'GET', '/pgn', { token: null });
        if (typeof pgn !== 'string') return;
        openNewDialog({ start: 'pgn', pgn, ply: shownPly() });
    },
    save: () => {
        if (needGame()) download(gamePath('/pgn'));
    },
    'copy-fen': async () => {
        if (!needGame()) return;
        const ok = await copyText(fenAt(shownPly()));
        notify(ok ? 'FEN copied.' : `FEN: ${fenAt(shownPly())}`);
    },
    import: () => openNewDialog({ start: 'pgn', mode: 'analysis' }, { kind: 'import' }),
    games: () => openGames(),
    mute: () => {
        sound.setMuted(!sound.isMuted());
        renderToggles();
        notify(sound.isMuted() ? 'Sound off.' : 'Sound on.', 1500);
    },
    engine: () => {
        app.engineShown = !app.engineShown;
        writeFlag('kibitz.engine', app.engineShown);
        renderToggles();
        render();
    },
    analysis: () => {
        if (!needGame()) return;
        app.analysisOn = !app.analysisOn;
        if (app.analysisOn && !app.engineShown) actions.engine();
        app.analysis = null;
        render();
    },
    'more-lines': () => setLines(app.multipv + 1),
    'fewer-lines': () => setLines(app.multipv - 1),
    threat: () => {
        app.threat = !app.threat;
        app.analysis = null;
        render();
    },
    'type-move': () => $('move-input').focus(),
    help: () => $('dlg-help').showModal(),
    close: () => {
        board.ground.cancelMove();
        app.bannerClosed = true;
        render();
    },
    'close-banner': () => {
        app.bannerClosed = true;
        render();
    },
};

function setLines(n) {
    app.multipv = Math.max(1, Math.min(5, n));
    app.analysis = null;
    render();
}

// The two toggles of the header. On a phone the state word ("on", "shown") is hidden from
// sight (CSS) and left to screen readers, and the pressed look shows the state.
function renderToggles() {
    $('btn-mute').setAttribute('aria-pressed', String(!sound.isMuted()));
    $('btn-mute').replaceChildren('Sound',
        h('span', { class: 'state' }, sound.isMuted() ? ' off' : ' on'));
    $('btn-engine').setAttribute('aria-pressed', String(app.engineShown));
    $('btn-engine').replaceChildren('Engine',
        h('span', { class: 'state' }, app.engineShown ? ' shown' : ' hidden'));
}

// 5. Dialogs.

// purpose: {kind: 'new' | 'import' | 'playon', title, from} (newgame.js).
function openNewDialog(overrides = {}, purpose = { kind: 'new' }) {
    const form = $('new-form');
    const s = settings.validate({ ...settings.load(localStorage, app.info), ...overrides },
        app.info);
    fillForm(form, s, app.info);
    setPurpose(form, purpose);
    const dlg = $('dlg-new');
    dlg.returnValue = '';
    if (!dlg.open) dlg.showModal();
    if (overrides.start === 'pgn') $('new-pgn').focus();
}

async function answerTakeback(answer) {
    if (!needGame()) return;
    const g = await callGame('takeback', 'POST', '/takeback', { body: { answer } });
    if (g) setGame(g, false);
}

async function openGames() {
    const dlg = $('dlg-games');
    const scope = listScope(app.info?.visitor, $('games-all').checked);
    const r = await call('list', 'GET', `/api/games${scope.query}`,
        { headers: listHeaders(tokens) });
    if (!r) return;
    showScope(scope, 'My games');
    const tbody = $('games-table').querySelector('tbody');
    const show = (games) => renderGames(tbody, games, {
        open: (g) => {
            dlg.close();
            location.hash = gameHash(g.id);
        },
        review: async (g) => {
            dlg.close();
            location.hash = gameHash(g.id);
            const t = tokens.get(g.id);
            const ok = await call('review', 'POST', calls.path(g.id, '/review'),
                { body: { movetime: 200 }, token: t?.token || null });
            if (ok) notify('Reviewing the game…', 2500);
        },
        pgn: (g) => download(`/api/games/${g.id}/pgn`),
        remove: async (g) => {
            if (!confirm('Delete this game?')) return;
            const t = tokens.get(g.id);
            const ok = await call('delete', 'DELETE', calls.path(g.id),
                { token: t?.token || null });
            if (!ok) return;
            games = games.filter((x) => x.id !== g.id);
            show(games);
            calls.gone(g.id);
        },
    });
    show(listedGames(r.games || [], tokens, scope));
    if (!dlg.open) dlg.showModal();
}

function setupDialogs() {
    const form = $('new-form');
    form.addEventListener('change', () => updateVisibility(form));
    $('dlg-new').addEventListener('close', () => {
        if ($('dlg-new').returnValue !== 'ok') return;
        const s = readForm(form, app.info);
        const purpose = form.purpose || { kind: 'new' };
        if (purpose.kind === 'playon') {
            createGame({ ...settings.requestBody({ ...s, mode: 'engine', start: 'initial',
                chess960: false }), from: purpose.from });
            return;
        }
        if (purpose.kind === 'new') settings.save(localStorage, s);
        createGame(settings.requestBody(s));
    });
    $('help-list').replaceChildren(...SHORTCUTS.flatMap((s) => [
        h('dt', {}, h('kbd', {}, keyName(s.key))), h('dd', {}, s.help)]));
}

function keyName(key) {
    return { ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓', Escape: 'Esc' }[key] ||
        key;
}

// 6. Wiring.

function setupEvents() {
    document.addEventListener('click', (e) => {
        const b = e.target.closest('[data-action]');
        if (b && !b.disabled && actions[b.dataset.action]) actions[b.dataset.action]();
    });
    $('btn-new').onclick = actions.new;
    $('btn-games').onclick = actions.games;
    $('games-all').onchange = openGames;
    $('btn-import').onclick = actions.import;
    $('btn-engine').onclick = actions.engine;
    $('btn-mute').onclick = actions.mute;
    $('btn-help').onclick = actions.help;
    $('error-close').onclick = clearError;
    $('draw-accept').onclick = actions.draw;
    $('draw-decline').onclick = actions['draw-decline'];
    $('invite-copy').onclick = async () => {
        const ok = await copyText($('invite-link').value);
        notify(ok ? 'Invitation link copied.' : 'Copy the link by hand.');
    };
    $('multipv').onchange = (e) => setLines(Number(e.target.value));
    $('threat').onchange = actions.threat;
    $('move-form').addEventListener('submit', async (e) => {
        e.preventDefault();
        const text = $('move-input').value.trim();
        if (!text || !app.game) return;
        if (await sendMove(text)) $('move-input').value = '';
    });
    setupAnnotate({ callGame, setGame, showNode, render });
    setupExplain({ showNode });
    document.addEventListener('kibitz-play-line', (e) => playLine(e.detail.moves, e.detail.ply));
    document.addEventListener('keydown', (e) => {
        const dialogOpen = !!document.querySelector('dialog[open]');
        const action = actionFor({ key: e.key, ctrlKey: e.ctrlKey, altKey: e.altKey,
            metaKey: e.metaKey, targetTag: e.target.tagName,
            editable: e.target.isContentEditable });
        if (!action || (dialogOpen && action !== 'close')) return;
        if (action === 'close' && dialogOpen) return;
        if (e.target.tagName === 'BUTTON' && (e.key === 'Enter' || e.key === ' ')) return;
        // A shortcut does what its button does, and nothing while that button is off or
        // hidden (a spectator's "o" made a rematch, "a" asked for analysis mid-game).
        const buttons = [...document.querySelectorAll(`.panel [data-action="${action}"]`)];
        if (buttons.length && buttons.every((b) => b.disabled || b.closest('[hidden]'))) return;
        e.preventDefault();
        actions[action]();
    });
    window.addEventListener('hashchange', route);
    setInterval(updateClocks, 100);
}

function route() {
    const r = parseRoute(location.hash);
    for (const d of document.querySelectorAll('dialog[open]')) d.close();
    if (r.view === 'game') {
        openGame(r.id, r.seat, r.token);
    } else if (r.view === 'games') {
        openGames();
    } else if (r.view === 'puzzles') {
        location.replace('puzzles.html');
    } else {
        let last = null;
        try {
            last = localStorage.getItem('kibitz.last');
        } catch {
            last = null;
        }
        if (last) location.hash = gameHash(last);
        else openNewDialog();
    }
}

async function boot() {
    setupDialogs();
    setupEvents();
    renderToggles();
    try {
        app.info = await request('GET', '/api/info');
    } catch (e) {
        calls.fail('info', e);
    }
    route();
}

boot();
