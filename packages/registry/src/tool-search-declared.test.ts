import { describe, expect, it } from 'vitest';
import type { DeclarationSet } from './declaration-set.js';
import { builtinTool, mcpTool } from './test-support/fixture-tools.js';
import { ToolRegistry } from './tool-registry.js';

const names = (set: DeclarationSet) => set.declarations.map((declaration) => declaration.name);
const declared = (registry: ToolRegistry) =>
  names(registry.getFunctionDeclarationsByMode('default', 'anthropic'));

function eagerRegistry(): ToolRegistry {
  const registry = new ToolRegistry();
  registry.registerAll([builtinTool('Read'), builtinTool('Write')]);
  return registry;
}

describe('ToolSearch is declared only while a tool is deferred', () => {
  it('is left out of a registry of eager tools, yet stays registered and callable', () => {
    const registry = eagerRegistry();
    expect(declared(registry)).toEqual(['Read', 'Write']);
    expect(names(registry.getFunctionDeclarationsByMode('plan', 'openai-chat'))).toEqual(['Read', 'Write']);
    expect(registry.getDeclaredToolSearch()).toBeUndefined();
    expect(registry.has('ToolSearch')).toBe(true);
  });

  it('comes with the first deferred tool and stays while the model loads it', () => {
    const registry = eagerRegistry();
    registry.replaceTools('mcp:github', [mcpTool('github', 'search_code')]);
    expect(declared(registry)).toEqual(['Read', 'ToolSearch', 'Write']);
    expect(registry.getDeclaredToolSearch()).toBe(registry.getToolSearchTool());

    registry.markLoaded('mcp__github__search_code');
    // Loaded tools count: ToolSearch does not disappear between two requests of one conversation.
    expect(declared(registry)).toEqual(['Read', 'ToolSearch', 'Write', 'mcp__github__search_code']);
  });

  it('goes with the last deferred tool, and a clone decides for its own catalog', () => {
    const registry = eagerRegistry();
    registry.replaceTools('mcp:github', [
      mcpTool('github', 'search_code'),
      mcpTool('github', 'create_issue'),
    ]);
    const clone = registry.clone();
    expect(declared(clone)).toContain('ToolSearch');

    registry.replaceTools('mcp:github', [mcpTool('github', 'search_code')]);
    expect(declared(registry)).toContain('ToolSearch');
    registry.removeTools('mcp:github');
    expect(declared(registry)).toEqual(['Read', 'Write']);
    expect(registry.getDeclaredToolSearch()).toBeUndefined();
    // The clone followed the removal of the group.
    expect(declared(clone)).toEqual(['Read', 'Write']);
  });

  it('is not brought in by a tool that is never deferred', () => {
    const registry = eagerRegistry();
    registry.replaceTools('mcp:docs', [mcpTool('docs', 'lookup', { shouldDefer: false })]);
    expect(declared(registry)).toEqual(['Read', 'Write', 'mcp__docs__lookup']);
    const alwaysLoaded = new ToolRegistry({ alwaysLoaded: ['mcp__docs__lookup'] });
    alwaysLoaded.replaceTools('mcp:docs', [mcpTool('docs', 'lookup')]);
    expect(declared(alwaysLoaded)).toEqual(['mcp__docs__lookup']);
  });

  it('is never offered by a registry made without one', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.replaceTools('mcp:github', [mcpTool('github', 'search_code')]);
    expect(registry.getDeclaredToolSearch()).toBeUndefined();
    expect(declared(registry)).toEqual(['mcp__github__search_code']);
  });
});
