import { compileJsonSchema } from '@toolwright/validation';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG_LIMITS } from './catalog-limits.js';
import { screenContentList, screenToolCatalog } from './catalog-screen.js';
import { hasControlCharacters } from './text-sanitising.js';
import { fingerprintToolDefinition } from './tool-fingerprint.js';

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

const objectSchema = { type: 'object' };

function tool(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, inputSchema: objectSchema, ...extra };
}

/** `depth` nested objects: `{ "n": { "n": ... {} } }`, as deep as measureJson counts it. */
function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let level = 0; level < depth; level += 1) value = { n: value };
  return value;
}

function refusals(screened: { diagnostics: readonly { entry?: string; code: string }[] }): string[][] {
  return screened.diagnostics.map((diagnostic) => [diagnostic.entry ?? '', diagnostic.code]);
}

describe('tool names', () => {
  it('keeps a name of exactly maxNameLength characters and refuses one more, saying both numbers', () => {
    const screened = screenToolCatalog('srv', [tool('a'.repeat(8)), tool('b'.repeat(9))], {
      maxNameLength: 8,
    });
    expect(screened.entries.map((entry) => entry.name)).toEqual(['aaaaaaaa']);
    expect(screened.diagnostics).toEqual([
      {
        server: 'srv',
        list: 'tools',
        code: 'name_too_long',
        entry: 'bbbbbbbbb',
        message: 'MCP server "srv": tool "bbbbbbbbb" dropped: the name has 9 characters, the limit is 8',
      },
    ]);
  });

  it('refuses an empty name and a name with control or invisible characters', () => {
    const screened = screenToolCatalog('srv', [tool(''), tool('read\u0007'), tool('re\u200bad'), tool('ok')]);
    expect(screened.entries.map((entry) => entry.name)).toEqual(['ok']);
    expect(screened.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message])).toEqual([
      ['name_invalid', expect.stringMatching(/dropped: the name is empty$/)],
      [
        'name_invalid',
        expect.stringMatching(
          /dropped: the name contains control or invisible characters; names must be printable$/,
        ),
      ],
      ['name_invalid', expect.stringContaining('control or invisible characters')],
    ]);
  });

  it('refuses every copy of a duplicated name, saying why', () => {
    const screened = screenToolCatalog('srv', [tool('x', { description: 'one' }), tool('y'), tool('x')]);
    expect(screened.entries.map((entry) => entry.name)).toEqual(['y']);
    expect(screened.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      'MCP server "srv": tool "x" dropped: the server lists this name more than once; every copy is refused',
      'MCP server "srv": tool "x" dropped: the server lists this name more than once; every copy is refused',
    ]);
  });
});

describe('tool descriptions', () => {
  it('keeps a description of exactly maxDescriptionBytes bytes and refuses one byte more', () => {
    const screened = screenToolCatalog(
      'srv',
      [tool('ascii', { description: 'd'.repeat(64) }), tool('over', { description: 'd'.repeat(65) })],
      { maxDescriptionBytes: 64 },
    );
    expect(screened.entries.map((entry) => entry.name)).toEqual(['ascii']);
    expect(screened.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message])).toEqual([
      [
        'description_too_large',
        'MCP server "srv": tool "over" dropped: the description is 65 bytes, the limit is 64',
      ],
    ]);
  });

  it('counts UTF-8 bytes, not characters: 33 two-byte characters are 66 bytes', () => {
    const screened = screenToolCatalog(
      'srv',
      [tool('fits', { description: 'é'.repeat(32) }), tool('over', { description: 'é'.repeat(33) })],
      { maxDescriptionBytes: 64 },
    );
    expect(refusals(screened)).toEqual([['over', 'description_too_large']]);
    expect(screened.entries.map((entry) => entry.description)).toEqual(['é'.repeat(32)]);
  });
});

