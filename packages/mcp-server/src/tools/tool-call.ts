import type { CallToolResult } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { ToolResults } from '@toolwright/contracts';
import { didYouMean } from '@toolwright/utils';
import { type CallFields, runWithCallFields } from '../session/call-fields.js';
import type { McpCallRunner } from './call-runner.js';
import { type ResultRendering, toCallToolResult } from './call-tool-result.js';
import type { ServedTools } from './served-tools.js';

/** What a `tools/call` needs from the server. */
export interface ToolCallEnvironment {
  readonly tools: ServedTools;
  readonly run: McpCallRunner;
  readonly rendering: ResultRendering;
}

/** One `tools/call` request. */
export interface ToolCallRequest {
  readonly id: string;
  readonly name: string;
  readonly arguments: unknown;
  readonly idempotencyKey: string;
  readonly signal: AbortSignal;
  readonly fields: CallFields;
}

/**
 * Answers `tools/call`. An unknown tool is a protocol error (`-32602`, naming the closest
 * tool); everything else is a result. The call runs through the executor's runner (the host's
 * executor, or the session's `ToolCallRunner`), so a validation failure comes back as an
 * `isError` result carrying toolwright's repairable message with its code, which the client's
 * model can fix the call from, and a refusal, a timeout or a tool's failure in the executor's
 * words. This function only translates the executed call into a `CallToolResult`.
 */
export async function callTool(
  request: ToolCallRequest,
  environment: ToolCallEnvironment,
): Promise<CallToolResult> {
  if (environment.tools.find(request.name) === undefined) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Unknown tool "${request.name}"${didYouMean(request.name, environment.tools.names())}`,
    );
  }
  const call = {
    id: request.id,
    name: request.name,
    arguments: request.arguments ?? {},
    idempotencyKey: request.idempotencyKey,
  };
  // The request's progress callback, MCP session and artifact store reach the tool through
  // context fields that read them here, whoever builds the context.
  const executed = await runWithCallFields(request.fields, () => environment.run(call, request.signal));
  if (executed === undefined) {
    return toCallToolResult(
      ToolResults.executionError('The executor returned no result for the call.'),
      environment.rendering,
    );
  }
  return toCallToolResult(executed.result, environment.rendering, executed.invocation?.coercions ?? []);
}
