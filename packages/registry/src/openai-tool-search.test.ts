import { ToolKind } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import type { DeclarationSet } from './declaration-set.js';
import { builtinTool, mcpTool } from './test-support/fixture-tools.js';
import { ToolRegistry } from './tool-registry.js';

const names = (set: DeclarationSet) => set.declarations.map((declaration) => declaration.name);

function catalog(options: ConstructorParameters<typeof ToolRegistry>[0] = {}): ToolRegistry {
  const registry = new ToolRegistry(options);
  registry.registerAll([
    builtinTool('Read', { kind: ToolKind.ReadOnly }),
    builtinTool('Notebook', { kind: ToolKind.Write, category: 'notebooks', shouldDefer: true }),
  ]);
  registry.replaceTools('remote', [
    mcpTool('github', 'search_code', { kind: ToolKind.ReadOnly }),
    mcpTool('github', 'create_issue', { kind: ToolKind.Execute }),
    mcpTool('docs', 'lookup', { kind: ToolKind.ReadOnly, shouldDefer: false }),
    mcpTool('crm.prod', 'find_customer', { kind: ToolKind.ReadOnly, name: 'mcp__crm_prod__find_customer' }),
  ]);
  return registry;
}

describe('provider-side tool search (OpenAI Responses, hosted)', () => {
  it('declares deferred tools for deferred loading, grouped in namespaces, with tool_search instead of ToolSearch', () => {
    const set = catalog().getFunctionDeclarationsByMode('default', 'openai-responses', {
      providerToolSearch: 'hosted',
    });
    expect(names(set)).toEqual([
      'Notebook',
      'Read',
      'mcp__crm_prod__find_customer',
      'mcp__docs__lookup',
      'mcp__github__create_issue',
      'mcp__github__search_code',
    ]);
    expect(set.providerToolSearch).toEqual({ variant: 'hosted', type: 'tool_search', name: 'tool_search' });
    expect(set.deferLoading).toEqual([
      'Notebook',
      'mcp__crm_prod__find_customer',
      'mcp__github__create_issue',
      'mcp__github__search_code',
    ]);
    expect(set.deferredNamespaces).toEqual([
      {
        // A server name with a character OpenAI refuses in a name is made safe.
        name: 'crm_prod',
        description: 'Tools of the MCP server "crm.prod": find_customer.',
        tools: ['mcp__crm_prod__find_customer'],
      },
      {
        name: 'github',
        description: 'Tools of the MCP server "github": create_issue, search_code.',
        tools: ['mcp__github__create_issue', 'mcp__github__search_code'],
      },
      {
        name: 'notebooks',
        description: 'Built-in tools of the category "notebooks": Notebook.',
        tools: ['Notebook'],
      },
    ]);
    // Every deferred tool is in exactly one namespace.
    expect(set.deferredNamespaces?.flatMap((namespace) => namespace.tools).sort()).toEqual([
      ...set.deferLoading,
    ]);
  });

  it('keeps Plan mode: only ReadOnly deferred tools are declared and grouped', () => {
    const set = catalog().getFunctionDeclarationsByMode('plan', 'openai-responses', {
      providerToolSearch: 'hosted',
    });
    expect(set.deferLoading).toEqual(['mcp__crm_prod__find_customer', 'mcp__github__search_code']);
    expect(set.deferredNamespaces?.map((namespace) => [namespace.name, namespace.tools])).toEqual([
      ['crm_prod', ['mcp__crm_prod__find_customer']],
      ['github', ['mcp__github__search_code']],
    ]);
  });

  it('counts each namespace as one tool of the request: namespaces past the limit are left out, named', () => {
    const registry = catalog({ toolLimits: { 'openai-responses': 5 } });
    const set = registry.getFunctionDeclarationsByMode('default', 'openai-responses', {
      providerToolSearch: 'hosted',
    });
    // 5 places: tool_search, Read and mcp__docs__lookup sent directly, then two namespaces.
    expect(set.deferredNamespaces?.map((namespace) => namespace.name)).toEqual(['crm_prod', 'github']);
    expect(set.omitted).toEqual([{ name: 'Notebook', source: 'builtin', reason: 'provider_limit' }]);
    expect(set.deferLoading).not.toContain('Notebook');
    expect(names(set)).not.toContain('Notebook');
    expect(set.diagnostic).toMatch(/Notebook/);
  });

  it('sends a loaded tool directly, outside any namespace, and nothing deferred once all are loaded', () => {
    const registry = catalog();
    registry.markLoaded(['mcp__github__create_issue']);
    const set = registry.getFunctionDeclarationsByMode('default', 'openai-responses', {
      providerToolSearch: 'hosted',
    });
    expect(set.deferLoading).not.toContain('mcp__github__create_issue');
    expect(set.deferredNamespaces?.find((namespace) => namespace.name === 'github')?.tools).toEqual([
      'mcp__github__search_code',
    ]);
    registry.markLoaded(['Notebook', 'mcp__crm_prod__find_customer', 'mcp__github__search_code']);
    const loaded = registry.getFunctionDeclarationsByMode('default', 'openai-responses', {
      providerToolSearch: 'hosted',
    });
    expect([loaded.deferLoading, loaded.deferredNamespaces, loaded.providerToolSearch]).toEqual([
      [],
      undefined,
      undefined,
    ]);
  });

  it('names two namespaces apart when their safe names collide', () => {
    const registry = new ToolRegistry();
    registry.replaceTools('remote', [
      mcpTool('a.b', 'one', { name: 'mcp__a_b__one' }),
      mcpTool('a_b', 'two', { name: 'mcp__a_b__two' }),
    ]);
    const set = registry.getFunctionDeclarationsByMode('default', 'openai-responses', {
      providerToolSearch: 'hosted',
    });
    expect(set.deferredNamespaces?.map((namespace) => namespace.name)).toEqual(['a_b', 'a_b_2']);
  });

  it("refuses an Anthropic variant for OpenAI, saying which is OpenAI's", () => {
    expect(() =>
      catalog().getFunctionDeclarationsByMode('default', 'openai-responses', { providerToolSearch: 'bm25' }),
    ).toThrow(
      'getFunctionDeclarationsByMode: the provider-side tool search of "openai-responses" is "hosted"; got "bm25", which is "anthropic"\'s.',
    );
  });

  it('leaves Anthropic requests without namespaces', () => {
    const set = catalog().getFunctionDeclarationsByMode('default', 'anthropic', {
      providerToolSearch: 'bm25',
    });
    expect(set.deferredNamespaces).toBeUndefined();
    expect(set.deferLoading.length).toBeGreaterThan(0);
  });
});
