// Tests of web/js/lib/keys.js: the shortcut table and key handling.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SHORTCUTS, actionFor, uniqueKeys } from '../../web/js/lib/keys.js';

test('every key is used once and every action has help', () => {
    assert.equal(uniqueKeys(), true);
    assert.equal(uniqueKeys([{ key: 'a' }, { key: 'a' }]), false);
    assert.equal(new Set(SHORTCUTS.map((s) => s.action)).size, SHORTCUTS.length);
    for (const s of SHORTCUTS) assert.ok(s.help.length > 3, s.action);
});

test('maps keys to actions', () => {
    assert.equal(actionFor({ key: 'f' }), 'flip');
    assert.equal(actionFor({ key: 'F' }), 'flip');
    assert.equal(actionFor({ key: 'ArrowLeft' }), 'prev');
    assert.equal(actionFor({ key: '?' }), 'help');
    assert.equal(actionFor({ key: 'q' }), null);
});

test('leaves modified keys and typing alone', () => {
    assert.equal(actionFor({ key: 'f', ctrlKey: true }), null);
    assert.equal(actionFor({ key: 'r', metaKey: true }), null);
    assert.equal(actionFor({ key: 'f', targetTag: 'INPUT' }), null);
    assert.equal(actionFor({ key: 'ArrowLeft', targetTag: 'textarea' }), null);
    assert.equal(actionFor({ key: 'Escape', targetTag: 'input' }), 'close');
    assert.equal(actionFor({ key: 'n', editable: true }), null);
});
