// Small DOM helpers shared by the views: element creation, errors and notices, clipboard.

// Creates an element with attributes/properties and children (strings become text).
export function h(tag, attrs = {}, ...children) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
        if (v === undefined || v === null || v === false) continue;
        if (k === 'class') el.className = v;
        else if (k === 'text') el.textContent = v;
        else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
        else if (k === 'dataset') Object.assign(el.dataset, v);
        else el.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children.flat()) {
        if (c === null || c === undefined || c === false) continue;
        el.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return el;
}

// Whether `el` was last drawn from these same inputs (each compared with Object.is); else
// remembers them. The page is drawn again on every change of the game and on each line the
// analysing engine sends, and a button replaced between its press and its release gets no
// click: a box whose inputs did not change is left as it is.
export function unchanged(el, ...inputs) {
    const last = el.drawnFrom;
    if (last && last.length === inputs.length && last.every((x, i) => Object.is(x, inputs[i]))) {
        return true;
    }
    el.drawnFrom = inputs;
    return false;
}

// Shows an error message (from the API or the page) until dismissed or replaced. `kind` names
// errors that go by themselves: 'offline' is taken down when the page reconnects.
export function showError(message, kind = '') {
    const box = document.getElementById('error');
    document.getElementById('error-text').textContent = message;
    box.dataset.kind = kind;
    box.hidden = false;
}

// Hides the error box; with a `kind`, only an error of that kind.
export function clearError(kind) {
    const box = document.getElementById('error');
    if (typeof kind === 'string' && box.dataset.kind !== kind) return;
    box.hidden = true;
}

let noticeTimer = null;

// Shows a short notice that fades after a few seconds ("Copied", "Kibitz declines").
export function notify(message, ms = 4000) {
    const box = document.getElementById('notice');
    box.textContent = message;
    box.hidden = false;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => { box.hidden = true; }, ms);
}

// Hides the notice now if it still shows `message` (a newer notice stays).
export function clearNotice(message) {
    const box = document.getElementById('notice');
    if (box.hidden || box.textContent !== message) return;
    clearTimeout(noticeTimer);
    box.hidden = true;
}

// Says a sentence to screen readers through the aria-live region.
export function announce(text) {
    const el = document.getElementById('announce');
    el.textContent = '';
    setTimeout(() => { el.textContent = text; }, 30);
}

// Copies text to the clipboard, falling back to a selected textarea where the API is absent.
export async function copyText(text) {
    try {
        await navigator.clipboard.writeText(text);
        return true;
    } catch {
        const ta = h('textarea', { class: 'sr-only' });
        ta.value = text;
        document.body.append(ta);
        ta.select();
        const ok = document.execCommand && document.execCommand('copy');
        ta.remove();
        return !!ok;
    }
}
