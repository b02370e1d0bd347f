// The client's JSON Patch (RFC 6902): the examples of the RFC's appendix A that matter, JSON
// Pointer escaping (RFC 6901), and failures that leave the document untouched.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { PatchError, applyPatch, getPointer, parsePointer } from '../../web/js/patch.js';

test('add, remove, replace, move, copy and test', () => {
    const doc = { foo: ['bar', 'baz'], obj: { a: 1 } };
    assert.deepEqual(applyPatch(doc, [{ op: 'add', path: '/foo/1', value: 'qux' }]).foo, [
        'bar',
        'qux',
        'baz',
    ]);
    assert.deepEqual(applyPatch(doc, [{ op: 'add', path: '/foo/-', value: 'end' }]).foo, [
        'bar',
        'baz',
        'end',
    ]);
    assert.deepEqual(applyPatch(doc, [{ op: 'remove', path: '/foo/0' }]).foo, ['baz']);
    assert.deepEqual(applyPatch(doc, [{ op: 'replace', path: '/obj/a', value: null }]).obj, {
        a: null,
    });
    assert.deepEqual(applyPatch(doc, [{ op: 'move', from: '/obj/a', path: '/b' }]), {
        foo: ['bar', 'baz'],
        obj: {},
        b: 1,
    });
    assert.deepEqual(applyPatch(doc, [{ op: 'copy', from: '/foo', path: '/obj/c' }]).obj.c, [
        'bar',
        'baz',
    ]);
    assert.deepEqual(applyPatch(doc, [{ op: 'test', path: '/foo', value: ['bar', 'baz'] }]), doc);
    assert.deepEqual(applyPatch(doc, [{ op: 'replace', path: '', value: 7 }]), 7);
});

test('pointer escaping: ~1 is a slash and ~0 a tilde', () => {
    assert.deepEqual(parsePointer('/a~1b/m~0n/~01'), ['a/b', 'm~n', '~1']);
    assert.equal(getPointer({ 'a/b': { 'm~n': 3 } }, '/a~1b/m~0n'), 3);
    assert.deepEqual(applyPatch({}, [{ op: 'add', path: '/x~1y', value: 1 }]), { 'x/y': 1 });
});

test('a failing patch throws and changes nothing', () => {
    const doc = { seats: [{ canoes: [] }], round: 1 };
    const before = structuredClone(doc);
    for (const ops of [
        [
            { op: 'replace', path: '/round', value: 2 },
            { op: 'remove', path: '/missing' },
        ],
        [{ op: 'add', path: '/seats/5', value: {} }],
        [{ op: 'test', path: '/round', value: 9 }],
        [{ op: 'replace', path: '/seats/01', value: {} }],
        [{ op: 'jump', path: '/round' }],
    ]) {
        assert.throws(() => applyPatch(doc, ops), PatchError);
        assert.deepEqual(doc, before);
    }
});

test('values added are copies: later patches cannot alias them', () => {
    const value = { cargo: ['red'] };
    const ops = [{ op: 'add', path: '/c', value }];
    const result = applyPatch({}, ops);
    result.c.cargo.push('blue');
    assert.deepEqual(value.cargo, ['red']);
});
