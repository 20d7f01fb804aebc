// Unit tests of the client's JSON Patch applier (RFC 6902 appendix A examples and edge cases).
import test from 'node:test';
import assert from 'node:assert/strict';
import { applyPatch, PatchError } from '../../../clients/web/js/patch.js';

const cases = [
  ['add object member', { foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux' }], { baz: 'qux', foo: 'bar' }],
  ['add array element', { foo: ['bar', 'baz'] }, [{ op: 'add', path: '/foo/1', value: 'qux' }], { foo: ['bar', 'qux', 'baz'] }],
  ['remove object member', { baz: 'qux', foo: 'bar' }, [{ op: 'remove', path: '/baz' }], { foo: 'bar' }],
  ['remove array element', { foo: ['bar', 'qux', 'baz'] }, [{ op: 'remove', path: '/foo/1' }], { foo: ['bar', 'baz'] }],
  ['replace', { baz: 'qux', foo: 'bar' }, [{ op: 'replace', path: '/baz', value: 'boo' }], { baz: 'boo', foo: 'bar' }],
  ['move value', { foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } },
    [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }],
    { foo: { bar: 'baz' }, qux: { corge: 'grault', thud: 'fred' } }],
  ['move array element', { foo: ['all', 'grass', 'cows', 'eat'] }, [{ op: 'move', from: '/foo/1', path: '/foo/3' }],
    { foo: ['all', 'cows', 'eat', 'grass'] }],
  ['test then add', { baz: 'qux', foo: ['a', 2, 'c'] },
    [{ op: 'test', path: '/baz', value: 'qux' }, { op: 'test', path: '/foo/1', value: 2 }], { baz: 'qux', foo: ['a', 2, 'c'] }],
  ['add nested object', { foo: 'bar' }, [{ op: 'add', path: '/child', value: { grandchild: {} } }], { foo: 'bar', child: { grandchild: {} } }],
  ['append with -', { foo: ['bar'] }, [{ op: 'add', path: '/foo/-', value: ['abc', 'def'] }], { foo: ['bar', ['abc', 'def']] }],
  ['escaped pointer', { '/': 9, '~1': 10 }, [{ op: 'test', path: '/~01', value: 10 }, { op: 'replace', path: '/~1', value: 1 }], { '/': 1, '~1': 10 }],
  ['copy', { a: { b: [1] } }, [{ op: 'copy', from: '/a', path: '/c' }, { op: 'add', path: '/c/b/-', value: 2 }], { a: { b: [1] }, c: { b: [1, 2] } }],
  ['replace root', { a: 1 }, [{ op: 'replace', path: '', value: [1] }], [1]],
  ['null value', { a: 1 }, [{ op: 'replace', path: '/a', value: null }], { a: null }],
];
for (const [name, doc, patch, want] of cases) {
  test(name, () => assert.deepEqual(applyPatch(doc, patch), want));
}

const failures = [
  ['test mismatch', { baz: 'qux' }, [{ op: 'test', path: '/baz', value: 'bar' }]],
  ['missing parent', { foo: 'bar' }, [{ op: 'add', path: '/baz/bat', value: 'qux' }]],
  ['remove missing', { foo: 'bar' }, [{ op: 'remove', path: '/nope' }]],
  ['index past end', { a: [1] }, [{ op: 'add', path: '/a/2', value: 3 }]],
  ['leading zero', { a: [1, 2] }, [{ op: 'replace', path: '/a/01', value: 3 }]],
  ['unknown op', {}, [{ op: 'frob', path: '/a' }]],
];
for (const [name, doc, patch] of failures) {
  test(`refuses: ${name}`, () => assert.throws(() => applyPatch(doc, patch), PatchError));
}

test('a failed patch leaves the input unchanged', () => {
  const doc = { a: [1, 2] };
  assert.throws(() => applyPatch(doc, [{ op: 'remove', path: '/a/0' }, { op: 'remove', path: '/zz' }]));
  assert.deepEqual(doc, { a: [1, 2] });
});
