import { describe, expect, it } from 'vitest';
import { editDistance, suggestName } from './did-you-mean.js';
import { previewValue } from './preview-value.js';

describe('did you mean', () => {
  it('measures edits and stops early past the limit', () => {
    expect(editDistance('limit', 'limit')).toBe(0);
    expect(editDistance('limt', 'limit')).toBe(1);
    expect(editDistance('file_pth', 'file_path')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('a', 'abcdefgh', 2)).toBe(3);
  });

  it('suggests only a close name, case-insensitively, first one on a tie', () => {
    const known = ['file_path', 'offset', 'limit'];
    expect(suggestName('filePath', known)).toBe('file_path');
    expect(suggestName('LIMIT', known)).toBe('limit');
    expect(suggestName('ofset', known)).toBe('offset');
    expect(suggestName('pattern', known)).toBeUndefined();
    expect(suggestName('ab', ['ac', 'ad'])).toBe('ac');
  });
});

describe('previewValue', () => {
  it('names the JSON type and shows a short, capped preview', () => {
    expect(previewValue(undefined)).toBe('nothing');
    expect(previewValue(null)).toBe('null');
    expect(previewValue(42)).toBe('integer 42');
    expect(previewValue(0.5)).toBe('number 0.5');
    expect(previewValue(true)).toBe('boolean true');
    expect(previewValue('abc')).toBe('string "abc"');
    expect(previewValue('x'.repeat(10_000)).length).toBeLessThan(60);
    expect(previewValue([1, 2, 3])).toBe('array of 3 items');
    expect(previewValue({ a: 1, b: 2 })).toBe('object {a, b}');
    expect(
      previewValue(Object.fromEntries(Array.from({ length: 100_000 }, (_, index) => [`k${index}`, index]))),
    ).toBe('object {k0, k1, k2, k3, …}');
  });
});
