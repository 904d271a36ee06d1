import type { Tool, ToolResult } from '@toolwright/contracts';
import type { ServerConnection } from '@toolwright/mcp-client';
import type { ArtifactSinkV1 } from '@toolwright/spec';
import type { McpToolDefinition } from './catalog-screen.js';
import type { OutputRoutingOptions } from './content-routing.js';
import { McpAdapterError, McpAdapterErrorCode } from './errors.js';
import type { McpServerCatalog, McpServerStatus } from './mcp-adapter-results.js';
import type { TaskOwnership } from './task-ownership.js';
import type { McpTaskStatus } from './tool-call.js';

/**
 * What the helper tools (`createMcpContentTools`, `createMcpTaskTools`) need from an adapter.
 * Internal: these exist only for the helper tools, so they stay off `McpAdapter`'s public
 * surface, where a host could otherwise come to depend on them.
 */
export interface McpAdapterServices {
  /** Where binary parts and large text go. */
  readonly artifacts: ArtifactSinkV1;
  /** The routing options in force. */
  readonly routing: OutputRoutingOptions;
  /** Which session started which task. */
  readonly tasks: TaskOwnership;
  /** A configured server's connection; throws `unknown_server` otherwise. */
  connection(server: string): ServerConnection;
  /** A configured server's catalog; throws `unknown_server` otherwise. */
  catalog(server: string): McpServerCatalog;
  /** Every server's status. */
  servers(): McpServerStatus[];
  /** Runs `operation` against a configured server, turning any failure into an error result. */
  run(
    server: string,
    operation: (connection: ServerConnection) => Promise<ToolResult>,
    signal?: AbortSignal,
  ): Promise<ToolResult>;
  /** Runs `operation`, turning any failure into an error result (timeout, aborted, not found or execution). */
  guard(operation: () => Promise<ToolResult>, signal?: AbortSignal): Promise<ToolResult>;
  /** The MCP tool behind a registry name, or behind a server's real tool name. */
  findTool(server: string, name: string): { definition: McpToolDefinition; tool: Tool } | undefined;
  /** Remembers a resource subscription so that it is renewed after a reconnect. */
  trackSubscription(server: string, uri: string, subscribed: boolean): void;
  /** Reports a task's status to the registry's task queue. */
  reportTask(server: string, task: McpTaskStatus): void;
}

const servicesByAdapter = new WeakMap<object, McpAdapterServices>();

/** Binds an adapter to its services (called once, by its constructor). */
export function attachServices(adapter: object, services: McpAdapterServices): void {
  servicesByAdapter.set(adapter, services);
}

/**
 * The services of an adapter made by this copy of the package. Throws `invalid_option` for
 * anything else (an object that only looks like one, or an adapter of another installed copy).
 */
export function servicesOf(adapter: object): McpAdapterServices {
  const services = servicesByAdapter.get(adapter);
  if (services === undefined) {
    throw new McpAdapterError(
      McpAdapterErrorCode.InvalidOption,
      'the helper tools need an McpAdapter made by this copy of @toolwright/mcp-adapter (new McpAdapter(...)); got something else',
    );
  }
  return services;
}
