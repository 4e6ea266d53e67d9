// Editing the move tree (issue 22): a menu for a move (right-click or long-press on it, or the
// "⋯" button under the move list for the move shown) with Promote variation, Make main line,
// Delete from here, the comments after and before the move, the move-quality NAGs and the
// position assessments. Offered where the server allows it (an analysis board, a finished game
// with a seat), never in a game in progress; in a finished game the moves played stay the main
// line, so what would change them is not offered.

import { h } from '../dom.js';
import { app, treeIndex, explorable } from '../state.js';
import { MOVE_NAGS, POSITION_NAGS, moveNumber, menuChoices } from '../lib/tree.js';

const $ = (id) => document.getElementById(id);
let page = null;  // {callGame, setGame, showNode, render} from setupAnnotate

// "12... Nf6" for node id.
function moveName(n) {
    return `${moveNumber(n.ply)} ${n.san}`;
}

// The title of the play-on dialog for the position shown.
export function playOnTitle() {
    const ix = treeIndex();
    const n = ix?.byId.get(app.node ?? ix.mainline.at(-1));
    return n?.san ? `Play on against Kibitz after ${moveName(n)}` : 'Play on against Kibitz';
}

async function annotate(body, after) {
    closeMenu();
    const g = await page.callGame('annotate', 'POST', '/annotate', { body });
    if (!g) return;
    if (after) after();
    if (g.id === app.id) page.setGame(g, false, true);
}

function closeMenu() {
    const menu = $('move-menu');
    if (menu && !menu.hidden) {
        menu.hidden = true;
        const back = menu.returnFocus;
        menu.returnFocus = null;
        if (back && document.contains(back)) back.focus();
    }
}

// Opens the menu for node id next to element `at`.
function openMenu(id, at) {
    const ix = treeIndex();
    const choices = explorable() ? menuChoices(ix, id, app.game.mode === 'analysis') : null;
    if (!choices) return;
    const n = ix.byId.get(id);
    const menu = $('move-menu');
    const item = (text, onclick) => h('button', { role: 'menuitem', onclick }, text);
    const parent = n.parent;
    // (The choices the move lacks are false in this list and left out.)
    menu.replaceChildren(...[
        h('div', { class: 'menu-title' }, moveName(n)),
        choices.promote && item('Promote variation',
            () => annotate({ node: id, action: 'promote', to_mainline: false })),
        choices.mainline && item('Make main line',
            () => annotate({ node: id, action: 'promote', to_mainline: true })),
        choices.remove && item('Delete from here', () => annotate({ node: id, action: 'delete' },
            () => {
                if (app.node !== null && !treeIndex().byId.has(app.node)) return;
                page.showNode(parent);
            })),
        item(n.comment ? 'Edit comment after…' : 'Comment after…', () => editComment(id, false)),
        item(n.comment_before ? 'Edit comment before…' : 'Comment before…',
            () => editComment(id, true)),
        nagGroup(n, 'Mark the move', MOVE_NAGS),
        nagGroup(n, 'Assess the position', POSITION_NAGS),
    ].filter(Boolean));
    menu.returnFocus = document.activeElement;
    menu.hidden = false;
    const r = at.getBoundingClientRect();
    const w = menu.offsetWidth;
    const hgt = menu.offsetHeight;
    const left = Math.max(4, Math.min(r.left, window.innerWidth - w - 4));
    const below = r.bottom + 4 + hgt < window.innerHeight;
    menu.style.left = `${left + window.scrollX}px`;
    menu.style.top = `${(below ? r.bottom + 4 : Math.max(4, r.top - hgt - 4)) + window.scrollY}px`;
    menu.querySelector('button')?.focus();
}

// One group of NAG buttons for node n, a heading over them: a checked one is the move's own
// (clicking it again takes it away; another of the group replaces it, on the server).
function nagGroup(n, label, nags) {
    return h('div', { class: 'nag-group' },
        h('div', { class: 'menu-heading', 'aria-hidden': 'true' }, label),
        h('div', { class: 'nags', role: 'group', 'aria-label': label },
            ...nags.map((m) => h('button', {
                role: 'menuitemcheckbox', title: m.name, 'aria-label': m.name,
                'aria-checked': String((n.nags || []).includes(m.nag)),
                onclick: () => annotate({ node: n.id, action: 'nag', nag: m.nag }),
            }, m.glyph))));
}

