import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import type { DeclarationSet } from './declaration-set.js';
import { builtinTool, mcpTool } from './test-support/fixture-tools.js';
import { ToolRegistry } from './tool-registry.js';

const names = (set: DeclarationSet) => set.declarations.map((declaration) => declaration.name);

function catalog(options: ConstructorParameters<typeof ToolRegistry>[0] = {}): ToolRegistry {
  const registry = new ToolRegistry(options);
  registry.registerAll([
    builtinTool('Write', { kind: ToolKind.Write }),
    builtinTool('Read', { kind: ToolKind.ReadOnly }),
  ]);
  registry.replaceTools('remote', [
    mcpTool('github', 'search_code', { kind: ToolKind.ReadOnly }),
    mcpTool('github', 'create_issue', { kind: ToolKind.Execute }),
    mcpTool('docs', 'lookup', { kind: ToolKind.ReadOnly, shouldDefer: false }),
  ]);
  return registry;
}

describe('provider-side tool search (Anthropic)', () => {
  it('sends deferred tools for deferred loading with the provider search tool, instead of ToolSearch', () => {
    const registry = catalog();
    const set = registry.getFunctionDeclarationsByMode('default', 'anthropic', {
      providerToolSearch: 'bm25',
    });
    expect(names(set)).toEqual([
      'Read',
      'Write',
      'mcp__docs__lookup',
      'mcp__github__create_issue',
      'mcp__github__search_code',
    ]);
    expect(set.deferLoading).toEqual(['mcp__github__create_issue', 'mcp__github__search_code']);
    expect(set.providerToolSearch).toEqual({
      variant: 'bm25',
      type: 'tool_search_tool_bm25_20251119',
      name: 'tool_search_tool_bm25',
    });
    expect(Object.isFrozen(set) && Object.isFrozen(set.deferLoading)).toBe(true);
    expect(
      registry.getFunctionDeclarationsByMode('default', 'anthropic', { providerToolSearch: 'regex' })
        .providerToolSearch,
    ).toEqual({ variant: 'regex', type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' });
  });

  it('leaves the default unchanged: ToolSearch and only loaded deferred tools', () => {
    const set = catalog().getFunctionDeclarationsByMode('default', 'anthropic');
    expect(names(set)).toEqual(['Read', 'ToolSearch', 'Write', 'mcp__docs__lookup']);
    expect(set.deferLoading).toEqual([]);
    expect(set.providerToolSearch).toBeUndefined();
  });

  it('keeps Plan mode: deferred tools that are not ReadOnly stay out', () => {
    const set = catalog().getFunctionDeclarationsByMode('plan', 'anthropic', { providerToolSearch: 'regex' });
    expect(names(set)).toEqual(['Read', 'mcp__docs__lookup', 'mcp__github__search_code']);
    expect(set.deferLoading).toEqual(['mcp__github__search_code']);
  });

  it('sends a loaded deferred tool directly, and no search tool when nothing is left deferred', () => {
    const registry = catalog();
    registry.markLoaded(['mcp__github__search_code']);
    const set = registry.getFunctionDeclarationsByMode('default', 'anthropic', {
      providerToolSearch: 'bm25',
    });
    expect(set.deferLoading).toEqual(['mcp__github__create_issue']);
    registry.markLoaded(['mcp__github__create_issue']);
    const none = registry.getFunctionDeclarationsByMode('default', 'anthropic', {
      providerToolSearch: 'bm25',
    });
    expect(none.deferLoading).toEqual([]);
    expect(none.providerToolSearch).toBeUndefined();
    expect(names(none)).not.toContain('ToolSearch');
  });

  it('caches per variant and revision, apart from the sets without it', () => {
    const registry = catalog();
    const plain = registry.getFunctionDeclarationsByMode('default', 'anthropic');
    const bm25 = registry.getFunctionDeclarationsByMode('default', 'anthropic', {
      providerToolSearch: 'bm25',
    });
    expect(
      registry.getFunctionDeclarationsByMode('default', 'anthropic', { providerToolSearch: 'bm25' }),
    ).toBe(bm25);
    expect(registry.getFunctionDeclarationsByMode('default', 'anthropic')).toBe(plain);
    expect(registry.getFunctionDeclarationsByMode('default', 'anthropic', {})).toBe(plain);
    registry.markLoaded('mcp__github__search_code');
    expect(
      registry.getFunctionDeclarationsByMode('default', 'anthropic', { providerToolSearch: 'bm25' }),
    ).not.toBe(bm25);
  });

  it('lints deferred declarations like the others', () => {
    const registry = new ToolRegistry();
    registry.register(
      createTool({
        name: 'Schedule',
        kind: ToolKind.Write,
        shouldDefer: true,
        schema: Type.Object({ when: Type.Date() }),
        description: 'Schedules a job.',
        execute: async () => ToolResults.success(''),
      }),
    );
    expect(registry.getFunctionDeclarationsByMode('default', 'anthropic').diagnostics).toEqual([]);
    const set = registry.getFunctionDeclarationsByMode('default', 'anthropic', {
      providerToolSearch: 'regex',
    });
    expect(set.deferLoading).toEqual(['Schedule']);
    expect(set.diagnostics).toEqual([
      {
        target: 'anthropic',
        toolName: 'Schedule',
        path: '/properties/when/type',
        reason: 'type "Date" is not a JSON Schema type; a model cannot send it as JSON',
      },
    ]);
  });

  it('holds the provider limits: the search tool takes a place, deferred tools fill the catalog limit', () => {
    const registry = new ToolRegistry({ toolLimits: { anthropic: 3 } });
    registry.registerAll([builtinTool('A'), builtinTool('B'), builtinTool('C')]);
    registry.replaceTools('remote', [mcpTool('s', 'one'), mcpTool('s', 'two')]);
    const set = registry.getFunctionDeclarationsByMode('default', 'anthropic', {
      providerToolSearch: 'bm25',
    });
    // Three places: the search tool, then two built-ins (ToolSearch is left out).
    expect(names(set)).toEqual(['A', 'B', 'mcp__s__one', 'mcp__s__two']);
    expect(set.omitted).toEqual([{ name: 'C', source: 'builtin', reason: 'provider_limit' }]);
    expect(set.diagnostic).toContain(
      'With tool_search_tool_bm25, deferred tools fill up to 10000 tools in all.',
    );
  });

  it('holds at most 10,000 tools in all, deferred ones included', () => {
    const registry = new ToolRegistry();
    const schema = Type.Object({ q: Type.String() });
    const tools = Array.from({ length: 10_001 }, (_, index) =>
      createTool({
        name: `mcp__big__t${String(index).padStart(5, '0')}`,
        kind: ToolKind.ReadOnly,
        schema,
        description: 'A tool.',
        source: { type: 'mcp', server: 'big', toolName: `t${index}`, fingerprint: `f${index}` },
        execute: async () => ToolResults.success(''),
      }),
    );
    registry.replaceTools('remote', tools);
    const set = registry.getFunctionDeclarationsByMode('default', 'anthropic', {
      providerToolSearch: 'regex',
    });
    // 10,000 in all: the search tool, the direct ToolSearch left out, 9,999 deferred.
    expect(set.declarations).toHaveLength(9_999);
    expect(set.deferLoading).toHaveLength(9_999);
    expect(set.omitted.map((entry) => entry.name)).toEqual(['mcp__big__t09999', 'mcp__big__t10000']);
  });

  it('refuses an unknown variant, option or a target without provider-side search, by name', () => {
    const registry = catalog();
    expect(() =>
      registry.getFunctionDeclarationsByMode('default', 'anthropic', { providerToolSearch: 'bm52' as never }),
    ).toThrow(
      'getFunctionDeclarationsByMode: providerToolSearch must be one of "regex", "bm25", "hosted"; got string "bm52" (did you mean "bm25"?).',
    );
    expect(() =>
      registry.getFunctionDeclarationsByMode('default', 'anthropic', { providerToolSearch: 'hosted' }),
    ).toThrow(
      'getFunctionDeclarationsByMode: the provider-side tool search of "anthropic" is "regex" or "bm25"; got "hosted", which is "openai-responses"\'s.',
    );
    expect(() =>
      registry.getFunctionDeclarationsByMode('default', 'anthropic', { providerSearch: 'bm25' } as never),
    ).toThrow(/unknown option "providerSearch" \(did you mean "providerToolSearch"\?\)/);
    expect(() =>
      registry.getFunctionDeclarationsByMode('default', 'openai-chat', { providerToolSearch: 'bm25' }),
    ).toThrow(
      'getFunctionDeclarationsByMode: providerToolSearch is supported for anthropic, openai-responses only; "openai-chat" has no provider-side tool search (leave the option out to use ToolSearch).',
    );
  });
});

describe('search over descriptions written as lists', () => {
  it('finds a tool by a word of one of its usage notes or important points', () => {
    const registry = new ToolRegistry();
    registry.replaceTools('remote', [
      createTool({
        name: 'mcp__kb__fetch',
        kind: ToolKind.ReadOnly,
        schema: Type.Object({}),
        description: {
          short: 'Fetches a page.',
          usageNotes: ['Works with confluence spaces.'],
          important: ['Quota applies.'],
        },
        source: { type: 'mcp', server: 'kb', toolName: 'fetch', fingerprint: 'kb/fetch' },
        execute: async () => ToolResults.success(''),
      }),
    ]);
    expect(registry.search('confluence').matches.map((match) => match.name)).toEqual(['mcp__kb__fetch']);
    expect(registry.search('quota').matches.map((match) => match.name)).toEqual(['mcp__kb__fetch']);
  });
});
