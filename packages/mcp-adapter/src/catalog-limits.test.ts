import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG_LIMITS, resolveCatalogLimits } from './catalog-limits.js';

describe('catalog limits', () => {
  it('the defaults', () => {
    expect(DEFAULT_CATALOG_LIMITS).toEqual({
      maxToolsPerServer: 1000,
      maxEntriesPerList: 1000,
      maxNameLength: 128,
      maxDescriptionBytes: 16_384,
      maxSchemaBytes: 262_144,
      maxSchemaDepth: 64,
      maxPages: 100,
    });
    expect(Object.isFrozen(DEFAULT_CATALOG_LIMITS)).toBe(true);
  });

  it('takes each limit by name over the defaults, and refuses an unknown one or a bad value', () => {
    expect(resolveCatalogLimits('t', { maxPages: 3, maxSchemaDepth: 5 })).toEqual({
      ...DEFAULT_CATALOG_LIMITS,
      maxPages: 3,
      maxSchemaDepth: 5,
    });
    expect(resolveCatalogLimits('t', undefined)).toBe(DEFAULT_CATALOG_LIMITS);
    for (const name of Object.keys(DEFAULT_CATALOG_LIMITS)) {
      expect(resolveCatalogLimits('t', { [name]: 7 })).toMatchObject({ [name]: 7 });
      expect(() => resolveCatalogLimits('t', { [name]: 0 }), name).toThrow(
        expect.objectContaining({ code: 'invalid_option', message: expect.stringContaining(name) }),
      );
    }
    expect(() => resolveCatalogLimits('t', { maxTools: 3 } as never)).toThrow(
      expect.objectContaining({ code: 'invalid_option' }),
    );
  });
});
