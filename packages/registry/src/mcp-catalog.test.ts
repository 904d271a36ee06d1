// What replaceMcpTools refuses and reports: a non-Tool in a batch, a tool object of another
// server handed to a scoped replace, the error details a host logs, and the exact change a host
// applies; the names given to markLoaded and unload.
import { ToolKind } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import { builtinTool, mcpTool } from './test-support/fixture-tools.js';
import { ToolRegistry } from './tool-registry.js';

function names(registry: ToolRegistry): string[] {
  return registry.getAll().map((tool) => tool.name);
}

describe('replaceMcpTools refuses what is not an MCP tool of the server, changing nothing', () => {
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
    registry.replaceMcpTools([mcpTool('fs', 'read')], { server: 'fs' });
    const revision = registry.revision;
    expect(() => registry.replaceMcpTools([mcpTool('fs', 'read'), value as never], { server: 'fs' })).toThrow(
      expect.objectContaining({
        code: 'invalid_tool',
        message: expect.stringMatching(
          /^replaceMcpTools: item 1 is not a Tool made by createTool \(received /,
        ),
      }),
    );
    expect(() => registry.replaceMcpTools([value as never])).toThrow(
      expect.objectContaining({ message: expect.stringContaining(`received ${shown}`) }),
    );
    expect(names(registry)).toEqual(['mcp__fs__read']);
    expect(registry.revision).toBe(revision);
  });

  it('a tool object already registered for server "a" cannot be re-sent in a replace scoped to "b"', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    const aTool = mcpTool('a', 'x');
    registry.replaceMcpTools([aTool], { server: 'a' });
    registry.replaceMcpTools([mcpTool('b', 'y')], { server: 'b' });
    const revision = registry.revision;
    expect(() => registry.replaceMcpTools([mcpTool('b', 'y'), aTool], { server: 'b' })).toThrow(
      expect.objectContaining({
        code: 'server_mismatch',
        toolName: 'mcp__a__x',
        message:
          'replaceMcpTools for server "b": tool "mcp__a__x" comes from server "a"; every tool of a ' +
          'server-scoped replace must come from that server; nothing was changed.',
      }),
    );
    expect(registry.getMcpTools('b').map((tool) => tool.name)).toEqual(['mcp__b__y']);
    expect(registry.getMcpTools('a')).toEqual([aTool]);
    expect(registry.revision).toBe(revision);
  });

  it('the same tool object re-sent in a replace scoped to its own server is accepted as no change', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    const aTool = mcpTool('a', 'x');
    registry.replaceMcpTools([aTool], { server: 'a' });
    const revision = registry.revision;
    expect(registry.replaceMcpTools([aTool], { server: 'a' })).toMatchObject({
      added: [],
      removed: [],
      updated: [],
    });
    expect(registry.revision).toBe(revision);
    expect(registry.get('mcp__a__x')).toBe(aTool);
  });

  it('a new tool of another server in a scoped replace names itself in the error', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    expect(() => registry.replaceMcpTools([mcpTool('git', 'log')], { server: 'fs' })).toThrow(
      expect.objectContaining({ code: 'server_mismatch', toolName: 'mcp__git__log' }),
    );
  });

  it("an MCP tool taking a built-in's name is refused with the tool and its server named", () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.register(builtinTool('Read'));
    expect(() => registry.replaceMcpTools([mcpTool('evil', 'read', { name: 'Read' })])).toThrow(
      expect.objectContaining({
        code: 'builtin_name_conflict',
        toolName: 'Read',
        message:
          'replaceMcpTools: MCP tool "Read" (server "evil") takes the name of a built-in; built-in names ' +
          'take precedence, rename the MCP tool; nothing was changed.',
      }),
    );
    expect(registry.get('Read')?.source.type).toBe('builtin');
  });

  it('a built-in in the batch is not_mcp_tool, naming its source', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    expect(() => registry.replaceMcpTools([builtinTool('Read')])).toThrow(
      expect.objectContaining({
        code: 'not_mcp_tool',
        message:
          'replaceMcpTools: tool "Read" has source "builtin"; only source "mcp" is accepted ' +
          '(register built-ins with register); nothing was changed.',
      }),
    );
  });

  it('a name another server holds is refused naming both servers', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.replaceMcpTools([mcpTool('a', 'x')], { server: 'a' });
    expect(() =>
      registry.replaceMcpTools([mcpTool('b', 'x', { name: 'mcp__a__x' })], { server: 'b' }),
    ).toThrow(
      expect.objectContaining({
        message:
          'replaceMcpTools for server "b": the name "mcp__a__x" belongs to a tool of server "a"; rename one ' +
          'of them; nothing was changed.',
      }),
    );
  });

  it('a duplicate name in the batch is named in the message', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    expect(() => registry.replaceMcpTools([mcpTool('fs', 'read'), mcpTool('fs', 'read')])).toThrow(
      expect.objectContaining({
        code: 'duplicate_in_batch',
        toolName: 'mcp__fs__read',
        message: expect.stringContaining('the name "mcp__fs__read" appears more than once in the batch'),
      }),
    );
  });
});

