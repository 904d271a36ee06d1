import type { McpServerDescription } from '@toolwright/mcp-client';
import {
  loadWorkspaceSettings,
  type WorkspaceSettings,
  type WorkspaceSettingsOptions,
} from '../config/workspace-settings.js';
import type { Terminal } from '../mcp/terminal.js';
import { printable } from './printable.js';
import type { LineSink } from './transcript.js';
import { TRUST_COMMAND, TRUST_FLAG } from './trust-words.js';

function quoteArgument(argument: string): string {
  return /^[\w@%+=:,./-]+$/.test(argument) ? argument : JSON.stringify(argument);
}

function describeServer(server: McpServerDescription): string {
  const target =
    server.kind === 'stdio'
      ? [server.command ?? '(no command)', ...(server.args ?? [])].map(quoteArgument).join(' ')
      : (server.url ?? '(no url)');
  const details = [
    server.cwd === undefined ? undefined : `cwd ${server.cwd}`,
    server.envNames.length === 0 ? undefined : `sets env ${server.envNames.join(', ')}`,
    server.headerNames.length === 0 ? undefined : `sends headers ${server.headerNames.join(', ')}`,
    server.variables.length === 0 ? undefined : `reads ${server.variables.join(', ')} from your environment`,
    server.oauth ? 'logs in with OAuth' : undefined,
    server.trust ? '"trust": true (its tool annotations would be believed)' : undefined,
    server.disabled ? 'disabled' : undefined,
    server.problem,
  ].filter((detail) => detail !== undefined);
  return `    ${server.name} (${server.kind}): ${target}${details.length === 0 ? '' : `\n      ${details.join('; ')}`}`;
}

/**
 * What trusting the workspace would let its files do: the servers it would start or contact
 * (commands and URLs as written, nothing expanded), its rules, its provider, model and base URL.
 * Every line is made printable: the files are the repository's, not ours.
 */
export function describeProject(settings: WorkspaceSettings): string[] {
  const { project } = settings;
  const lines: string[] = project.linkedOutside.map(
    (file) => `  ${file.path}: links outside the workspace, to ${file.realPath} (not read until trusted)`,
  );
  if (project.mcpFile !== undefined && (project.servers.length > 0 || project.serversProblem !== undefined)) {
    lines.push(`  ${project.mcpFile}: MCP servers it would start or contact`);
    lines.push(...project.servers.map(describeServer));
    if (project.serversProblem !== undefined) lines.push(`    (cannot be read: ${project.serversProblem})`);
  }
  const { config } = project;
  const configLinkedOut = project.linkedOutside.some((file) => file.path === project.configFile);
  if (project.configFile !== undefined && !configLinkedOut) {
    lines.push(`  ${project.configFile}:`);
    const { permissions, provider, model, baseUrl, mcpConfig, $schema: _schema, ...rest } = config;
    if (provider !== undefined || model !== undefined) {
      lines.push(`    provider ${provider ?? '(default)'}, model ${model ?? '(default)'}`);
    }
    if (baseUrl !== undefined) lines.push(`    baseUrl ${baseUrl} (would receive the provider's API key)`);
    if (mcpConfig !== undefined) lines.push(`    mcpConfig ${mcpConfig} (its MCP servers file)`);
    for (const kind of ['allow', 'ask', 'deny'] as const) {
      const rules = permissions?.[kind] ?? [];
      if (rules.length === 0) continue;
      const note = kind === 'allow' ? ' (runs without asking)' : ' (applies even untrusted)';
      lines.push(`    ${kind}${note}: ${rules.join(', ')}`);
    }
    const others = Object.entries(rest).filter(([, value]) => value !== undefined);
    if (others.length > 0) {
      lines.push(`    ${others.map(([key, value]) => `${key} ${JSON.stringify(value)}`).join(', ')}`);
    }
  }
  return lines.map(printable);
}

/** The one line a non-interactive run prints about an untrusted folder's ignored config. */
export function untrustedNotice(settings: WorkspaceSettings): string {
  const { status } = settings.project.check;
  const why =
    status === 'changed' ? ', changed since you decided' : status === 'declined' ? ': you declined it' : '';
  return printable(
    `toolwright-agent: ignoring the project config of ${settings.project.check.folder} (not trusted${why}): ${settings.ignored.join('; ')}. Review and trust it with "${TRUST_COMMAND}", or pass ${TRUST_FLAG} to use it for this run.\n`,
  );
}

/**
 * The settings of a command, with the folder's trust settled: a trusted folder (or
 * `trustForRun`) applies in full; an untrusted one that asks for more than it may have is shown
 * to the user on an interactive terminal, who is asked once; the answer is recorded for exactly
 * the files shown ("no" too: a declined folder is not asked about again until a covered file
 * changes). Without a terminal, or when declined, the project's config is ignored but for what
 * tightens, and one line on `stderr` says so and names the command and the flag.
 */
export async function settleWorkspaceTrust(
  options: WorkspaceSettingsOptions,
  io: { stderr: LineSink; terminal: Terminal | undefined; trustForRun: boolean },
): Promise<WorkspaceSettings> {
  const settings = loadWorkspaceSettings(options, { trustForRun: io.trustForRun });
  if (settings.ignored.length === 0) return settings;
  if (io.terminal !== undefined && settings.project.check.status !== 'declined') {
    const changed =
      settings.project.check.status === 'changed' ? ' Its config changed since you last decided.' : '';
    const answer = await io.terminal.question(
      `\nThe folder ${printable(settings.project.check.folder)} is not trusted.${changed} Trusting it lets its files configure the agent:\n${describeProject(settings).join('\n')}\nTrust this folder? [y/N] `,
    );
    if (/^y(es)?$/i.test(answer.trim())) {
      settings.store.trust(settings.project.check);
      // Read again: what applies must be what was shown, so a file changed meanwhile asks again.
      const trusted = loadWorkspaceSettings(options, { store: settings.store });
      if (trusted.ignored.length === 0) return trusted;
      io.stderr.write(untrustedNotice(trusted));
      return trusted;
    }
    settings.store.decline(settings.project.check);
  }
  io.stderr.write(untrustedNotice(settings));
  return settings;
}
