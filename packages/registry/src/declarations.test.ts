import { ToolKind } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import type { DeclarationSet } from './declaration-set.js';
import { builtinTool, mcpTool } from './test-support/fixture-tools.js';
import { ToolRegistry } from './tool-registry.js';

const names = (set: DeclarationSet) => set.declarations.map((declaration) => declaration.name);

function catalog(): ToolRegistry {
  const registry = new ToolRegistry();
  registry.registerAll([
    builtinTool('Write', { kind: ToolKind.Write }),
    builtinTool('Read', { kind: ToolKind.ReadOnly }),
    builtinTool('Bash', { kind: ToolKind.Execute }),
  ]);
  registry.replaceTools('remote', [
    mcpTool('github', 'search_code', { kind: ToolKind.ReadOnly }),
    mcpTool('github', 'create_issue', { kind: ToolKind.Execute }),
    mcpTool('docs', 'lookup', { kind: ToolKind.ReadOnly, shouldDefer: false }),
  ]);
  return registry;
}

describe('getFunctionDeclarationsByMode', () => {
  it('sends built-ins and non-deferred tools sorted by code unit, and deferred tools only once loaded', () => {
    const registry = catalog();
    expect(names(registry.getFunctionDeclarationsByMode('default', 'json-schema'))).toEqual([
      'Bash',
      'Read',
      'ToolSearch',
      'Write',
      'mcp__docs__lookup',
    ]);
    registry.markLoaded(['mcp__github__create_issue']);
    expect(names(registry.getFunctionDeclarationsByMode('default', 'json-schema'))).toContain(
      'mcp__github__create_issue',
    );
  });

  it('keeps only ReadOnly tools in Plan mode and still applies the deferred filter there', () => {
    const registry = catalog();
    const plan = () => names(registry.getFunctionDeclarationsByMode('plan', 'anthropic'));
    expect(plan()).toEqual(['Read', 'ToolSearch', 'mcp__docs__lookup']);
    registry.markLoaded(['mcp__github__search_code', 'mcp__github__create_issue']);
    // Loaded but not ReadOnly stays out of Plan mode; loaded and ReadOnly comes in.
    expect(plan()).toEqual(['Read', 'ToolSearch', 'mcp__docs__lookup', 'mcp__github__search_code']);
  });

  it("renders each declaration in the target's dialect", () => {
    const registry = catalog();
    const gemini = registry.getFunctionDeclarationsByMode('default', 'gemini');
    const read = gemini.declarations.find((declaration) => declaration.name === 'Read');
    expect(read?.target).toBe('gemini');
    expect(read).toEqual(registry.get('Read')?.getFunctionDeclaration('gemini'));
    expect(JSON.stringify(gemini.declarations)).not.toContain('additionalProperties');
  });

  it('returns the same frozen set while nothing changes, and a new one after any change', () => {
    const registry = catalog();
    const first = registry.getFunctionDeclarationsByMode('default', 'openai-chat');
    expect(Object.isFrozen(first) && Object.isFrozen(first.declarations)).toBe(true);
    expect(registry.getFunctionDeclarationsByMode('default', 'openai-chat')).toBe(first);
    expect(registry.getFunctionDeclarationsByMode('plan', 'openai-chat')).toMatchObject({
      mode: 'plan',
      target: 'openai-chat',
      revision: first.revision,
    });

    registry.markLoaded(['mcp__github__create_issue']);
    const afterLoad = registry.getFunctionDeclarationsByMode('default', 'openai-chat');
    expect(afterLoad).not.toBe(first);
    expect(afterLoad.revision).toBe(first.revision + 1);
    expect(registry.getFunctionDeclarationsByMode('default', 'openai-chat')).toBe(afterLoad);

    // Loading through the manager directly invalidates the cache as well.
    registry.deferred.markLoaded(['mcp__github__search_code']);
    expect(names(registry.getFunctionDeclarationsByMode('default', 'openai-chat'))).toContain(
      'mcp__github__search_code',
    );

    registry.unregister('Bash');
    expect(names(registry.getFunctionDeclarationsByMode('default', 'openai-chat'))).not.toContain('Bash');
  });

  it('keeps built-ins first under the provider limit and names what it left out', () => {
    const registry = new ToolRegistry({ toolLimits: { 'openai-chat': 5 } });
    registry.registerAll(['Zeta', 'Alpha', 'Mid'].map((name) => builtinTool(name)));
    registry.replaceTools(
      'remote',
      ['d', 'c', 'b', 'a'].map((name) => mcpTool('s', name)),
    );
    registry.markLoaded(registry.getBySource('remote').map((tool) => tool.name));
    const limited: DeclarationSet[] = [];
    registry.on('provider-limit', (set) => limited.push(set));

    const set = registry.getFunctionDeclarationsByMode('default', 'openai-chat');

    expect(names(set)).toEqual(['Alpha', 'Mid', 'ToolSearch', 'Zeta', 'mcp__s__a']);
    expect(set.omitted).toEqual([
      { name: 'mcp__s__b', source: 'mcp', reason: 'provider_limit' },
      { name: 'mcp__s__c', source: 'mcp', reason: 'provider_limit' },
      { name: 'mcp__s__d', source: 'mcp', reason: 'provider_limit' },
    ]);
    expect(set.diagnostic).toContain('openai-chat accepts at most 5 tools per request; 8 were eligible');
    expect(set.diagnostic).toContain('mcp__s__b, mcp__s__c, mcp__s__d');
    expect(limited).toEqual([set]);
    // The other targets keep their own limits.
    expect(registry.getFunctionDeclarationsByMode('default', 'gemini').omitted).toEqual([]);
  });

  it('applies the documented default limits: 128 for OpenAI and Anthropic, 512 for Gemini', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.replaceTools(
      'remote',
      Array.from({ length: 600 }, (_, index) =>
        mcpTool('big', `tool_${String(index).padStart(3, '0')}`, { shouldDefer: false }),
      ),
    );
    const count = (target: 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini' | 'json-schema') =>
      registry.getFunctionDeclarationsByMode('default', target).declarations.length;
    expect([
      count('openai-chat'),
      count('openai-responses'),
      count('anthropic'),
      count('gemini'),
      count('json-schema'),
    ]).toEqual([128, 128, 128, 512, 600]);
  });

  it('refuses an unknown mode or target, naming what is accepted', () => {
    const registry = catalog();
    expect(() => registry.getFunctionDeclarationsByMode('yolo' as never, 'gemini')).toThrow(
      expect.objectContaining({
        code: 'invalid_option',
        message: 'Unknown mode "yolo"; accepted: default, plan.',
      }),
    );
    expect(() => registry.getFunctionDeclarationsByMode('default', 'cohere' as never)).toThrow(
      expect.objectContaining({
        code: 'invalid_option',
        message:
          'Unknown provider target "cohere"; accepted: json-schema, openai-chat, openai-responses, anthropic, gemini.',
      }),
    );
  });
});

describe('declaration gotchas', () => {
  it('gotcha: ReadOnly means allowed in Plan mode, so a state-changing ReadOnly tool stays in Plan mode', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.registerAll([
      builtinTool('CreateGoal', { kind: ToolKind.ReadOnly, description: 'Records a goal (persistent).' }),
      builtinTool('Write', { kind: ToolKind.Write }),
      builtinTool('Bash', { kind: ToolKind.Execute }),
    ]);
    const plan = registry.getFunctionDeclarationsByMode('plan', 'json-schema');
    expect(plan.declarations.map((declaration) => declaration.name)).toEqual(['CreateGoal']);
  });
});
