// What replaceTools refuses and reports: a non-Tool in a batch, a source group name that is not
// one, a name another group or a built-in holds, the error details a host logs, and the exact
// change a host applies; the names given to markLoaded and unload.
import { ToolKind } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import { builtinTool, mcpTool } from './test-support/fixture-tools.js';
import { ToolRegistry } from './tool-registry.js';

function names(registry: ToolRegistry): string[] {
  return registry.getAll().map((tool) => tool.name);
}

describe('replaceTools refuses a batch it cannot take whole, changing nothing', () => {
  it.each([
    ['null', null, 'null'],
    ['undefined', undefined, 'nothing'],
    ['a number', 42, 'integer 42'],
    ['a string', 'mcp__fs__read', 'string "mcp__fs__read"'],
    [
      'an object claiming a name',
      { name: 'mcp__fs__evil', source: { type: 'mcp' } },
      'an object named "mcp__fs__evil" without the Tool marker',
    ],
    ['an object without a name', { source: { type: 'mcp', server: 'fs' } }, 'an object)'],
  ])('%s is invalid_tool (a RegistryError, not a TypeError) naming what it was', (_, value, shown) => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.replaceTools('fs', [mcpTool('fs', 'read')]);
    const revision = registry.revision;
    expect(() => registry.replaceTools('fs', [mcpTool('fs', 'read'), value as never])).toThrow(
      expect.objectContaining({
        code: 'invalid_tool',
        message: expect.stringMatching(
          /^replaceTools\("fs"\): item 1 is not a Tool made by createTool \(received /,
        ),
      }),
    );
    expect(() => registry.replaceTools('remote', [value as never])).toThrow(
      expect.objectContaining({ message: expect.stringContaining(`received ${shown}`) }),
    );
    expect(names(registry)).toEqual(['mcp__fs__read']);
    expect(registry.revision).toBe(revision);
  });

  it('a tool object already in group "a" cannot be re-sent in a replace of group "b"', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    const aTool = mcpTool('a', 'x');
    registry.replaceTools('a', [aTool]);
    registry.replaceTools('b', [mcpTool('b', 'y')]);
    const revision = registry.revision;
    expect(() => registry.replaceTools('b', [mcpTool('b', 'y'), aTool])).toThrow(
      expect.objectContaining({
        code: 'source_name_conflict',
        toolName: 'mcp__a__x',
        message:
          'replaceTools("b"): the name "mcp__a__x" belongs to a tool of source "a"; rename one of them; ' +
          'nothing was changed.',
      }),
    );
    expect(registry.getBySource('b').map((tool) => tool.name)).toEqual(['mcp__b__y']);
    expect(registry.getBySource('a')).toEqual([aTool]);
    expect(registry.revision).toBe(revision);
  });

  it('the same tool object re-sent in a replace of its own group is accepted as no change', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    const aTool = mcpTool('a', 'x');
    registry.replaceTools('a', [aTool]);
    const revision = registry.revision;
    expect(registry.replaceTools('a', [aTool])).toMatchObject({
      added: [],
      removed: [],
      updated: [],
    });
    expect(registry.revision).toBe(revision);
    expect(registry.get('mcp__a__x')).toBe(aTool);
  });

  it('a group holds whatever tools the host puts in it, whatever their source says', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.replaceTools('plugins', [mcpTool('git', 'log'), builtinTool('Lint')]);
    expect(registry.getBySource('plugins').map((tool) => tool.name)).toEqual(['Lint', 'mcp__git__log']);
    expect(registry.stats()).toMatchObject({ builtin: 0, bySource: { plugins: 2 } });
  });

  it("a tool taking a built-in's name is refused with the tool and its group named", () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.register(builtinTool('Read'));
    expect(() => registry.replaceTools('mcp:evil', [mcpTool('evil', 'read', { name: 'Read' })])).toThrow(
      expect.objectContaining({
        code: 'builtin_name_conflict',
        toolName: 'Read',
        message:
          'replaceTools("mcp:evil"): tool "Read" takes the name of a built-in; built-in names ' +
          'take precedence, rename the tool; nothing was changed.',
      }),
    );
    expect(registry.get('Read')?.source.type).toBe('builtin');
  });

  it('a new tool taking a name another group holds is refused naming both groups', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.replaceTools('a', [mcpTool('a', 'x')]);
    expect(() => registry.replaceTools('b', [mcpTool('b', 'x', { name: 'mcp__a__x' })])).toThrow(
      expect.objectContaining({
        code: 'source_name_conflict',
        message:
          'replaceTools("b"): the name "mcp__a__x" belongs to a tool of source "a"; rename one ' +
          'of them; nothing was changed.',
      }),
    );
    expect(registry.getBySource('b')).toEqual([]);
  });

  it('a duplicate name in the batch is named in the message', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    expect(() => registry.replaceTools('remote', [mcpTool('fs', 'read'), mcpTool('fs', 'read')])).toThrow(
      expect.objectContaining({
        code: 'duplicate_in_batch',
        toolName: 'mcp__fs__read',
        message: expect.stringContaining('the name "mcp__fs__read" appears more than once in the batch'),
      }),
    );
  });
});

