import { setTimeout as wait } from 'node:timers/promises';
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
} from '@modelcontextprotocol/core';
import type { ToolResult } from '@toolwright/contracts';
import { ToolResults } from '@toolwright/contracts';
import type { ServerConnection } from '@toolwright/mcp-client';
import type { McpToolDefinition } from './catalog-screen.js';
import type { McpTaskStatus } from './tool-call.js';
import { routeToolResult, type ToolResultRoutingContext } from './tool-result-routing.js';

/** What a task-based call reports while it runs. */
export interface TaskCallHooks {
  readonly routing: ToolResultRoutingContext;
  onTaskCreated(task: McpTaskStatus): void;
  onTaskStatus(task: McpTaskStatus): void;
}

/** Statuses after which a task never changes again. */
const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/** Bounds on the server's suggested poll interval: never a busy loop, never a stall. */
const MIN_POLL_MS = 50;
const MAX_POLL_MS = 5_000;
const DEFAULT_POLL_MS = 500;

function pollInterval(suggested: number | undefined): number {
  if (suggested === undefined || !Number.isFinite(suggested)) return DEFAULT_POLL_MS;
  return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, suggested));
}

/**
 * Runs a tool whose server requires task execution (2025-11-25 tasks) on the caller's behalf:
 * creates the task, polls `tasks/get` at the server's suggested interval (bounded) until the task
 * ends, then fetches its result with `tasks/result`. Each poll is one request under the server's
 * timeout, so a task may run longer than any one request may; the caller's signal ends the wait.
 */
export async function callAsTask(
  connection: ServerConnection,
  definition: McpToolDefinition,
  params: Record<string, unknown>,
  meta: Record<string, string> | undefined,
  signal: AbortSignal,
  hooks: TaskCallHooks,
): Promise<ToolResult> {
  const created = await connection.request(
    `tools/call "${definition.name}" as a task`,
    (client, options) =>
      client.request(
        {
          method: 'tools/call',
          params: {
            name: definition.name,
            arguments: params,
            task: {},
            ...(meta === undefined ? {} : { _meta: meta }),
          },
        },
        CreateTaskResultSchema,
        options,
      ),
    signal,
  );
  let task: McpTaskStatus & { pollInterval?: number | undefined } = created.task;
  hooks.onTaskCreated(task);
  while (!TERMINAL.has(task.status)) {
    await wait(pollInterval(task.pollInterval), undefined, { signal });
    const polled = await connection.request(
      `tasks/get "${task.taskId}"`,
      (client, options) =>
        client.request(
          { method: 'tasks/get', params: { taskId: task.taskId } },
          GetTaskResultSchema,
          options,
        ),
      signal,
    );
    if (polled.status !== task.status || polled.statusMessage !== task.statusMessage)
      hooks.onTaskStatus(polled);
    task = polled;
  }
  if (task.status !== 'completed') {
    return ToolResults.executionError(
      `MCP server "${definition.server}" reports the task of "${definition.name}" ${task.status}` +
        (task.statusMessage === undefined
          ? ''
          : `; status message (from the server, untrusted): ${JSON.stringify(task.statusMessage.slice(0, 500))}`),
    );
  }
  const result = await connection.request(
    `tasks/result "${task.taskId}"`,
    (client, options) =>
      client.request(
        { method: 'tasks/result', params: { taskId: task.taskId } },
        CallToolResultSchema,
        options,
      ),
    signal,
  );
  return routeToolResult(result, hooks.routing);
}