// The dialog for the comment after node id's move, or before it (`before`).
function editComment(id, before) {
    closeMenu();
    const n = treeIndex().byId.get(id);
    const dlg = $('dlg-comment');
    $('comment-title').textContent = `Comment ${before ? 'before' : 'after'} ${moveName(n)}`;
    $('comment-text').value = (before ? n.comment_before : n.comment) || '';
    dlg.returnValue = '';
    dlg.onclose = () => {
        if (dlg.returnValue !== 'ok') return;
        annotate({ node: id, action: 'comment', text: $('comment-text').value.trim(), before });
    };
    dlg.showModal();
    $('comment-text').focus();
}

// The bar under the move list: the "⋯" button for the move shown, where it can be edited.
export function renderAnnotateBar(game, current) {
    const bar = $('annotate');
    if (!bar) return;
    const ix = treeIndex();
    const choices = explorable() ? menuChoices(ix, current, game.mode === 'analysis') : null;
    bar.hidden = !choices;
    if (!choices) closeMenu();
    bar.querySelector('button').dataset.node = current;
}

// Wires the menu: page = {callGame, setGame, showNode, render}.
export function setupAnnotate(p) {
    page = p;
    document.addEventListener('kibitz-show-node', (e) => page.showNode(e.detail.id));
    $('moves').addEventListener('contextmenu', (e) => {
        const el = e.target.closest('[data-node]');
        if (!el || !explorable()) return;
        e.preventDefault();
        if (!longPressed) openMenu(Number(el.dataset.node), el);
    });
    const more = $('annotate').querySelector('button');
    more.onclick = () => {
        if ($('move-menu').hidden) openMenu(Number(more.dataset.node), more);
        else closeMenu();
    };
    document.addEventListener('pointerdown', (e) => {
        if (!e.target.closest('#move-menu, #annotate')) closeMenu();
    });
    $('move-menu').addEventListener('keydown', menuKeys);
    setupLongPress();
}

// In the menu: Escape closes it, ↑ ↓ (and Home End) move between its buttons; the page's own
// arrow keys (moves, variations) wait until it is closed.
function menuKeys(e) {
    const items = [...$('move-menu').querySelectorAll('button')];
    const at = items.indexOf(document.activeElement);
    const to = { ArrowDown: at + 1, ArrowRight: at + 1, ArrowUp: at - 1, ArrowLeft: at - 1,
        Home: 0, End: items.length - 1 }[e.key];
    if (e.key === 'Escape') closeMenu();
    else if (to !== undefined) items[(to + items.length) % items.length]?.focus();
    else return;
    e.preventDefault();
    e.stopPropagation();
}

// A long press (half a second) on a move with a finger opens its menu, for browsers that give
// no context menu event for it; the click that ends the press then does nothing else.
const LONG_PRESS_MS = 500;
let longPressed = false;
function setupLongPress() {
    let timer = null;
    const list = $('moves');
    list.addEventListener('pointerdown', (e) => {
        const el = e.target.closest('[data-node]');
        longPressed = false;
        if (!el || e.pointerType !== 'touch' || !explorable()) return;
        timer = setTimeout(() => {
            longPressed = true;
            openMenu(Number(el.dataset.node), el);
        }, LONG_PRESS_MS);
    });
    for (const type of ['pointerup', 'pointercancel', 'pointermove', 'pointerleave']) {
        list.addEventListener(type, (e) => {
            if (type === 'pointermove' && Math.hypot(e.movementX, e.movementY) < 4) return;
            clearTimeout(timer);
        });
    }
    list.addEventListener('click', (e) => {
        if (!longPressed) return;
        longPressed = false;
        e.stopPropagation();
        e.preventDefault();
    }, true);
}
