import { resolve } from 'node:path';
import type { ToolMode } from '@toolwright/registry';
import { type AgentConfig, loadAgentConfig } from '../config/agent-config.js';
import { loadMcpConfig, MCP_CONFIG_FILE_NAME } from '../config/mcp-config.js';
import { mcpClientHandlers } from '../mcp/client-handlers.js';
import { type ConnectedMcpServers, connectMcpServers } from '../mcp/mcp-servers.js';
import type { SamplingPolicy } from '../mcp/sampling-approval.js';
import { processTerminal } from '../mcp/terminal.js';
import { type AgentSession, createAgentSession } from '../session/agent-session.js';
import { terminalApprovalHandler } from './approval-prompt.js';
import { resolveCommandPaths, resolveMcpConfigFile } from './command-paths.js';
import type { Transcript } from './transcript.js';

/** Options every command shares. */
export interface GlobalOptions {
  workspace?: string;
  config?: string;
  mcpConfig?: string;
  session?: string;
  mode?: ToolMode;
  mcp?: boolean;
}

/** A loaded config, a session and its connected servers. */
export interface CommandContext {
  readonly config: AgentConfig;
  readonly session: AgentSession;
  readonly servers: ConnectedMcpServers | undefined;
  close(): Promise<void>;
}

/**
 * Loads `toolwright.config.json` and `.mcp.json` from the workspace, creates the session and
 * connects the MCP servers (reporting each phase through the transcript). Config errors surface
 * here, before anything is started.
 */
export async function openCommandContext(
  options: GlobalOptions,
  transcript: Transcript,
  /** Offered to MCP servers only by commands with a model (`run`); see mcpClientHandlers. */
  sampling?: Omit<SamplingPolicy, 'terminal' | 'report'>,
): Promise<CommandContext> {
  const paths = resolveCommandPaths(options);
  const { workspaceRoot } = paths;
  const config = loadAgentConfig(workspaceRoot, paths.configFile);
  const mcpConfigFile =
    options.mcp === false
      ? undefined
      : resolveMcpConfigFile(options, config, paths.configFile, workspaceRoot);
  const servers = mcpConfigFile === undefined ? [] : loadMcpConfig(workspaceRoot, mcpConfigFile);
  const approve = terminalApprovalHandler();
  const session = createAgentSession({
    workspaceRoot,
    mode: options.mode ?? (config.planMode === true ? 'plan' : 'default'),
    ...(options.session === undefined ? {} : { sessionId: options.session }),
    ...(config.permissions === undefined ? {} : { permissions: config.permissions }),
    // Only servers the user marked `"trust": true` have their readOnlyHint believed.
    trustedMcpServers: servers.filter((server) => server.trust).map((server) => server.name),
    // The files this run was configured from: a model must never widen its own permissions.
    protectedPaths: [
      paths.configFile,
      mcpConfigFile ?? resolve(workspaceRoot, config.mcpConfig ?? MCP_CONFIG_FILE_NAME),
    ],
    ...(config.spillThresholdBytes === undefined ? {} : { spillThresholdBytes: config.spillThresholdBytes }),
    ...(config.toolTimeoutMs === undefined ? {} : { toolTimeoutMs: config.toolTimeoutMs }),
    ...(config.toolTimeoutsMs === undefined ? {} : { toolTimeoutsMs: config.toolTimeoutsMs }),
    ...(approve === undefined ? {} : { approve }),
    onExecutorEvent: (event) => transcript.executorEvent(event),
  });
  let connected: ConnectedMcpServers | undefined;
  if (servers.length > 0) {
    transcript.info(`connecting ${servers.length} MCP server${servers.length === 1 ? '' : 's'}…`);
    const report = (message: string) => transcript.info(`  ${message}`);
    const clientCapabilities = mcpClientHandlers({
      workspaceRoot,
      terminal: processTerminal(),
      ...(sampling === undefined ? {} : { sampling }),
      report,
    });
    connected = await connectMcpServers(session, servers, report, { clientCapabilities });
  }
  return {
    config,
    session,
    servers: connected,
    close: async () => {
      await connected?.close();
    },
  };
}
