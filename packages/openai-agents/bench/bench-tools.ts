import { type Model, type ModelRequest, tool, Usage } from '@openai/agents';
import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { z } from 'zod';

/** The same small Read-like tool twice: toolwright (TypeBox) and a native Agents JS tool (Zod). */
export const toolwrightRead = createTool({
  name: 'Read',
  kind: ToolKind.ReadOnly,
  isConcurrencySafe: true,
  strict: true,
  schema: Type.Object({
    file_path: Type.String({ minLength: 1 }),
    limit: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
  description: 'Reads a UTF-8 text file.',
  execute: async (params) => ToolResults.success(`read ${params.file_path} (${params.limit ?? 2000} lines)`),
});

export const nativeRead = tool({
  name: 'Read',
  description: 'Reads a UTF-8 text file.',
  parameters: z.object({
    file_path: z.string().min(1),
    limit: z.number().int().min(1).nullable(),
  }),
  execute: async (params) => `read ${params.file_path} (${params.limit ?? 2000} lines)`,
});

/**
 * An in-process model: one call of Read, then an answer once it reads the result. No network,
 * so a run measures Agents JS's own path — declaring the tools, parsing the call, asking about
 * approval, running it, and turning the output into the next request's input.
 */
export function readCallingModel(): Model {
  return {
    async getResponse(request: ModelRequest) {
      const answered =
        typeof request.input !== 'string' && request.input.at(-1)?.type === 'function_call_result';
      return {
        usage: new Usage(),
        output: answered
          ? [
              {
                type: 'message',
                role: 'assistant',
                status: 'completed',
                content: [{ type: 'output_text', text: 'done' }],
              },
            ]
          : [
              {
                type: 'function_call',
                callId: 'call-1',
                name: 'Read',
                arguments: '{"file_path":"src/index.ts","limit":40}',
              },
            ],
      };
    },
    getStreamedResponse: () => {
      throw new Error('not streamed');
    },
  };
}
