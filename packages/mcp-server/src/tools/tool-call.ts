import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import {
  type Coercion,
  type ExecutionContext,
  type Tool,
  type ToolInvocation,
  type ToolResult,
  ToolResults,
  ToolValidationError,
} from '@toolwright/contracts';
import { didYouMean } from '@toolwright/utils';
import { type CallFields, runWithCallFields } from '../session/call-fields.js';
import { ARTIFACTS_CONTEXT_FIELD, MCP_SESSION_CONTEXT_FIELD } from '../session/mcp-session-context.js';
import type { McpCallExecutor } from './call-executor.js';
import { type ResultRendering, toCallToolResult } from './call-tool-result.js';
import type { ServedTools } from './served-tools.js';

/** What a `tools/call` needs from the server. */
export interface ToolCallEnvironment {
  readonly tools: ServedTools;
  readonly executor: McpCallExecutor | undefined;
  readonly contextFields: Readonly<Record<string, unknown>>;
  readonly workspaceRoot: string;
  readonly rendering: ResultRendering;
}

/** One `tools/call` request. */
export interface ToolCallRequest {
  readonly id: string;
  readonly name: string;
  readonly arguments: unknown;
  readonly signal: AbortSignal;
  readonly sessionId: string;
  readonly fields: CallFields;
}

/**
 * Answers `tools/call`. An unknown tool is a protocol error (`-32602`, naming the closest
 * tool); everything else is a result. Arguments go through the tool's `build()` — the same
 * validation and safe coercion as inside an agent — and a rejection comes back as an
 * `isError` result carrying toolwright's repairable message, so the client's model can fix the
 * call. A tool that throws is an `isError` result with the error's message.
 */
export async function callTool(
  request: ToolCallRequest,
  environment: ToolCallEnvironment,
): Promise<CallToolResult> {
  const tool = environment.tools.find(request.name);
  if (tool === undefined) {
    throw new McpError(
      ErrorCode.InvalidParams,
      `Unknown tool "${request.name}"${didYouMean(request.name, environment.tools.names())}`,
    );
  }
  const args = request.arguments ?? {};
  const { result, coercions } =
    environment.executor === undefined
      ? await runDirectly(tool, request, args, environment)
      : await runThroughExecutor(environment.executor, request, args);
  return toCallToolResult(result, environment.rendering, coercions);
}

interface Outcome {
  readonly result: ToolResult;
  readonly coercions: readonly Coercion[];
}

async function runDirectly(
  tool: Tool,
  request: ToolCallRequest,
  args: unknown,
  environment: ToolCallEnvironment,
): Promise<Outcome> {
  let invocation: ToolInvocation;
  try {
    invocation = tool.build(args);
  } catch (error) {
    if (ToolValidationError.isInstance(error))
      return { result: ToolResults.validationError(error.message), coercions: [] };
    throw error;
  }
  const context: ExecutionContext = {
    ...(request.fields.artifacts === undefined
      ? {}
      : { [ARTIFACTS_CONTEXT_FIELD]: request.fields.artifacts }),
    ...environment.contextFields,
    ...(request.fields.onProgress === undefined ? {} : { onProgress: request.fields.onProgress }),
    [MCP_SESSION_CONTEXT_FIELD]: request.fields.mcpSession,
    signal: request.signal,
    sessionId: request.sessionId,
    workspaceRoot: environment.workspaceRoot,
  };
  try {
    return { result: await invocation.execute(context), coercions: invocation.coercions };
  } catch (error) {
    return { result: ToolResults.executionError(messageOf(error)), coercions: invocation.coercions };
  }
}

async function runThroughExecutor(
  executor: McpCallExecutor,
  request: ToolCallRequest,
  args: unknown,
): Promise<Outcome> {
  const [executed] = await runWithCallFields(request.fields, () =>
    executor.executeBatch([{ id: request.id, name: request.name, arguments: args }], {
      signal: request.signal,
    }),
  );
  if (executed === undefined) {
    return {
      result: ToolResults.executionError('The executor returned no result for the call.'),
      coercions: [],
    };
  }
  return { result: executed.result, coercions: executed.invocation?.coercions ?? [] };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
