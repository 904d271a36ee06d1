import { Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind, ToolResults } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import { McpServerError } from './mcp-server-error.js';
import { createSampleRegistry } from './test-support/sample-tools.js';
import { toolAnnotations } from './tools/tool-annotations.js';
import { ToolwrightMcpServer } from './toolwright-mcp-server.js';

/** A tool as a later `@toolwright/contracts` would make it: the same object, another interface version. */
function ofVersion(tool: Tool, version: string): Tool {
  const descriptors: PropertyDescriptorMap = Object.getOwnPropertyDescriptors(tool);
  descriptors.specificationVersion = { value: version, enumerable: true };
  return Object.freeze(Object.create(Object.getPrototypeOf(tool), descriptors));
}

const read = createTool({
  name: 'Read',
  kind: ToolKind.ReadOnly,
  schema: Type.Object({}),
  description: 'Reads.',
  execute: async () => ToolResults.success('read'),
});

describe('toolAnnotations and tools of another specification version', () => {
  it('refuses one with unsupported_specification_version, naming both versions', () => {
    let error: unknown;
    try {
      toolAnnotations(ofVersion(read, 'v2'));
    } catch (caught) {
      error = caught;
    }
    expect(McpServerError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'unsupported_specification_version',
      message:
        "toolAnnotations: this Tool says specificationVersion 'v2'; @toolwright/mcp-server 0.x accepts 'v1'.",
    });
  });

  it('annotates a v1 tool from its kind and retry safety', () => {
    expect(toolAnnotations(read)).toEqual({ readOnlyHint: true, idempotentHint: false });
  });
});

describe('the artifacts option and stores of another specification version', () => {
  const methods = {
    write: async () => ({ id: 'a', kind: 'k', byteLength: 0 }),
    read: async () => ({ record: { id: 'a', kind: 'k', byteLength: 0 }, bytes: new Uint8Array() }),
    spill: async (content: string | Uint8Array) => ({
      spilled: false,
      preview: String(content),
      omittedBytes: 0,
    }),
  };
  const serverWith = (artifacts: unknown) =>
    new ToolwrightMcpServer({ registry: createSampleRegistry(), artifacts: artifacts as never });

  it('refuses a store that says another version with unsupported_specification_version, naming both', () => {
    let error: unknown;
    try {
      serverWith({ ...methods, specificationVersion: 'v2' });
    } catch (caught) {
      error = caught;
    }
    expect(McpServerError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'unsupported_specification_version',
      message:
        "ToolwrightMcpServer: artifacts: this ArtifactStore says specificationVersion 'v2'; @toolwright/mcp-server 0.x accepts 'v1'.",
    });
  });

  it('takes a v1 store, and a store that says no version (written before the field) as v1', () => {
    expect(() => serverWith({ ...methods, specificationVersion: 'v1' })).not.toThrow();
    expect(() => serverWith(methods)).not.toThrow();
  });
});
