import { homedir } from 'node:os';
import { join } from 'node:path';
import type { McpServerConfig } from '@toolwright/mcp-client';
import { AgentError, AgentErrorCode } from '../errors.js';
import { type AgentConfig, loadAgentConfig } from './agent-config.js';
import { loadMcpConfig } from './mcp-config.js';

/** The user's own config file, in {@link userConfigDirectory}: the same keys as `toolwright.config.json`. */
export const USER_CONFIG_FILE_NAME = 'config.json';
/** The user's own MCP servers file, in {@link userConfigDirectory}: the `.mcp.json` format. */
export const USER_MCP_CONFIG_FILE_NAME = 'mcp.json';

/** `$XDG_CONFIG_HOME/toolwright`, or `~/.config/toolwright`: where the user's own config lives. */
export function userConfigDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME !== '' ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(base, 'toolwright');
}

/** The user-level config: written by the user outside any workspace, so trusted as it is. */
export interface UserConfig {
  readonly configFile: string;
  readonly mcpConfigFile: string;
  readonly config: AgentConfig;
  readonly servers: readonly McpServerConfig[];
}

/**
 * Reads the user's `config.json` and `mcp.json` (each may be absent). `mcpConfig` is refused
 * there: the user's servers file is always `mcp.json` beside it, and `mcpConfig` names a file of
 * a workspace.
 */
export function loadUserConfig(options: { mcp: boolean }, env: NodeJS.ProcessEnv = process.env): UserConfig {
  const directory = userConfigDirectory(env);
  const configFile = join(directory, USER_CONFIG_FILE_NAME);
  const mcpConfigFile = join(directory, USER_MCP_CONFIG_FILE_NAME);
  const config = loadAgentConfig(directory, USER_CONFIG_FILE_NAME);
  if (config.mcpConfig !== undefined) {
    throw new AgentError(
      AgentErrorCode.ConfigInvalid,
      `Invalid config in ${configFile}: key /mcpConfig is for a workspace's toolwright.config.json; the user's MCP servers are read from ${mcpConfigFile}.`,
    );
  }
  const servers = options.mcp ? loadMcpConfig(directory, USER_MCP_CONFIG_FILE_NAME) : [];
  return { configFile, mcpConfigFile, config, servers };
}
