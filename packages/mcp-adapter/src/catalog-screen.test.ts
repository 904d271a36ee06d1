import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG_LIMITS } from './catalog-limits.js';
import { screenContentList, screenToolCatalog } from './catalog-screen.js';
import { hasControlCharacters } from './text-sanitising.js';

const limits = {
  ...DEFAULT_CATALOG_LIMITS,
  maxToolsPerServer: 20,
  maxNameLength: 40,
  maxDescriptionBytes: 200,
};

const toolEntry = fc.record(
  {
    name: fc.oneof(fc.constantFrom('read', 'write', 'search'), fc.string({ maxLength: 50 }), fc.integer()),
    description: fc.oneof(fc.string({ maxLength: 300 }), fc.constant(undefined)),
    inputSchema: fc.oneof(
      fc.constant({ type: 'object' }),
      fc.constant({ type: 'string' }),
      fc.jsonValue({ maxDepth: 3 }),
    ),
    annotations: fc.oneof(fc.constant(undefined), fc.record({ readOnlyHint: fc.boolean() })),
  },
  { requiredKeys: [] },
);

describe('screenToolCatalog', () => {
  it('accounts for every entry: kept or refused with a diagnostic, kept names unique and printable (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(toolEntry, fc.jsonValue({ maxDepth: 2 })), { maxLength: 40 }), (raw) => {
        const screened = screenToolCatalog('prop', raw, limits);
        expect(screened.entries.length + screened.diagnostics.length).toBe(raw.length);
        expect(screened.entries.length).toBeLessThanOrEqual(limits.maxToolsPerServer);
        const names = screened.entries.map((entry) => entry.name);
        expect(new Set(names).size).toBe(names.length);
        for (const entry of screened.entries) {
          expect(hasControlCharacters(entry.name)).toBe(false);
          expect(entry.name.length).toBeGreaterThan(0);
          expect(entry.name.length).toBeLessThanOrEqual(limits.maxNameLength);
          expect(entry.inputSchema.type).toBe('object');
          expect(entry.fingerprint).toMatch(/^[0-9a-f]{64}$/);
        }
        for (const diagnostic of screened.diagnostics)
          expect(diagnostic.message).toContain('MCP server "prop"');
      }),
    );
  });

  it('keeps the server order and cuts at the cap, naming each tool cut', () => {
    const raw = Array.from({ length: 22 }, (_, index) => ({
      name: `t${index}`,
      inputSchema: { type: 'object' },
    }));
    const screened = screenToolCatalog('cap', raw, limits);
    expect(screened.entries.map((entry) => entry.name)).toEqual(raw.slice(0, 20).map((entry) => entry.name));
    expect(screened.diagnostics.map((diagnostic) => [diagnostic.entry, diagnostic.code])).toEqual([
      ['t20', 'too_many_tools'],
      ['t21', 'too_many_tools'],
    ]);
  });
});

describe('screenContentList', () => {
  it('drops malformed, duplicated and oversized resources by URI and strips descriptions', () => {
    const screened = screenContentList(
      'docs',
      'resources',
      [
        { uri: 'file:///a', name: 'a', description: 'first\u0000 line\u202e' },
        { uri: 'file:///b', name: 'b' },
        { uri: 'file:///b', name: 'b again' },
        { name: 'no uri' },
        { uri: 'file:///c', name: 'c', description: 'x'.repeat(500) },
      ],
      limits,
    );
    expect(screened.entries).toEqual([{ uri: 'file:///a', name: 'a', description: 'first line' }]);
    expect(screened.diagnostics.map((diagnostic) => [diagnostic.entry, diagnostic.code])).toEqual([
      ['file:///b', 'duplicate_name'],
      ['file:///b', 'duplicate_name'],
      ['no uri', 'invalid_entry'],
      ['file:///c', 'description_too_large'],
    ]);
  });
});
