import type { McpOAuthOptions, OAuthCredentialStoreV1 } from '@toolwright/mcp-client/oauth';
import type { ToolMode } from '@toolwright/registry';
import type { AgentConfig } from '../config/agent-config.js';
import { logsIn } from '../config/mcp-config.js';
import { mcpClientHandlers } from '../mcp/client-handlers.js';
import { type ConnectedMcpServers, connectMcpServers } from '../mcp/mcp-servers.js';
import type { SamplingPolicy } from '../mcp/sampling-approval.js';
import { processTerminal } from '../mcp/terminal.js';
import { type AgentSession, type AgentSessionOptions, createAgentSession } from '../session/agent-session.js';
import { openSharedStore } from '../session/shared-store.js';
import { terminalApprovalPrompt } from './approval-prompt.js';
import type { LineSink, Transcript } from './transcript.js';
import { settleWorkspaceTrust } from './workspace-trust.js';

/** Options every command shares. */
export interface GlobalOptions {
  workspace?: string;
  config?: string;
  mcpConfig?: string;
  session?: string;
  mode?: ToolMode;
  mcp?: boolean;
  /** `--trust-workspace`: use the workspace's own config for this run, without recording trust. */
  trustWorkspace?: boolean;
  /**
   * `--store redis://…`: the store a fleet shares for pending approvals, session artifacts and MCP
   * OAuth tokens (overrides the config's `store`).
   */
  store?: string;
}

/** A loaded config, a session and its connected servers. */
export interface CommandContext {
  readonly config: AgentConfig;
  readonly session: AgentSession;
  readonly servers: ConnectedMcpServers | undefined;
  close(): Promise<void>;
}

/**
 * Loads the user's config and the workspace's (`toolwright.config.json`, `.mcp.json`) under the
 * folder's trust (see `settleWorkspaceTrust`: an untrusted folder's files start nothing and
 * loosen nothing), creates the session and connects the MCP servers (reporting each phase
 * through the transcript). Config errors surface here, before anything is started.
 */
export async function openCommandContext(
  options: GlobalOptions,
  transcript: Transcript,
  /** Offered to MCP servers only by commands with a model (`run`); see mcpClientHandlers. */
  sampling: Omit<SamplingPolicy, 'terminal' | 'report'> | undefined,
  /**
   * Where the one line about an untrusted folder goes: the command's own (sanitised) stderr.
   * Required, so that no command can print around the sanitising sinks by leaving it out.
   */
  stderr: LineSink,
  /**
   * Who answers calls that ask (default: the terminal when stdin is one; otherwise each such call
   * is saved as a pending approval for `toolwright-agent approvals` and refused for now).
   */
  approve: AgentSessionOptions['approve'] = terminalApprovalPrompt() ?? 'defer',
  /** Added to the environment of the stdio MCP servers started (see `connectMcpServers`). */
  serverEnvironment: Readonly<Record<string, string>> = {},
): Promise<CommandContext> {
  const settings = await settleWorkspaceTrust(options, {
    stderr,
    terminal: processTerminal(),
    trustForRun: options.trustWorkspace === true,
  });
  const { workspaceRoot, config, servers } = settings;
  const storeUrl = options.store ?? config.store;
  // The OAuth key is asked for only where a server logs in: a fleet without one needs none.
  const shared =
    storeUrl === undefined ? undefined : await openSharedStore(storeUrl, { oauth: servers.some(logsIn) });
  try {
    const session = createAgentSession({
      workspaceRoot,
      mode: options.mode ?? (config.planMode === true ? 'plan' : 'default'),
      ...(options.session === undefined ? {} : { sessionId: options.session }),
      ...(config.permissions === undefined ? {} : { permissions: config.permissions }),
      // Only servers the user marked `"trust": true` (in their own files, or in a trusted
      // folder's) have their readOnlyHint believed: an untrusted folder's servers are not loaded.
      trustedMcpServers: servers.filter((server) => server.trust).map((server) => server.name),
      // The files this run was configured from and the trust store: a model must never widen its
      // own permissions, nor trust a folder for the user.
      protectedPaths: settings.protectedPaths,
      ...(config.spillThresholdBytes === undefined
        ? {}
        : { spillThresholdBytes: config.spillThresholdBytes }),
      ...(config.toolTimeoutMs === undefined ? {} : { toolTimeoutMs: config.toolTimeoutMs }),
      ...(config.toolTimeoutsMs === undefined ? {} : { toolTimeoutsMs: config.toolTimeoutsMs }),
      approve,
      ...(shared === undefined ? {} : { approvalStore: shared.approvals, artifactStore: shared.artifacts }),
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
      connected = await connectMcpServers(session, servers, report, {
        clientCapabilities,
        serverEnvironment,
        ...(shared?.oauth === undefined ? {} : { oauth: sharedOAuth(shared.oauth, options.store) }),
      });
    }
    return {
      config,
      session,
      servers: connected,
      close: async () => {
        await connected?.close();
        await shared?.close();
      },
    };
  } catch (error) {
    // Nothing is left open by a command that could not start: no socket keeps the process alive.
    await shared?.close();
    throw error;
  }
}

/**
 * The OAuth options of a run on a shared store: the fleet's tokens, and a `needs_auth` message
 * that tells the user to log in into that store (`--store` again when the run was given one; a
 * `store` in the config applies to `mcp login` by itself).
 */
function sharedOAuth(credentialStore: OAuthCredentialStoreV1, flag: string | undefined): McpOAuthOptions {
  return {
    credentialStore,
    ...(flag === undefined
      ? {}
      : {
          loginCommand: (server: string) =>
            `toolwright-agent mcp login ${server} --store <the same redis:// URL>`,
        }),
  };
}
