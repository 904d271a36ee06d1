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
