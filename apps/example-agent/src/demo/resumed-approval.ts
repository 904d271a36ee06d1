import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApprovalError, type PendingApprovalV1 } from '@toolwright/executor';
import type { Transcript } from '../cli/transcript.js';
import { USER_CONFIG_FILE_NAME } from '../config/user-config.js';
import { AgentError, AgentErrorCode } from '../errors.js';
import type { AgentSession, PermissionRules } from '../session/agent-session.js';
import { appDirectory } from './app-paths.js';

/** Where the demo keeps everything of its own: the second process is pointed at the same places. */
export interface DemoPlaces {
  readonly temporaryRoot: string;
  readonly workspace: string;
  readonly stateDirectory: string;
}

/**
 * The demo's last act: the call the scripted user left for later is answered by a second,
 * separate `toolwright-agent` process — `approvals approve <id>`, as a person would type it —
 * which resumes exactly that call. The second process shares only files with the first: the
 * state directory (the signed record and the host key) and the user config (the same rules).
 */
export async function resumeInAnotherProcess(
  session: AgentSession,
  places: DemoPlaces,
  permissions: PermissionRules,
  transcript: Transcript,
): Promise<void> {
  const [record] = await session.approvals().pending();
  if (record === undefined)
    throw new AgentError(
      AgentErrorCode.ScenarioDiverged,
      'The demo expected a call waiting for approval, and none was saved.',
    );
  transcript.info(
    `  waiting: ${record.id} ${record.toolName} ${JSON.stringify(record.arguments).slice(0, 80)} (call ${record.toolCallId}, signed, expires ${new Date(record.expiresAt).toISOString()})`,
    { approval: record.id },
  );
  transcript.info(`  why it asked: ${record.reason}`);
  const command = ['approvals', 'approve', record.id, '--workspace', places.workspace, '--no-mcp'];
  transcript.info(`  $ toolwright-agent ${command.join(' ')}   (another process, later)`);
  const run = await runAgentProcess(command, places, permissions);
  for (const line of `${run.stderr}${run.stdout}`.trim().split('\n')) transcript.info(`  | ${line}`);
  const resumed = join(places.workspace, String((record.arguments as { file_path?: unknown }).file_path));
  if (run.code !== 0 || !existsSync(resumed))
    throw new AgentError(
      AgentErrorCode.ScenarioDiverged,
      `The second process did not resume approval ${record.id} (exit code ${run.code}): ${run.stderr.trim()}`,
    );
  transcript.info(
    `  ${record.toolName} ran once, in that process; the file now reads: ${JSON.stringify(readFileSync(resumed, 'utf8'))}`,
  );
  await showReplayRefused(session, record, transcript);
}

/** The same answer a second time is refused: an approval counts once. */
async function showReplayRefused(
  session: AgentSession,
  record: PendingApprovalV1,
  transcript: Transcript,
): Promise<void> {
  try {
    await session.approvals().answer(record, 'approve');
  } catch (error) {
    if (!ApprovalError.isInstance(error)) throw error;
    transcript.info(`  answering it again is refused [${error.code}]: ${error.message}`);
    return;
  }
  throw new AgentError(AgentErrorCode.ScenarioDiverged, `Approval ${record.id} was answered twice.`);
}

/** Runs the built agent with the demo's state and config, and waits for it to exit. */
async function runAgentProcess(
  args: readonly string[],
  places: DemoPlaces,
  permissions: PermissionRules,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const cli = join(appDirectory(), 'dist', 'cli.js');
  if (!existsSync(cli))
    throw new AgentError(
      AgentErrorCode.ConfigInvalid,
      `The demo's second process runs the built agent, ${cli}, which is missing; build the app first (npm run demo does).`,
    );
  // The second process reads the same rules as the first from a user config of the demo's own,
  // so the resumed Write asks there too and the approval is what lets it run.
  const configHome = join(places.temporaryRoot, 'config');
  mkdirSync(join(configHome, 'toolwright'), { recursive: true });
  writeFileSync(join(configHome, 'toolwright', USER_CONFIG_FILE_NAME), JSON.stringify({ permissions }));
  const child = spawn(process.execPath, [cli, ...args], {
    cwd: places.workspace,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      TOOLWRIGHT_HOME: places.stateDirectory,
      XDG_CONFIG_HOME: configHome,
      XDG_STATE_HOME: join(places.temporaryRoot, 'xdg-state'),
      NO_COLOR: '1',
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  return { code, stdout, stderr };
}
