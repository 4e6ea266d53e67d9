// Tests of web/js/lib/tree.js: the index of a move tree, lines, navigation between nodes and
// variations, and the inline move-list model (rows, boxes, numbering, NAG glyphs, comments).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { indexTree, pathTo, lineThrough, navigate, moveListModel, nagText, moveNumber,
    treeFromMoves, onMainline, menuChoices, placeText, MOVE_NAGS, POSITION_NAGS } from '../../web/js/lib/tree.js';
import { INITIAL_FEN } from '../../web/js/lib/fen.js';

// 1. e4 {best by test} e5 (1... c5 2. Nf3 (2. Nc3 Nc6) (2. c3) 2... d6) (1... e6) 2. Nf3! Nc6
const node = (id, parent, ply, san, children, extra = {}) =>
    ({ id, parent, ply, san, uci: '', fen: `fen${id}`, children, ...extra });
const TREE = { mainline: [0, 1, 2, 3, 4], next_id: 12, nodes: [
    node(0, null, 0, undefined, [1]),
    node(1, 0, 1, 'e4', [2, 5, 10], { comment: 'best by test' }),
    node(2, 1, 2, 'e5', [3]),
    node(3, 2, 3, 'Nf3', [4], { nags: [1] }),
    node(4, 3, 4, 'Nc6', []),
    node(5, 1, 2, 'c5', [6, 8, 11]),
    node(6, 5, 3, 'Nf3', [7]),
    node(7, 6, 4, 'd6', []),
    node(8, 5, 3, 'Nc3', [9]),
    node(9, 8, 4, 'Nc6', []),
    node(10, 1, 2, 'e6', [], { nags: [5, 16] }),
    node(11, 5, 3, 'c3', []),
] };
// Node 5 has children [6, 8, 11]: Nf3 continues, Nc3 and c3 are its alternatives.

test('an index, paths and lines', () => {
    const ix = indexTree(TREE);
    assert.deepEqual(ix.mainline, [0, 1, 2, 3, 4]);
    assert.equal(ix.root.id, 0);
    assert.equal(ix.byId.get(7).depth, 4);
    assert.deepEqual(pathTo(ix, 7), [0, 1, 5, 6, 7]);
    assert.deepEqual(lineThrough(ix, 5), [0, 1, 5, 6, 7]);
    assert.deepEqual(lineThrough(ix, 1), [0, 1, 2, 3, 4]);
    assert.equal(onMainline(ix, 3), true);
    assert.equal(onMainline(ix, 6), false);
    assert.equal(indexTree(null), null);
    assert.equal(indexTree({ nodes: [] }), null);
});

test('navigation along lines and between variations', () => {
    const ix = indexTree(TREE);
    assert.equal(navigate(ix, 6, 'prev'), 5);
    assert.equal(navigate(ix, 0, 'prev'), 0);
    assert.equal(navigate(ix, 5, 'next'), 6);
    assert.equal(navigate(ix, 4, 'next'), 4);
    assert.equal(navigate(ix, 5, 'last'), 7);
    assert.equal(navigate(ix, 7, 'first'), 0);
    // From deep in the c5 line, down goes to the next variation at the nearest fork (Nc3);
    // from c5 itself, to e6.
    assert.equal(navigate(ix, 7, 'down'), 8);
    assert.equal(navigate(ix, 5, 'down'), 10);
    assert.equal(navigate(ix, 8, 'down'), 11);
    assert.equal(navigate(ix, 8, 'up'), 6);
    assert.equal(navigate(ix, 2, 'up'), 2);
    assert.equal(navigate(ix, 2, 'down'), 5);
    assert.equal(navigate(ix, 3, 'down'), 5);
    assert.equal(navigate(ix, 4, 'prev'), 3);
    assert.equal(navigate(ix, 99, 'next'), 4);
});

