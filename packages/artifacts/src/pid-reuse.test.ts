import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { makeTempDir } from '@toolwright/test-support';
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

      const first = startAsPidOne({ ...job, mode: 'large' });
      let partial: string | undefined;
      for (let attempt = 0; attempt < 10_000 && partial === undefined; attempt++) {
        const names = existsSync(sessionDirectory) ? readdirSync(sessionDirectory) : [];
        partial = names.find((name) => {
          if (!name.startsWith('.tmp-')) return false;
          const written = statSync(join(sessionDirectory, name), { throwIfNoEntry: false })?.size ?? 0;
          // Kill once it streams: partly written, or written and still being fsynced (not published).
          return written >= 1024 * 1024;
        });
        if (partial === undefined) await sleep(1);
      }
      expect(partial).toBeDefined();
      first.child.kill('SIGKILL');
      await first.output.catch(() => undefined);
      // Let the kernel deliver the parent-death SIGKILL to the pid 1 inside.
      for (let attempt = 0; attempt < 200; attempt++) {
        const before = statSync(join(sessionDirectory, partial as string)).size;
        await sleep(10);
        if (statSync(join(sessionDirectory, partial as string)).size === before) break;
      }
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
  );
});
