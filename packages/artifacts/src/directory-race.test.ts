import { chmodSync, chownSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '@toolwright/test-support';
import { ensurePrivateDirectory, PrivateFileError } from '@toolwright/utils/private-files';
import { describe, expect, it } from 'vitest';
import { ArtifactStoreError, SessionArtifactStore } from './index.js';
import { RacingThread } from './test-support/racing-thread.js';

const uid = process.getuid?.() ?? 0;

/**
 * Moves the directory at `data.target` away and plants a symlink in its place — to a directory,
 * then to a file — then removes the link, so that the store's `mkdir` and whatever follows it
 * see different things.
 */
const PLANT_LINKS = `
fs.renameSync(data.target, data.target + '-moved-' + round);
fs.symlinkSync(round % 2 === 0 ? data.victimDirectory : data.victimFile, data.target);
fs.unlinkSync(data.target);
`;

/**
 * Swaps a (non-empty) directory of another user in for the one the store just created —
 * `rename` replaces an empty directory atomically — and moves it back.
 */
const SWAP_IN_FOREIGN_DIRECTORY = `
try { fs.renameSync(data.foreign, data.target); } catch {}
fs.renameSync(data.target, data.foreign);
`;

interface Victims {
  root: string;
  victimDirectory: string;
  victimFile: string;
}

/** A root holding a 0755 directory and a 0644 file the attacker points its links at. */
function victims(): Victims {
  const root = makeTempDir('toolwright-artifacts-test');
  const victimDirectory = join(root, 'victim');
  mkdirSync(victimDirectory);
  chmodSync(victimDirectory, 0o755);
  const victimFile = join(root, 'victim-file');
  writeFileSync(victimFile, 'not yours');
  chmodSync(victimFile, 0o644);
  return { root, victimDirectory, victimFile };
}

function expectVictimsUntouched({ victimDirectory, victimFile }: Victims): void {
  expect(statSync(victimDirectory).mode & 0o7777).toBe(0o755);
  expect(statSync(victimFile).mode & 0o7777).toBe(0o644);
}

/**
 * Every failure is typed and names a path: the store's `ArtifactStoreError`, or — where the
 * directory checks it shares are called on their own — `PrivateFileError`.
 */
function expectTypedWithPath(failures: unknown[], ErrorClass: RecognisableError): void {
  expect(failures.filter((error) => !ErrorClass.isInstance(error)).map(String)).toEqual([]);
  expect(failures.filter((error) => (error as { path?: string }).path === undefined).map(String)).toEqual([]);
}

type RecognisableError = typeof ArtifactStoreError | typeof PrivateFileError;

/**
 * Creates `target` again and again while `attacker` races it: at least 20,000 attempts and
 * 20,000 attacker rounds, and until the race has made one attempt fail (the two threads really
 * interleaved: on a loaded two-core host they may at first run in turns), within 20 s.
 */
async function createUnderAttack(target: string, attacker: RacingThread): Promise<unknown[]> {
  const failures: unknown[] = [];
  const started = Date.now();
  for (let attempt = 0; attempt < 20_000 || attacker.rounds < 20_000 || failures.length === 0; attempt++) {
    if (Date.now() - started > 20_000) break;
    try {
      ensurePrivateDirectory(target, uid, true);
    } catch (error) {
      failures.push(error);
    }
    if (attempt % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return failures;
}

describe('a directory swapped between mkdir and the permission change', () => {
  it('creating one directory under attack by symlinks never changes the mode of what the links point to', async () => {
    const setup = victims();
    const target = join(setup.root, 'mcp');
    const attacker = await RacingThread.start(PLANT_LINKS, { target, ...setup });
    const failures = await createUnderAttack(target, attacker);
    expect(await attacker.stop()).toBeGreaterThan(1000);
    expectVictimsUntouched(setup);
    expectTypedWithPath(failures, PrivateFileError);
    expect(failures.length).toBeGreaterThan(0);
  });

  it("creating one directory while another user's directory is swapped in never changes that directory", async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const target = join(root, 'mcp');
    const foreign = join(root, 'theirs');
    mkdirSync(foreign);
    writeFileSync(join(foreign, 'keeps it non-empty'), '');
    chmodSync(foreign, 0o755);
    chownSync(foreign, 65534, 65534);
    const foreignInode = statSync(foreign).ino;
    const attacker = await RacingThread.start(SWAP_IN_FOREIGN_DIRECTORY, { target, foreign });
    const failures = await createUnderAttack(target, attacker);
    expect(await attacker.stop()).toBeGreaterThan(1000);
    const where = [target, foreign].find(
      (path) => statSync(path, { throwIfNoEntry: false })?.ino === foreignInode,
    );
    const stats = statSync(where as string);
    expect(stats.uid).toBe(65534);
    expect(stats.mode & 0o7777).toBe(0o755);
    expectTypedWithPath(failures, PrivateFileError);
    expect(failures.length).toBeGreaterThan(0);
  });

  it('writes through whole stores under attack: the link targets keep their modes, and every failure is an ArtifactStoreError naming a path', async () => {
    const setup = victims();
    const attacker = await RacingThread.start(PLANT_LINKS, { target: join(setup.root, 'mcp'), ...setup });
    const failures: unknown[] = [];
    let stored = 0;
    const started = Date.now();
    const elapsed = () => Date.now() - started;
    for (let attempt = 0; elapsed() < 2_000 || (failures.length === 0 && elapsed() < 20_000); attempt++) {
      const store = new SessionArtifactStore({
        root: setup.root,
        namespace: 'mcp',
        sessionId: `race-${attempt}`,
      });
      try {
        await store.write({ kind: 'k', bytes: `attempt ${attempt}` });
        store.flush();
        stored += 1;
      } catch (error) {
        failures.push(error);
      }
    }
    expect(await attacker.stop()).toBeGreaterThan(1000);
    expectVictimsUntouched(setup);
    expectTypedWithPath(failures, ArtifactStoreError);
    // The race really ran: the store was refused at least once.
    expect(failures.length).toBeGreaterThan(0);
    expect(stored + failures.length).toBeGreaterThan(10);
  });
});
