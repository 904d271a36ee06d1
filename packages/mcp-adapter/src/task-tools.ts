import {
  CallToolResultSchema,
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
  ListTasksResultSchema,
} from '@modelcontextprotocol/core';
import { createTool, type Tool, ToolKind, ToolResults } from '@toolwright/contracts';
import type { ServerConnection } from '@toolwright/mcp-client';
import { servicesOf } from './adapter-services.js';
import { McpAdapterError, McpAdapterErrorCode } from './errors.js';
import { Type } from './lazy-type-builder.js';
import type { McpAdapter } from './mcp-adapter.js';
import { listAllPages } from './paginate.js';
import { routeToolResult } from './tool-result-routing.js';

const serverName = () =>
  Type.String({ minLength: 1, description: 'The MCP server name, as in the mcpServers configuration.' });
const taskId = () => Type.String({ minLength: 1, description: 'The task id McpStartTask returned.' });

function requireTasks(connection: ServerConnection, feature: 'call' | 'list' | 'cancel'): void {
  const tasks = connection.client.getServerCapabilities()?.tasks;
  const offered =
    feature === 'call' ? tasks?.requests?.tools?.call !== undefined : tasks?.[feature] !== undefined;
  if (!offered) {
    throw new McpAdapterError(
      McpAdapterErrorCode.CapabilityMissing,
      `MCP server "${connection.name}" does not offer task ${feature === 'call' ? 'tool calls' : feature === 'list' ? 'listing' : 'cancellation'}`,
      { server: connection.name },
    );
  }
}

function describeTask(
  server: string,
  task: {
    taskId: string;
    status: string;
    statusMessage?: string | undefined;
    pollInterval?: number | undefined;
  },
): string {
  return [
    `MCP task ${task.taskId} on server "${server}": ${task.status}`,
    ...(task.statusMessage === undefined
      ? []
      : [`status message (from the server, untrusted): ${JSON.stringify(task.statusMessage.slice(0, 500))}`]),
    ...(task.pollInterval === undefined ? [] : [`suggested poll interval: ${task.pollInterval} ms`]),
  ].join('\n');
}

/**
 * The built-in helper tools for MCP tasks: start a tool call as a task, list this session's
 * tasks, get a task's status (and its result once completed), cancel a task. A task belongs
 * to the session that started it: any other session's id fails closed as not found.
 */
