// Tests of web/js/lib/puzzles.js: the rating after a try, the move check, the missed queue and
// the stored state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
    KEY, START_RATING, MIN_RATING, MAX_RATING, HISTORY_MAX, rateTry, deltaText, checkMove,
    movesFor, promotionLetters, destsAt, emptyState, parseState, recordTry, nextMissed, recentIds, puzzleStore,
    themeWords, themesInWords, solutionText,
} from '../../web/js/lib/puzzles.js';
import { parseRoute } from '../../web/js/lib/route.js';

function memoryStorage() {
    const data = {};
    return { getItem: (k) => (k in data ? data[k] : null), setItem: (k, v) => { data[k] = v; },
        data };
}

// A mate in two as the server sends it: the setup move, then the solver's, a reply, the mate.
const PUZZLE = {
    id: 'abc12', rating: 1500, moves: ['e2e4', 'd8h4', 'g2g3', 'h4e4'],
    positions: [
        { fen: 'a', check: false },
        { fen: 'b', check: false, legal: ['d8h4', 'd8g5', 'e7e5'], mates: [] },
        { fen: 'c', check: true },
        { fen: 'd', check: false, legal: ['h4e4', 'h4g3', 'h4h2', 'b7b8q', 'b7b8n'],
            mates: ['h4e4', 'h4h2'] },
        { fen: 'e', check: true },
    ],
};

test('an even try moves the rating by half the factor; the start factor is larger', () => {
    assert.deepEqual(rateTry(1500, 1500, 1, 0), { rating: 1520, delta: 20 });
    assert.deepEqual(rateTry(1500, 1500, 0, 0), { rating: 1480, delta: -20 });
    assert.deepEqual(rateTry(1500, 1500, 1, 50), { rating: 1510, delta: 10 });
    assert.deepEqual(rateTry(1500, 1500, 0.5, 0), { rating: 1500, delta: 0 });
    // Beating a harder puzzle gains more than beating an easier one; losing to it costs less.
    assert.ok(rateTry(1500, 1900, 1, 0).delta > rateTry(1500, 1100, 1, 0).delta);
    assert.ok(rateTry(1500, 1900, 0, 0).delta > rateTry(1500, 1100, 0, 0).delta);
    assert.equal(rateTry(MIN_RATING, 2500, 0, 0).rating, MIN_RATING);
    assert.equal(rateTry(MAX_RATING, 500, 1, 0).rating, MAX_RATING);
});

test('a rating change is written with its sign', () => {
    assert.equal(deltaText(12), '+12');
    assert.equal(deltaText(-9), '\u22129');
    assert.equal(deltaText(0), '\u00b10');
});

test('the solution move and any mating move are right, others wrong', () => {
    assert.equal(checkMove(PUZZLE, 1, 'd8h4'), 'right');
    assert.equal(checkMove(PUZZLE, 1, 'd8g5'), 'wrong');
    assert.equal(checkMove(PUZZLE, 3, 'h4e4'), 'right');
    assert.equal(checkMove(PUZZLE, 3, 'h4h2'), 'mate');
    assert.equal(checkMove(PUZZLE, 3, 'h4g3'), 'wrong');
});

test('a piece moved gives its legal moves; a promotion all of its pieces, never the answer', () => {
    assert.deepEqual(movesFor(PUZZLE, 1, 'd8', 'h4'), ['d8h4']);
    assert.deepEqual(movesFor(PUZZLE, 1, 'd8', 'h5'), []);
    assert.deepEqual(movesFor(PUZZLE, 3, 'b7', 'b8'), ['b7b8q', 'b7b8n']);
    const under = { ...PUZZLE, moves: ['e2e4', 'd8h4', 'g2g3', 'b7b8n'] };
    assert.deepEqual(movesFor(under, 3, 'b7', 'b8'), ['b7b8q', 'b7b8n']);
    assert.deepEqual(promotionLetters(['b7b8n', 'b7b8q']), ['q', 'n']);
    assert.deepEqual(promotionLetters(['d8h4']), []);
    assert.deepEqual([...destsAt(PUZZLE, 3)], [['h4', ['e4', 'g3', 'h2']], ['b7', ['b8']]]);
    assert.equal(destsAt(PUZZLE, 0).size, 0);
});

