import type { Tool } from '@toolwright/contracts';
import { thrownBy } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { RegistryError } from './registry-error.js';
import { builtinTool, mcpTool } from './test-support/fixture-tools.js';
import { ToolRegistry } from './tool-registry.js';

/** A tool as a later `@toolwright/contracts` would make it: the same object, another interface version. */
function ofVersion(tool: Tool, version: string): Tool {
  const descriptors: PropertyDescriptorMap = Object.getOwnPropertyDescriptors(tool);
  descriptors.specificationVersion = { value: version, enumerable: true };
  return Object.freeze(Object.create(Object.getPrototypeOf(tool), descriptors));
}

describe('a tool of another specification version', () => {
  it('register refuses it with unsupported_specification_version, naming both versions', () => {
    const registry = new ToolRegistry();
    const error = thrownBy(() => registry.register(ofVersion(builtinTool('Read'), 'v2')));
    expect(RegistryError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'unsupported_specification_version',
      toolName: 'Read',
      message:
        "register: this Tool says specificationVersion 'v2'; @toolwright/registry 0.x accepts 'v1'; " +
        'install versions of the toolwright packages that share a specification version.',
    });
    expect(registry.has('Read')).toBe(false);
  });

  it('replaceTools refuses it the same way and changes nothing', () => {
    const registry = new ToolRegistry();
    registry.replaceTools('docs', [mcpTool('docs', 'search')]);
    const before = registry.revision;
    const error = thrownBy(() =>
      registry.replaceTools('docs', [mcpTool('docs', 'search'), ofVersion(mcpTool('docs', 'fetch'), 'v2')]),
    );
    expect(error).toMatchObject({
      code: 'unsupported_specification_version',
      toolName: 'mcp__docs__fetch',
      message: `replaceTools("docs"): item 1: this Tool says specificationVersion 'v2'; @toolwright/registry 0.x accepts 'v1'; nothing was changed.`,
    });
    expect(registry.revision).toBe(before);
  });

  it('a value that is no tool at all is still invalid_tool', () => {
    const registry = new ToolRegistry();
    expect(
      thrownBy(() => registry.register({ specificationVersion: 'v2', name: 'x' } as never)),
    ).toMatchObject({
      code: 'invalid_tool',
    });
  });
});
