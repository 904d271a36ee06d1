import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempDir, waitFor } from '@toolwright/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionArtifactStore } from './index.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

const writerScript = fileURLToPath(new URL('./test-support/restartable-writer.ts', import.meta.url));
const packageDirectory = fileURLToPath(new URL('..', import.meta.url));

/**
 * Whether this host lets us run a process as pid 1 of a new pid namespace (root, or user
 * namespaces allowed): the real shape of an agent in a container. Elsewhere the forged-record
 * tests of session-lease.test.ts still cover the same rule.
 */
const canRunAsPidOne =
  process.platform === 'linux' &&
  spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true'], { stdio: 'ignore' }).status === 0;

interface WriterJob {
  mode: 'large' | 'small';
  root: string;
  sessionId: string;
  size: number;
  lockTimeoutMs: number;
}

/**
 * Starts the writer as pid 1 of a fresh pid namespace. `--kill-child` makes the kernel SIGKILL
 * it when the `unshare` process dies, which is how the test kills it: a pid 1 ignores signals
 * sent from inside its own namespace.
 */
function startAsPidOne(job: WriterJob): { child: ChildProcess; output: Promise<string> } {
  const child = spawn(
    'unshare',
    [
      '--pid',
      '--fork',
      '--mount-proc',
      '--kill-child=SIGKILL',
      process.execPath,
      '--import',
      'tsx',
      writerScript,
      JSON.stringify(job),
    ],
    { cwd: packageDirectory, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const output = new Promise<string>((resolve, reject) => {
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`writer exited (${code ?? signal}): ${stdout}${stderr}`));
    });
  });
  output.catch(() => undefined);
  return { child, output };
}

describe('an agent restarted with the same pid (pid 1 in a container)', () => {
  it.skipIf(!canRunAsPidOne)(
    'recovers the lock and removes the 16 MiB temporary file its SIGKILLed predecessor left, instead of timing out on "its own" lock',
    async () => {
      const root = makeTempDir('toolwright-artifacts-test');
      const size = 16 * 1024 * 1024;
      const job = { root, sessionId: 'agent-session', size, lockTimeoutMs: 3_000 };
      const observer = new SessionArtifactStore({
        root,
        namespace: 'agent',
        sessionId: 'agent-session',
      });
      const sessionDirectory = observer.sessionDirectory;

      // The large writer halts itself once its temporary file holds 1 MiB, and stays halted until
      // it is killed: nothing it does after that can race the restarted one.
      const first = startAsPidOne({ ...job, mode: 'large' });
      let partial: string | undefined;
      await waitFor(() => {
        const names = existsSync(sessionDirectory) ? readdirSync(sessionDirectory) : [];
        partial = names.find(
          (name) =>
            name.startsWith('.tmp-') &&
            (statSync(join(sessionDirectory, name), { throwIfNoEntry: false })?.size ?? 0) >= 1024 * 1024,
        );
        return partial !== undefined || first.child.exitCode !== null;
      });
      expect(partial).toBeDefined();
      first.child.kill('SIGKILL');
      await first.output.catch(() => undefined);
      // What it left: its lock, naming pid 1, and the partial temporary file.
      expect(readFileSync(join(sessionDirectory, '.lock'), 'utf8')).toMatch(/^1 /);
      expect(readdirSync(sessionDirectory)).toContain(partial);

      const restarted = startAsPidOne({ ...job, mode: 'small', size: 4096 });
      const report = JSON.parse((await restarted.output).trim()) as { pid: number; ok: boolean };
      expect(report).toMatchObject({ pid: 1, ok: true });
      expect(readdirSync(sessionDirectory).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
      expect(existsSync(join(sessionDirectory, '.lock'))).toBe(false);
      expect((await observer.list()).map((record) => record.byteLength)).toEqual([4096]);
    },
    // Two processes start through tsx one after the other; a loaded machine takes its time.
    120_000,
  );
});