describe('tool schemas', () => {
  it('refuses an input schema deeper than maxSchemaDepth and keeps one at the limit', () => {
    // Levels as compileJsonSchema counts them: the root object, `properties`, then each nested object.
    const atLimit = { type: 'object', properties: nested(2) };
    const tooDeep = { type: 'object', properties: nested(3) };
    expect(compileJsonSchema(atLimit, { maxDepth: 4 })).toBeDefined();
    expect(() => compileJsonSchema(tooDeep, { maxDepth: 4 })).toThrow(/nests deeper than 4 levels/);
    const screened = screenToolCatalog(
      'srv',
      [tool('fits', { inputSchema: atLimit }), tool('deep', { inputSchema: tooDeep })],
      { maxSchemaDepth: 4 },
    );
    expect(screened.entries.map((entry) => entry.name)).toEqual(['fits']);
    expect(screened.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message])).toEqual([
      [
        'schema_too_deep',
        'MCP server "srv": tool "deep" dropped: the input schema nests deeper than 4 levels at /properties/n/n/n',
      ],
    ]);
  });

  it('refuses an input or an output schema larger than maxSchemaBytes, naming which', () => {
    const big = { type: 'object', description: 'x'.repeat(300) };
    const screened = screenToolCatalog(
      'srv',
      [tool('in', { inputSchema: big }), tool('out', { outputSchema: big }), tool('small')],
      { maxSchemaBytes: 256 },
    );
    expect(screened.entries.map((entry) => entry.name)).toEqual(['small']);
    expect(screened.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message])).toEqual([
      [
        'schema_too_large',
        'MCP server "srv": tool "in" dropped: the input schema is larger than 256 bytes as JSON',
      ],
      [
        'schema_too_large',
        'MCP server "srv": tool "out" dropped: the output schema is larger than 256 bytes as JSON',
      ],
    ]);
  });

  it('a 10,000-level schema is refused as too deep, not a stack overflow', () => {
    const screened = screenToolCatalog('srv', [tool('abyss', { inputSchema: nested(10_000) })]);
    expect(refusals(screened)).toEqual([['abyss', 'schema_too_deep']]);
  });

  it('applies the default limits when none are given: 128-character names, 16 KiB descriptions, 256 KiB schemas, depth 64', () => {
    const screened = screenToolCatalog('srv', [
      tool('n'.repeat(128)),
      tool('n'.repeat(129)),
      tool('desc-ok', { description: 'd'.repeat(16 * 1024) }),
      tool('desc-big', { description: 'd'.repeat(16 * 1024 + 1) }),
      tool('schema-big', { inputSchema: { type: 'object', description: 'x'.repeat(256 * 1024) } }),
      tool('schema-deep', { inputSchema: { type: 'object', properties: nested(63) } }),
      tool('schema-ok', { inputSchema: { type: 'object', properties: nested(62) } }),
    ]);
    expect(screened.entries.map((entry) => entry.name)).toEqual(['n'.repeat(128), 'desc-ok', 'schema-ok']);
    expect(refusals(screened).map(([, code]) => code)).toEqual([
      'name_too_long',
      'description_too_large',
      'schema_too_large',
      'schema_too_deep',
    ]);
  });
});