describe('source group names', () => {
  const accepted =
    'the source must be a non-empty string without leading or trailing whitespace, other than "builtin" (e.g. "mcp:github")';

  it.each([
    ['an empty string', '', 'received an empty string'],
    ['a leading space', ' github', 'received " github", which has surrounding whitespace'],
    ['a trailing newline', 'github\n', 'received "github\\n", which has surrounding whitespace'],
    ['"builtin"', 'builtin', '"builtin" names the tools registered with register() and cannot be a group'],
    ['a number', 7, 'received integer 7'],
    ['undefined', undefined, 'received nothing'],
  ])(
    '%s is invalid_source for replaceTools, removeTools and getBySource, naming what is accepted',
    (_, source, problem) => {
      const registry = new ToolRegistry({ toolSearch: false });
      registry.replaceTools('github', [mcpTool('github', 'x')]);
      const revision = registry.revision;
      for (const [method, call] of [
        ['replaceTools', () => registry.replaceTools(source as never, [])],
        ['removeTools', () => registry.removeTools(source as never)],
        ['getBySource', () => registry.getBySource(source as never)],
      ] as const) {
        expect(call).toThrow(
          expect.objectContaining({ code: 'invalid_source', message: `${method}: ${accepted}; ${problem}.` }),
        );
      }
      expect(registry.getBySource('github')).toHaveLength(1);
      expect(registry.revision).toBe(revision);
    },
  );

  it('a name is taken exactly as given: another spelling is another group', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.replaceTools('mcp:github', [mcpTool('github', 'x')]);
    expect(registry.getBySource('mcp:GitHub')).toEqual([]);
    expect(registry.removeTools('mcp:GitHub').removed).toEqual([]);
    expect(registry.stats().bySource).toEqual({ 'mcp:github': 1 });
  });
});

describe('register refuses a tool whose source is not builtin', () => {
  it('naming the tool, so a host can log which one', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    expect(() => registry.register(mcpTool('fs', 'read'))).toThrow(
      expect.objectContaining({ code: 'not_builtin_tool', toolName: 'mcp__fs__read' }),
    );
    expect(registry.has('mcp__fs__read')).toBe(false);
  });
});

