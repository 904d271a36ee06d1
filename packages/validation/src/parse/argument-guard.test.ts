import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
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

/** The longest a finite double writes as JSON: 25 characters. */
const LONGEST_NUMBER = -0.0000012345678901234567;

/**
 * JSON values heavy in what the fast scan can only bound: escaped characters, multi-byte text and
 * long numbers; members that are undefined (left out of an object, null in an array) and NaN (null).
 */
const hostileJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ unit: fc.constantFrom('a', '\u0000', '"', '\\', 'é', '\u2028', '😀'), maxLength: 30 }),
    fc.constantFrom(
      LONGEST_NUMBER,
      1.2345678901234568e-300,
      -9.87654321e210,
      0,
      7,
      Number.NaN,
      true,
      false,
      null,
    ),
    fc.array(tie('member'), { maxLength: 6 }),
    fc.dictionary(fc.string({ unit: fc.constantFrom('k', '\u0001', 'é'), maxLength: 6 }), tie('member'), {
      maxKeys: 5,
    }),
  ),
  member: fc.oneof({ weight: 5, arbitrary: tie('value') }, { weight: 1, arbitrary: fc.constant(undefined) }),
})).value;

/** A structure of 2^40 paths in 41 arrays: walking it whole never ends. */
function sharedStructure(): unknown[] {
  let shared: unknown[] = [];
  for (let level = 0; level < 40; level += 1) shared = [shared, shared];
  return shared;
}

/** `levels` arrays nested in one another. */
function nested(levels: number): unknown[] {
  let value: unknown[] = [];
  for (let level = 1; level < levels; level += 1) value = [value];
  return value;
}

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

  it('decides at the exact byte: arguments of exactly maxBytes as JSON pass, one byte more is refused (property)', () => {
    fc.assert(
      fc.property(hostileJson, (value) => {
        const bytes = jsonBytes(value);
        expect(guard(value, bytes)).toBeUndefined();
        expect(guard(value, bytes - 1)?.code).toBe('arguments_too_large');
      }),
      { numRuns: 300 },
    );
  });

  it.each(
    [
      // ASCII text and one-digit numbers: what the scan's lower bound counts exactly.
      { a: 1 },
      { a: 1, b: 'xy', c: 2 },
      ['x', 1, 'yz', 0],
      { a: { b: [1, 2] }, c: 'xy' },
      [[], [], {}],
      { a: [], b: {} },
      Array.from({ length: 100 }, () => []),
      // A member whose value is undefined: JSON leaves it out of an object, writes null in an array.
      { a: 1, gone: undefined },
      { gone: undefined, a: 'x' },
      [undefined, 1],
      // Escaped characters and 25-character numbers: what the upper bound counts exactly.
      ['\u0000', '\u0000\u0001'],
      { '\u0000': '\u0001\u0002' },
      [LONGEST_NUMBER, LONGEST_NUMBER],
      { '\u0000': LONGEST_NUMBER, '\u0001': LONGEST_NUMBER },
      { '\u0000\u0000': {}, '\u0001': [] },
      [[], '\u0000'],
      [['\u0000'], { '\u0000': ['\u0001'] }],
      // Between the two: multi-byte text, booleans, null, NaN, as only the exact measure tells.
      { é: 'ü😀' },
      ['é', true, false, null],
      [Number.NaN, Number.NEGATIVE_INFINITY, 'é'],
      { a: true, b: false, c: null, d: 'é' },
      [{ é: [true] }, { ü: { x: false } }],
      'é😀',
      12345,
    ].map((value) => [value]),
  )('%j: passes at its size as JSON, refused one byte under', (value) => {
    const bytes = jsonBytes(value);
    expect(guard(value, bytes)).toBeUndefined();
    expect(guard(value, bytes - 1)?.code).toBe('arguments_too_large');
  });

  it.each([
    ['["abc",7,]', ['abc', 7, { constructor: 1 }]],
    ['{"s":"abc","n":7,"o":}', { s: 'abc', n: 7, o: { constructor: 1 } }],
    ['[,[1,"ab"]]', [{ constructor: 1 }, [1, 'ab']]],
    ['{"o":,"a":{"b":"c","d":0}}', { o: { constructor: 1 }, a: { b: 'c', d: 0 } }],
  ])(
    'once what it has read (%s) is past maxBytes, the walk stops there: too large, the key further on is not reached',
    (read, value) => {
      expect(guard(value, read.length - 1)?.code).toBe('arguments_too_large');
      expect(guard(value, read.length)?.code).toBe('arguments_forbidden_key');
    },
  );

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

  it('the value too deep is named, not a plain value at the limit before it', () => {
    expect(guard({ a: null, s: 'x', n: 1, t: true }, 100, 1)).toBeUndefined();
    expect(guard([null, 'x', 1, false], 100, 1)).toBeUndefined();
    expect(guard({ a: null, s: 'x', n: 1, t: true, b: {} }, 100, 1)?.issue.path).toBe('/b');
    expect(guard([null, 'x', 1, false, []], 100, 1)?.issue.path).toBe('/4');
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
    // The offender is found past plain values of every kind, met first (the walk reads a container's
    // items in order, then the last container queued first, as the scan does).
    ['a function after a null', { a: null, b: (): number => 1 }, '/b', 'a function'],
    ['a function in an object walked after an array', [{ f: (): number => 1 }, [1]], '/0/f', 'a function'],
    [
      'a function in an object walked after a null-prototype object',
      [{ f: (): number => 1 }, Object.create(null)],
      '/0/f',
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

  it('a refusal costs no more than the scan: a huge shared structure beside the offender is not walked', () => {
    const shared = sharedStructure();
    expect(guard([shared, nested(70)], 1_000_000)).toMatchObject({
      code: 'arguments_too_deep',
      issue: { path: `/1${'/0'.repeat(63)}` },
    });
    expect(guard({ a: (): number => 1, b: shared }, 1_000_000)?.issue.path).toBe('/a');
    expect(guard([Symbol('s'), shared], 1_000_000)?.issue.path).toBe('/0');
    expect(guard({ shared, o: JSON.parse('{"__proto__":1}') }, 1_000_000)?.issue.path).toBe('/o/__proto__');
    expect(guard(shared, 1_000_000)?.code).toBe('arguments_too_large');
  });

  it("what JSON does not write is not looked at: an array's named property", () => {
    const annotated = Object.assign([1], { note: (): number => 1 });
    expect(guard(annotated, 100)).toBeUndefined();
    expect(guard([{ constructor: 1 }, annotated], 100)?.issue.path).toBe('/0/constructor');
  });

  it('a refused value is not kept alive by the guard: no argument outlives its call', async () => {
    // The garbage collector, as Jest's leak detector reaches it without --expose-gc.
    setFlagsFromString('--expose-gc');
    const collectGarbage = runInNewContext('gc') as () => void;
    const refuse = (): WeakRef<object> => {
      const held = { payload: 'x' };
      // The scan queues held and [held], then meets the function: refused with both still queued.
      expect(guard([held, [held], () => 1], 1000)?.code).toBe('arguments_not_json');
      return new WeakRef(held);
    };
    const held = refuse();
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(held.deref()).toBeUndefined();
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
