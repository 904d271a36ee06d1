import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { type McpServerConfig, parseMcpServersConfig } from '@toolwright/mcp-client';
import { ToolwrightError } from '@toolwright/validation';
import { AgentError, AgentErrorCode } from '../errors.js';
import { readJsonFile } from './agent-config.js';

/** The default MCP servers file, in the common `{ "mcpServers": { ... } }` format. */
export const MCP_CONFIG_FILE_NAME = '.mcp.json';

/**
 * Reads the `mcpServers` file; absent means no servers. Errors name the file and pass on the
 * adapter's message, which names the server and the key.
 */
export function loadMcpConfig(workspaceRoot: string, fileName = MCP_CONFIG_FILE_NAME): McpServerConfig[] {
  const path = resolve(workspaceRoot, fileName);
  if (!existsSync(path)) return [];
  const document = readJsonFile(path);
  try {
    return parseMcpServersConfig(document);
  } catch (error) {
    if (!ToolwrightError.isInstance(error)) throw error;
    throw new AgentError(AgentErrorCode.ConfigInvalid, `Invalid MCP config in ${path}: ${error.message}`, {
      cause: error,
    });
  }
}

/** Whether `server` logs in with OAuth (an HTTP server with an `oauth` config). */
export function logsIn(server: McpServerConfig): boolean {
  return server.transport === 'streamable-http' && server.oauth !== undefined;
}
