// The engine panel: the thinking line (depth, score, PV in SAN, nodes, nps), analysis lines
// with clickable moves, and the evaluation bar on a win-probability scale.

import { h } from '../dom.js';
import { evalText, winProbability, shortCount } from '../lib/evaluation.js';
import { numberLine, sanTokens, plyInfo } from '../lib/movelist.js';

// Shows the engine's current search (a `thinking` event) or clears the line with null.
export function renderThinking(el, startFen, info) {
    if (!info) {
        el.replaceChildren();
        return;
    }
    const line = numberLine(startFen, info.ply ?? 0, sanTokens(info.pv_san));
    el.replaceChildren(
        h('span', { class: 'score' }, evalText(info.eval)),
        h('span', { class: 'depth' }, `depth ${info.depth}${info.seldepth ? '/' +
            info.seldepth : ''}`),
        ` · ${shortCount(info.nodes)} nodes · ${shortCount(info.nps)} nps`,
        h('span', { class: 'pv' }, line),
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
            parts.push(h('button', { class: 'san', title: 'Play up to this move',
                disabled: analysis.threat ? true : null,
                onclick: () => onPlay(line, i + 1) }, san));
        });
        return h('li', { 'data-multipv': line.multipv },
            h('span', { class: 'score' }, evalText(line.eval)),
            h('span', { class: 'depth' }, `d${line.depth} `), ...parts);
    }));
}

// Sets the evaluation bar: White's share of the bar is its win probability.
export function renderEvalBar(bar, ev, orientation) {
    const fill = bar.querySelector('.fill');
    const text = bar.querySelector('.text');
    fill.style.height = `${(winProbability(ev) * 100).toFixed(1)}%`;
    bar.classList.toggle('flipped', orientation === 'black');
    text.textContent = evalText(ev);
    bar.title = ev ? `Evaluation ${evalText(ev)}` : 'No evaluation';
}