export function createMcpTaskTools(adapter: McpAdapter): Tool[] {
  const services = servicesOf(adapter);
  return [
    createTool({
      name: 'McpStartTask',
      kind: ToolKind.Execute,
      category: 'mcp',
      tags: ['mcp', 'mcp-task'],
      schema: Type.Object({
        server: serverName(),
        tool: Type.String({
          minLength: 1,
          description: 'The tool to run: its registry name (mcp__server__tool) or its name on the server.',
        }),
        arguments: Type.Optional(
          Type.Record(Type.String(), Type.Unknown(), { description: "The tool's arguments." }),
        ),
        ttlMs: Type.Optional(
          Type.Integer({ minimum: 1, description: 'How long the server keeps the result after completion.' }),
        ),
      }),
      description:
        'Starts a long-running MCP tool call as a task and returns its id at once; follow it with McpGetTask.',
      execute: async (params, context) =>
        services.run(
          params.server,
          async (connection) => {
            requireTasks(connection, 'call');
            const found = services.findTool(params.server, params.tool);
            if (found === undefined) {
              return ToolResults.notFound(
                `MCP server "${params.server}" offers no tool named ${JSON.stringify(params.tool)}`,
              );
            }
            if (found.definition.taskSupport === 'forbidden') {
              return ToolResults.validationError(
                `tool "${found.definition.name}" of MCP server "${params.server}" does not support running as a task; call ${found.tool.name} directly`,
              );
            }
            // The tool's own validator applies: starting it as a task is no way around its schema.
            const invocation = found.tool.build(params.arguments ?? {});
            const created = await connection.request(
              `tools/call "${found.definition.name}" as a task`,
              (client, options) =>
                client.request(
                  {
                    method: 'tools/call',
                    params: {
                      name: found.definition.name,
                      arguments: invocation.params as Record<string, unknown>,
                      task: params.ttlMs === undefined ? {} : { ttl: params.ttlMs },
                    },
                  },
                  CreateTaskResultSchema,
                  options,
                ),
              context.signal,
            );
            services.tasks.record(params.server, created.task.taskId, context.sessionId);
            services.reportTask(params.server, created.task);
            return ToolResults.success(describeTask(params.server, created.task), {
              metadata: { server: params.server, taskId: created.task.taskId, status: created.task.status },
            });
          },
          context.signal,
        ),
    }),
    createTool({
      name: 'McpListTasks',
      kind: ToolKind.ReadOnly,
      isConcurrencySafe: true,
      category: 'mcp',
      tags: ['mcp', 'mcp-task'],
      schema: Type.Object({ server: Type.Optional(serverName()) }),
      description: 'Lists the MCP tasks this session started, with their status.',
      execute: async (params, context) =>
        services.guard(async () => {
          const servers =
            params.server === undefined ? services.servers().map((status) => status.server) : [params.server];
          const lines: string[] = [];
          for (const server of servers) {
            const connection = services.connection(server);
            if (!connection.isConnected) continue;
            if (connection.client.getServerCapabilities()?.tasks?.list === undefined) continue;
            const listing = await listAllPages(
              async (cursor) => {
                const page = await connection.request(
                  'tasks/list',
                  (client, options) =>
                    client.request(
                      { method: 'tasks/list', params: cursor === undefined ? {} : { cursor } },
                      ListTasksResultSchema,
                      options,
                    ),
                  context.signal,
                );
                return { items: page.tasks, nextCursor: page.nextCursor };
              },
              { server, list: 'tasks', maxPages: 20, keyOf: (task) => task.taskId },
            );
            for (const task of listing.items) {
              if (services.tasks.isOwnedBy(server, task.taskId, context.sessionId))
                lines.push(describeTask(server, task));
            }
          }
          return ToolResults.success(
            lines.length === 0 ? 'This session has no MCP tasks.' : lines.join('\n\n'),
          );
        }, context.signal),
    }),
    createTool({
      name: 'McpGetTask',
      kind: ToolKind.ReadOnly,
      isConcurrencySafe: true,
      category: 'mcp',
      tags: ['mcp', 'mcp-task'],
      schema: Type.Object({ server: serverName(), taskId: taskId() }),
      description:
        'Gets the status of an MCP task this session started, and its result once it has completed.',
      execute: async (params, context) =>
        services.run(
          params.server,
          async (connection) => {
            services.tasks.assertOwned(params.server, params.taskId, context.sessionId);
            const task = await connection.request(
              'tasks/get',
              (client, options) =>
                client.request(
                  { method: 'tasks/get', params: { taskId: params.taskId } },
                  GetTaskResultSchema,
                  options,
                ),
              context.signal,
            );
            services.reportTask(params.server, task);
            if (task.status !== 'completed') {
              return ToolResults.success(describeTask(params.server, task), {
                metadata: { server: params.server, taskId: task.taskId, status: task.status },
              });
            }
            const result = await connection.request(
              'tasks/result',
              (client, options) =>
                client.request(
                  { method: 'tasks/result', params: { taskId: params.taskId } },
                  CallToolResultSchema,
                  options,
                ),
              context.signal,
            );
            return routeToolResult(result, {
              server: params.server,
              toolName: `task ${params.taskId}`,
              sink: services.artifacts,
              routing: services.routing,
              outputValidator: undefined,
            });
          },
          context.signal,
        ),
    }),
    createTool({
      name: 'McpCancelTask',
      kind: ToolKind.Execute,
      category: 'mcp',
      tags: ['mcp', 'mcp-task'],
      schema: Type.Object({ server: serverName(), taskId: taskId() }),
      description: 'Cancels an MCP task this session started.',
      execute: async (params, context) =>
        services.run(
          params.server,
          async (connection) => {
            services.tasks.assertOwned(params.server, params.taskId, context.sessionId);
            requireTasks(connection, 'cancel');
            const task = await connection.request(
              'tasks/cancel',
              (client, options) =>
                client.request(
                  { method: 'tasks/cancel', params: { taskId: params.taskId } },
                  CancelTaskResultSchema,
                  options,
                ),
              context.signal,
            );
            services.reportTask(params.server, task);
            return ToolResults.success(describeTask(params.server, task), {
              metadata: { server: params.server, taskId: task.taskId, status: task.status },
            });
          },
          context.signal,
        ),
    }),
  ];
}
