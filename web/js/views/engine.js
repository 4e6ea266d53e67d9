// The engine panel: the thinking line (depth, score, PV in SAN, nodes, nps) or the engine's
// book move, analysis lines with clickable moves, what the opening book and the endgame tables
// know of the position, and the evaluation bar on a win-probability scale.

import { h } from '../dom.js';
import { evalText, winProbability, shortCount } from '../lib/evaluation.js';
import { numberLine, sanTokens, plyInfo } from '../lib/movelist.js';
import { bookItems, tablebaseText, depthText } from '../lib/knowledge.js';

// Shows the engine's current search (a `thinking` event), its book move (a `thinking` event
// with `book`), or clears the line with null.
export function renderThinking(el, startFen, info) {
    if (!info) {
        el.replaceChildren();
        return;
    }
    if (info.book) {
        const others = bookItems(info.candidates).map((c) => c.text).join(' · ');
        const { number, turn } = plyInfo(startFen, info.ply ?? 0);
        // replaceChildren writes a null as the text "null" ("book move 1. c4null"): only
        // the parts there are.
        el.replaceChildren(...[
            h('span', { class: 'book-move' }, 'book move'),
            info.san ? ` ${number}${turn === 'white' ? '.' : '...'} ${info.san}` : '',
            others ? h('span', { class: 'pv' }, `Book: ${others}`) : null,
        ].filter(Boolean));
        return;
    }
    const line = numberLine(startFen, info.ply ?? 0, sanTokens(info.pv_san));
    el.replaceChildren(
        h('span', { class: 'score' }, evalText(info.eval)),
        h('span', { class: 'depth' }, depthText(info.depth, info.seldepth)),
        ` · ${shortCount(info.nodes)} nodes · ${shortCount(info.nps)} nps`,
        h('span', { class: 'pv' }, line),
        // The engine played a weaker line than its best on purpose (a limited level).
        ...(info.note ? [h('span', { class: 'note' }, info.note)] : []),
    );
}

// Shows analysis lines; onPlay(line, count) plays the first `count` moves of a line.
export function renderLines(el, startFen, analysis, onPlay) {
    if (!analysis || !Array.isArray(analysis.lines)) {
        el.replaceChildren();
        return;
    }
    const lines = [...analysis.lines].sort((a, b) => a.multipv - b.multipv);
    el.replaceChildren(...lines.map((line) => {
        const sans = sanTokens(line.pv_san);
        const parts = [];
        sans.forEach((san, i) => {
            const info = plyInfo(startFen, (analysis.ply ?? 0) + i + (analysis.threat ? 1 : 0));
            if (info.turn === 'white') parts.push(`${info.number}.`);
            else if (i === 0) parts.push(`${info.number}...`);
            // The lines are drawn again with each line the engine sends, so a button may be
            // replaced between a press and its release, which then makes no click: the move is
            // played on the press (and on a click from the keyboard, whose detail is 0).
            parts.push(h('button', { class: 'san', title: 'Play up to this move',
                disabled: analysis.threat ? true : null,
                onpointerdown: (e) => {
                    if (e.button !== 0) return;
                    e.preventDefault();
                    onPlay(line, i + 1);
                },
                onclick: (e) => { if (e.detail === 0) onPlay(line, i + 1); } }, san));
        });
        const tb = depthText(line.depth, 0, analysis.tablebase) === 'tablebase';
        return h('li', { 'data-multipv': line.multipv },
            h('span', { class: 'score' }, evalText(line.eval)),
            h('span', { class: 'depth' }, tb ? 'tablebase ' : `d${line.depth} `), ...parts);
    }));
}

// Shows the book's candidate moves and the tablebase line of the shown position (null clears
// them); onPlay(uci) plays a move, and only an analysis board (`playable`) offers that.
export function renderKnowledge(el, knowledge, playable, onPlay) {
    const items = knowledge ? bookItems(knowledge.book) : [];
    const tb = knowledge ? knowledge.tablebase : null;
    const rows = [];
    if (items.length) {
        const parts = [h('span', { class: 'label' }, 'Book:'), ' '];
        items.forEach((item, i) => {
            if (i) parts.push(' · ');
            parts.push(h('button', { class: 'san', 'aria-label': item.label, title: item.label,
                'data-uci': item.uci, disabled: playable ? null : true,
                onclick: () => onPlay(item.uci) }, item.text));
        });
        rows.push(h('div', { class: 'book' }, ...parts));
    }
    if (tb) {
        const best = tb.best && tb.best_san
            ? [' — ', h('button', { class: 'san', 'data-uci': tb.best,
                title: `Play the tablebase move ${tb.best_san}`,
                'aria-label': `Play the tablebase move ${tb.best_san}`,
                disabled: playable ? null : true, onclick: () => onPlay(tb.best) }, tb.best_san)]
            : [];
        rows.push(h('div', { class: 'tablebase' }, tablebaseText(tb), ...best));
    }
    el.replaceChildren(...rows);
    el.hidden = rows.length === 0;
}

// Sets the evaluation bar: White's share of the bar is its win probability.
export function renderEvalBar(bar, ev, orientation) {
    const fill = bar.querySelector('.fill');
    const text = bar.querySelector('.text');
    const win = winProbability(ev);
    fill.style.height = `${(win * 100).toFixed(1)}%`;
    bar.classList.toggle('flipped', orientation === 'black');
    text.textContent = evalText(ev);
    text.classList.toggle('black', win < 0.5);
    bar.title = ev ? `Evaluation ${evalText(ev)}` : 'No evaluation';
}