describe('the change a replace reports', () => {
  it('lists exactly what was added, with its source and no reason key when none was given', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    const change = registry.replaceTools('remote', [mcpTool('fs', 'write'), mcpTool('fs', 'read')]);
    expect(change).toStrictEqual({
      source: 'remote',
      added: ['mcp__fs__read', 'mcp__fs__write'],
      removed: [],
      updated: [],
      revision: registry.revision,
    });
  });

  it('sorts removed and updated names by code unit, whatever the catalog order', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.replaceTools(
      'remote',
      ['z', 'b', 'y', 'a'].map((name) => mcpTool('fs', name)),
    );
    const change = registry.replaceTools(
      'remote',
      [mcpTool('fs', 'y', { fingerprint: 'fs/y@2' }), mcpTool('fs', 'a', { fingerprint: 'fs/a@2' })],
      { reason: 'list_changed' },
    );
    expect(change).toStrictEqual({
      source: 'remote',
      added: [],
      removed: ['mcp__fs__b', 'mcp__fs__z'],
      updated: ['mcp__fs__a', 'mcp__fs__y'],
      reason: 'list_changed',
      revision: registry.revision,
    });
  });

  it('one tool removed and one updated is a change (a revision and an event), not an empty diff', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.replaceTools('remote', [mcpTool('fs', 'read'), mcpTool('fs', 'write')]);
    registry.drainCatalogChanges();
    const revision = registry.revision;
    const change = registry.replaceTools('remote', [mcpTool('fs', 'read', { fingerprint: 'fs/read@2' })]);
    expect(change).toMatchObject({ removed: ['mcp__fs__write'], updated: ['mcp__fs__read'] });
    expect(registry.revision).toBe(revision + 1);
    expect(registry.drainCatalogChanges().items).toHaveLength(1);
  });

  it.each([
    ['its fingerprint', { fingerprint: 'fs/read@2' }],
    ['its kind', { kind: ToolKind.ReadOnly }],
    ['its deferral', { shouldDefer: false }],
    ['its category', { category: 'files' }],
    ['one tag of the same count', { tags: ['io', 'disk'] }],
    ['its tag count', { tags: ['io'] }],
    ['a tag added', { tags: ['io', 'files', 'net'] }],
  ])('a new object that changes %s is updated and loses its loaded state', (_, options) => {
    const registry = new ToolRegistry();
    registry.replaceTools('remote', [mcpTool('fs', 'read', { tags: ['io', 'files'] })]);
    registry.markLoaded('mcp__fs__read');
    const change = registry.replaceTools('remote', [
      mcpTool('fs', 'read', { tags: ['io', 'files'], ...options }),
    ]);
    expect(change).toMatchObject({ added: [], removed: [], updated: ['mcp__fs__read'] });
    expect(registry.stats().loaded).toBe(0);
  });

  it('the same name from another server (same fingerprint) is updated, not swapped silently', () => {
    // Every field of a fingerprinted source must match: the search index reads the server.
    const registry = new ToolRegistry();
    registry.replaceTools('remote', [mcpTool('a', 'x', { name: 'shared', fingerprint: 'same' })]);
    const change = registry.replaceTools('remote', [
      mcpTool('b', 'x', { name: 'shared', fingerprint: 'same' }),
    ]);
    expect(change.updated).toEqual(['shared']);
    expect(registry.get('shared')?.source).toMatchObject({ server: 'b' });
  });

  it('a new object of the same definition (a reconnect) is no change, keeps its loaded state and is used', () => {
    const registry = new ToolRegistry();
    registry.replaceTools('remote', [mcpTool('fs', 'read', { tags: ['io', 'files'] })]);
    registry.markLoaded('mcp__fs__read');
    const revision = registry.revision;
    const fresh = mcpTool('fs', 'read', { tags: ['io', 'files'] });
    const change = registry.replaceTools('remote', [fresh]);
    expect(change).toMatchObject({ added: [], removed: [], updated: [] });
    expect(registry.revision).toBe(revision);
    expect(registry.get('mcp__fs__read')).toBe(fresh);
    expect(registry.stats().loaded).toBe(1);
  });

  it('a new object whose source has no fingerprint is updated: only the same object is unchanged', () => {
    const registry = new ToolRegistry();
    const first = builtinTool('Lint', { shouldDefer: true });
    registry.replaceTools('plugins', [first]);
    registry.markLoaded('Lint');
    expect(registry.replaceTools('plugins', [first]).updated).toEqual([]);
    expect(registry.stats().loaded).toBe(1);
    const change = registry.replaceTools('plugins', [builtinTool('Lint', { shouldDefer: true })]);
    expect(change.updated).toEqual(['Lint']);
    expect(registry.stats().loaded).toBe(0);
  });
});