describe('malformed entries', () => {
  it.each([
    ['undefined', undefined],
    ['a number', 42],
  ])('refuses %s as "<unnamed>", by the issue at the entry itself', (_, value) => {
    const screened = screenToolCatalog('srv', [value, tool('ok')]);
    expect(screened.entries.map((entry) => entry.name)).toEqual(['ok']);
    expect(screened.diagnostics).toHaveLength(1);
    expect(screened.diagnostics[0]).toMatchObject({ entry: '<unnamed>', code: 'invalid_entry' });
    expect(screened.diagnostics[0]?.message).toMatch(
      /^MCP server "srv": tool "<unnamed>" dropped: not a valid MCP tool \(entry: .+\)$/,
    );
  });

  it('a resource that is not an object is refused by the issue at the entry itself', () => {
    const screened = screenContentList('docs', 'resources', ['file:///x']);
    expect(screened.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      expect.stringMatching(
        /^MCP server "docs": resource "<unnamed>" dropped: not a valid MCP resources entry \(entry: .+\)$/,
      ),
    ]);
  });

  it('two unnamed entries are duplicates of each other: both refused', () => {
    const screened = screenToolCatalog('srv', [null, 7]);
    expect(refusals(screened)).toEqual([
      ['<unnamed>', 'duplicate_name'],
      ['<unnamed>', 'duplicate_name'],
    ]);
  });

  it('names the offending field of an entry that is an object, with the reason', () => {
    const screened = screenToolCatalog('srv', [{ name: 'bad', inputSchema: { type: 'string' } }]);
    expect(screened.diagnostics[0]?.message).toBe(
      'MCP server "srv": tool "bad" dropped: not a valid MCP tool (inputSchema.type: Invalid input: expected "object")',
    );
  });

  it('a tool without an input schema is an invalid entry, not an oversized schema', () => {
    const screened = screenToolCatalog('srv', [{ name: 'bare' }], { maxSchemaBytes: 8 });
    expect(screened.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message])).toEqual([
      [
        'invalid_entry',
        'MCP server "srv": tool "bare" dropped: not a valid MCP tool (inputSchema: Invalid input: expected object, received undefined)',
      ],
    ]);
  });

  it('a nested bad field of a resource is named by its dotted path', () => {
    const screened = screenContentList('d', 'resources', [
      { uri: 'file:///x', name: 'n', annotations: { priority: 'high' } },
    ]);
    expect(screened.diagnostics[0]?.message).toBe(
      'MCP server "d": resource "file:///x" dropped: not a valid MCP resources entry (annotations.priority: Invalid input: expected number, received string)',
    );
  });

  it('a prompt whose name is null is an invalid entry, not a crash', () => {
    const screened = screenContentList('d', 'prompts', [{ name: null }, { name: 'ok' }]);
    expect(screened.entries.map((entry) => entry.name)).toEqual(['ok']);
    expect(screened.diagnostics[0]?.message).toBe(
      'MCP server "d": prompt "<unnamed>" dropped: not a valid MCP prompts entry (name: Invalid input: expected string, received null)',
    );
  });

  it('a resource without a uri is labelled by its name and its missing field named', () => {
    const screened = screenContentList('docs', 'resources', [{ name: 'no uri' }]);
    expect(screened.diagnostics[0]?.message).toMatch(
      /^MCP server "docs": resource "no uri" dropped: not a valid MCP resources entry \(uri: .+\)$/,
    );
  });
});

describe('what a kept tool carries', () => {
  it('its title (or the annotation title), its description stripped, its task support and its own fingerprint', () => {
    const raw = [
      tool('plain'),
      tool('titled', { title: 'Top title', annotations: { title: 'Annotation title', readOnlyHint: true } }),
      tool('annotated', { description: 'Reads\u0000 files', annotations: { title: 'From annotations' } }),
      tool('tasks', { execution: { taskSupport: 'optional' } }),
    ];
    const [plain, titled, annotated, tasks] = screenToolCatalog('srv', raw).entries;
    expect(plain).toMatchObject({
      server: 'srv',
      title: undefined,
      description: '',
      taskSupport: 'forbidden',
    });
    expect(titled?.title).toBe('Top title');
    expect(annotated).toMatchObject({ title: 'From annotations', description: 'Reads files' });
    expect(tasks?.taskSupport).toBe('optional');
    expect(annotated?.fingerprint).toBe(
      fingerprintToolDefinition({
        name: 'annotated',
        description: 'Reads\u0000 files',
        inputSchema: objectSchema,
        annotations: { title: 'From annotations' },
      }),
    );
    expect(new Set([plain, titled, annotated, tasks].map((entry) => entry?.fingerprint)).size).toBe(4);
  });

  it('a refusal from the host check drops the tool with its code, before the cap counts it', () => {
    const screened = screenToolCatalog(
      'srv',
      [tool('a'), tool('b'), tool('c')],
      { maxToolsPerServer: 2 },
      (def) => (def.name === 'a' ? ['name_collision', 'taken'] : undefined),
    );
    expect(screened.entries.map((entry) => entry.name)).toEqual(['b', 'c']);
    expect(screened.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      'MCP server "srv": tool "a" dropped: taken',
    ]);
  });

  it('the cap says how many are kept', () => {
    const screened = screenToolCatalog('srv', [tool('a'), tool('b')], { maxToolsPerServer: 1 });
    expect(screened.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      'MCP server "srv": tool "b" dropped: the server lists more than 1 tools; the first 1 are kept',
    ]);
  });
});

