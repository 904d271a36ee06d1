import type { Command } from 'commander';
import { TRUST_FLAG } from '../trust-words.js';
import { type CommandRuntime, type CommonFlags, commandAction } from './command-runtime.js';

// The definitions of `mcp login` and `mcp logout` only: what they do is in mcp-login-action.ts,
// loaded when one runs (with the OAuth client it needs).

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
      const { mcpLoginCommand } = await import('./mcp-login-action.js');
      await mcpLoginCommand(runtime, name, flags);
    }),
  );
  withWorkspaceOptions(
    mcp.command('logout <server>').description('forget the OAuth tokens of an MCP server'),
  ).action(
    commandAction(runtime, async (name: string, flags: CommonFlags) => {
      const { mcpLogoutCommand } = await import('./mcp-login-action.js');
      await mcpLogoutCommand(runtime, name, flags);
    }),
  );
}
