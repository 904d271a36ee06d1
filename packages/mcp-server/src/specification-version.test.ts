import { Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind, ToolResults } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import { McpServerError } from './mcp-server-error.js';
import { toolAnnotations } from './tools/tool-annotations.js';

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
