import { describe, expect, it } from 'vitest';
import { deepFreeze, isDeeplyFrozen } from './deep-freeze.js';
import { objectNodes } from './test-support/object-nodes.js';

describe('deepFreeze and isDeeplyFrozen', () => {
  it('deepFreeze freezes every node, in arrays and objects, through cycles, leaving typed arrays open', () => {
    const bytes = new Uint8Array(2);
    const value: Record<string, unknown> = { a: [{ b: { c: [1] } }, null, 'x'], bytes, view: { d: 1 } };
    value.self = value;
    expect(deepFreeze(value)).toBe(value);
    expect(objectNodes(value).filter((node) => !Object.isFrozen(node))).toEqual([bytes]);
    expect(deepFreeze(5)).toBe(5);
    expect(deepFreeze(null)).toBe(null);
  });

  it('deepFreeze does not walk into a node that is already frozen', () => {
    const open = { inner: 1 };
    const sealed = Object.freeze({ open });
    deepFreeze({ sealed });
    expect(Object.isFrozen(open)).toBe(false);
    const frozenRoot = Object.freeze({ open });
    expect(deepFreeze(frozenRoot)).toBe(frozenRoot);
    expect(Object.isFrozen(open)).toBe(false);
  });

  it('deepFreeze freezes data only: null and primitives pass, functions stay open and unwalked', () => {
    const run = Object.assign(() => 'ran', { options: { retries: 1 } });
    const value = { list: [null, 1, run, { a: null }], run, nothing: null };
    deepFreeze(value);
    expect(objectNodes(value).every((node) => Object.isFrozen(node))).toBe(true);
    expect(Object.isFrozen(run) || Object.isFrozen(run.options)).toBe(false);
    expect(isDeeplyFrozen(value)).toBe(true);
    expect(deepFreeze(run)).toBe(run);
    expect(Object.isFrozen(run)).toBe(false);
  });

  it('deepFreeze does not walk into an array item or a property that is already frozen', () => {
    const open = { inner: 1 };
    const items = [Object.freeze({ open }), Object.freeze([open])];
    deepFreeze({ items, direct: Object.freeze({ open }) });
    expect(Object.isFrozen(items)).toBe(true);
    expect(Object.isFrozen(open)).toBe(false);
  });

  it('isDeeplyFrozen finds an open node anywhere, including under a symbol key', () => {
    expect(isDeeplyFrozen(Object.freeze({ a: Object.freeze([Object.freeze({})]) }))).toBe(true);
    expect(isDeeplyFrozen(Object.freeze({ a: Object.freeze([{}]) }))).toBe(false);
    expect(isDeeplyFrozen(Object.freeze([Object.freeze([]), {}]))).toBe(false);
    expect(isDeeplyFrozen({})).toBe(false);
    expect(isDeeplyFrozen(Object.freeze({ [Symbol('s')]: {} }))).toBe(false);
    expect(isDeeplyFrozen(Object.freeze({ bytes: new Uint8Array(1) }))).toBe(true);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(isDeeplyFrozen(Object.freeze(cyclic))).toBe(true);
    expect(isDeeplyFrozen('text')).toBe(true);
    expect(isDeeplyFrozen(Object.freeze({ nothing: null, list: Object.freeze([null, 'x']) }))).toBe(true);
    expect(isDeeplyFrozen(Object.freeze({ run: Object.assign(() => 1, { open: {} }) }))).toBe(true);
  });
});
