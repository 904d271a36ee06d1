import { describe, expect, it } from 'vitest';
import { diffCatalogs, isEmptyDelta } from './catalog-delta.js';

describe('diffCatalogs', () => {
  it('reports added, removed and updated names, sorted', () => {
    const previous = new Map([
      ['b', '1'],
      ['a', '1'],
      ['c', '1'],
    ]);
    const next = new Map([
      ['c', '2'],
      ['a', '1'],
      ['e', '1'],
      ['d', '1'],
    ]);
    expect(diffCatalogs(previous, next)).toEqual({ added: ['d', 'e'], removed: ['b'], updated: ['c'] });
  });

  it('is empty for identical catalogs', () => {
    const catalog = new Map([['a', '1']]);
    expect(isEmptyDelta(diffCatalogs(catalog, new Map(catalog)))).toBe(true);
    expect(isEmptyDelta(diffCatalogs(catalog, new Map()))).toBe(false);
  });
});
