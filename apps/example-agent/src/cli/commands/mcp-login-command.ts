import type { McpServerConfig } from '@toolwright/mcp-client';
import {
  forgetMcpServerLogin,
  loginMcpServer,
  logoutMcpServer,
  type McpOAuthOptions,
} from '@toolwright/mcp-client/oauth';
import type { Command } from 'commander';
import { logsIn } from '../../config/mcp-config.js';
import { loadWorkspaceSettings } from '../../config/workspace-settings.js';
import { AgentError, AgentErrorCode } from '../../errors.js';
import { openSharedOAuthStore } from '../../session/shared-store.js';
import { TRUST_COMMAND, TRUST_FLAG } from '../workspace-trust.js';
import { type CommandRuntime, type CommonFlags, commandAction } from './command-runtime.js';

/**
 * The configured server `name`, which must be an HTTP server with an `oauth` config. A server of
 * an untrusted folder is refused: logging in contacts it and expands its variables.
 */
function oauthServer(flags: CommonFlags, name: string): { server: McpServerConfig; storeUrl?: string } {
  const settings = loadWorkspaceSettings(flags, { trustForRun: flags.trustWorkspace === true });
  // `--store`, else the config's `store` (which an untrusted folder's config cannot set).
  const storeUrl = flags.store ?? settings.config.store;
  const server = settings.servers.find((candidate) => candidate.name === name);
  if (server === undefined) {
    const untrusted = settings.projectApplies
      ? undefined
      : settings.project.servers.find((candidate) => candidate.name === name);
    if (untrusted !== undefined) {
      throw new AgentError(
        AgentErrorCode.OptionInvalid,
        `MCP server "${name}" is configured by ${settings.project.mcpFile}, and the folder ${settings.project.check.folder} is not trusted; review and trust it with "${TRUST_COMMAND}", or pass ${TRUST_FLAG}`,
      );
    }
    throw new AgentError(
      AgentErrorCode.OptionInvalid,
      `no MCP server named "${name}" in ${settings.project.mcpFile ?? '.mcp.json (there is none)'} or ${settings.user.mcpConfigFile}; configured: ${settings.servers.map((each) => each.name).join(', ') || '(none)'}`,
    );
  }
  if (!logsIn(server)) {
    throw new AgentError(
      AgentErrorCode.OptionInvalid,
      `MCP server "${name}" has no "oauth" config; add "oauth": {} (or its client settings) to its entry to log in`,
    );
  }
  return storeUrl === undefined ? { server } : { server, storeUrl };
}

/**
 * Runs `use` with the OAuth options of this command: the fleet's shared token store when a
 * store is configured (only its OAuth key is needed), else the local token files every later
 * run on this machine reads.
 */
async function withTokenStore<T>(
  storeUrl: string | undefined,
  use: (oauth: McpOAuthOptions | undefined) => Promise<T>,
): Promise<T> {
  if (storeUrl === undefined) return use(undefined);
  const shared = await openSharedOAuthStore(storeUrl);
  try {
    return await use({ credentialStore: shared.oauth });
  } finally {
    await shared.close();
  }
}

function withWorkspaceOptions(command: Command): Command {
  return command
    .option('-w, --workspace <dir>', 'workspace directory (default: the current directory)')
    .option('--config <file>', 'config file, relative to the workspace')
    .option('--mcp-config <file>', 'MCP servers file, relative to the workspace (default: .mcp.json)')
    .option(TRUST_FLAG, "use the workspace's own config for this run, without recording trust")
    .option(
      '--store <url>',
      'redis://… a fleet shares: the tokens are kept there for every worker (needs TOOLWRIGHT_OAUTH_KEY; default: this machine)',
    );
}

/**
 * `mcp login <server>`: the OAuth login of one server. The authorization URL is printed (open
 * it in a browser); the redirect comes back to this process on 127.0.0.1; the tokens are kept
 * in the private token store for later runs, or with a shared store (`--store`, or `store` in
 * the config) in Redis, for every worker of the fleet. `mcp logout <server>` forgets them.
 */
export function registerMcpLoginCommands(mcp: Command, runtime: CommandRuntime): void {
  withWorkspaceOptions(mcp.command('login <server>').description('log in to an OAuth MCP server')).action(
    commandAction(runtime, async (name: string, flags: CommonFlags) => {
      const { server, storeUrl } = oauthServer(flags, name);
      await withTokenStore(storeUrl, (oauth) =>
        loginMcpServer(server, {
          oauth: {
            ...oauth,
            onAuthorizationUrl: ({ url }) => {
              runtime.io.stderr.write(`Open this URL in a browser to log in to "${name}":\n${url.href}\n`);
            },
          },
        }),
      );
      runtime.io.stdout.write(`logged in to "${name}"\n`);
    }),
  );
  withWorkspaceOptions(
    mcp.command('logout <server>').description('forget the OAuth tokens of an MCP server'),
  ).action(
    commandAction(runtime, async (name: string, flags: CommonFlags) => {
      const { server, storeUrl } = oauthServer(flags, name);
      const had = await withTokenStore(storeUrl, async (oauth) =>
        // The shared store answers later, and logs every worker out.
        oauth === undefined ? logoutMcpServer(server) : forgetMcpServerLogin(server, { oauth }),
      );
      runtime.io.stdout.write(had ? `logged out of "${name}"\n` : `"${name}" had no stored login\n`);
    }),
  );
}
