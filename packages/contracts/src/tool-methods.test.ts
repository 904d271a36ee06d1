// A tool's methods are shared by every tool createTool makes and find the tool's own state
// through `this`: called on the tool (or a spread copy of it, as wrappers make), they answer as
// before; detached, they say how to call them instead of failing obscurely.
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { createTool } from './create-tool.js';
import type { Tool } from './tool.js';
import { ToolKind } from './tool-kind.js';
import { ToolResults } from './tool-results.js';

const make = (name: string) =>
  createTool({
    name,
    kind: ToolKind.ReadOnly,
    schema: Type.Object({ text: Type.String() }),
    description: 'Echoes text.',
    execute: async () => ToolResults.success(''),
  });

describe('methods shared by every tool', () => {
  it('keep each tool to its own name, schema and caches', () => {
    const first = make('First');
    const second = make('Second');
    expect(first.build).toBe(second.build);
    expect(first.getFunctionDeclaration().name).toBe('First');
    expect(second.getFunctionDeclaration().name).toBe('Second');
    expect(second.getMetadata().name).toBe('Second');
    expect(first.getMetadata()).toBe(first.getMetadata());
    expect(first.build({ text: 'a' }).toolName).toBe('First');
  });

  it('answer for a spread copy of a tool as for the tool', () => {
    const tool = make('Original');
    const wrapped = { ...tool, build: (params: unknown) => tool.build(params) } as Tool;
    expect(wrapped.getFunctionDeclaration()).toBe(tool.getFunctionDeclaration());
    expect(wrapped.getMetadata()).toBe(tool.getMetadata());
  });

  it('refuse a detached call, naming the method and how to call it', () => {
    const { build, getMetadata, getFunctionDeclaration } = make('Detached');
    expect(() => build({ text: 'a' })).toThrow(
      'Tool.build was called without its tool as `this` (a detached method, as in `const { build } = tool`); call it as tool.build(...)',
    );
    expect(() => getMetadata()).toThrow(/Tool\.getMetadata was called without its tool/);
    expect(() => getFunctionDeclaration()).toThrow(
      /Tool\.getFunctionDeclaration was called without its tool/,
    );
  });
});
