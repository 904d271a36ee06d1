import type { McpServerConfig } from '@toolwright/mcp-client';
import {
  forgetMcpServerLogin,
  loginMcpServer,
  logoutMcpServer,
  type McpOAuthOptions,
} from '@toolwright/mcp-client/oauth';
import { logsIn } from '../../config/mcp-config.js';
import { loadWorkspaceSettings } from '../../config/workspace-settings.js';
import { AgentError, AgentErrorCode } from '../../errors.js';
import { openSharedOAuthStore } from '../../session/shared-store.js';
import { TRUST_COMMAND, TRUST_FLAG } from '../trust-words.js';
import type { CommandRuntime, CommonFlags } from './command-runtime.js';

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

/** What `mcp login <server>` does (defined in mcp-login-command.ts). */
export async function mcpLoginCommand(
  runtime: CommandRuntime,
  name: string,
  flags: CommonFlags,
): Promise<void> {
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
}

/** What `mcp logout <server>` does (defined in mcp-login-command.ts). */
export async function mcpLogoutCommand(
  runtime: CommandRuntime,
  name: string,
  flags: CommonFlags,
): Promise<void> {
  const { server, storeUrl } = oauthServer(flags, name);
  const had = await withTokenStore(storeUrl, async (oauth) =>
    // The shared store answers later, and logs every worker out.
    oauth === undefined ? logoutMcpServer(server) : forgetMcpServerLogin(server, { oauth }),
  );
  runtime.io.stdout.write(had ? `logged out of "${name}"\n` : `"${name}" had no stored login\n`);
}
