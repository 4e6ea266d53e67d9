// Stale answers, for both games: a command's answer and the game's event stream can arrive in
// either order (Kibitz's reply may be streamed before the answer to the move that caused it),
// so a game object is taken only when it is a later reading than the one shown.

// Whether `game` is a later reading than `prev`: the first one, another game's, or one with a
// later `updated` (every change of a game raises it). With the same `updated`, `sameTime(game,
// prev)` decides (Othello: a further iteration of Kibitz's search); by default it is no news.
export function newerGame(game, prev, sameTime = () => false) {
    if (!prev || prev.id !== game.id) return true;
    if (game.updated !== prev.updated) return game.updated > prev.updated;
    return sameTime(game, prev);
}
