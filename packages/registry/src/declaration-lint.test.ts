import * as validation from '@toolwright/validation';
import { describe, expect, it, vi } from 'vitest';
import { mcpTool } from './test-support/fixture-tools.js';
import { ToolRegistry } from './tool-registry.js';

// Counts the lint runs while keeping the real lint.
vi.mock('@toolwright/validation', async (importOriginal) => {
  const original = await importOriginal<typeof validation>();
  return { ...original, lintToolDeclaration: vi.fn(original.lintToolDeclaration) };
});
const lint = vi.mocked(validation.lintToolDeclaration);

/** Gemini refuses parameter names outside `^[a-zA-Z_][a-zA-Z0-9_]{0,63}$`; the other targets accept it. */
const geminiRejects = { type: 'object', properties: { 'file path': { type: 'string' } } };
const GEMINI_ISSUE = {
  target: 'gemini',
  path: '/properties/file path',
  reason: 'Gemini parameter names must match ^[a-zA-Z_][a-zA-Z0-9_]{0,63}$',
};

const names = (set: { declarations: readonly { name: string }[] }) =>
  set.declarations.map((declaration) => declaration.name);

describe('provider lint of the declared set', () => {
  it('reports what the target would reject in diagnostics, and still declares the tool', () => {
    const registry = new ToolRegistry();
    registry.replaceTools('remote', [
      mcpTool('fs', 'open', { inputSchema: geminiRejects, shouldDefer: false }),
      // Same problem, but deferred and not loaded: not declared, so not linted.
      mcpTool('fs', 'stat', { inputSchema: geminiRejects }),
    ]);

    const gemini = registry.getFunctionDeclarationsByMode('default', 'gemini');

    expect(names(gemini)).toEqual(['ToolSearch', 'mcp__fs__open']);
    expect(gemini.diagnostics).toEqual([{ ...GEMINI_ISSUE, toolName: 'mcp__fs__open' }]);
    expect(Object.isFrozen(gemini.diagnostics) && Object.isFrozen(gemini.diagnostics[0])).toBe(true);
    // Each target is linted in its own dialect.
    expect(registry.getFunctionDeclarationsByMode('default', 'anthropic').diagnostics).toEqual([]);

    registry.markLoaded('mcp__fs__stat');
    expect(registry.getFunctionDeclarationsByMode('default', 'gemini').diagnostics).toEqual([
      { ...GEMINI_ISSUE, toolName: 'mcp__fs__open' },
      { ...GEMINI_ISSUE, toolName: 'mcp__fs__stat' },
    ]);
  });

  it('lints each declaration once: not per request, and not again after an unrelated change', () => {
    const registry = new ToolRegistry();
    registry.replaceTools('remote', [
      mcpTool('fs', 'open', { inputSchema: geminiRejects, shouldDefer: false }),
      mcpTool('fs', 'stat', { inputSchema: geminiRejects }),
    ]);
    lint.mockClear();

    const first = registry.getFunctionDeclarationsByMode('default', 'gemini');
    expect(lint.mock.calls.map(([declaration, target]) => [declaration.name, target])).toEqual([
      ['ToolSearch', 'gemini'],
      ['mcp__fs__open', 'gemini'],
    ]);
    for (let request = 0; request < 50; request += 1)
      registry.getFunctionDeclarationsByMode('default', 'gemini');
    expect(lint).toHaveBeenCalledTimes(2);

    // A new revision recomputes the set, but only the newly declared tool is linted.
    registry.markLoaded('mcp__fs__stat');
    const second = registry.getFunctionDeclarationsByMode('default', 'gemini');
    expect(second).not.toBe(first);
    expect(lint.mock.calls.slice(2).map(([declaration]) => declaration.name)).toEqual(['mcp__fs__stat']);
  });

  it('a lint that throws becomes a diagnostic, and the request still gets its declarations', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.replaceTools('remote', [mcpTool('fs', 'crash')]);
    lint.mockImplementationOnce(() => {
      throw new Error('schema walker overflow');
    });
    const set = registry.getFunctionDeclarationsByMode('default', 'openai-responses');
    expect(names(set)).toEqual(['mcp__fs__crash']);
    expect(set.diagnostics).toEqual([
      {
        target: 'openai-responses',
        toolName: 'mcp__fs__crash',
        path: '',
        reason: 'the provider lint could not check this declaration (schema walker overflow)',
      },
    ]);
  });
});
