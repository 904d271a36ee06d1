import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ExecutionContext, ToolResult } from '@toolwright/contracts';
import { ToolResults } from '@toolwright/contracts';
import type { McpToolDefinition } from './catalog-screen.js';
import type { ServerConnection } from './server-connection.js';
import { routeToolResult, type ToolResultRoutingContext } from './tool-result-routing.js';

/** A task's identity and status as servers report it. */
export interface McpTaskStatus {
  readonly taskId: string;
  readonly status: string;
  readonly statusMessage?: string | undefined;
}

/** What a tool call needs besides the connection: where results go and whom to tell about tasks. */
export interface ToolCallHooks {
  routing(definition: McpToolDefinition): ToolResultRoutingContext;
  /** A task-required tool's call created a task for `sessionId`. */
  onTaskCreated(server: string, task: McpTaskStatus, sessionId: string): void;
  onTaskStatus(server: string, task: McpTaskStatus): void;
}

function progressForwarder(definition: McpToolDefinition, context: ExecutionContext) {
  const onProgress = context.onProgress;
  if (onProgress === undefined) return undefined;
  return {
    // Progress proves the server is alive: a long call that reports progress does not time out.
    resetTimeoutOnProgress: true,
    onprogress: (progress: Progress) =>
      onProgress({
        message:
          progress.message ??
          `${definition.name}: ${progress.progress}${progress.total === undefined ? '' : `/${progress.total}`}`,
        progress: progress.progress,
        ...(progress.total === undefined ? {} : { total: progress.total }),
      }),
  };
}

/**
 * Calls an MCP tool under its real name with the server's timeout, the caller's abort signal
 * and progress forwarding, and routes the result. A tool whose server requires task execution
 * runs as a task (created, polled, its result fetched) on the caller's behalf. SDK failures
 * are thrown as `McpAdapterError`s; the caller turns them into results.
 */
export function callMcpTool(
  connection: ServerConnection,
  definition: McpToolDefinition,
  params: Record<string, unknown>,
  context: ExecutionContext,
  hooks: ToolCallHooks,
): Promise<ToolResult> {
  if (definition.taskSupport === 'required')
    return callAsTask(connection, definition, params, context, hooks);
  // The SDK's own callTool would validate structuredContent even on error results, and with
  // validators compiled when listing; the adapter validates itself (see routeToolResult).
  return connection
    .request(
      `tools/call "${definition.name}"`,
      (client, options) => {
        const progress = progressForwarder(definition, context);
        return client.request(
          { method: 'tools/call', params: { name: definition.name, arguments: params } },
          CallToolResultSchema,
          progress === undefined ? options : { ...options, ...progress },
        );
      },
      context.signal,
    )
    .then((raw) => routeToolResult(raw, hooks.routing(definition)));
}

async function callAsTask(
  connection: ServerConnection,
  definition: McpToolDefinition,
  params: Record<string, unknown>,
  context: ExecutionContext,
  hooks: ToolCallHooks,
): Promise<ToolResult> {
  const stream = connection.client.experimental.tasks.callToolStream(
    { name: definition.name, arguments: params },
    CallToolResultSchema,
    { task: {}, timeout: connection.requestTimeoutMs, signal: context.signal },
  );
  for await (const message of stream) {
    if (message.type === 'taskCreated')
      hooks.onTaskCreated(definition.server, message.task, context.sessionId);
    else if (message.type === 'taskStatus') hooks.onTaskStatus(definition.server, message.task);
    else if (message.type === 'result') return routeToolResult(message.result, hooks.routing(definition));
    else if (message.type === 'error') throw message.error;
  }
  return ToolResults.executionError(
    `MCP server "${definition.server}" ended the task-based call of "${definition.name}" without a result`,
  );
}