test('a try updates the rating, the history and the missed queue', () => {
    let s = emptyState();
    assert.equal(s.rating, START_RATING);
    let r = recordTry(s, { id: 'p1', rating: 1500 }, 'failed');
    s = r.state;
    assert.equal(r.delta, -20);
    assert.deepEqual(s.missed, ['p1']);
    r = recordTry(s, { id: 'p2', rating: 1500 }, 'failed');
    s = r.state;
    assert.deepEqual(s.missed, ['p1', 'p2']);
    assert.equal(nextMissed(s), 'p1');
    // Solved on a retry: out of the queue; a hinted solve scores half.
    r = recordTry(s, { id: 'p1', rating: 1500 }, 'hinted');
    s = r.state;
    assert.ok(r.delta > 0 && r.delta < 20, `hinted delta ${r.delta}`);
    assert.deepEqual(s.missed, ['p2']);
    r = recordTry(s, { id: 'p2', rating: 1500 }, 'solved');
    s = r.state;
    assert.deepEqual(s.missed, []);
    assert.equal(nextMissed(s), null);
    assert.equal(s.tries, 4);
    assert.deepEqual(s.history.map((h) => h.result), ['failed', 'failed', 'hinted', 'solved']);
    assert.deepEqual(recentIds(s), ['p1', 'p2']);
});

test('the history is capped', () => {
    let s = emptyState();
    for (let i = 0; i < HISTORY_MAX + 5; ++i) s = recordTry(s, { id: `p${i}`, rating: 1500 }, 'solved').state;
    assert.equal(s.history.length, HISTORY_MAX);
    assert.equal(s.history[0].id, 'p5');
});

test('corrupt, foreign and partly bad stored state is read as far as it is valid', () => {
    for (const text of ['', 'not json', 'null', '42', '[1,2]', '"x"']) {
        assert.deepEqual(parseState(text), emptyState(), text);
    }
    const s = parseState(JSON.stringify({
        rating: 99999, tries: -3,
        history: [{ id: 'ok1', result: 'solved', delta: 5, rating: 1400 }, { id: 'bad id!',
            result: 'solved', delta: 1 }, { id: 'ok2', result: 'won', delta: 1 }, null, 7],
        missed: ['m1', 'm1', 'bad/id', 3, 'm2'],
    }));
    assert.equal(s.rating, MAX_RATING);
    assert.equal(s.tries, 0);
    assert.deepEqual(s.history, [{ id: 'ok1', result: 'solved', delta: 5, rating: 1400 }]);
    assert.deepEqual(s.missed, ['m1', 'm2']);
    assert.equal(parseState('{"rating": "1800"}').rating, START_RATING);
});

test('the store keeps the state under its versioned key and survives a refusing storage', () => {
    const st = memoryStorage();
    const store = puzzleStore(st);
    assert.deepEqual(store.read(), emptyState());
    const { state } = recordTry(store.read(), { id: 'p1', rating: 1700 }, 'solved');
    store.write(state);
    assert.ok(KEY.endsWith('.v1'));
    assert.deepEqual(JSON.parse(st.data[KEY]), state);
    assert.deepEqual(puzzleStore(st).read(), state);
    const refusing = { getItem: () => { throw new Error('no'); },
        setItem: () => { throw new Error('full'); } };
    const page = puzzleStore(refusing);
    page.write(state);
    assert.deepEqual(page.read(), state);
});

test('themes are said in plain words, the tactics first', () => {
    assert.deepEqual(themeWords('backRankMate').name, 'Back-rank mate');
    assert.ok(themeWords('fork').about.length > 10);
    assert.deepEqual(themeWords('someNewTheme'), { tag: 'someNewTheme', name: 'Some new theme',
        about: '' });
    assert.deepEqual(themesInWords(['middlegame', 'short', 'fork', 'pin']).map((t) => t.name)
        .slice(0, 2), ['Fork', 'Pin']);
});

test('the solution is written in SAN with move numbers', () => {
    const black = { san: ['Qd6', 'Rd8', 'Qxd8+', 'Bxd8'],
        positions: [{ fen: 'x w - - 2 27' }, { fen: 'x b - - 0 27' }] };
    assert.equal(solutionText(black), '27... Rd8 28. Qxd8+ Bxd8');
    const white = { san: ['e5', 'Nf3'], positions: [{ fen: 'x b - - 0 1' }, { fen: 'x w - - 0 2' }] };
    assert.equal(solutionText(white), '2. Nf3');
});

test('#/puzzles is the puzzle page\'s route', () => {
    assert.deepEqual(parseRoute('#/puzzles'), { view: 'puzzles' });
});