describe('resources, templates and prompts', () => {
  it('refuses duplicates by their key, saying which key', () => {
    const screened = screenContentList('docs', 'resourceTemplates', [
      { uriTemplate: 'file:///{a}', name: 'one' },
      { uriTemplate: 'file:///{a}', name: 'two' },
    ]);
    expect(screened.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      'MCP server "docs": resourceTemplate "file:///{a}" dropped: the server lists this uriTemplate more than once; every copy is refused',
      'MCP server "docs": resourceTemplate "file:///{a}" dropped: the server lists this uriTemplate more than once; every copy is refused',
    ]);
  });

  it('checks prompt names (empty, too long, control characters) but not the names of resources', () => {
    const prompts = screenContentList(
      'p',
      'prompts',
      [{ name: '' }, { name: 'x'.repeat(9) }, { name: 'bell\u0007' }, { name: 'ok' }],
      { maxNameLength: 8 },
    );
    expect(prompts.entries.map((entry) => entry.name)).toEqual(['ok']);
    expect(refusals(prompts).map(([, code]) => code)).toEqual([
      'name_invalid',
      'name_too_long',
      'name_invalid',
    ]);
    const resources = screenContentList('r', 'resources', [{ uri: 'file:///a', name: 'x'.repeat(9) }], {
      maxNameLength: 8,
    });
    expect(resources.entries.map((entry) => entry.uri)).toEqual(['file:///a']);
  });

  it('refuses an entry larger than maxSchemaBytes as a whole, its description counted apart', () => {
    const screened = screenContentList(
      'r',
      'resources',
      [
        { uri: 'file:///big', name: 'big', title: 'x'.repeat(300) },
        { uri: 'file:///long-description', name: 'd', description: 'y'.repeat(300) },
      ],
      { maxSchemaBytes: 256, maxDescriptionBytes: 1000 },
    );
    expect(screened.entries.map((entry) => entry.uri)).toEqual(['file:///long-description']);
    expect(screened.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message])).toEqual([
      [
        'schema_too_large',
        'MCP server "r": resource "file:///big" dropped: the entry is larger than 256 bytes as JSON',
      ],
    ]);
  });

  it('keeps maxEntriesPerList entries and refuses the rest, saying how many are kept', () => {
    const raw = ['a', 'b', 'c'].map((name) => ({ name }));
    const screened = screenContentList('p', 'prompts', raw, { maxEntriesPerList: 2 });
    expect(screened.entries.map((entry) => entry.name)).toEqual(['a', 'b']);
    expect(screened.diagnostics).toEqual([
      {
        server: 'p',
        list: 'prompts',
        code: 'too_many_entries',
        entry: 'c',
        message:
          'MCP server "p": prompt "c" dropped: the server lists more than 2 prompts; the first 2 are kept',
      },
    ]);
  });

  it('an entry without a description gets none added', () => {
    const screened = screenContentList('p', 'prompts', [{ name: 'bare' }]);
    expect(screened.entries[0]).toStrictEqual({ name: 'bare' });
  });
});

describe('screenToolCatalog annotations', () => {
  const tool = (name: string, annotations?: Record<string, unknown>) => ({
    name,
    inputSchema: { type: 'object' },
    ...(annotations === undefined ? {} : { annotations }),
  });

  it('gives equal annotations of a listing one frozen object, and different ones their own', () => {
    const { entries } = screenToolCatalog('files', [
      tool('a', { readOnlyHint: true }),
      tool('b', { readOnlyHint: true }),
      tool('c', { readOnlyHint: false, title: 'C' }),
      tool('d'),
    ]);
    const [a, b, c, d] = entries;
    expect(a?.annotations).toEqual({ readOnlyHint: true });
    expect(b?.annotations).toBe(a?.annotations);
    expect(Object.isFrozen(a?.annotations)).toBe(true);
    expect(c?.annotations).toEqual({ readOnlyHint: false, title: 'C' });
    expect(c?.annotations).not.toBe(a?.annotations);
    expect(d?.annotations).toBeUndefined();
  });
});
