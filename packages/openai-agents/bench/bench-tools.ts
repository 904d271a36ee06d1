import { type Model, type ModelRequest, tool, Usage } from '@openai/agents';
import type { PermissionChecker } from '@toolwright/executor';
import { z } from 'zod';
import { notesReadTool } from '../src/test-support/fixture-tools.js';

/**
 * The same Read tool twice: toolwright's (the tests' strict Read over an in-memory file, TypeBox)
 * and a native Agents JS tool with a Zod schema that answers the same.
 */
export const toolwrightRead = notesReadTool({ 'src/index.ts': 'export {};' }).tool;

export const nativeRead = tool({
  name: 'Read',
  description: 'Reads a UTF-8 text file.',
  parameters: z.object({
    file_path: z.string().min(1),
    limit: z.number().int().min(1).nullable(),
  }),
  execute: async (params) =>
    params.file_path === 'src/index.ts' ? 'export {};' : `No file ${params.file_path}`,
});

/**
 * The native tool asking a toolwright permission policy by hand before it reads: what the same
 * safety costs without the bridge (the call built into an invocation, the policy's decision on
 * its real path). The floor under the bridge's figure with a policy.
 */
export function nativeReadJudgedBy(permissions: PermissionChecker) {
  return tool({
    name: 'Read',
    description: 'Reads a UTF-8 text file.',
    parameters: z.object({
      file_path: z.string().min(1),
      limit: z.number().int().min(1).nullable(),
    }),
    execute: async (params) => {
      const invocation = toolwrightRead.build(params, { nullAsAbsent: true });
      const decision = await permissions.decide({ invocation, tool: toolwrightRead, mode: 'default' });
      if (decision.behavior !== 'allow') return `Refused: ${decision.reason}`;
      return params.file_path === 'src/index.ts' ? 'export {};' : `No file ${params.file_path}`;
    },
  });
}

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