describe('names given to markLoaded and unload', () => {
  function registryWith(...tools: string[]): ToolRegistry {
    const registry = new ToolRegistry();
    registry.replaceTools(
      'remote',
      tools.map((name) => mcpTool('fs', name)),
    );
    return registry;
  }

  it.each([
    ['null', null, 'null'],
    ['undefined', undefined, 'nothing'],
    ['a number', 7, 'integer 7'],
    ['a plain object', { name: 'mcp__fs__read' }, 'object {name}'],
  ])('%s is invalid_option (not a TypeError), naming what it got', (_, value, shown) => {
    const registry = registryWith('read');
    expect(() => registry.markLoaded(value as never)).toThrow(
      expect.objectContaining({
        code: 'invalid_option',
        message: expect.stringContaining(
          `markLoaded expects a tool name or a list of tool names; got ${shown}`,
        ),
      }),
    );
  });

  it('an iterable that yields a non-string is refused by its position, and nothing is loaded', () => {
    const registry = registryWith('read');
    expect(() => registry.markLoaded(new Set(['mcp__fs__read', 3]) as never)).toThrow(
      expect.objectContaining({
        code: 'invalid_option',
        message: 'markLoaded expects a tool name or a list of tool names; item 1 is integer 3.',
      }),
    );
    expect(registry.stats().loaded).toBe(0);
    expect(registry.markLoaded(new Set(['mcp__fs__read']))).toEqual(['mcp__fs__read']);
  });

  it('names every unknown name, even when a known one sits between them, and no known one', () => {
    const registry = registryWith('read', 'write');
    const attempt = () => registry.markLoaded(['qqq', 'mcp__fs__write', 'zzz']);
    expect(attempt).toThrow(
      expect.objectContaining({
        code: 'unknown_tool',
        toolName: 'qqq',
        message: expect.stringMatching(/^markLoaded: no tool named "qqq", "zzz"; nothing was loaded\. /),
      }),
    );
    expect(attempt).toThrow(expect.objectContaining({ message: expect.not.stringContaining('write') }));
    expect(registry.stats().loaded).toBe(0);
  });

  it('lists five unknown names and counts the rest', () => {
    const registry = registryWith('read');
    const unknown = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7'];
    expect(() => registry.markLoaded(unknown)).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(
          /^markLoaded: no tool named "u1", "u2", "u3", "u4", "u5" and 2 more; /,
        ),
      }),
    );
    expect(() => registry.markLoaded(unknown.slice(0, 5))).toThrow(
      expect.objectContaining({ message: expect.stringMatching(/"u5"; nothing was loaded/) }),
    );
  });

  it('unload says nothing was unloaded', () => {
    const registry = registryWith('read');
    registry.markLoaded('mcp__fs__read');
    expect(() => registry.deferred.unload(['mcp__fs__read', 'gone'])).toThrow(
      expect.objectContaining({
        code: 'unknown_tool',
        message: expect.stringMatching(/^unload: no tool named "gone"; nothing was unloaded\. /),
      }),
    );
    expect(registry.stats().loaded).toBe(1);
  });
});

describe('search sees the catalog as it is at the time of the search', () => {
  const found = (registry: ToolRegistry, query: string): string[] =>
    registry.search(query).matches.map((tool) => tool.name);

  it('tools replaced several times before the first search are found by their latest text only', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.replaceTools('fs', [
      mcpTool('fs', 'read', { fingerprint: 'v1', description: 'Read a spreadsheet.' }),
      mcpTool('fs', 'gone', { description: 'Delete a spreadsheet.' }),
    ]);
    registry.replaceTools('fs', [
      mcpTool('fs', 'read', { fingerprint: 'v2', description: 'Read a diagram.' }),
    ]);

    expect(found(registry, 'spreadsheet')).toEqual([]);
    expect(found(registry, 'diagram')).toEqual(['mcp__fs__read']);
  });

  it('a change after a search shows in the next search', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.replaceTools('fs', [
      mcpTool('fs', 'read', { fingerprint: 'v1', description: 'Read a diagram.' }),
    ]);
    expect(found(registry, 'diagram')).toEqual(['mcp__fs__read']);

    registry.replaceTools('fs', [
      mcpTool('fs', 'read', { fingerprint: 'v2', description: 'Read a ledger.' }),
    ]);

    expect(found(registry, 'diagram')).toEqual([]);
    expect(found(registry, 'ledger')).toEqual(['mcp__fs__read']);
  });

  it('a clone made before any search finds what the original held, and the original is unaffected', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.replaceTools('fs', [mcpTool('fs', 'read', { description: 'Read a diagram.' })]);
    const copy = registry.clone();
    copy.replaceTools('fs', [mcpTool('fs', 'chart', { description: 'Draw a chart.' })]);

    expect(found(copy, 'diagram')).toEqual([]);
    expect(found(copy, 'chart')).toEqual(['mcp__fs__chart']);
    expect(found(registry, 'diagram')).toEqual(['mcp__fs__read']);
    expect(found(registry, 'chart')).toEqual([]);
  });
});
