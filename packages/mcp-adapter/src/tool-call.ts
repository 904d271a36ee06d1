import type { Progress, Tool } from '@modelcontextprotocol/client';
import type { ExecutionContext, ToolResult } from '@toolwright/contracts';
import type { RequestDeadline, ServerConnection } from '@toolwright/mcp-client';
import { failureResult } from './call-failure.js';
import { callMeta } from './call-meta.js';
import type { McpToolDefinition } from './catalog-screen.js';
import { callAsTask } from './task-call.js';
import { stripControlCharacters } from './text-sanitising.js';
import { routeToolResult, type ToolResultRoutingContext } from './tool-result-routing.js';

/** A task's identity and status as servers report it. */
export interface McpTaskStatus {
  readonly taskId: string;
  readonly status: string;
  readonly statusMessage?: string | undefined;
}

/** What one tool's calls share, built once per tool definition (a call is a hot path). */
export interface ToolCallPlan {
  /** Where its results go and how they are checked. */
  readonly routing: ToolResultRoutingContext;
  /** How errors name the request: `tools/call "<real name>"`. */
  readonly operation: string;
}

/** What a tool call needs besides the connection: where results go and whom to tell about tasks. */
export interface ToolCallHooks {
  plan(definition: McpToolDefinition): ToolCallPlan;
  /** A task-required tool's call created a task for `sessionId`. */
  onTaskCreated(server: string, task: McpTaskStatus, sessionId: string): void;
  onTaskStatus(server: string, task: McpTaskStatus): void;
}

/** Longest progress message passed on: a status line, not a channel for a server's output. */
const MAX_PROGRESS_MESSAGE_LENGTH = 500;

/** A server's progress message as a host may show it: one line, no control characters, bounded. */
function progressMessage(message: string): string {
  const line = stripControlCharacters(message).replace(/\s+/g, ' ').trim();
  return line.length > MAX_PROGRESS_MESSAGE_LENGTH ? `${line.slice(0, MAX_PROGRESS_MESSAGE_LENGTH)}…` : line;
}

/** Passes progress on to the host; progress also proves the server alive (see RequestDeadline.extend). */
function progressForwarder(
  definition: McpToolDefinition,
  onProgress: NonNullable<ExecutionContext['onProgress']>,
  deadline: RequestDeadline,
) {
  return (progress: Progress) => {
    // A long call that reports progress does not time out, up to the total cap, which no progress extends.
    deadline.extend();
    onProgress({
      message:
        progress.message === undefined
          ? `${definition.name}: ${progress.progress}${progress.total === undefined ? '' : `/${progress.total}`}`
          : progressMessage(progress.message),
      progress: progress.progress,
      ...(progress.total === undefined ? {} : { total: progress.total }),
    });
  };
}

/** One SDK view per listed definition (a call is a hot path). */
const sdkDefinitions = new WeakMap<McpToolDefinition, Tool>();

/**
 * The definition the SDK's `callTool` reads for the 2026-07-28 `Mcp-Param-*` headers (the input
 * schema's `x-mcp-header` declarations, SEP-2243) — without its output schema: the adapter checks
 * structuredContent itself and keeps the content with a note when it is missing (see
 * routeToolResult), where the SDK's own check would throw the result away.
 */
function sdkToolDefinitionOf(definition: McpToolDefinition): Tool {
  let tool = sdkDefinitions.get(definition);
  if (tool === undefined) {
    tool = { name: definition.name, inputSchema: definition.inputSchema as Tool['inputSchema'] };
    sdkDefinitions.set(definition, tool);
  }
  return tool;
}

/**
 * Calls an MCP tool under its real name with the server's timeout, the caller's abort signal,
 * progress forwarding and the call's idempotency key in `_meta`, and routes the result. A tool whose server requires task execution
 * runs as a task (created, polled, its result fetched) on the caller's behalf. Failures come
 * back as error results (see {@link failureResult}), never as rejections.
 */
export function callMcpTool(
  connection: ServerConnection,
  definition: McpToolDefinition,
  params: Record<string, unknown>,
  context: ExecutionContext,
  hooks: ToolCallHooks,
): Promise<ToolResult> {
  const signal = context.signal;
  const fail = (error: unknown) => failureResult(error, signal);
  const meta = callMeta(context, params);
  if (definition.taskSupport === 'required')
    return callAsTask(connection, definition, params, meta, signal, {
      routing: hooks.plan(definition).routing,
      onTaskCreated: (task) => hooks.onTaskCreated(definition.server, task, context.sessionId),
      onTaskStatus: (task) => hooks.onTaskStatus(definition.server, task),
    }).then(undefined, fail);
  const plan = hooks.plan(definition);
  const onProgress = context.onProgress;
  return connection
    .request(
      plan.operation,
      (client, options, deadline) =>
        client.callTool(
          // The SDK adds its progressToken to this `_meta`, beside the key.
          { name: definition.name, arguments: params, ...(meta === undefined ? {} : { _meta: meta }) },
          {
            ...options,
            ...(onProgress === undefined
              ? {}
              : { onprogress: progressForwarder(definition, onProgress, deadline) }),
            toolDefinition: sdkToolDefinitionOf(definition),
          },
        ),
      signal,
    )
    .then((raw) => {
      // One step for the answer: routed synchronously for plain text, and any failure while
      // routing (synchronous or not) becomes an error result like a failed request.
      let routed: ToolResult | Promise<ToolResult>;
      try {
        routed = routeToolResult(raw, plan.routing);
      } catch (error) {
        return fail(error);
      }
      return routed instanceof Promise ? routed.then(undefined, fail) : routed;
    }, fail);
}
