import { FolderTrustStore } from '@toolwright/mcp-client';
import { loadWorkspaceSettings } from '../../config/workspace-settings.js';
import { resolveCommandPaths } from '../command-paths.js';
import { printable } from '../printable.js';
import { describeProject } from '../workspace-trust.js';
import type { CommandRuntime } from './command-runtime.js';
import type { TrustFlags } from './trust-command.js';

/** What `trust` does (defined in trust-command.ts). */
export async function trustCommand(runtime: CommandRuntime, flags: TrustFlags): Promise<void> {
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
      out(printable(had ? `${workspaceRoot} is no longer trusted\n` : `${workspaceRoot} was not trusted\n`));
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
}
