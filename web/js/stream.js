// The one EventSource of the tab, for the game shown. Opening another game's stream closes
// the previous one; EventSource reconnects by itself and the server then sends a fresh state.

import { request } from './api.js';
import { showError, clearError, notify } from './dom.js';
import { plainError, OFFLINE } from './lib/errors.js';

let current = null;

// Opens the event stream of game `id` (a chess game; Othello's with base '/api/othello/games');
// onEvent gets each parsed event object, onStatus "open", "reconnecting" or "closed". The token
// goes in the query as EventSource cannot send headers.
export function openStream(id, token, onEvent, onStatus, base = '/api/games') {
    closeStream();
    const query = token ? `?token=${encodeURIComponent(token)}` : '';
    const source = new EventSource(`${base}/${encodeURIComponent(id)}/events${query}`);
    source.onmessage = (e) => {
        let event;
        try {
            event = JSON.parse(e.data);
        } catch {
            return;
        }
        if (current === source) onEvent(event);
    };
    source.onopen = () => onStatus && onStatus('open');
    source.onerror = () => onStatus && onStatus(
        source.readyState === EventSource.CLOSED ? 'closed' : 'reconnecting');
    current = source;
    return source;
}

// Closes the open stream, if any.
export function closeStream() {
    if (current) current.close();
    current = null;
}

// Opens the stream of game `id` as openStream does and looks after it for the page: a notice
// while it reconnects; when it breaks, a GET of `path` (the game) tells a deleted game (then
// onGone(id), as the `deleted` event may not have come) from a server that is away (EventSource
// keeps trying) and from a stream given up (an error asks for a reload). Once the stream is
// open again, an error saying the server cannot be reached goes: it no longer holds.
export function followStream(id, token, path, onEvent, onGone, base) {
    const source = openStream(id, token, onEvent, (s) => {
        if (s === 'open') clearError('offline');
        if (s === 'reconnecting') notify('Connection lost; reconnecting…', 3000);
        if (s === 'reconnecting' || s === 'closed') {
            checkLost(source, path, s === 'closed', id, onGone);
        }
    }, base);
    return source;
}

async function checkLost(source, path, closed, id, onGone) {
    if (current !== source) return;
    try {
        await request('GET', path);
        if (closed && current === source) {
            showError('The game\'s updates stopped; reload the page to follow it.');
        }
    } catch (e) {
        if (current !== source) return;
        if (e.status === 404) onGone(id);
        else if (e.status === 0) showError(OFFLINE, 'offline');
        else if (closed) showError(plainError('open', e));
    }
}
