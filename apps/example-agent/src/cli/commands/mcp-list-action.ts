import { openCommandContext } from '../command-context.js';
import { formatMcpList, isUnusable } from '../mcp-list-view.js';
import { Transcript } from '../transcript.js';
import { type CommandRuntime, type CommonFlags, ExitCode } from './command-runtime.js';

/** What `mcp list` does (defined in mcp-command.ts). */
export async function mcpListCommand(runtime: CommandRuntime, flags: CommonFlags): Promise<void> {
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
}
