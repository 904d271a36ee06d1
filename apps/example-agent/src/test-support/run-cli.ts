import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';

const appDirectory = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What a CLI run produced. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

let built: Promise<string> | undefined;

/**
 * Bundles the current `src/cli.ts` once per test process, as the real build does (siblings and
 * SDKs stay external and resolve through node_modules), into the git-ignored `.tmp/` of this
 * app. Spawning a bundle starts in well under a second; transpiling the source on every spawn
 * took several.
 */
function cliUnderTest(): Promise<string> {
  built ??= (async () => {
    const outDir = join(appDirectory, '.tmp', `cli-under-test-${process.pid}`);
    rmSync(outDir, { recursive: true, force: true });
    await build({
      entry: [join(appDirectory, 'src', 'cli.ts')],
      outDir,
      format: ['esm'],
      target: 'node20',
      silent: true,
      config: false,
      // Like the real build: dependencies resolve from node_modules at run time, not bundled.
      skipNodeModulesBundle: true,
    });
    return join(outDir, 'cli.js');
  })();
  return built;
}

/** The path of the CLI bundle under test, built on first use (for spawning it another way, e.g. on a terminal). */
export function cliUnderTestPath(): Promise<string> {
  return cliUnderTest();
}

/** Removes the bundle built for this test process (call it from `afterAll`). */
export async function removeCliUnderTest(): Promise<void> {
  if (built === undefined) return;
  const cli = await built.catch(() => undefined);
  built = undefined;
  if (cli !== undefined) rmSync(dirname(cli), { recursive: true, force: true });
}

/** Environment variables that would make the CLI pick a real provider; tests never send them. */
const PROVIDER_KEYS = [
  'ANTHROPIC_API_KEY',
  'OPENAI_API_KEY',
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
  'TOOLWRIGHT_BASE_URL',
  'TOOLWRIGHT_MODEL',
];

/**
 * Runs `toolwright-agent` as a user would: a separate Node process, in `cwd`, with no provider
 * keys, and state, user config and folder trust kept under `home`. Resolves with the exit code and output when it exits.
 */
export async function runCli(
  args: readonly string[],
  options: {
    cwd: string;
    home: string;
    timeoutMs?: number;
    env?: Readonly<Record<string, string>>;
    /** Sends SIGINT (as Ctrl-C would) once stdout contains this text. */
    interruptWhen?: string;
    /** Sees stderr as it grows (e.g. to act on a URL the CLI prints while it waits). */
    onStderr?: (stderrSoFar: string) => void;
  },
): Promise<CliRun> {
  const cli = await cliUnderTest();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TOOLWRIGHT_HOME: options.home,
    // The user's config and the folder trust store, under the same home: no test reads or
    // records the real user's.
    XDG_CONFIG_HOME: join(options.home, 'config'),
    XDG_STATE_HOME: join(options.home, 'state'),
    FORCE_COLOR: '0',
    NO_COLOR: '1',
  };
  for (const key of PROVIDER_KEYS) delete env[key];
  Object.assign(env, options.env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: options.cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let interrupted = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (!interrupted && options.interruptWhen !== undefined && stdout.includes(options.interruptWhen)) {
        interrupted = true;
        child.kill('SIGINT');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      options.onStderr?.(stderr);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
