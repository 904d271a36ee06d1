import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('gives equal text for equal values whatever the key order, and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, undefined], c: 'x' }, e: undefined })).toBe(
      '{"a":{"c":"x","d":[1,null]},"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it('is valid JSON that parses back to the same value (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
