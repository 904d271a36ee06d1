import { chmodSync, chownSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { TempRoots } from '../test/support/temp-root.js';
import { ArtifactStoreError, SessionArtifactStore } from './index.js';
import { ensurePrivateDirectory } from './secure-directory.js';

const roots = new TempRoots();
afterEach(() => roots.removeAll());

/**
 * An attacker thread: as fast as it can, moves the namespace directory away and plants a symlink
 * in its place — to a directory, then to a file — then removes the link, so that the store's
 * `mkdir` and whatever follows it see different things. A real thread, racing real syscalls.
 */
const ATTACKER = `
const { workerData, parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const { target, victimDirectory, victimFile, stop } = workerData;
const flag = new Int32Array(stop);
let swaps = 0;
while (Atomics.load(flag, 0) === 0) {
  try { fs.renameSync(target, target + '-moved-' + swaps); } catch {}
  try { fs.symlinkSync(swaps % 2 === 0 ? victimDirectory : victimFile, target); } catch {}
  try { fs.unlinkSync(target); } catch {}
  swaps += 1;
}
parentPort.postMessage(swaps);
`;

interface Victims {
  root: string;
  victimDirectory: string;
  victimFile: string;
}

/** A root holding a 0755 directory and a 0644 file the attacker points its links at. */
function victims(): Victims {
  const root = roots.create();
  const victimDirectory = join(root, 'victim');
  mkdirSync(victimDirectory);
  chmodSync(victimDirectory, 0o755);
  const victimFile = join(root, 'victim-file');
  writeFileSync(victimFile, 'not yours');
  chmodSync(victimFile, 0o644);
  return { root, victimDirectory, victimFile };
}

/** Starts the attacker on `target`; the returned function stops it and resolves its swap count. */
function startAttacker(target: string, { victimDirectory, victimFile }: Victims): () => Promise<number> {
  const stop = new SharedArrayBuffer(4);
  const attacker = new Worker(ATTACKER, {
    eval: true,
    workerData: { target, victimDirectory, victimFile, stop },
  });
  const swaps = new Promise<number>((resolve) => attacker.once('message', resolve));
  return async () => {
    Atomics.store(new Int32Array(stop), 0, 1);
    const count = await swaps;
    await attacker.terminate();
    return count;
  };
}

function expectVictimsUntouched({ victimDirectory, victimFile }: Victims): void {
  expect(statSync(victimDirectory).mode & 0o7777).toBe(0o755);
  expect(statSync(victimFile).mode & 0o7777).toBe(0o644);
}

function expectTypedWithPath(failures: unknown[]): void {
  expect(failures.filter((error) => !ArtifactStoreError.isInstance(error)).map(String)).toEqual([]);
  expect(failures.filter((error) => (error as ArtifactStoreError).path === undefined).map(String)).toEqual(
    [],
  );
}

/**
 * Another attacker: swaps a directory of another user (prepared, non-empty) in for the one the
 * store just created — `rename` replaces an empty directory atomically — and moves it back.
 */
const FOREIGN_SWAPPER = `
const { workerData, parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const { target, foreign, stop } = workerData;
const flag = new Int32Array(stop);
let swaps = 0;
while (Atomics.load(flag, 0) === 0) {
  try { fs.renameSync(foreign, target); swaps += 1; } catch {}
  try { fs.renameSync(target, foreign); } catch {}
}
parentPort.postMessage(swaps);
`;

describe('a directory swapped for a symlink between mkdir and the permission change', () => {
  it('creating one directory 20,000 times under attack never changes the mode of what the link points to', async () => {
    const setup = victims();
    const target = join(setup.root, 'mcp');
    const uid = process.getuid?.() ?? 0;
    const stopAttacker = startAttacker(target, setup);
    const failures: unknown[] = [];
    let created = 0;
    for (let attempt = 0; attempt < 20_000; attempt++) {
      try {
        ensurePrivateDirectory(target, uid, true);
        created += 1;
      } catch (error) {
        failures.push(error);
      }
      // Yield now and then so the attacker's messages and timers are not starved.
      if (attempt % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await stopAttacker()).toBeGreaterThan(0);
    expectVictimsUntouched(setup);
    expectTypedWithPath(failures);
    expect(failures.length).toBeGreaterThan(0);
    expect(created).toBeGreaterThan(0);
  });

  it('writes through whole stores under attack: the link targets keep their modes, and every failure is an ArtifactStoreError naming a path', async () => {
    const setup = victims();
    const stopAttacker = startAttacker(join(setup.root, 'mcp'), setup);
    const failures: unknown[] = [];
    let stored = 0;
    const started = Date.now();
    for (let attempt = 0; Date.now() - started < 2_000; attempt++) {
      const store = new SessionArtifactStore({
        root: setup.root,
        namespace: 'mcp',
        sessionIdentity: `race-${attempt}`,
      });
      try {
        await store.write({ kind: 'k', bytes: `attempt ${attempt}` });
        store.flush();
        stored += 1;
      } catch (error) {
        failures.push(error);
      }
    }
    expect(await stopAttacker()).toBeGreaterThan(0);
    expectVictimsUntouched(setup);
    expectTypedWithPath(failures);
    // The race really ran: the store was refused at least once.
    expect(failures.length).toBeGreaterThan(0);
    expect(stored + failures.length).toBeGreaterThan(10);
  });

  it("creating one directory 20,000 times while another user's directory is swapped in never changes that directory", async () => {
    const root = roots.create();
    const target = join(root, 'mcp');
    const foreign = join(root, 'theirs');
    mkdirSync(foreign);
    writeFileSync(join(foreign, 'keeps it non-empty'), '');
    chmodSync(foreign, 0o755);
    chownSync(foreign, 65534, 65534);
    const foreignInode = statSync(foreign).ino;
    const stop = new SharedArrayBuffer(4);
    const attacker = new Worker(FOREIGN_SWAPPER, { eval: true, workerData: { target, foreign, stop } });
    const swaps = new Promise<number>((resolve) => attacker.once('message', resolve));
    const uid = process.getuid?.() ?? 0;
    const failures: unknown[] = [];
    for (let attempt = 0; attempt < 20_000; attempt++) {
      try {
        ensurePrivateDirectory(target, uid, true);
      } catch (error) {
        failures.push(error);
      }
      if (attempt % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    Atomics.store(new Int32Array(stop), 0, 1);
    expect(await swaps).toBeGreaterThan(0);
    await attacker.terminate();
    const where = [target, foreign].find(
      (path) => statSync(path, { throwIfNoEntry: false })?.ino === foreignInode,
    );
    const stats = statSync(where as string);
    expect(stats.uid).toBe(65534);
    expect(stats.mode & 0o7777).toBe(0o755);
    expectTypedWithPath(failures);
    expect(failures.length).toBeGreaterThan(0);
  });
});
