import type { Command } from 'commander';
import {
  type CommandRuntime,
  type CommonFlags,
  commandAction,
  withCommonOptions,
} from './command-runtime.js';
import { registerMcpLoginCommands } from './mcp-login-command.js';

// The definition of `mcp` only: what `mcp list` does is in mcp-list-action.ts, loaded when it runs.

/** `mcp list`: connect every configured server and show its phase and tool count. */
export function registerMcpCommand(program: Command, runtime: CommandRuntime): void {
  const mcp = program.command('mcp').description('MCP servers of .mcp.json');
  registerMcpLoginCommands(mcp, runtime);
  withCommonOptions(
    mcp.command('list').description('connect every server and show its state and tool count'),
  ).action(
    commandAction(runtime, async (flags: CommonFlags) => {
      const { mcpListCommand } = await import('./mcp-list-action.js');
      await mcpListCommand(runtime, flags);
    }),
  );
}
