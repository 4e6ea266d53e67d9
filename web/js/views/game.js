// Renders the whole game screen from the state object: board, players and clocks, status,
// banner, move list, buttons, engine panel, evaluation bar and review.

import { app, shownPly, isLive, fenAt, myTurn, invites, nodeAt, shownNode, currentLine,
    explorable, onMainLine, treeIndex } from '../state.js';
import { h } from '../dom.js';
import { moveTable, uciSquares } from '../lib/moves.js';
import { plyInfo } from '../lib/movelist.js';
import { placeText } from '../lib/tree.js';
import { formatClock, remaining } from '../lib/clock.js';
import { lineArrows, moveArrow } from '../lib/arrows.js';
import { levelLabel } from '../lib/settings.js';
import { renderMoves } from './movelist.js';
import { renderThinking, renderLines, renderKnowledge, renderEvalBar } from './engine.js';
import { knowledgeFor, bookMoveInfo } from '../lib/knowledge.js';
import { renderGraph, reviewNote, reviewParts, renderSummary, renderBestLine,
    renderMoveTimes } from './review.js';
import { bestArrowMove } from '../lib/review.js';
import { taggedPlayer } from './tags.js';

const $ = (id) => document.getElementById(id);

// Draws everything; `board` is the board object and `jump(ply)` moves the shown ply.
export function renderGame(board, jump, fresh = false) {
    const g = app.game;
    if (!g) return;
    const ply = shownPly();
    const live = isLive();
    const fen = fenAt(ply);
    const turn = live ? g.turn : plyInfo(g.start_fen, ply).turn;
    const last = ply > 0 ? nodeAt(ply) : null;
    const sq = last && uciSquares(last.uci);
    const check = live ? g.check : !!(last && /[+#]$/.test(last.san));

    // 1. Which moves the board accepts.
    let legal = [];
    let movable = null;
    app.freeMove = false;
    if (live && myTurn()) {
        legal = g.legal || [];
        movable = g.turn;
    } else if (!live && explorable()) {
        movable = turn;
        if (app.earlier && app.earlier.node === shownNode() && app.earlier.fen === fen) {
            legal = app.earlier.legal;
            app.freeMove = app.earlier.free === true;
        }
    }
    const playing = g.mode !== 'analysis' && (app.seat === 'white' || app.seat === 'black');
    const premovable = live && playing && !g.over && g.turn !== app.seat;
    if (premovable) movable = app.seat;
    app.table = moveTable(legal, fen, g.chess960);

    board.show({
        fen, turn, check,
        lastMove: sq ? [sq.from, sq.to] : null,
        movable, dests: app.table.dests, free: app.freeMove, premovable,
        shapes: shapes(ply),
    }, fresh);

    // 2. Players, clocks, status, banner.
    renderPlayers(board.orientation());
    $('status').textContent = statusText(live);
    renderBanner(live);
    renderDrawOffer();
    renderTakebackRequest();
    renderInvite();

    // 3. Moves, buttons, engine, review.
    renderMoves($('moves'), g, ply, jump);
    renderButtons(live, ply);
    renderEngine(ply, live, board.orientation());
    renderReview(ply, jump);
    document.body.classList.toggle('engine-hidden', !app.engineShown);
}

function shapes(ply) {
    // A labelled move of the review shows the best move instead, as lichess does.
    const review = onMainLine() ? moveArrow(bestArrowMove(app.game.review, ply), 'green') : [];
    if (!app.engineShown) return review;
    const out = [...review];
    const a = shownAnalysis(ply);
    if (a) {
        if (a.threat) out.push(...moveArrow(a.lines?.[0]?.pv?.[0], 'red'));
        else out.push(...lineArrows(a.lines));
    }
    const hint = app.hint && app.hint.ply === ply ? app.hint.move : '';
    if (hint) out.push(...moveArrow(hint, 'blue'));
    document.getElementById('board').dataset.hint = hint;
    return out;
}

// The latest analysis when it is about the shown position and the chosen view, else null. A
// threat analysis is of the position with the other side to move, so its FEN differs from the
// shown one in the side to move and the move counters: the pieces are compared.
function shownAnalysis(ply) {
    const a = app.analysis;
    if (!app.analysisOn || !a || a.ply !== ply || !!a.threat !== app.threat) return null;
    if (a.node !== undefined && app.game.tree && a.node !== shownNode()) return null;
    const pieces = (fen) => String(fen || '').split(' ')[0];
    const same = a.threat ? pieces(a.fen) === pieces(fenAt(ply)) : a.fen === fenAt(ply);
    return same ? a : null;
}

function playerName(color) {
    const g = app.game;
    const seat = g.seats ? g.seats[color] : null;
    let name = color === 'white' ? 'White' : 'Black';
    const tagged = g.mode === 'analysis' ? taggedPlayer(g, color) : '';
    if (tagged) return tagged;
    if (g.players && g.players[color]) {
        name = g.players[color];
        if (g.mode === 'engine' && app.seat !== color && seat !== 'engine') name = 'Player';
        if (g.mode === 'humans' && app.seat === color) name += ' (you)';
        return name;
    }
    if (g.mode === 'engine') {
        name = seat === 'engine' ? `Kibitz (${levelLabel(g.settings?.level)})` : 'You';
        if (seat !== 'engine' && app.seat !== color) name = 'Player';
    } else if (g.mode === 'humans' && app.seat === color) {
        name += ' (you)';
    }
    return name;
}

function renderPlayers(orientation) {
    const g = app.game;
    const bottom = orientation;
    const top = bottom === 'white' ? 'black' : 'white';
    for (const [id, color] of [['player-top', top], ['player-bottom', bottom]]) {
        const el = $(id);
        el.dataset.color = color;
        const name = el.querySelector('.name');
        name.textContent = playerName(color);
        name.classList.toggle('to-move', !g.over && g.turn === color);
    }
    updateClocks();
}

// Updates the clock texts from the last reading; called every 100 ms by a timer.
export function updateClocks() {
    const g = app.game;
    for (const id of ['player-top', 'player-bottom']) {
        const el = $(id);
        const clock = el.querySelector('.clock');
        const color = el.dataset.color;
        if (!g || !g.clocks || !color) {
            clock.textContent = '';
            continue;
        }
        const ms = remaining(g.clocks, color, app.receivedAt, performance.now());
        clock.textContent = formatClock(ms);
        const flagged = ms <= 0 || (g.over && g.reason === 'time forfeit' &&
            ((color === 'white' && g.result === '0-1') ||
                (color === 'black' && g.result === '1-0')));
        clock.classList.toggle('running', !g.over && g.clocks.running === color);
        clock.classList.toggle('low', ms < 20000);
        clock.classList.toggle('flag', flagged);
        clock.setAttribute('aria-label', `${color} clock ${formatClock(ms)}`);
    }
}

function statusText(live) {
    const g = app.game;
    // Where the position shown lies: its move on the main line, or in which variation.
    const ix = treeIndex();
    const showing = live || !ix ? '' : ` ${placeText(ix, shownNode())}.`;
    if (g.over) return `Game over: ${resultWords(g)}.${showing}`;
    const who = g.turn === 'white' ? 'White' : 'Black';
    let text;
    if (!app.seat) text = `Watching. ${who} to move.`;
    else if (g.mode === 'engine' && g.seats?.[g.turn] === 'engine') {
        text = g.engine?.thinking ? 'Kibitz is thinking…' : 'Kibitz to move.';
    } else if (myTurn()) text = app.seat === 'both' ? `${who} to move.` : 'Your move.';
    else text = `Waiting for ${who}.`;
    if (g.claimable && myTurn()) text += ` You may claim a draw (${g.claimable}).`;
    text += showing;
    if (app.hint && app.hint.ply === g.moves.length && app.engineShown) {
        text += ` Hint: ${app.hint.san}.`;
    }
    return text;
}

// The result in words: "White wins by checkmate", "Draw by stalemate".
export function resultWords(g) {
    const why = g.reason ? ` by ${g.reason}` : '';
    if (g.result === '1-0') return `White wins${why}`;
    if (g.result === '0-1') return `Black wins${why}`;
    if (g.result === '1/2-1/2') return `Draw${why}`;
    return 'Game over';
}

function renderBanner(live) {
    const g = app.game;
    const el = $('banner');
    if (!g.over || !live || app.bannerClosed) {
        el.hidden = true;
        return;
    }
    // Rematch and Review need a seat of the game (a spectator has none), Review a move.
    const seated = !!app.seat;
    const buttons = [
        seated && g.mode !== 'analysis' && h('button', { 'data-action': 'rematch' }, 'Rematch'),
        seated && g.moves.length > 0 && h('button', { 'data-action': 'review' }, 'Review'),
        h('button', { 'data-action': 'close-banner' }, 'Close'),
    ].filter(Boolean);
    el.replaceChildren(
        h('span', { class: 'result' }, g.result),
        h('span', { class: 'reason' }, resultWords(g)),
        h('div', {}, ...buttons.flatMap((b, i) => (i ? [' ', b] : [b]))),
    );
    el.hidden = false;
}

function renderDrawOffer() {
    const g = app.game;
    const box = $('draw-offer');
    const offer = g.draw_offer;
    const mine = app.seat === 'white' || app.seat === 'black';
    if (!offer || g.over || !mine) {
        box.hidden = true;
        return;
    }
    const fromMe = offer === app.seat;
    box.querySelector('.text').textContent = fromMe
        ? 'You offered a draw. Waiting for an answer.'
        : `${offer === 'white' ? 'White' : 'Black'} offers a draw.`;
    $('draw-accept').hidden = fromMe;
    $('draw-decline').hidden = fromMe;
    box.hidden = false;
}

// Two people: a request to take back the last move, with Accept and Decline for the opponent.
function renderTakebackRequest() {
    const g = app.game;
    const box = $('takeback-request');
    const asked = g.takeback_request;
    const mine = app.seat === 'white' || app.seat === 'black';
    if (!asked || g.over || !mine) {
        box.hidden = true;
        return;
    }
    const fromMe = asked === app.seat;
    box.querySelector('.text').textContent = fromMe
        ? 'You asked to take back your last move. Waiting for an answer.'
        : `${asked === 'white' ? 'White' : 'Black'} asks to take back their last move.`;
    for (const b of box.querySelectorAll('button')) b.hidden = fromMe;
    box.hidden = false;
}

function renderInvite() {
    const g = app.game;
    const link = g.mode === 'humans' ? invites.get(g.id) : null;
    $('invite').hidden = !link || g.over || g.moves.length > 1;
    if (link) $('invite-link').value = link;
}

function renderButtons(live, ply) {
    const g = app.game;
    const total = g.moves.length;
    const end = currentLine().length - 1;
    const playing = app.seat === 'white' || app.seat === 'black';
    const set = (action, enabled, label, title) => {
        for (const b of document.querySelectorAll(`.panel [data-action="${action}"]`)) {
            b.disabled = !enabled;
            if (label) b.textContent = label;
            if (title) b.title = title;
        }
    };
    set('first', ply > 0);
    set('prev', ply > 0);
    set('next', ply < end);
    set('last', ply < end);
    // A finished game is not played on (an analysis board's moves are always taken back).
    const [takeback, label, title] = takebackButton(g, total);
    set('takeback', takeback, label, title);
    set('hint', g.mode === 'engine' && myTurn() && app.engineShown);
    const opponentOffer = g.draw_offer && g.draw_offer !== app.seat;
    set('draw', playing && !g.over && g.mode !== 'analysis',
        opponentOffer ? 'Accept draw' : 'Offer draw');
    set('claim', !!g.claimable && myTurn());
    set('resign', playing && !g.over && g.mode !== 'analysis');
    set('rematch', g.mode !== 'analysis' && !!app.seat);
    // The server reviews a game once it has ended (an analysis board at any time).
    set('review', !!app.seat && total > 0 && (g.over || g.mode === 'analysis'));
    set('continue', total > 0 || g.start_fen !== undefined);
    $('move-input').disabled = !myTurn() && !(explorable() && !live);
    const canAnalyse = g.mode === 'analysis' || (g.over && !!app.seat) ||
        (g.mode === 'humans' && g.over);
    $('analysis-controls').hidden = !canAnalyse;
    const btn = $('btn-analysis');
    btn.setAttribute('aria-pressed', String(app.analysisOn));
    btn.textContent = app.analysisOn ? 'Stop analysis' : 'Analyse';
    $('multipv').value = String(app.multipv);
    $('threat').checked = app.threat;
}

// The Take back button: [enabled, label, title]. Between two people only the player who made
// the last move may ask, once (the server answers 409 to the other); an asked request waits.
function takebackButton(g, total) {
    const can = !!app.seat && total > 0 && (!g.over || g.mode === 'analysis');
    if (g.mode !== 'humans' || !can) return [can, 'Take back', 'Take back (t)'];
    const lastMover = g.turn === 'white' ? 'black' : 'white';
    if (app.seat !== lastMover) {
        return [false, 'Take back', 'You can take back only your own last move.'];
    }
    if (g.takeback_request === app.seat) {
        return [false, 'Take-back requested…', 'Waiting for your opponent to answer.'];
    }
    return [true, 'Take back', 'Ask your opponent to let you take back your last move (t)'];
}

function renderEngine(ply, live, orientation) {
    const g = app.game;
    const showThinking = app.thinking && (g.engine?.thinking || app.thinking.ply === ply - 1 ||
        app.thinking.ply === ply);
    // A book move of the engine is described from the game when its event is gone (reload).
    const thinking = showThinking ? app.thinking : bookMoveInfo(g, ply);
    renderThinking($('thinking'), g.start_fen,
        app.engineShown && !app.analysisOn ? thinking : null);
    const current = shownAnalysis(ply);
    const playLine = (moves) => document.dispatchEvent(new CustomEvent('kibitz-play-line',
        { detail: { moves, ply } }));
    renderLines($('lines'), g.start_fen, app.engineShown ? current : null, (line, count) =>
        playLine(line.pv.slice(0, count)));
    const known = knowledgeFor(app.knowledge, ply, fenAt(ply));
    renderKnowledge($('knowledge'), app.engineShown ? known : null,
        g.mode === 'analysis' && app.seat === 'both', (uci) => playLine([uci]));
    renderEvalBar($('evalbar'), evalAt(ply, live, current), orientation);
}

function evalAt(ply, live, analysis) {
    const g = app.game;
    if (analysis && !analysis.threat && analysis.lines?.length) {
        const best = [...analysis.lines].sort((x, y) => x.multipv - y.multipv)[0];
        if (best.eval) return best.eval;
    }
    const rv = onMainLine() ? g.review?.plies?.find((p) => p.ply === ply) : null;
    if (rv && rv.eval) return rv.eval;
    if (live && g.engine?.thinking && app.thinking?.eval) return app.thinking.eval;
    for (let p = ply; p > 0 && p > ply - 2; p--) {
        if (nodeAt(p)?.eval) return nodeAt(p).eval;
    }
    return null;
}

function renderReview(ply, jump) {
    const g = app.game;
    const box = $('review');
    if (!g.review) {
        box.hidden = true;
        return;
    }
    box.hidden = false;
    $('review-progress').textContent = g.review.done < g.review.total
        ? `Reviewing… ${g.review.done} of ${g.review.total} positions` : '';
    renderGraph($('graph'), g.review, g.moves.length, ply, jump,
        { x: $('graph-x'), y: $('graph-y') }, plyInfo(g.start_fen, 0));
    $('review-note').textContent = onMainLine() ? reviewNote(g.review, g, ply) : '';
    const parts = reviewParts(box);
    renderSummary(parts.summary, g.review);
    renderMoveTimes(parts.times, g, plyInfo(g.start_fen, 0).turn, jump);
    // The best line is played from the position before the move, as a variation (the server
    // goes to a move that is there already).
    renderBestLine(parts.line, onMainLine() ? g.review : null, ply, plyInfo(g.start_fen, 0),
        (moves) => {
            jump(ply - 1);
            document.dispatchEvent(new CustomEvent('kibitz-play-line',
                { detail: { moves, ply: ply - 1 } }));
        });
}
