import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';

/** The same small Read-like tool twice: toolwright (TypeBox) and a native AI SDK tool (Zod). */
export const toolwrightRead = createTool({
  name: 'Read',
  kind: ToolKind.ReadOnly,
  isConcurrencySafe: true,
  isRetrySafe: true,
  schema: Type.Object({
    file_path: Type.String({ minLength: 1 }),
    limit: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
  description: 'Reads a UTF-8 text file.',
  execute: async (params) => ToolResults.success(`read ${params.file_path} (${params.limit ?? 2000} lines)`),
});

export const nativeRead = tool({
  description: 'Reads a UTF-8 text file.',
  inputSchema: z.object({
    file_path: z.string().min(1),
    limit: z.number().int().min(1).optional(),
  }),
  execute: async (params) => `read ${params.file_path} (${params.limit ?? 2000} lines)`,
});

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/**
 * An in-process model that answers every request with one call of Read: no network, so a step
 * measures the SDK's own path — declaring the tools, parsing and validating the call, running
 * it, and turning the result into the model's form.
 */
export function readCallingModel(): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [
        {
          type: 'tool-call',
          toolCallId: 'call-1',
          toolName: 'Read',
          input: '{"file_path":"src/index.ts","limit":40}',
        },
      ],
      finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
      usage,
      warnings: [],
    }),
  });
}
