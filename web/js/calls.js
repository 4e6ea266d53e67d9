// The requests of a game page, shared by the chess and the Othello page: a failure is shown as
// one plain sentence about what was tried (lib/errors.js), an answer about a game the page has
// left in the meantime is dropped, and a game found deleted is forgotten here (its token, the
// start page's memory of it) and left.

import { request } from './api.js';
import { showError, clearError, notify } from './dom.js';
import { plainError, OFFLINE } from './lib/errors.js';
import { closeStream } from './stream.js';

// The calls of one page. `base`: the games' API path ('/api/games'); `page()`: the page's
// state ({id, token} of the game shown); `tokens`: its token store; `lastKey`: the
// localStorage key of the game the start page reopens; `leave()`: shows the start once the
// game shown is gone.
export function gameCalls({ base, page, tokens, lastKey, leave }) {
    const path = (id, suffix = '') => `${base}/${encodeURIComponent(id)}${suffix}`;

    // Shows the sentence for a failed `action`; an unreachable server's goes on reconnecting.
    function fail(action, e, detail) {
        if (e.status === 0) showError(OFFLINE, 'offline');
        else showError(plainError(action, e, detail));
    }

    // Runs a request; returns its answer, or null after showing why it failed.
    // opts: body, token (none unless given), detail ({move}: the move sent), headers.
    async function call(action, method, url, { body, token = null, detail, headers } = {}) {
        try {
            const result = await request(method, url, { body, token, headers });
            clearError();
            return result;
        } catch (e) {
            fail(action, e, detail);
            return null;
        }
    }

    // Runs a request about the game shown (`suffix` of its path, with its token unless
    // `token` is given). An answer that comes after the page left the game is dropped (null,
    // no error); a 404 for a game that a GET confirms is gone means it was deleted: it is
    // forgotten and left (a 404 of a path this server lacks forgets nothing).
    async function callGame(action, method, suffix = '', { body, token, detail } = {}) {
        const { id } = page();
        if (!id) return null;
        try {
            const result = await request(method, path(id, suffix),
                { body, token: token === undefined ? page().token : token });
            if (page().id !== id) return null;
            clearError();
            return result;
        } catch (e) {
            if (page().id !== id) return null;
            if (e.status === 404 && await deleted(id)) gone(id, true);
            else fail(action, e, detail);
            return null;
        }
    }

    // True when the server says game `id` does not exist (a GET of it answers 404).
    async function deleted(id) {
        try {
            await request('GET', path(id));
            return false;
        } catch (e) {
            return e.status === 404;
        }
    }

    // Forgets a deleted game: its token and the start page's memory of it; a page showing it
    // closes its stream and leaves it (with a notice when `tell`).
    function gone(id, tell = false) {
        tokens.remove(id);
        forgetLast(id);
        if (page().id !== id) return;
        closeStream();
        leave();
        if (tell) notify('This game was deleted.');
    }

    function forgetLast(id) {
        try {
            if (localStorage.getItem(lastKey) === id) localStorage.removeItem(lastKey);
        } catch {
            // Nothing remembered.
        }
    }

    // Remembers `id` as the game the start page reopens.
    function remember(id) {
        try {
            localStorage.setItem(lastKey, id);
        } catch {
            // Not remembered without storage.
        }
    }

    return { path, call, callGame, gone, forgetLast, remember, fail };
}
