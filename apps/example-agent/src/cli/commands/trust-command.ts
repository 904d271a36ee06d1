import type { Command } from 'commander';
import { type CommandRuntime, commandAction } from './command-runtime.js';

// The definition of `trust` only: what it does is in trust-action.ts, loaded when it runs.

/** The flags of `trust`. */
export interface TrustFlags {
  workspace?: string;
  config?: string;
  mcpConfig?: string;
  revoke?: boolean;
  list?: boolean;
  json?: boolean;
}

/**
 * `trust`: shows what the workspace's own files would make the agent do (servers with their
 * commands and URLs, rules, provider, model, base URL) and records that the user trusts the
 * folder with exactly those files, so later runs use them; a changed file asks again.
 * `--revoke` forgets the folder, `--list` shows every trusted folder.
 */
export function registerTrustCommand(program: Command, runtime: CommandRuntime): void {
  program
    .command('trust')
    .description(
      "trust the workspace's own config (toolwright.config.json, .mcp.json) after showing what it does",
    )
    .option('-w, --workspace <dir>', 'workspace directory, which must exist (default: the current directory)')
    .option('--config <file>', 'config file, relative to the workspace (default: toolwright.config.json)')
    .option('--mcp-config <file>', 'MCP servers file, relative to the workspace (default: .mcp.json)')
    .option('--revoke', 'stop trusting the workspace')
    .option('--list', 'list the trusted folders')
    .option('--json', 'machine-readable JSON output')
    .action(
      commandAction(runtime, async (flags: TrustFlags) => {
        const { trustCommand } = await import('./trust-action.js');
        await trustCommand(runtime, flags);
      }),
    );
}
