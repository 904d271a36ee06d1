import { Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind, ToolResults } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import { ToolRegistry } from './tool-registry.js';

/** A Write-like built-in: not concurrency-safe, with the batching and paths the test chooses. */
function writer(
  name: string,
  options: { parallelism: 'shared' | 'exclusive'; declaresPaths: boolean },
): Tool {
  return createTool({
    name,
    kind: ToolKind.Write,
    schema: Type.Object({ file_path: Type.String() }),
    description: `${name} writes a file.`,
    isConcurrencySafe: false,
    parallelism: options.parallelism,
    ...(options.declaresPaths
      ? { affectedPaths: (params: { file_path: string }) => [params.file_path] }
      : {}),
    execute: async () => ToolResults.success('written'),
  });
}

describe('the warning for a shared writer that names no path', () => {
  it('is in the diagnostics of every set that declares the tool, naming it and what to declare', () => {
    const registry = new ToolRegistry();
    registry.registerAll([
      writer('Write', { parallelism: 'shared', declaresPaths: false }),
      writer('Edit', { parallelism: 'shared', declaresPaths: true }),
      writer('Bash', { parallelism: 'exclusive', declaresPaths: false }),
    ]);
    const set = registry.getFunctionDeclarationsByMode('default', 'openai-chat');
    expect(set.declarations.map((declaration) => declaration.name)).toEqual(['Bash', 'Edit', 'Write']);
    expect(set.diagnostics).toHaveLength(1);
    expect(set.diagnostics[0]).toMatchObject({ target: 'openai-chat', toolName: 'Write', path: '' });
    expect(set.diagnostics[0]?.reason).toMatch(
      /^Write is shared and not concurrency-safe but declares no affectedPaths: .* runs alone .* Declare affectedPaths/,
    );
    expect(Object.isFrozen(set.diagnostics)).toBe(true);
    // Plan mode declares no Write tool, so it warns about none.
    expect(registry.getFunctionDeclarationsByMode('plan', 'openai-chat').diagnostics).toEqual([]);
  });

  it('is absent for a concurrency-safe tool and for one that declares its paths', () => {
    const registry = new ToolRegistry();
    registry.register(writer('Edit', { parallelism: 'shared', declaresPaths: true }));
    registry.register(
      createTool({
        name: 'Log',
        kind: ToolKind.Write,
        schema: Type.Object({}),
        description: 'Appends to an in-memory log.',
        isConcurrencySafe: true,
        execute: async () => ToolResults.success('logged'),
      }),
    );
    expect(registry.getFunctionDeclarationsByMode('default', 'anthropic').diagnostics).toEqual([]);
  });

  it('says on the tool whether it declares its paths', () => {
    expect(writer('Write', { parallelism: 'shared', declaresPaths: false }).declaresAffectedPaths).toBe(
      false,
    );
    expect(writer('Edit', { parallelism: 'shared', declaresPaths: true }).declaresAffectedPaths).toBe(true);
  });

  it('is on the registered event, when the tool is registered, built-in or from a source group', () => {
    const registry = new ToolRegistry();
    const warnings: Record<string, readonly string[]> = {};
    registry.on('registered', (event) => {
      warnings[`${event.source}/${event.name}`] = event.warnings;
    });
    registry.register(writer('Write', { parallelism: 'shared', declaresPaths: false }));
    registry.register(writer('Edit', { parallelism: 'shared', declaresPaths: true }));
    registry.replaceTools('server', [
      writer('mcp__server__save', { parallelism: 'shared', declaresPaths: false }),
      writer('mcp__server__run', { parallelism: 'exclusive', declaresPaths: false }),
    ]);
    expect(warnings['builtin/Write']).toHaveLength(1);
    expect(warnings['builtin/Write']?.[0]).toMatch(
      /^Write is shared and not concurrency-safe but declares no affectedPaths/,
    );
    expect(warnings['builtin/Edit']).toEqual([]);
    expect(warnings['server/mcp__server__save']?.[0]).toMatch(
      /^mcp__server__save is shared and not concurrency-safe/,
    );
    expect(warnings['server/mcp__server__run']).toEqual([]);
    expect(Object.isFrozen(warnings['builtin/Write'])).toBe(true);
  });
});
