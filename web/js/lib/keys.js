// The keyboard shortcuts: one table that both the key handler and the "?" help list use.

// Every shortcut: the key as KeyboardEvent.key, the action name, and its help text.
export const SHORTCUTS = [
    { key: 'ArrowLeft', action: 'prev', help: 'previous move' },
    { key: 'ArrowRight', action: 'next', help: 'next move' },
    { key: 'ArrowUp', action: 'up', help: 'previous variation' },
    { key: 'ArrowDown', action: 'down', help: 'next variation' },
    { key: 'Home', action: 'first', help: 'start position' },
    { key: 'End', action: 'last', help: 'last move' },
    { key: 'n', action: 'new', help: 'new game' },
    { key: 'f', action: 'flip', help: 'flip the board' },
    { key: 't', action: 'takeback', help: 'take back' },
    { key: 'h', action: 'hint', help: 'hint' },
    { key: 'r', action: 'resign', help: 'resign' },
    { key: 'd', action: 'draw', help: 'offer a draw (or accept one)' },
    { key: 'c', action: 'claim', help: 'claim a draw' },
    { key: 'o', action: 'rematch', help: 'rematch (colours swapped)' },
    { key: 'e', action: 'engine', help: 'show or hide the engine (eval, thinking, hints)' },
    { key: 'a', action: 'analysis', help: 'start or stop analysis' },
    { key: '+', action: 'more-lines', help: 'more analysis lines' },
    { key: '-', action: 'fewer-lines', help: 'fewer analysis lines' },
    { key: 'z', action: 'threat', help: 'threat view on or off' },
    { key: 'v', action: 'review', help: 'review the game' },
    { key: 's', action: 'save', help: 'save the game as PGN' },
    { key: 'x', action: 'copy-fen', help: 'copy the FEN' },
    { key: 'i', action: 'import', help: 'import a PGN or FEN' },
    { key: 'g', action: 'games', help: 'saved games' },
    { key: 'm', action: 'mute', help: 'sound on or off' },
    { key: '/', action: 'type-move', help: 'type a move (SAN or UCI)' },
    { key: '?', action: 'help', help: 'this list of shortcuts' },
    { key: 'Escape', action: 'close', help: 'close a dialog, cancel a selection' },
];

const BY_KEY = new Map(SHORTCUTS.map((s) => [s.key, s.action]));

// The action for a key event, or null: keys with Ctrl/Alt/Meta are the browser's, and keys
// typed into a text field belong to the field (except Escape).
export function actionFor(event) {
    if (!event || event.ctrlKey || event.altKey || event.metaKey) return null;
    const tag = (event.targetTag || '').toLowerCase();
    const typing = tag === 'input' || tag === 'textarea' || tag === 'select' || event.editable;
    if (typing && event.key !== 'Escape') return null;
    const key = event.key && event.key.length === 1 ? event.key.toLowerCase() : event.key;
    return BY_KEY.get(event.key) || BY_KEY.get(key) || null;
}

// True when no two shortcuts share a key (checked by the tests).
export function uniqueKeys(list = SHORTCUTS) {
    return new Set(list.map((s) => s.key)).size === list.length;
}
