import { type ChildProcess, fork } from 'node:child_process';
import { createHash } from 'node:crypto';
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

const childScript = fileURLToPath(new URL('./test-support/writer-child.ts', import.meta.url));
const packageDirectory = fileURLToPath(new URL('..', import.meta.url));

interface ChildReport {
  type: 'done' | 'failed';
  targets?: Array<{ stored: number; rejected: string[] }>;
  error?: string;
}

interface Writer {
  child: ChildProcess;
  ready: Promise<void>;
  report: Promise<ChildReport>;
}

/** Starts a writer process running the store from source through tsx; it waits for `go`. */
function startWriter(job: Record<string, unknown>): Writer {
  const child = fork(childScript, [JSON.stringify(job)], {
    cwd: packageDirectory,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.on('message', (message) => {
      if ((message as { type?: string }).type === 'ready') resolve();
    });
    child.on('exit', (code) => reject(new Error(`writer exited (${code}) before ready: ${stderr}`)));
  });
  const report = new Promise<ChildReport>((resolve, reject) => {
    child.on('message', (message) => {
      const typed = message as ChildReport;
      if (typed.type === 'done' || typed.type === 'failed') resolve(typed);
    });
    child.on('exit', (code, signal) =>
      reject(new Error(`writer exited (${code ?? signal}) without a report: ${stderr}`)),
    );
  });
  report.catch(() => undefined);
  ready.catch(() => undefined);
  return { child, ready, report };
}

function contentOf(size: number, seed: number, index: number): Buffer {
  const bytes = Buffer.alloc(size, seed & 0xff);
  bytes.writeUInt32LE(seed, 0);
  bytes.writeUInt32LE(index, 4);
  return bytes;
}

// Each test starts writer processes through tsx; a loaded machine takes its time.
describe('across processes', () => {
  it('holds maxItems and maxSessionBytes with 4 processes writing into one session at once', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const targets = [
      { sessionId: 'item-limited', limits: { maxItems: 17 } },
      { sessionId: 'byte-limited', limits: { maxSessionBytes: 2048 * 9 } },
    ];
    // 96 writes queue for two session locks; on a loaded machine the default 10 s wait for a lock
    // can run out, and a lock_timeout would be counted against the quota. The test's own limit
    // bounds the run instead.
    const writers = [1, 2, 3, 4].map((seed) =>
      startWriter({ mode: 'quota', root, targets, count: 12, size: 2048, seed, lockTimeoutMs: 600_000 }),
    );
    await Promise.all(writers.map((writer) => writer.ready));
    for (const writer of writers) writer.child.send('go');
    const reports = await Promise.all(writers.map((writer) => writer.report));
    expect(reports.map((report) => report.error)).toEqual([undefined, undefined, undefined, undefined]);
    const itemResults = reports.map((report) => report.targets?.[0]);
    const byteResults = reports.map((report) => report.targets?.[1]);

    expect(itemResults.reduce((sum, result) => sum + (result?.stored ?? 0), 0)).toBe(17);
    expect(new Set(itemResults.flatMap((result) => result?.rejected))).toEqual(new Set(['too_many_items']));
    const itemStore = new SessionArtifactStore({ root, namespace: 'mcp', sessionId: 'item-limited' });
    expect(await itemStore.list()).toHaveLength(17);

    expect(byteResults.reduce((sum, result) => sum + (result?.stored ?? 0), 0)).toBe(9);
    expect(new Set(byteResults.flatMap((result) => result?.rejected))).toEqual(
      new Set(['session_quota_exceeded']),
    );
    const byteStore = new SessionArtifactStore({ root, namespace: 'mcp', sessionId: 'byte-limited' });
    const stored = await byteStore.list();
    expect(stored.reduce((sum, record) => sum + record.byteLength, 0)).toBe(2048 * 9);
    expect(byteStore.stats()).toMatchObject({ items: 9, bytes: 2048 * 9 });
  }, 120_000);

  it('a writer SIGKILLed in the middle of a 64 MiB artifact leaves no file under the final name; the store reopens cleanly and writes the same bytes', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const size = 64 * 1024 * 1024;
    const limits = { maxItemBytes: size, maxSessionBytes: size + 1024 };
    // The writer halts itself once its temporary file holds 4 MiB: killed there, mid-write.
    const job = {
      mode: 'large',
      root,
      targets: [{ sessionId: 'crash', limits }],
      count: 1,
      size,
      seed: 9,
      haltAt: 4 * 1024 * 1024,
    };
    const writer = startWriter(job);
    await writer.ready;
    const store = new SessionArtifactStore({ root, namespace: 'mcp', sessionId: 'crash', limits });
    const sessionDirectory = store.sessionDirectory;
    writer.child.send('go');

    let partial: string | undefined;
    await waitFor(() => {
      const names = existsSync(sessionDirectory) ? readdirSync(sessionDirectory) : [];
      partial = names.find((name) => {
        if (!name.startsWith('.tmp-')) return false;
        const written = statSync(join(sessionDirectory, name), { throwIfNoEntry: false })?.size ?? 0;
        return written >= 4 * 1024 * 1024 && written < size;
      });
      // A writer that exited (it finished after all, or failed) ends the wait; the checks below say which.
      return partial !== undefined || writer.child.exitCode !== null;
    });
    expect(partial).toBeDefined();
    writer.child.kill('SIGKILL');
    await new Promise((resolve) => writer.child.once('exit', resolve));

    const bytes = contentOf(size, 9, 0);
    const id = createHash('sha256').update(bytes).digest('hex');
    const finalPath = join(sessionDirectory, `${id}.bin`);
    expect(existsSync(finalPath)).toBe(false);
    // It died holding the session lock (a writer keeps it while streaming unless others need it).
    expect(readFileSync(join(sessionDirectory, '.lock'), 'utf8')).toMatch(
      new RegExp(`^${writer.child.pid} `),
    );

    const record = await store.write({ kind: 'large', bytes, mimeType: 'application/octet-stream' });
    expect(record).toMatchObject({ id, path: finalPath, deduplicated: false, byteLength: size });
    expect(readdirSync(sessionDirectory).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
    // The ledger on disk is brought up to date when the store's lease on the lock ends (next turn).
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.parse(readFileSync(join(sessionDirectory, '.ledger'), 'utf8'))).toEqual({
      items: 1,
      bytes: size,
      reservations: [],
    });
    const readBack = await store.read(id);
    expect(readBack.bytes.equals(bytes)).toBe(true);
  }, 120_000);
});
