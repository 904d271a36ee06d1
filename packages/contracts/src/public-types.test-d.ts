import { type Static, Type } from '@sinclair/typebox';
import type { SchemaValidator } from '@toolwright/validation';
import { describe, expectTypeOf, it } from 'vitest';
import { createTool } from './create-tool.js';
import type { DeepReadonly } from './deep-readonly.js';
import type { Tool, ToolMetadata, ToolMetadataV1, ToolV1 } from './tool.js';
import type { SchemaParams } from './tool-config.js';
import type { ToolInvocation, ToolInvocationV1 } from './tool-invocation.js';
import { ToolKind } from './tool-kind.js';
import type { ToolResult } from './tool-result.js';
import { ToolResults } from './tool-results.js';

const schema = Type.Object({
  file_path: Type.String(),
  limit: Type.Optional(Type.Integer({ default: 2000 })),
  mode: Type.Union([Type.Literal('text'), Type.Literal('bytes')]),
});
type ReadParams = { file_path: string; limit?: number; mode: 'text' | 'bytes' };

describe('versioned names', () => {
  it('Tool, ToolInvocation and ToolMetadata are the v1 interfaces, not copies of them', () => {
    expectTypeOf<Tool>().toEqualTypeOf<ToolV1>();
    expectTypeOf<Tool<ReadParams>>().toEqualTypeOf<ToolV1<ReadParams>>();
    expectTypeOf<ToolInvocation<ReadParams>>().toEqualTypeOf<ToolInvocationV1<ReadParams>>();
    expectTypeOf<ToolMetadata>().toEqualTypeOf<ToolMetadataV1>();
    expectTypeOf<ToolV1['specificationVersion']>().toEqualTypeOf<'v1'>();
    expectTypeOf<ToolInvocationV1['specificationVersion']>().toEqualTypeOf<'v1'>();
  });
});

describe('SchemaParams', () => {
  it('is Static<S> for a TypeBox schema, optional members included', () => {
    expectTypeOf<SchemaParams<typeof schema>>().toEqualTypeOf<Static<typeof schema>>();
    expectTypeOf<SchemaParams<typeof schema>>().toEqualTypeOf<ReadParams>();
  });

  it('is T for a SchemaValidator<T>', () => {
    expectTypeOf<SchemaParams<SchemaValidator<{ key: string }>>>().toEqualTypeOf<{ key: string }>();
  });
});

describe('createTool', () => {
  const read = createTool({
    name: 'Read',
    kind: ToolKind.ReadOnly,
    schema,
    description: 'Reads a file.',
    execute: async (params) => {
      expectTypeOf(params).toEqualTypeOf<ReadParams>();
      return ToolResults.success(params.file_path);
    },
  });

  it('returns a Tool of the schema params, whose invocations carry them deeply read-only', () => {
    expectTypeOf(read).toEqualTypeOf<Tool<ReadParams>>();
    expectTypeOf(read.build).returns.toEqualTypeOf<ToolInvocation<ReadParams>>();
    expectTypeOf<ToolInvocation<ReadParams>['params']>().toEqualTypeOf<DeepReadonly<ReadParams>>();
    expectTypeOf(read.validator).toEqualTypeOf<SchemaValidator<ReadParams>>();
  });

  it('runs to a ToolResult', () => {
    expectTypeOf<ReturnType<ToolInvocation['execute']>>().toEqualTypeOf<Promise<ToolResult>>();
    expectTypeOf(ToolResults.success).returns.toEqualTypeOf<ToolResult>();
    expectTypeOf<ToolResult['llmContent']>().toMatchTypeOf<string | readonly unknown[]>();
  });
});
