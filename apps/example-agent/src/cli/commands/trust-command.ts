import { FolderTrustStore } from '@toolwright/mcp-client';
import type { Command } from 'commander';
import { loadWorkspaceSettings } from '../../config/workspace-settings.js';
import { resolveCommandPaths } from '../command-paths.js';
import { printable } from '../printable.js';
import { describeProject } from '../workspace-trust.js';
import { type CommandRuntime, commandAction } from './command-runtime.js';

interface TrustFlags {
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
        const out = (text: string): void => {
          runtime.io.stdout.write(text);
        };
        if (flags.list === true) {
          const folders = new FolderTrustStore().list();
          if (flags.json === true) out(`${JSON.stringify(folders)}\n`);
          else if (folders.length === 0) out('no trusted folders\n');
          else
            out(
              `${folders.map((each) => printable(`${each.folder}  (${each.decision} ${each.trustedAt})`)).join('\n')}\n`,
            );
          return;
        }
        if (flags.revoke === true) {
          const { workspaceRoot } = resolveCommandPaths(flags);
          const had = new FolderTrustStore().revoke(workspaceRoot);
          if (flags.json === true) out(`${JSON.stringify({ folder: workspaceRoot, revoked: had })}\n`);
          else
            out(
              printable(
                had ? `${workspaceRoot} is no longer trusted\n` : `${workspaceRoot} was not trusted\n`,
              ),
            );
          return;
        }
        const settings = loadWorkspaceSettings(flags);
        const record = settings.store.trust(settings.project.check);
        if (flags.json === true) {
          out(
            `${JSON.stringify({ ...record, servers: settings.project.servers, config: settings.project.config })}\n`,
          );
          return;
        }
        const description = describeProject(settings);
        const lines = [
          printable(`trusted ${record.folder}`),
          ...(description.length === 0
            ? ['  it has no project config yet; one added later asks again']
            : ['  its files may now configure the agent:', ...description]),
          `  a change to ${record.files.length === 1 ? 'this file' : 'these files'} asks again: ${printable(record.files.join(', '))}`,
        ];
        out(`${lines.join('\n')}\n`);
      }),
    );
}
