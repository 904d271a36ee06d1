import type { Command } from 'commander';
import { openCommandContext } from '../command-context.js';
import { Transcript } from '../transcript.js';
import {
  type CommandRuntime,
  type CommonFlags,
  commandAction,
  ExitCode,
  withCommonOptions,
} from './command-runtime.js';

/** `mcp list`: connect every configured server and show its phase and tool count. */
export function registerMcpCommand(program: Command, runtime: CommandRuntime): void {
  const mcp = program.command('mcp').description('MCP servers of .mcp.json');
  withCommonOptions(
    mcp.command('list').description('connect every server and show its state and tool count'),
  ).action(
    commandAction(runtime, async (flags: CommonFlags) => {
      const context = await openCommandContext(flags, new Transcript(runtime.io.stderr));
      try {
        const statuses = context.servers?.statuses() ?? [];
        if (flags.json === true) {
          runtime.io.stdout.write(`${JSON.stringify(statuses)}\n`);
        } else if (statuses.length === 0) {
          runtime.io.stdout.write('no MCP servers configured (add them to .mcp.json under "mcpServers")\n');
        } else {
          for (const status of statuses) {
            const error = status.lastError === undefined ? '' : `  ${status.lastError}`;
            runtime.io.stdout.write(
              `${status.server.padEnd(20)} ${status.phase.padEnd(12)} ${String(status.tools).padStart(4)} tools${error}\n`,
            );
          }
        }
        if (statuses.some((status) => status.phase === 'failed')) runtime.fail(ExitCode.Failure);
      } finally {
        await context.close();
      }
    }),
  );
}