test('the move-list model: rows, a box for a comment and the variations', () => {
    const items = moveListModel(indexTree(TREE));
    assert.deepEqual(items.map((i) => i.type), ['row', 'box', 'row', 'box', 'row']);
    const [r1, comment, r1b, box, r2] = items;
    assert.equal(r1.number, 1);
    assert.equal(r1.white.san, 'e4');
    assert.equal(r1.white.index, 1);
    assert.equal(r1.black, null);
    assert.deepEqual(comment.comments, [{ id: 1, text: 'best by test' }]);
    assert.deepEqual(comment.lines, []);
    assert.deepEqual(box.comments, []);
    assert.equal(box.lines.length, 2);
    assert.equal(r1b.white, null);
    assert.equal(r1b.black.san, 'e5');
    assert.equal(r2.white.glyphs, '!');
    assert.equal(r2.black.index, 4);

    const [c5, e6] = box.lines;
    const words = (line) => line.tokens.map((t) => (t.type === 'move'
        ? `${t.number ? `${t.number} ` : ''}${t.san}${t.glyphs}`
        : t.type === 'comment' ? `{${t.text}}`
            : `(${t.lines.map(words).join(' | ')}${t.block ? ' block' : ''})`)).join(' ');
    assert.equal(words(c5), '1... c5 2. Nf3 (2. Nc3 Nc6 | 2. c3 block) 2... d6');
    assert.equal(words(e6), '1... e6!? ±');
    assert.equal(c5.depth, 1);
    assert.equal(c5.tokens[2].depth, 2);
});

test('single sub-variations are inline and numbered where they start', () => {
    const tree = { mainline: [0, 1], nodes: [
        node(0, null, 0, undefined, [1]), node(1, 0, 1, 'e4', [], {}),
    ] };
    tree.nodes[0].children = [1, 2];
    tree.nodes.push(node(2, 0, 1, 'd4', [3]), node(3, 2, 2, 'd5', [4, 5]),
        node(4, 3, 3, 'c4', [6, 7]), node(5, 3, 3, 'Nf3', []), node(6, 4, 4, 'e6', []),
        node(7, 4, 4, 'c6', []));
    const items = moveListModel(indexTree(tree));
    const line = items[1].lines[0];
    const sub = line.tokens.find((t) => t.type === 'sub');
    assert.equal(sub.block, false);
    assert.equal(sub.lines[0].tokens[0].san, 'Nf3');
    const deeper = line.tokens.filter((t) => t.type === 'sub');
    assert.equal(deeper.length, 2);
    assert.equal(deeper[1].depth, 2);
    assert.equal(deeper[1].lines[0].tokens[0].number, '2...');
});

test('comments before moves and the opening comment interrupt the rows', () => {
    const tree = { mainline: [0, 1, 2], nodes: [
        node(0, null, 0, undefined, [1], { comment: 'A classic.' }),
        node(1, 0, 1, 'e4', [2]),
        node(2, 1, 2, 'e5', [], { comment_before: 'Symmetry:' }),
    ] };
    const items = moveListModel(indexTree(tree));
    assert.deepEqual(items.map((i) => i.type), ['box', 'row', 'box', 'row']);
    assert.equal(items[0].comments[0].text, 'A classic.');
    assert.equal(items[2].comments[0].before, true);
    assert.equal(items[3].white, null);
    assert.equal(items[3].black.san, 'e5');
});

test('NAGs before the first move and before a move are shown with its comment', () => {
    const tree = { mainline: [0, 1, 2], nodes: [
        node(0, null, 0, undefined, [1], { comment: 'Opening:', nags: [10] }),
        node(1, 0, 1, 'e4', [2]),
        node(2, 1, 2, 'e5', [], { comment_before: 'Now', nags_before: [14] }),
    ] };
    const items = moveListModel(indexTree(tree));
    assert.deepEqual(items.map((i) => i.type), ['box', 'row', 'box', 'row']);
    assert.equal(items[0].comments[0].text, 'Opening: =');
    assert.equal(items[2].comments[0].text, `Now ${nagText([14]).trim()}`);
    const bare = moveListModel(indexTree({ mainline: [0, 1], nodes: [
        node(0, null, 0, undefined, [1], { nags: [13] }), node(1, 0, 1, 'e4', []),
    ] }));
    assert.equal(bare[0].type, 'box');
    assert.equal(bare[0].comments[0].text, nagText([13]).trim());
});

