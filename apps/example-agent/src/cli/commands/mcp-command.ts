import type { Command } from 'commander';
import { openCommandContext } from '../command-context.js';
import { formatMcpList, isUnusable } from '../mcp-list-view.js';
import { Transcript } from '../transcript.js';
import {
  type CommandRuntime,
  type CommonFlags,
  commandAction,
  ExitCode,
  withCommonOptions,
} from './command-runtime.js';
import { registerMcpLoginCommands } from './mcp-login-command.js';

/** `mcp list`: connect every configured server and show its phase and tool count. */
export function registerMcpCommand(program: Command, runtime: CommandRuntime): void {
  const mcp = program.command('mcp').description('MCP servers of .mcp.json');
  registerMcpLoginCommands(mcp, runtime);
  withCommonOptions(
    mcp.command('list').description('connect every server and show its state and tool count'),
  ).action(
    commandAction(runtime, async (flags: CommonFlags) => {
      const context = await openCommandContext(
        flags,
        new Transcript(runtime.io.stderr),
        undefined,
        runtime.io.stderr,
      );
      try {
        const statuses = context.servers?.statuses() ?? [];
        if (flags.json === true) {
          runtime.io.stdout.write(`${JSON.stringify(statuses)}\n`);
        } else if (statuses.length === 0) {
          runtime.io.stdout.write('no MCP servers configured (add them to .mcp.json under "mcpServers")\n');
        } else {
          runtime.io.stdout.write(formatMcpList(statuses));
        }
        if (statuses.some(isUnusable)) runtime.fail(ExitCode.Failure);
      } finally {
        await context.close();
      }
    }),
  );
}
