import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDeeplyFrozen } from './deep-freeze.js';
import { freezeParsed, frozenCopy } from './freeze-parsed.js';

const jsonObject = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 5 }), { maxKeys: 6 });

function hasFrozenPart(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  return Object.isFrozen(value) || Object.values(value).some(hasFrozenPart);
}

describe('frozenCopy', () => {
  it('returns an equal, deeply frozen copy and leaves the original writable (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const copy = frozenCopy(value);
        expect(copy).toEqual(value);
        expect(isDeeplyFrozen(copy)).toBe(true);
        expect(hasFrozenPart(value)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a "__proto__" key as data, never as a prototype change', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}');
    const copy = frozenCopy(value) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('freezeParsed', () => {
  it('freezes a copy-on-write result deeply, in place where the parse made it, never the input (property)', () => {
    fc.assert(
      fc.property(jsonObject, fc.jsonValue({ maxDepth: 3 }), (input, added) => {
        // What a copy-on-write parse returns when it filled a default: a new root sharing every
        // unchanged child with the input.
        const result: Record<string, unknown> = { ...input, added_by_parse: added };
        const frozen = freezeParsed(result, input);
        expect(frozen).toBe(result);
        expect(isDeeplyFrozen(frozen)).toBe(true);
        expect(frozen).toEqual({ ...input, added_by_parse: added });
        expect(hasFrozenPart(input)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('writes a frozen "__proto__" child as the own property, never through the prototype setter', () => {
    // A node the parse made, holding the caller's object under an own "__proto__" key (what a
    // foreign validator that does not refuse the key might return). The own data property
    // shadows Object.prototype's setter, so the plain assignment in the walk writes it.
    const input = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    const callersChild = Object.getOwnPropertyDescriptor(input, '__proto__')?.value as object;
    const result = JSON.parse('{"__proto__": null, "added": 1}') as Record<string, unknown>;
    Object.defineProperty(result, '__proto__', { value: callersChild, enumerable: true, writable: true });

    const frozen = freezeParsed(result, input);
    expect(Object.getPrototypeOf(frozen)).toBe(Object.prototype);
    const own = Object.getOwnPropertyDescriptor(frozen, '__proto__')?.value;
    expect(own).toEqual({ polluted: true });
    expect(own).not.toBe(callersChild);
    expect(isDeeplyFrozen(frozen)).toBe(true);
    expect(Object.isFrozen(callersChild)).toBe(false);
  });

  it('copies the whole value when the parse returned the input itself', () => {
    const input = { path: 'a.txt', options: { recursive: true } };
    const frozen = freezeParsed(input, input);
    expect(frozen).not.toBe(input);
    expect(frozen).toEqual(input);
    expect(isDeeplyFrozen(frozen)).toBe(true);
    expect(Object.isFrozen(input)).toBe(false);
    expect(Object.isFrozen(input.options)).toBe(false);
  });
});

describe('freezeParsed and frozenCopy at the edges of plain data', () => {
  it('return null, undefined and other primitives as they are, whatever the input', () => {
    for (const value of [null, undefined, 0, '', 'text', true]) {
      expect(freezeParsed(value, { other: 1 })).toBe(value);
      expect(freezeParsed(value, undefined)).toBe(value);
      expect(freezeParsed(value, value)).toBe(value);
      expect(frozenCopy(value)).toBe(value);
    }
  });

  it("accept nodes the parse froze itself (a library's frozen default) without writing to them", () => {
    const defaults = Object.freeze({ retries: 3 });
    const frozenList = Object.freeze([Object.freeze({ id: 1 }), defaults]);
    const frozenRecord = Object.freeze({ options: defaults, list: frozenList });
    const result = { record: frozenRecord, list: frozenList, added: 'x' };
    const input = { added: 'x' };
    expect(freezeParsed(result, input)).toBe(result);
    expect(result.record).toBe(frozenRecord);
    expect(isDeeplyFrozen(result)).toBe(true);
  });

  it('a Date or typed array the parse made is passed through as is: only plain data is walked', () => {
    // A typed array with items cannot be frozen at all; a walk into it would throw.
    const made = { at: new Date(0), bytes: new Uint8Array([1, 2]) };
    const frozen = freezeParsed({ made, list: [made.at] }, undefined);
    expect(frozen.made.at).toBe(made.at);
    expect(frozen.list[0]).toBe(made.at);
    expect(Object.isFrozen(made) && Object.isFrozen(frozen.list)).toBe(true);
    expect(Object.isFrozen(made.at) || Object.isFrozen(made.bytes)).toBe(false);
  });

  it('nulls inside a result are kept, next to the objects that are frozen', () => {
    const input = { list: [null, { a: null }], inner: { b: null } };
    const result = { list: [null, { a: null }], inner: input.inner, none: null };
    const frozen = freezeParsed(result, input);
    expect(frozen).toEqual({ list: [null, { a: null }], inner: { b: null }, none: null });
    expect(isDeeplyFrozen(frozen)).toBe(true);
    expect(frozen.inner).not.toBe(input.inner);
    expect(hasFrozenPart(input)).toBe(false);
  });

  it('an enumerable key added to Object.prototype is neither frozen nor copied into the params', () => {
    const polluted = { injected: true };
    const input = { path: 'a.txt', options: { recursive: true } };
    let results: Array<{ options: object }>;
    // Polluted only while freezing: the assertions below must not meet the key either.
    Object.defineProperty(Object.prototype, 'polluted', {
      value: polluted,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    try {
      results = [
        freezeParsed(input, input),
        freezeParsed({ path: 'b.txt', options: { recursive: false } }, undefined),
        freezeParsed({ ...input, added: 1 }, input),
        frozenCopy(input),
      ];
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
    for (const frozen of results) {
      expect(Object.hasOwn(frozen, 'polluted')).toBe(false);
      expect(Object.hasOwn(frozen.options, 'polluted')).toBe(false);
    }
    expect(Object.isFrozen(polluted)).toBe(false);
  });
});
