import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messageCatalog } from '../messages/message-catalog.js';
import { guardArguments, requireObjectArguments } from './argument-guard.js';

const catalog = messageCatalog('en');

function guard(value: unknown, maxBytes: number, maxDepth = 64, position?: { path: string; depth: number }) {
  try {
    guardArguments(value, { maxBytes, maxDepth }, catalog, 'T', position);
    return undefined;
  } catch (error) {
    const { code, issues } = error as { code: string; issues: unknown[] };
    return { code, issue: issues[0] as Record<string, string> };
  }
}

const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));

/** JSON values heavy in what the fast scan can only bound: escaped characters and long numbers. */
const hostileJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ unit: fc.constantFrom('a', '\u0000', '"', '\\', 'é', '\u2028'), maxLength: 30 }),
    fc.constantFrom(1.2345678901234568e-300, -9.87654321e210, 0, 7, true, false, null),
    fc.array(tie('value'), { maxLength: 6 }),
    fc.dictionary(fc.string({ unit: fc.constantFrom('k', '\u0001', 'é'), maxLength: 6 }), tie('value'), {
      maxKeys: 5,
    }),
  ),
})).value;

describe('size', () => {
  it('never accepts arguments larger than maxBytes as JSON (property)', () => {
    fc.assert(
      fc.property(hostileJson, fc.nat(400), (value, maxBytes) => {
        const refused = guard(value, maxBytes);
        if (jsonBytes(value) > maxBytes) expect(refused?.code).toBe('arguments_too_large');
      }),
      { numRuns: 300 },
    );
  });

  it('accepts arguments well within maxBytes (property)', () => {
    fc.assert(
      fc.property(hostileJson, (value) => {
        const bytes = jsonBytes(value);
        expect(guard(value, bytes * 2 + 16)).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('refuses what only the exact measure can tell: escaped strings and long numbers under a low lower bound', () => {
    const escaped = '\u0000'.repeat(100);
    expect(guard(escaped, 300)?.code).toBe('arguments_too_large');
    expect(guard([escaped], 300)?.code).toBe('arguments_too_large');
    expect(guard({ k: escaped }, 300)?.code).toBe('arguments_too_large');
    expect(guard({ [escaped]: 1 }, 300)?.code).toBe('arguments_too_large');
    const longNumbers = Array.from({ length: 20 }, () => 1.2345678901234568e-300);
    expect(guard(longNumbers, 100)?.code).toBe('arguments_too_large');
    expect(guard(Object.fromEntries(longNumbers.map((n, i) => [`k${i}`, n])), 150)?.code).toBe(
      'arguments_too_large',
    );
    expect(guard([true, false, null, 12], 100)).toBeUndefined();
  });

  it('a too-large failure names the limit, with the keyword and what is accepted', () => {
    expect(guard({ a: 'x'.repeat(50) }, 20)).toEqual({
      code: 'arguments_too_large',
      issue: {
        path: '',
        keyword: 'maxBytes',
        message: 'arguments are larger than the limit of 20 bytes as JSON; send less data',
        expected: 'at most 20 bytes as JSON',
        received: 'more',
      },
    });
  });
});

describe('depth', () => {
  it('accepts nesting at maxDepth and refuses one level more, naming where', () => {
    expect(guard([1, [2, [3]]], 100, 3)).toBeUndefined();
    expect(guard([1, [2, [3]]], 100, 2)).toEqual({
      code: 'arguments_too_deep',
      issue: {
        path: '/1/1',
        keyword: 'maxDepth',
        message: 'arguments nest deeper than the limit of 2 levels',
        expected: 'at most 2 nested levels',
        received: 'deeper nesting',
      },
    });
    expect(guard({ a: { b: { c: 1 } } }, 100, 3)).toBeUndefined();
    expect(guard({ a: { b: { c: {} } } }, 100, 3)?.issue.path).toBe('/a/b/c');
    expect(guard({}, 100, 1)).toBeUndefined();
    expect(guard([], 100, 0)?.code).toBe('arguments_too_deep');
    expect(guard('flat', 100, 0)).toBeUndefined();
  });

  it('counts from the position of a value decoded inside the arguments', () => {
    expect(guard({ x: 1 }, 100, 3, { path: '/payload', depth: 2 })).toBeUndefined();
    expect(guard({ x: {} }, 100, 3, { path: '/payload', depth: 2 })).toMatchObject({
      code: 'arguments_too_deep',
      issue: { path: '/payload/x' },
    });
    expect(guard({ x: 1 }, 100, 2, { path: '/payload', depth: 2 })).toMatchObject({
      issue: { path: '/payload' },
    });
  });

  it('a 100,000-level nesting is refused without a stack overflow', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(guard(deep, 10_000_000)?.code).toBe('arguments_too_deep');
  });
});

describe('what JSON cannot hold', () => {
  class Point {
    x = 1;
  }
  const anonymous = Object.create({ constructor: { name: '' } }) as object;

  it.each([
    ['a function in an object', { a: (): number => 1 }, '/a', 'a function'],
    ['a function in an array', [1, () => 1], '/1', 'a function'],
    ['a symbol in an array', [Symbol('s')], '/0', 'a symbol'],
    ['a symbol in an object', { s: Symbol('s') }, '/s', 'a symbol'],
    ['a bigint in an array', [1n], '/0', 'a bigint'],
    ['a bigint in an object', { n: 1n }, '/n', 'a bigint'],
    ['a class instance', { p: new Point() }, '/p', 'an instance of Point'],
    ['a class instance in an array', [new Point()], '/0', 'an instance of Point'],
    ['an object with an unnamed prototype', { o: anonymous }, '/o', 'an object with a custom prototype'],
    ['a Date', { when: new Date(0) }, '/when', 'an instance of Date'],
    [
      'a prototype without a constructor',
      { o: Object.create(Object.create(null)) },
      '/o',
      'an object with a custom prototype',
    ],
    [
      'a constructor whose name is not a string',
      { o: Object.create({ constructor: { name: 5 } }) },
      '/o',
      'an object with a custom prototype',
    ],
    // The offender is found past plain values of every kind, met first (the walk takes the last key first).
    ['a function before a null', { a: (): number => 1, b: null }, '/a', 'a function'],
    ['a function before an array', { a: (): number => 1, b: [1] }, '/a', 'a function'],
    [
      'a function before a null-prototype object',
      { a: (): number => 1, b: Object.create(null) },
      '/a',
      'a function',
    ],
  ])('%s is refused as not JSON, with its path', (_, value, path, received) => {
    expect(guard(value, 10_000)).toEqual({
      code: 'arguments_not_json',
      issue: {
        path,
        keyword: 'type',
        message: `expected plain JSON (object, array, string, number, boolean or null), received ${received}`,
        expected: 'plain JSON: object, array, string, number, boolean or null',
        received,
      },
    });
  });

  it('plain data passes: null-prototype objects, null, undefined members', () => {
    const bare = Object.assign(Object.create(null), { a: [null, { b: undefined }] });
    expect(guard(bare, 10_000)).toBeUndefined();
    expect(guard({ a: null, b: [null] }, 10_000)).toBeUndefined();
  });

  it.each(['__proto__', 'constructor', 'prototype'])('the key %s is refused where it is', (key) => {
    const value = JSON.parse(`{"ok":{"list":[{"${key}":{"polluted":true}}]}}`);
    expect(guard(value, 10_000)).toEqual({
      code: 'arguments_forbidden_key',
      issue: {
        path: `/ok/list/0/${key}`,
        keyword: 'propertyNames',
        message: expect.stringContaining(key),
        expected: 'a key other than __proto__, constructor or prototype',
        received: `string "${key}"`,
      },
    });
  });

  it('arguments that are not an object are refused with the value shown', () => {
    for (const [value, shown] of [
      [[1], 'array of 1 item'],
      ['x', 'string "x"'],
      [null, 'null'],
    ] as const) {
      try {
        requireObjectArguments(value, catalog, 'T');
        expect.unreachable();
      } catch (error) {
        const { code, issues } = error as { code: string; issues: Record<string, string>[] };
        expect(code).toBe('arguments_not_object');
        expect(issues).toEqual([
          { path: '', keyword: 'type', message: expect.any(String), expected: 'object', received: shown },
        ]);
      }
    }
    expect(() => requireObjectArguments({}, catalog, 'T')).not.toThrow();
  });
});
