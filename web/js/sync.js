// What the page keeps in step with the position shown, moved out of main.js: the book's and
// the tables' knowledge (GET /knowledge), the server's analysis (POST /analysis) and the legal
// moves of an earlier position or a variation (GET /legal). A game with a move tree is asked
// about the node shown ("node"), one without about the ply.

import { request } from './api.js';
import { app, shownPly, shownNode, isLive, fenAt, explorable } from './state.js';
import { knowledgeFor } from './lib/knowledge.js';

// The query or body field that names the shown position for the server.
export function positionField() {
    return app.game?.tree ? { node: shownNode() } : { ply: shownPly() };
}

function positionQuery() {
    const [[k, v]] = Object.entries(positionField());
    return `${k}=${v}`;
}

// The keepers of one page: gamePath(suffix) is the game's API path, callGame the page's call
// for the game shown (calls.js), render() draws the page again.
export function positionSync({ gamePath, callGame, render }) {
    let knowledgeKey = '';
    let analysisKey = '';
    let analysisTimer = null;

    // What the opening book and the endgame tables know of the shown position, on analysis
    // boards and in finished games (analysis events bring the same while analysing).
    async function syncKnowledge() {
        const g = app.game;
        if (!g || !(g.mode === 'analysis' || g.over)) return;
        const ply = shownPly();
        const fen = fenAt(ply);
        const key = `${g.id}|${shownNode()}|${fen}`;
        if (key === knowledgeKey) return;
        knowledgeKey = key;
        if (knowledgeFor(app.knowledge, ply, fen)) return;
        let r = null;
        try {
            r = await request('GET', gamePath(`/knowledge?${positionQuery()}`), {});
        } catch {
            r = null;  // Not shown: the block is a help, not a necessity.
        }
        if (!r || knowledgeKey !== key || r.fen !== fen) return;
        app.knowledge = { ply, fen: r.fen, book: r.book, tablebase: r.tablebase };
        render();
    }

    // Keeps the server's analysis on the shown position while analysis is on.
    function syncAnalysis() {
        const key = app.analysisOn
            ? `${shownNode()}|${fenAt(shownPly())}|${app.multipv}|${app.threat}` : 'off';
        if (key === analysisKey) return;
        const wasOn = analysisKey !== '' && analysisKey !== 'off';
        analysisKey = key;
        clearTimeout(analysisTimer);
        if (!app.analysisOn && !wasOn) return;
        analysisTimer = setTimeout(async () => {
            const body = app.analysisOn
                ? { on: true, multipv: app.multipv, ...positionField(), threat: app.threat }
                : { on: false };
            const r = await callGame('analysis', 'POST', '/analysis', { body });
            if (!r && app.analysisOn) {
                app.analysisOn = false;
                analysisKey = 'off';
                render();
            }
        }, 120);
    }

    // An earlier position or a variation can be moved from on an analysis board and in a
    // finished game; its legal moves come from the server. Without them the server judges the
    // move when sent.
    async function loadEarlierLegal() {
        const g = app.game;
        if (!g || !explorable() || isLive()) return;
        const node = shownNode();
        const fen = fenAt(shownPly());
        if (app.earlier && app.earlier.node === node && app.earlier.fen === fen) return;
        app.earlier = { node, fen, legal: [], free: false };
        let legal = null;
        try {
            const r = await request('GET', gamePath(`/legal?${positionQuery()}`),
                { token: app.token });
            legal = Array.isArray(r?.legal) ? r.legal : null;
        } catch {
            legal = null;
        }
        if (!app.earlier || app.earlier.node !== node) return;
        app.earlier = { node, fen, legal: legal || [], free: legal === null };
        render();
    }

    return {
        sync() {
            syncAnalysis();
            syncKnowledge();
            loadEarlierLegal();
        },
        reset() {
            knowledgeKey = '';
        },
    };
}