describe('register refuses an MCP tool', () => {
  it('naming the tool, so a host can log which one', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    expect(() => registry.register(mcpTool('fs', 'read'))).toThrow(
      expect.objectContaining({ code: 'not_builtin_tool', toolName: 'mcp__fs__read' }),
    );
    expect(registry.has('mcp__fs__read')).toBe(false);
  });
});

describe('the change a replace reports', () => {
  it('lists exactly what was added, with no server or reason key when none was given', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    const change = registry.replaceMcpTools([mcpTool('fs', 'write'), mcpTool('fs', 'read')]);
    expect(change).toStrictEqual({
      added: ['mcp__fs__read', 'mcp__fs__write'],
      removed: [],
      updated: [],
      revision: registry.revision,
    });
  });

  it('sorts removed and updated names by code unit, whatever the catalog order', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.replaceMcpTools(['z', 'b', 'y', 'a'].map((name) => mcpTool('fs', name)));
    const change = registry.replaceMcpTools(
      [mcpTool('fs', 'y', { fingerprint: 'fs/y@2' }), mcpTool('fs', 'a', { fingerprint: 'fs/a@2' })],
      { reason: 'list_changed' },
    );
    expect(change).toStrictEqual({
      added: [],
      removed: ['mcp__fs__b', 'mcp__fs__z'],
      updated: ['mcp__fs__a', 'mcp__fs__y'],
      reason: 'list_changed',
      revision: registry.revision,
    });
  });

  it('one tool removed and one updated is a change (a revision and an event), not an empty diff', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.replaceMcpTools([mcpTool('fs', 'read'), mcpTool('fs', 'write')]);
    registry.drainMcpCatalogChanges();
    const revision = registry.revision;
    const change = registry.replaceMcpTools([mcpTool('fs', 'read', { fingerprint: 'fs/read@2' })]);
    expect(change).toMatchObject({ removed: ['mcp__fs__write'], updated: ['mcp__fs__read'] });
    expect(registry.revision).toBe(revision + 1);
    expect(registry.drainMcpCatalogChanges().items).toHaveLength(1);
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
    registry.replaceMcpTools([mcpTool('fs', 'read', { tags: ['io', 'files'] })]);
    registry.markLoaded('mcp__fs__read');
    const change = registry.replaceMcpTools([mcpTool('fs', 'read', { tags: ['io', 'files'], ...options })]);
    expect(change).toMatchObject({ added: [], removed: [], updated: ['mcp__fs__read'] });
    expect(registry.stats().loaded).toBe(0);
  });

  it('the same name from another server (same fingerprint) is updated, not swapped silently', () => {
    const registry = new ToolRegistry();
    registry.replaceMcpTools([mcpTool('a', 'x', { name: 'shared', fingerprint: 'same' })]);
    const change = registry.replaceMcpTools([mcpTool('b', 'x', { name: 'shared', fingerprint: 'same' })]);
    expect(change.updated).toEqual(['shared']);
    expect(registry.get('shared')?.source).toMatchObject({ server: 'b' });
  });

  it('a new object of the same definition (a reconnect) is no change, keeps its loaded state and is used', () => {
    const registry = new ToolRegistry();
    registry.replaceMcpTools([mcpTool('fs', 'read', { tags: ['io', 'files'] })]);
    registry.markLoaded('mcp__fs__read');
    const revision = registry.revision;
    const fresh = mcpTool('fs', 'read', { tags: ['io', 'files'] });
    const change = registry.replaceMcpTools([fresh]);
    expect(change).toMatchObject({ added: [], removed: [], updated: [] });
    expect(registry.revision).toBe(revision);
    expect(registry.get('mcp__fs__read')).toBe(fresh);
    expect(registry.stats().loaded).toBe(1);
  });
});

describe('names given to markLoaded and unload', () => {
  function registryWith(...tools: string[]): ToolRegistry {
    const registry = new ToolRegistry();
    registry.replaceMcpTools(tools.map((name) => mcpTool('fs', name)));
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
