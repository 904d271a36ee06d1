import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import { toolAnnotations } from './tool-annotations.js';

const tool = (kind: ToolKind, isRetrySafe: boolean) =>
  createTool({
    name: 'T',
    kind,
    isRetrySafe,
    schema: Type.Object({}),
    description: 'A tool.',
    execute: async () => ToolResults.success(''),
  });

describe('toolAnnotations', () => {
  it('derives readOnly from the kind, destructive for Write and Execute, idempotent only from isRetrySafe', () => {
    expect(toolAnnotations(tool(ToolKind.ReadOnly, false))).toEqual({
      readOnlyHint: true,
      idempotentHint: false,
    });
    expect(toolAnnotations(tool(ToolKind.ReadOnly, true))).toEqual({
      readOnlyHint: true,
      idempotentHint: true,
    });
    expect(toolAnnotations(tool(ToolKind.Write, false))).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
    });
    expect(toolAnnotations(tool(ToolKind.Execute, true))).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
  });
});
