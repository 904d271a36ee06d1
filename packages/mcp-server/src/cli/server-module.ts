import type { ToolRegistry } from '@toolwright/registry';
import type { McpHttpOptions } from '../http/http-options.js';
import type { ToolwrightMcpServerOptions } from '../server-options.js';

/**
 * What a config module for the `toolwright-mcp-server` bin exports, as `default` or as a named
 * `createServer`: a `ToolRegistry`; or the server's options (`registry` and anything else
 * `ToolwrightMcpServer` takes) plus, optionally, `http` hooks; or a function, sync or async,
 * returning either.
 *
 * @example
 * ```js
 * // registry.mjs
 * export default async function createServer() {
 *   const registry = new ToolRegistry();
 *   registry.register(myTool);
 *   return { registry, instructions: 'Tools for the notes folder.' };
 * }
 * ```
 */
export type McpServerModuleExport =
  | ToolRegistry
  | McpServerDefinition
  | (() => ToolRegistry | McpServerDefinition | Promise<ToolRegistry | McpServerDefinition>);

/**
 * The server's options, with the HTTP settings a module may fix (its bearer-token hook, its host
 * names and origins, its limits).
 */
export interface McpServerDefinition extends ToolwrightMcpServerOptions {
  http?: Pick<
    McpHttpOptions,
    | 'authorize'
    | 'allowedHosts'
    | 'allowedOrigins'
    | 'allowedOriginPorts'
    | 'path'
    | 'maxSessions'
    | 'maxSessionsPerClient'
    | 'sessionIdleTimeoutMs'
    | 'maxEventsPerSession'
    | 'maxEventBytesPerSession'
    | 'maxEventBytesTotal'
  >;
}
