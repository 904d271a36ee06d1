import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDeeplyFrozen } from './deep-freeze.js';
import { frozenCopy } from './frozen-copy.js';

describe('frozenCopy', () => {
  it('returns an equal, deeply frozen copy and leaves the original writable (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const copy = frozenCopy(value);
        expect(copy).toEqual(value);
        expect(isDeeplyFrozen(copy)).toBe(true);
        if (typeof value === 'object' && value !== null) {
          expect(copy).not.toBe(value);
          expect(Object.isFrozen(value)).toBe(false);
        }
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
