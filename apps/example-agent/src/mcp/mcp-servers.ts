import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Tool } from '@toolwright/contracts';
import {
  createMcpContentTools,
  createMcpTaskTools,
  McpAdapter,
  type McpServerStatus,
} from '@toolwright/mcp-adapter';
import {
  type McpClientCapabilities,
  type McpServerConfig,
  parseMcpServersConfig,
} from '@toolwright/mcp-client';
import type { McpOAuthOptions } from '@toolwright/mcp-client/oauth';
import { printableLine } from '../cli/printable.js';
import { demoMcpServerModule } from '../demo/app-paths.js';
import { AgentError, AgentErrorCode } from '../errors.js';
import type { AgentSession } from '../session/agent-session.js';

/** Progress of the MCP connections, for the transcript. */
export type McpProgress = (message: string) => void;

/** The connected servers of a session. */
export interface ConnectedMcpServers {
  readonly adapter: McpAdapter;
  readonly failed: ReadonlyArray<{ server: string; reason: string }>;
  /** Name, phase, tool count and last error of each server. */
  statuses(): McpServerStatus[];
  /** Closes every connection and ends every child process it started. */
  close(): Promise<void>;
}

/**
 * Connects the session's MCP servers (in parallel, each with a timeout) and applies their tools
 * to the session registry — deferred, so the model sees them by name until ToolSearch loads
 * them. Tool output goes through the session's artifact store. A server that fails is reported,
 * and the others keep working. With at least one server configured, the adapter's helper tools
 * are registered too: resources and prompts (McpListResources, McpReadResource, McpGetPrompt, …)
 * and tasks (McpStartTask, McpGetTask, …); they act on whichever servers are connected when
 * called, and are removed again by `close()`.
 */
export async function connectMcpServers(
  session: AgentSession,
  servers: readonly McpServerConfig[],
  progress: McpProgress = () => undefined,
  options: {
    connectTimeoutMs?: number;
    clientCapabilities?: McpClientCapabilities;
    /** Where OAuth tokens are kept (a fleet's `credentialStore`); default the local token files. */
    oauth?: McpOAuthOptions;
    /**
     * Variables added to the environment of every stdio server started here (the OTLP endpoint
     * for its spans, with `--otel` or `--trace`); a server's own `env` entries win.
     */
    serverEnvironment?: Readonly<Record<string, string>>;
  } = {},
): Promise<ConnectedMcpServers> {
  const extra = options.serverEnvironment ?? {};
  const adapter = new McpAdapter({
    registry: session.registry,
    servers:
      Object.keys(extra).length === 0
        ? servers
        : servers.map((server) =>
            server.transport === 'stdio' ? { ...server, env: { ...extra, ...server.env } } : server,
          ),
    artifacts: session.artifacts,
    connectTimeoutMs: options.connectTimeoutMs ?? 20_000,
    // Roots, elicitation and sampling (see mcpClientHandlers); none are offered when left out.
    ...(options.clientCapabilities === undefined ? {} : { clientCapabilities: options.clientCapabilities }),
    ...(options.oauth === undefined ? {} : { oauth: options.oauth }),
  });
  let result: Awaited<ReturnType<McpAdapter['connect']>>;
  try {
    result = await adapter.connect();
  } catch (error) {
    // Never leave child processes behind when connecting itself fails.
    await adapter.close();
    throw error;
  }
  const helpers: Tool[] =
    servers.length === 0 ? [] : [...createMcpContentTools(adapter), ...createMcpTaskTools(adapter)];
  session.registry.registerAll(helpers, { atomic: true });
  // One line per server once its connect settled: its phase changes themselves are the agent
  // loop's reminders (the adapter delivers each once). A newline in a server's error must not
  // draw another server's line.
  const failures = new Map(result.failed.map(({ server, reason }) => [server, reason]));
  for (const status of adapter.servers()) {
    const reason = failures.get(status.server);
    progress(
      `mcp ${printableLine(status.server)}: ${status.phase}${reason === undefined ? '' : ` (${printableLine(reason)})`}`,
    );
  }
  return {
    adapter,
    failed: result.failed,
    statuses: () => adapter.servers(),
    close: async () => {
      for (const helper of helpers) session.registry.unregister(helper.name);
      await adapter.close();
    },
  };
}

const localRequire = createRequire(import.meta.url);

/** The entry file of an installed MCP server package (its `bin`), resolved from this app. */
function serverEntry(packageName: string): string {
  const manifestPath = localRequire.resolve(`${packageName}/package.json`);
  const manifest = localRequire(manifestPath) as { bin?: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin ?? {})[0];
  if (bin === undefined) {
    throw new AgentError(
      AgentErrorCode.McpServerUnavailable,
      `${packageName} (${manifestPath}) declares no "bin" entry; expected the path of its server script.`,
    );
  }
  return join(dirname(manifestPath), bin);
}

/**
 * The demo's three servers, from this app's dependencies: `server-everything`,
 * `server-filesystem` (rooted at the workspace) and a toolwright registry served by the
 * `toolwright-mcp-server` bin (`word_count`, whose spans the demo's waterfall shows across the
 * process boundary), started with this very Node binary — never through npx, so nothing is
 * downloaded. `filesystem` and `toolwright` are trusted (their read-only hints count);
 * `everything`, a test server, is not.
 */
export function demoServerConfigs(workspaceRoot: string): McpServerConfig[] {
  return parseMcpServersConfig({
    mcpServers: {
      everything: {
        command: process.execPath,
        args: [serverEntry('@modelcontextprotocol/server-everything'), 'stdio'],
      },
      filesystem: {
        command: process.execPath,
        args: [serverEntry('@modelcontextprotocol/server-filesystem'), workspaceRoot],
        cwd: workspaceRoot,
        // Its annotations are believed: it is the official server, installed with this app.
        trust: true,
      },
      toolwright: {
        command: process.execPath,
        args: [serverEntry('@toolwright/mcp-server'), '--config', demoMcpServerModule()],
        // This app's own server: its annotations are ours.
        trust: true,
      },
    },
  });
}
