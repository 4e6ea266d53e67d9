// The one EventSource of the tab, for the game shown. Opening another game's stream closes
// the previous one; EventSource reconnects by itself and the server then sends a fresh state.

let current = null;

// Opens the event stream of game `id`; onEvent gets each parsed event object, onStatus
// "open" or "reconnecting". The token goes in the query as EventSource cannot send headers.
export function openStream(id, token, onEvent, onStatus) {
    closeStream();
    const query = token ? `?token=${encodeURIComponent(token)}` : '';
    const source = new EventSource(`/api/games/${encodeURIComponent(id)}/events${query}`);
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