test('numbers from a position with Black to move, and NAG text', () => {
    const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 12';
    const tree = treeFromMoves({ start_fen: fen, moves: [{ san: 'c5', fen: 'a' },
        { san: 'Nf3', fen: 'b' }] });
    assert.equal(tree.nodes[1].ply, 24);
    const items = moveListModel(indexTree(tree));
    assert.equal(items[0].number, 12);
    assert.equal(items[0].white, null);
    assert.equal(items[0].black.number, '12...');
    assert.equal(items[1].white.number, '13.');
    assert.equal(moveNumber(1), '1.');
    assert.equal(moveNumber(2), '1...');
    assert.equal(nagText([4]), '??');
    assert.equal(nagText([200]), ' $200');
    assert.equal(nagText(undefined), '');
    const plain = indexTree(treeFromMoves({ start_fen: INITIAL_FEN, moves: [] }));
    assert.deepEqual(plain.mainline, [0]);
    assert.deepEqual(moveListModel(plain), []);
});

test('the move menu offers what the board allows', () => {
    const ix = indexTree(TREE);
    assert.equal(menuChoices(ix, 0, true), null);
    assert.deepEqual(menuChoices(ix, 3, true),
        { promote: false, mainline: false, remove: true, annotate: true });
    assert.deepEqual(menuChoices(ix, 6, true),
        { promote: true, mainline: true, remove: true, annotate: true });
    // A finished game: its moves stay, a variation off them can't replace them, but a
    // variation inside a variation can be promoted there.
    assert.deepEqual(menuChoices(ix, 3, false),
        { promote: false, mainline: false, remove: false, annotate: true });
    assert.deepEqual(menuChoices(ix, 7, false),
        { promote: false, mainline: false, remove: true, annotate: true });
    assert.deepEqual(menuChoices(ix, 9, false),
        { promote: true, mainline: false, remove: true, annotate: true });
});

test('the status line says where the move shown lies', () => {
    const ix = indexTree(TREE);
    assert.equal(placeText(ix, 0), 'Showing move 0 of 4');
    assert.equal(placeText(ix, 3), 'Showing move 3 of 4');
    // 1... c5 2. Nf3 d6 branches off after 1. e4; 2. Nf3 is its second move of three.
    assert.equal(placeText(ix, 6), 'Variation after 1. e4, move 2 of 3');
    assert.equal(placeText(ix, 5), 'Variation after 1. e4, move 1 of 3');
    // A line inside that variation is counted from the same main-line move.
    assert.equal(placeText(ix, 9), 'Variation after 1. e4, move 3 of 3');
    assert.equal(placeText(ix, 10), 'Variation after 1. e4, move 1 of 1');
    // A variation of the first move branches off before any move; an unknown id is the end.
    const first = indexTree({ mainline: [0, 1], next_id: 3, nodes: [node(0, null, 0, undefined,
        [1, 2]), node(1, 0, 1, 'e4', []), node(2, 0, 1, 'd4', [])] });
    assert.equal(placeText(first, 2), 'Variation from the start, move 1 of 1');
    assert.equal(placeText(first, 99), 'Showing move 1 of 1');
});

test('the menu\'s NAG groups: six move marks, eight assessments, each with its glyph', () => {
    assert.deepEqual(MOVE_NAGS.map((m) => m.glyph), ['!', '?', '!!', '??', '!?', '?!']);
    assert.deepEqual(POSITION_NAGS.map((m) => m.nag), [10, 13, 14, 15, 16, 17, 18, 19]);
    assert.deepEqual(POSITION_NAGS.map((m) => m.glyph),
        ['=', '∞', '+=', '=+', '±', '∓', '+−', '−+']);
    for (const m of [...MOVE_NAGS, ...POSITION_NAGS]) assert.ok(m.name.length > 3, m.nag);
    // A move mark and an assessment show together: the mark joined to the SAN, then the other.
    assert.equal(nagText([2, 18]), '? +−');
});
