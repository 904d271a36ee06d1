import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { ArtifactStoreError, SessionArtifactStore, type SessionArtifactStoreOptions } from './index.js';
import { currentProcess, type ProcessIdentity } from './process-identity.js';
import { ensurePrivateDirectory, ensureStoreRoot } from './secure-directory.js';
import { SessionDirectoryChain } from './session-directory-chain.js';
import {
  type ExpectedStoredFile,
  verifyStoredFile,
  verifyStoredFileSync,
} from './stored-file-verification.js';

function storeIn(root: string, overrides: Partial<SessionArtifactStoreOptions> = {}): SessionArtifactStore {
  return new SessionArtifactStore({ root, namespace: 'mcp', sessionId: 'session-a', ...overrides });
}

function sha256(bytes: string | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function rejection(promise: Promise<unknown>): Promise<ArtifactStoreError> {
  try {
    await promise;
  } catch (error) {
    if (ArtifactStoreError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the operation to be refused');
}

describe('SessionArtifactStore layout and modes', () => {
  it('stores bytes under <root>/<namespace>/<sha256(session)>/<sha256><ext>, directories 0700 and files 0600, whatever the umask', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const previousUmask = process.umask(0o000);
    try {
      const store = storeIn(root);
      const record = await store.write({
        kind: 'screenshot',
        bytes: Buffer.from('png bytes'),
        mimeType: 'image/png',
      });
      const sessionDirectory = join(root, 'mcp', sha256('session-a'));
      expect(record.path).toBe(join(sessionDirectory, `${sha256('png bytes')}.png`));
      expect(record).toMatchObject({
        id: sha256('png bytes'),
        kind: 'screenshot',
        mimeType: 'image/png',
        byteLength: 9,
      });
      expect(statSync(join(root, 'mcp')).mode & 0o7777).toBe(0o700);
      expect(statSync(sessionDirectory).mode & 0o7777).toBe(0o700);
      expect(statSync(record.path).mode & 0o7777).toBe(0o600);
      expect(statSync(record.path).uid).toBe(process.getuid?.());
      expect(readFileSync(record.path, 'utf8')).toBe('png bytes');
    } finally {
      process.umask(previousUmask);
    }
  });

  it('keeps 0700/0600 under a restrictive umask too', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const previousUmask = process.umask(0o277);
    try {
      const record = await storeIn(root).write({ kind: 'text', bytes: 'x' });
      expect(statSync(record.path).mode & 0o7777).toBe(0o600);
      expect(statSync(join(root, 'mcp')).mode & 0o7777).toBe(0o700);
    } finally {
      process.umask(previousUmask);
    }
  });

  it('stores a string as UTF-8, maps MIME parameters away, and stores unknown types without extension', async () => {
    const store = storeIn(makeTempDir('toolwright-artifacts-test'));
    const text = await store.write({ kind: 'text', bytes: 'héllo', mimeType: 'Text/Plain; charset=utf-8' });
    expect(text.mimeType).toBe('text/plain');
    expect(text.byteLength).toBe(6);
    expect(text.path.endsWith(`${sha256('héllo')}.txt`)).toBe(true);
    const unknown = await store.write({ kind: 'blob', bytes: 'blob', mimeType: 'application/x-custom' });
    expect(unknown.path.endsWith(sha256('blob'))).toBe(true);
    const custom = storeIn(makeTempDir('toolwright-artifacts-test'), {
      mimeExtensions: { 'application/x-custom': '.cst' },
    });
    expect(
      (await custom.write({ kind: 'blob', bytes: 'blob', mimeType: 'application/x-custom' })).path,
    ).toMatch(/\.cst$/);
  });

  it('isolates sessions: another session identity gets its own directory and cannot read the id', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const first = storeIn(root, { sessionId: 'alice' });
    const second = storeIn(root, { sessionId: 'bob' });
    const record = await first.write({ kind: 'text', bytes: 'secret of alice' });
    expect(first.sessionDirectory).not.toBe(second.sessionDirectory);
    expect((await rejection(second.read(record.id))).code).toBe('not_found');
    const again = await second.write({ kind: 'text', bytes: 'secret of alice' });
    expect(again.deduplicated).toBe(false);
    expect(again.path).not.toBe(record.path);
  });

  it('reads back verified bytes and lists records with their metadata, also from a new store instance', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const writer = storeIn(root);
    const record = await writer.write({
      kind: 'mcp-resource',
      bytes: '{"a":1}',
      mimeType: 'application/json',
      sourceUri: 'file:///data/a.json',
    });
    const reader = storeIn(root);
    const { record: readRecord, bytes } = await reader.read(record.id);
    expect(bytes.toString()).toBe('{"a":1}');
    expect(readRecord).toEqual({ ...record, deduplicated: false });
    expect(await reader.list()).toEqual([{ ...record, deduplicated: false }]);
    expect((await rejection(reader.read('f'.repeat(64)))).code).toBe('not_found');
    expect((await rejection(reader.read('../etc/passwd'))).code).toBe('invalid_request');
  });

  it('lists nothing and reads nothing before the first write, without creating directories', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const store = storeIn(root);
    expect(await store.list()).toEqual([]);
    expect((await rejection(store.read('a'.repeat(64)))).code).toBe('not_found');
    expect(readdirSync(root)).toEqual([]);
  });
});

describe('de-duplication', () => {
  it('gotcha: a dedup hit re-verifies owner, 0600, size and content hash; permission drift is not a hit', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const store = storeIn(root);
    const first = await store.write({ kind: 'text', bytes: 'same bytes', mimeType: 'text/plain' });
    const hit = await store.write({ kind: 'text', bytes: 'same bytes', mimeType: 'text/plain' });
    expect(hit).toMatchObject({ id: first.id, path: first.path, deduplicated: true });
    expect(store.stats()).toMatchObject({ items: 1, writes: 1, deduplicatedHits: 1 });

    chmodSync(first.path, 0o644);
    const error = await rejection(store.write({ kind: 'text', bytes: 'same bytes', mimeType: 'text/plain' }));
    expect(error.code).toBe('verification_failed');
    expect(error.path).toBe(first.path);
    expect(error.message).toContain(first.path);
    expect(error.message).toContain('mode is 0644, expected 0600');
    expect(store.stats().deduplicatedHits).toBe(1);
    expect((await rejection(store.read(first.id))).code).toBe('verification_failed');
  });

  it('refuses a stored file chowned to another user (uid 65534)', async () => {
    const store = storeIn(makeTempDir('toolwright-artifacts-test'));
    const record = await store.write({ kind: 'text', bytes: 'owned' });
    chownSync(record.path, 65534, 65534);
    const error = await rejection(store.write({ kind: 'text', bytes: 'owned' }));
    expect(error.code).toBe('verification_failed');
    expect(error.message).toContain('owner is uid 65534');
  });

  it('refuses a stored file whose content changed at the same size, and one with an extra hard link', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const store = storeIn(root);
    const tampered = await store.write({ kind: 'text', bytes: 'original' });
    writeFileSync(tampered.path, 'ORIGINAL');
    const hashError = await rejection(store.write({ kind: 'text', bytes: 'original' }));
    expect(hashError.code).toBe('verification_failed');
    expect(hashError.message).toContain('content differs from the bytes being written');
    const readError = await rejection(store.read(tampered.id));
    expect(readError.code).toBe('verification_failed');
    expect(readError.message).toContain(`content hashes to ${sha256('ORIGINAL')}, not to its name`);

    const linked = await store.write({ kind: 'text', bytes: 'linked' });
    linkSync(linked.path, join(root, 'outside-link'));
    const linkError = await rejection(store.write({ kind: 'text', bytes: 'linked' }));
    expect(linkError.message).toContain('2 hard links');
  });

  it.each([
    ['small (synchronous path)', 64 * 1024],
    ['large (streamed path)', 3 * 1024 * 1024],
  ])(
    'a %s stored file cut to a shorter prefix fails verification and never counts as a dedup hit',
    async (_, size) => {
      const store = storeIn(makeTempDir('toolwright-artifacts-test'), { limits: { maxItemBytes: size } });
      const bytes = Buffer.alloc(size, 0x61);
      bytes.write('distinct head', 0);
      const stored = await store.write({ kind: 'blob', bytes });
      truncateSync(stored.path, size - 4096);
      const error = await rejection(store.write({ kind: 'blob', bytes }));
      expect(error.code).toBe('verification_failed');
      expect(error.path).toBe(stored.path);
      expect(error.message).toContain(`size is ${size - 4096} bytes, expected ${size}`);
      expect(store.stats()).toMatchObject({ writes: 1, deduplicatedHits: 0 });
      expect((await rejection(store.read(stored.id))).code).toBe('verification_failed');
    },
  );

  it('a stored file with bytes appended fails verification and never counts as a dedup hit', async () => {
    const store = storeIn(makeTempDir('toolwright-artifacts-test'));
    const stored = await store.write({ kind: 'text', bytes: 'exact content' });
    appendFileSync(stored.path, ' and more');
    const error = await rejection(store.write({ kind: 'text', bytes: 'exact content' }));
    expect(error.code).toBe('verification_failed');
    expect(error.message).toContain('size is 22 bytes, expected 13');
    expect(store.stats().deduplicatedHits).toBe(0);
  });

  it('does not count dedup hits against quotas', async () => {
    const store = storeIn(makeTempDir('toolwright-artifacts-test'), {
      limits: { maxItems: 1, maxSessionBytes: 4 },
    });
    await store.write({ kind: 'text', bytes: 'full' });
    expect((await store.write({ kind: 'text', bytes: 'full' })).deduplicated).toBe(true);
    expect((await rejection(store.write({ kind: 'text', bytes: 'more' }))).code).toBe('too_many_items');
  });
});

describe('hostile file system', () => {
  it('refuses a symlink planted at the target path and writes nothing through it', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const store = storeIn(root);
    await store.write({ kind: 'text', bytes: 'first' });
    const outside = join(root, 'outside.txt');
    const target = join(store.sessionDirectory, sha256('second'));
    symlinkSync(outside, target);
    const error = await rejection(store.write({ kind: 'text', bytes: 'second' }));
    expect(error.code).toBe('unsafe_entry');
    expect(error.message).toContain(target);
    expect(existsSync(outside)).toBe(false);
    expect(readdirSync(store.sessionDirectory).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
  });

  it('refuses a FIFO planted at the target path without blocking on it', async () => {
    const store = storeIn(makeTempDir('toolwright-artifacts-test'));
    await store.write({ kind: 'text', bytes: 'first' });
    const target = join(store.sessionDirectory, sha256('fifo'));
    expect(spawnSync('mkfifo', ['-m', '600', target]).status).toBe(0);
    const error = await rejection(store.write({ kind: 'text', bytes: 'fifo' }));
    expect(error.code).toBe('verification_failed');
    expect(error.message).toContain('not a regular file');
  });

  it('refuses a symlink planted at its ledger', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const store = storeIn(root);
    await store.write({ kind: 'text', bytes: 'first' });
    store.flush();
    const ledger = join(store.sessionDirectory, '.ledger');
    const { unlinkSync } = await import('node:fs');
    unlinkSync(ledger);
    symlinkSync(join(root, 'elsewhere'), ledger);
    const error = await rejection(store.write({ kind: 'text', bytes: 'second' }));
    expect(error.code).toBe('unsafe_entry');
    expect(error.message).toContain(ledger);
    expect(existsSync(join(root, 'elsewhere'))).toBe(false);
  });

  it('refuses a symlink planted at the session directory and writes nothing through it', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const store = storeIn(root);
    const outside = join(root, 'attacker-dir');
    mkdirSync(outside, { mode: 0o700 });
    mkdirSync(join(root, 'mcp'), { mode: 0o700 });
    symlinkSync(outside, store.sessionDirectory);
    const error = await rejection(store.write({ kind: 'text', bytes: 'payload' }));
    expect(error.code).toBe('unsafe_directory');
    expect(error.message).toContain(store.sessionDirectory);
    expect(error.message).toContain('symbolic link');
    expect(readdirSync(outside)).toEqual([]);
  });

  it('refuses a session directory swapped for a symlink after first use', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const store = storeIn(root);
    await store.write({ kind: 'text', bytes: 'before' });
    const moved = join(root, 'moved');
    renameSync(store.sessionDirectory, moved);
    symlinkSync(moved, store.sessionDirectory);
    expect((await rejection(store.write({ kind: 'text', bytes: 'after' }))).code).toBe('unsafe_directory');
    expect(readdirSync(moved).some((name) => name.startsWith(sha256('after')))).toBe(false);
  });

  it('refuses a namespace directory with a loose mode or another owner', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    mkdirSync(join(root, 'mcp'), { mode: 0o755 });
    chmodSync(join(root, 'mcp'), 0o755);
    const loose = await rejection(storeIn(root).write({ kind: 'text', bytes: 'x' }));
    expect(loose.code).toBe('unsafe_directory');
    expect(loose.message).toContain('its mode is 0755');

    chmodSync(join(root, 'mcp'), 0o700);
    chownSync(join(root, 'mcp'), 65534, 65534);
    expect((await rejection(storeIn(root).write({ kind: 'text', bytes: 'x' }))).message).toContain(
      'owned by uid 65534',
    );
  });

  it('refuses a storage root others could use to swap its directories', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    chmodSync(root, 0o777);
    const worldWritable = await rejection(storeIn(root).write({ kind: 'text', bytes: 'x' }));
    expect(worldWritable.code).toBe('unsafe_directory');
    expect(worldWritable.message).toContain('mode 0777');
    chmodSync(root, 0o775);
    expect((await rejection(storeIn(root).write({ kind: 'text', bytes: 'x' }))).message).toContain(
      'mode 0775',
    );
    chmodSync(root, 0o755);
    chownSync(root, 65534, 65534);
    expect((await rejection(storeIn(root).write({ kind: 'text', bytes: 'x' }))).message).toContain(
      'owned by uid 65534',
    );
  });

  it('refuses a sticky (1777) storage root that another user created: its owner could still rename our directories', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    chownSync(root, 65534, 65534);
    chmodSync(root, 0o1777);
    const error = await rejection(storeIn(root).write({ kind: 'text', bytes: 'x' }));
    expect(error.code).toBe('unsafe_directory');
    expect(error.path).toBe(root);
    expect(error.message).toContain(`storage root ${root}`);
    expect(error.message).toContain(`owned by uid 65534, not by uid ${process.getuid?.()} (this process)`);
    expect(readdirSync(root)).toEqual([]);
  });

  it('accepts a sticky storage root of its own, like /tmp', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    chmodSync(root, 0o1777);
    expect((await storeIn(root).write({ kind: 'text', bytes: 'x' })).deduplicated).toBe(false);
  });

  it('creates a missing storage root only inside a directory that is safe, never in a sticky one of another user', async () => {
    const parent = makeTempDir('toolwright-artifacts-test');
    chownSync(parent, 65534, 65534);
    chmodSync(parent, 0o1777);
    const root = join(parent, 'artifacts');
    const error = await rejection(storeIn(root).write({ kind: 'text', bytes: 'x' }));
    expect(error.code).toBe('unsafe_directory');
    expect(error.path).toBe(parent);
    expect(error.message).toContain('owned by uid 65534');
    expect(existsSync(root)).toBe(false);
  });

  it('creates every missing directory of the storage root 0700 whatever the umask', async () => {
    const base = makeTempDir('toolwright-artifacts-test');
    const root = join(base, 'a', 'b', 'artifacts');
    const previousUmask = process.umask(0o077 | 0o200);
    try {
      await storeIn(root).write({ kind: 'text', bytes: 'x' });
    } finally {
      process.umask(previousUmask);
    }
    for (const directory of [join(base, 'a'), join(base, 'a', 'b'), root]) {
      expect(statSync(directory).mode & 0o7777).toBe(0o700);
    }
  });

  it('first use fails closed on a foreign file, naming the entry', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const store = storeIn(root);
    await store.write({ kind: 'text', bytes: 'x' });
    writeFileSync(join(store.sessionDirectory, 'notes.txt'), 'planted', { mode: 0o600 });
    const fresh = storeIn(root);
    const error = await rejection(fresh.write({ kind: 'text', bytes: 'y' }));
    expect(error.code).toBe('unsafe_entry');
    expect(error.message).toContain(join(store.sessionDirectory, 'notes.txt'));
    expect(error.message).toContain('foreign');
  });

  it('first use fails closed on a stored file with a wrong mode and on a symlinked artifact name', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const store = storeIn(root);
    const record = await store.write({ kind: 'text', bytes: 'x' });
    chmodSync(record.path, 0o640);
    const modeError = await rejection(storeIn(root).list());
    expect(modeError.code).toBe('unsafe_entry');
    expect(modeError.message).toContain('mode 0640');
    chmodSync(record.path, 0o600);
    symlinkSync('/etc/passwd', join(store.sessionDirectory, sha256('z')));
    expect((await rejection(storeIn(root).list())).message).toContain('symbolic link');
  });

  it('first use fails closed on a stored file with an extra hard link', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const store = storeIn(root);
    const record = await store.write({ kind: 'text', bytes: 'linked' });
    linkSync(record.path, join(root, 'outside-link'));
    const error = await rejection(storeIn(root).list());
    expect(error).toMatchObject({ code: 'unsafe_entry', path: record.path });
    expect(error.message).toContain('2 hard links instead of 1');
  });

  it('first use fails closed on a temporary file of another user, and leaves it in place', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const store = storeIn(root);
    await store.write({ kind: 'text', bytes: 'x' });
    const foreign = join(store.sessionDirectory, tempNameOf({ ...self, pid: deadPid() }, '0123456789abcdef'));
    writeFileSync(foreign, 'theirs', { mode: 0o600 });
    chownSync(foreign, 65534, 65534);
    const error = await rejection(storeIn(root).list());
    expect(error).toMatchObject({ code: 'unsafe_entry', path: foreign });
    expect(error.message).toContain('a temporary file owned by uid 65534');
    expect(existsSync(foreign)).toBe(true);
  });

  it('refuses a ledger with an extra hard link (someone else could read or change it through the link)', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const store = storeIn(root);
    await store.write({ kind: 'text', bytes: 'first' });
    store.flush();
    const ledger = join(store.sessionDirectory, '.ledger');
    linkSync(ledger, join(root, 'ledger-link'));
    const error = await rejection(store.write({ kind: 'text', bytes: 'second' }));
    expect(error).toMatchObject({ code: 'unsafe_entry', path: ledger });
    expect(error.message).toContain('it has 2 hard links');
  });

  it('a session directory replaced behind the store after it was verified is checked and scanned again', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const store = storeIn(root);
    await store.write({ kind: 'text', bytes: 'first' });
    store.flush();
    await new Promise((resolve) => setImmediate(resolve));
    const moved = join(root, 'moved-away');
    renameSync(store.sessionDirectory, moved);
    mkdirSync(store.sessionDirectory, { mode: 0o700 });
    chmodSync(store.sessionDirectory, 0o700);
    // A valid ledger, so that only a scan of the new directory (not a ledger rebuild) finds the plant.
    copyFileSync(join(moved, '.ledger'), join(store.sessionDirectory, '.ledger'));
    writeFileSync(join(store.sessionDirectory, 'notes.txt'), 'planted', { mode: 0o600 });
    const error = await rejection(store.write({ kind: 'text', bytes: 'second' }));
    expect(error).toMatchObject({ code: 'unsafe_entry', path: join(store.sessionDirectory, 'notes.txt') });
  });

  it('a session directory chowned to another user after it was verified is refused', async () => {
    const store = storeIn(makeTempDir('toolwright-artifacts-test'));
    await store.write({ kind: 'text', bytes: 'first' });
    await new Promise((resolve) => setImmediate(resolve));
    chownSync(store.sessionDirectory, 65534, 65534);
    const error = await rejection(store.write({ kind: 'text', bytes: 'second' }));
    expect(error).toMatchObject({ code: 'unsafe_directory', path: store.sessionDirectory });
    expect(error.message).toContain('owned by uid 65534');
  });
});

/** The pid of a process that has already exited. */
function deadPid(): number {
  const pid = spawnSync(process.execPath, ['-e', '0']).pid;
  if (pid === undefined) throw new Error('could not spawn a short-lived process');
  return pid;
}

const self = currentProcess();

/** An identity as it would be recorded by an earlier process that had our pid. */
function earlierProcessWithOurPid(): ProcessIdentity {
  return self.startTime === ''
    ? { ...self, bootId: self.bootId.startsWith('f') ? '0'.repeat(32) : 'f'.repeat(32) }
    : { ...self, startTime: String(Number(self.startTime) + 1) };
}

/** A temporary file name as the writer `owner` would have chosen it. */
function tempNameOf(owner: ProcessIdentity, nonce: string): string {
  return `.tmp-${owner.pid}-${owner.startTime}-${owner.bootId}-${nonce}`;
}

describe('crash recovery', () => {
  it('removes temporary files of dead writers (in the earlier name format too) and of an earlier process with our pid, keeps our own, and heals a writer killed between link and unlink', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const store = storeIn(root);
    const record = await store.write({ kind: 'text', bytes: 'published' });
    const dead = tempNameOf({ ...self, pid: deadPid() }, '0123456789abcdef');
    const earlier = tempNameOf(earlierProcessWithOurPid(), '0123456789abcd00');
    const live = tempNameOf(self, 'fedcba9876543210');
    const linkedLeftover = tempNameOf({ ...self, pid: deadPid() }, '00000000000000aa');
    const legacy = `.tmp-${self.bootId.slice(0, 8)}-${deadPid()}-00000000000000bb`;
    writeFileSync(join(store.sessionDirectory, legacy), 'from an earlier version', { mode: 0o600 });
    writeFileSync(join(store.sessionDirectory, dead), 'partial', { mode: 0o600 });
    writeFileSync(join(store.sessionDirectory, earlier), 'partial of the earlier pid', { mode: 0o600 });
    writeFileSync(join(store.sessionDirectory, live), 'in progress', { mode: 0o600 });
    linkSync(record.path, join(store.sessionDirectory, linkedLeftover));

    const reopened = storeIn(root);
    expect(await reopened.list()).toHaveLength(1);
    const names = readdirSync(store.sessionDirectory);
    expect(names).not.toContain(dead);
    expect(names).not.toContain(earlier);
    expect(names).not.toContain(linkedLeftover);
    expect(names).not.toContain(legacy);
    expect(names).toContain(live);
    expect(statSync(record.path).nlink).toBe(1);
    expect((await reopened.write({ kind: 'text', bytes: 'published' })).deduplicated).toBe(true);
  });

  it('breaks the lock left by an earlier process with our pid (a restart) and rebuilds the ledger it may have left stale', async () => {
    const store = storeIn(makeTempDir('toolwright-artifacts-test'), { limits: { maxItems: 3 } });
    await store.write({ kind: 'text', bytes: 'one' });
    await store.write({ kind: 'text', bytes: 'two' });
    await new Promise((resolve) => setImmediate(resolve));
    writeFileSync(join(store.sessionDirectory, '.ledger'), '{"items":0,"bytes":0,"reservations":[]}\n');
    const earlier = earlierProcessWithOurPid();
    writeFileSync(
      join(store.sessionDirectory, '.lock'),
      `${earlier.pid} ${earlier.startTime} ${earlier.bootId} 0123456789abcdef\n`,
      { mode: 0o600 },
    );
    await store.write({ kind: 'text', bytes: 'three' });
    expect(store.stats()).toMatchObject({ items: 3, bytes: 11 });
    expect((await rejection(store.write({ kind: 'text', bytes: 'four' }))).code).toBe('too_many_items');
  });

  it('drops quota reservations of writers that died mid-write', async () => {
    const store = storeIn(makeTempDir('toolwright-artifacts-test'), { limits: { maxSessionBytes: 100 } });
    await store.write({ kind: 'text', bytes: 'one' });
    await new Promise((resolve) => setImmediate(resolve));
    const reservation = { ...self, pid: deadPid(), token: 'abcdef', bytes: 90 };
    writeFileSync(
      join(store.sessionDirectory, '.ledger'),
      `${JSON.stringify({ items: 1, bytes: 3, reservations: [reservation] })}\n`,
    );
    await store.write({ kind: 'text', bytes: 'x'.repeat(90) });
    expect(store.stats()).toMatchObject({ items: 2, bytes: 93 });
  });

  it('rebuilds a torn ledger from the files on disk instead of trusting it', async () => {
    const store = storeIn(makeTempDir('toolwright-artifacts-test'), { limits: { maxItems: 2 } });
    await store.write({ kind: 'text', bytes: 'one' });
    writeFileSync(join(store.sessionDirectory, '.ledger'), '{"items":0,"by');
    await store.write({ kind: 'text', bytes: 'two' });
    expect(store.stats()).toMatchObject({ items: 2, bytes: 6 });
    expect((await rejection(store.write({ kind: 'text', bytes: 'three' }))).code).toBe('too_many_items');
  });
});

describe('quotas', () => {
  it('rejects an item over maxItemBytes, naming the limit, before touching the disk', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const error = await rejection(
      storeIn(root, { limits: { maxItemBytes: 10 } }).write({ kind: 'k', bytes: 'x'.repeat(11) }),
    );
    expect(error.code).toBe('item_too_large');
    expect(error.message).toContain('11 bytes');
    expect(error.message).toContain('limits.maxItemBytes (10 bytes)');
    expect(readdirSync(root)).toEqual([]);
  });

  it('enforces maxSessionBytes and says how much still fits', async () => {
    const store = storeIn(makeTempDir('toolwright-artifacts-test'), { limits: { maxSessionBytes: 10 } });
    await store.write({ kind: 'k', bytes: '123456' });
    const error = await rejection(store.write({ kind: 'k', bytes: 'abcde' }));
    expect(error.code).toBe('session_quota_exceeded');
    expect(error.message).toContain('at most 4 more bytes fit');
    expect(store.stats()).toMatchObject({ items: 1, bytes: 6 });
  });

  it('holds maxItems under 100 concurrent writes in one process', async () => {
    const store = storeIn(makeTempDir('toolwright-artifacts-test'), { limits: { maxItems: 10 } });
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, index) => store.write({ kind: 'k', bytes: `item ${index}` })),
    );
    const fulfilled = results.filter((result) => result.status === 'fulfilled');
    const codes = results.flatMap((result) =>
      result.status === 'rejected' ? [(result.reason as ArtifactStoreError).code] : [],
    );
    expect(fulfilled).toHaveLength(10);
    expect(new Set(codes)).toEqual(new Set(['too_many_items']));
    expect(readdirSync(store.sessionDirectory).filter((name) => /^[0-9a-f]{64}$/.test(name))).toHaveLength(
      10,
    );
    expect(store.stats().items).toBe(10);
  });

  it('holds maxSessionBytes under concurrent large (streamed) writes, releasing reservations of refused ones', async () => {
    const size = 1024 * 1024 + 1;
    const store = storeIn(makeTempDir('toolwright-artifacts-test'), {
      limits: { maxSessionBytes: size * 3 },
    });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, index) => store.write({ kind: 'big', bytes: Buffer.alloc(size, index) })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    expect(store.stats().bytes).toBe(size * 3);
    // The ledger on disk is brought up to date when the store's lease on the lock ends (next turn).
    await new Promise((resolve) => setImmediate(resolve));
    expect(existsSync(join(store.sessionDirectory, '.lock'))).toBe(false);
    const ledger = JSON.parse(readFileSync(join(store.sessionDirectory, '.ledger'), 'utf8'));
    expect(ledger).toEqual({ items: 3, bytes: size * 3, reservations: [] });
  });
});

describe('sharing a session', () => {
  it('a continuous writer hands the lock to another store of the same session at the end of its first lease (separate locks, as across processes)', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    // Room for however many writes the machine manages in one lease: the verdict counts leases.
    const limits = { maxItems: 1_000_000, maxSessionBytes: 1024 * 1024 * 1024 };
    const busy = storeIn(root, { limits });
    const other = storeIn(root, { limits });
    const lockPath = join(busy.sessionDirectory, '.lock');
    // Counted in leases, not in time or writes: every acquisition writes a lock file with a new
    // nonce, so the busy store's distinct lock contents are its leases. Small writes never yield
    // to the event loop, so the busy store keeps its lease until the lease's time is up; it then
    // pauses longer than a waiter's longest retry, and the waiting store must get the lock in
    // that pause. The busy store gives up after BUSY_LEASES leases: reaching them means the other
    // store was shut out through several handovers, however fast or slow the machine is.
    const BUSY_LEASES = 4;
    // A store that never handed over would write without end and never yield: far more writes
    // than any disk completes in one lease stop it (the assertion below then fails).
    const BUSY_WRITE_CAP = 20_000;
    const busyLeases = new Set<string>();
    let otherDone = false;
    let signalBusyStarted: () => void = () => {};
    const busyStarted = new Promise<void>((resolve) => {
      signalBusyStarted = resolve;
    });
    let busyWrites = 0;
    const busyLoop = (async () => {
      while (!otherDone && busyLeases.size < BUSY_LEASES && busyWrites < BUSY_WRITE_CAP) {
        await busy.write({ kind: 'k', bytes: `busy ${busyWrites}` });
        busyWrites += 1;
        if (!otherDone) busyLeases.add(readFileSync(lockPath, 'utf8'));
        if (busyWrites === 3) signalBusyStarted();
      }
    })();
    await busyStarted;
    const record = await other.write({ kind: 'k', bytes: 'from the other store' });
    otherDone = true;
    const leasesBeforeOther = busyLeases.size;
    await busyLoop;
    expect(leasesBeforeOther).toBe(1);
    expect((await other.read(record.id)).bytes.toString()).toBe('from the other store');
    expect((await busy.list()).length).toBe(busyWrites + 1);
  });
});

describe('removeAll', () => {
  it('a store whose session was removed by another store re-scans the new directory and keeps working', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const first = storeIn(root, { limits: { maxItems: 2 } });
    const second = storeIn(root, { limits: { maxItems: 2 } });
    await first.write({ kind: 'k', bytes: 'a' });
    await first.write({ kind: 'k', bytes: 'b' });
    await new Promise((resolve) => setImmediate(resolve));
    await second.removeAll();
    await second.write({ kind: 'k', bytes: 'c' });
    await new Promise((resolve) => setImmediate(resolve));
    expect((await first.write({ kind: 'k', bytes: 'd' })).deduplicated).toBe(false);
    expect(first.stats()).toMatchObject({ items: 2 });
    expect((await rejection(first.write({ kind: 'k', bytes: 'e' }))).code).toBe('too_many_items');
    expect((await first.list()).map((record) => record.byteLength)).toEqual([1, 1]);
  });

  it('deletes the session directory, resets counters, and the store can write again', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const store = storeIn(root);
    const other = storeIn(root, { sessionId: 'session-b' });
    await other.write({ kind: 'k', bytes: 'other session' });
    await store.write({ kind: 'k', bytes: 'one' });
    await store.write({ kind: 'k', bytes: 'one' });
    await store.removeAll();
    expect(existsSync(store.sessionDirectory)).toBe(false);
    expect(store.stats()).toMatchObject({ items: 0, bytes: 0, writes: 0, deduplicatedHits: 0 });
    expect(readdirSync(join(root, 'mcp'))).toEqual([sha256('session-b')]);
    const again = await store.write({ kind: 'k', bytes: 'one' });
    expect(again.deduplicated).toBe(false);
    expect(lstatSync(again.path).isFile()).toBe(true);
    expect(await other.list()).toHaveLength(1);
  });
});

describe('interrupted removeAll', () => {
  it('sweeps the .removed-* directories an interrupted removeAll left: only ours, only those names, never following links', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const store = storeIn(root);
    await store.write({ kind: 'k', bytes: 'keep me' });
    store.flush();
    const namespace = join(root, 'mcp');
    const outside = join(root, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'precious'), "not the store's");

    // What a removeAll killed after its rename leaves: the old session directory, renamed.
    const interrupted = join(namespace, '.removed-0123456789abcdef');
    mkdirSync(interrupted, { mode: 0o700 });
    writeFileSync(join(interrupted, `${sha256('old')}.txt`), 'old', { mode: 0o600 });
    writeFileSync(join(interrupted, '.ledger'), '{}', { mode: 0o600 });
    symlinkSync(outside, join(interrupted, 'link-inside'));
    // Not ours to remove: a link with the name, another user's directory, another name.
    const linked = join(namespace, '.removed-00000000000000aa');
    symlinkSync(outside, linked);
    const foreign = join(namespace, '.removed-00000000000000bb');
    mkdirSync(foreign, { mode: 0o700 });
    writeFileSync(join(foreign, 'theirs'), 'theirs');
    chownSync(foreign, 65534, 65534);
    const otherName = join(namespace, '.removed-by-hand');
    mkdirSync(otherName, { mode: 0o700 });

    const reopened = storeIn(root);
    expect(await reopened.list()).toHaveLength(1);
    expect(existsSync(interrupted)).toBe(false);
    expect(lstatSync(linked).isSymbolicLink()).toBe(true);
    expect(readdirSync(outside)).toEqual(['precious']);
    expect(readFileSync(join(foreign, 'theirs'), 'utf8')).toBe('theirs');
    expect(existsSync(otherName)).toBe(true);
    expect(readdirSync(store.sessionDirectory).some((name) => name.startsWith(sha256('keep me')))).toBe(true);
  });
});

describe('flush', () => {
  it('writes the ledger and releases the session lock at once, for hosts that exit in the same turn', async () => {
    const store = storeIn(makeTempDir('toolwright-artifacts-test'));
    await store.write({ kind: 'text', bytes: 'before exit', mimeType: 'text/plain' });
    expect(existsSync(join(store.sessionDirectory, '.lock'))).toBe(true);
    store.flush();
    expect(existsSync(join(store.sessionDirectory, '.lock'))).toBe(false);
    expect(JSON.parse(readFileSync(join(store.sessionDirectory, '.ledger'), 'utf8'))).toMatchObject({
      items: 1,
    });
    expect(readFileSync(join(store.sessionDirectory, '.records'), 'utf8')).toContain('"kind":"text"');
  });
});

describe('request validation', () => {
  it('names the bad field and value', async () => {
    const store = storeIn(makeTempDir('toolwright-artifacts-test'));
    const kindError = await rejection(store.write({ kind: '', bytes: 'x' }));
    expect(kindError).toMatchObject({ code: 'invalid_request', option: 'kind' });
    // A line break in a kind would let it forge lines in listings and previews a model reads.
    const forgedKind = await rejection(store.write({ kind: 'text\n[… 0 bytes omitted …]', bytes: 'x' }));
    expect(forgedKind).toMatchObject({ code: 'invalid_request', option: 'kind' });
    expect((await rejection(store.write({ kind: 'esc\u001b[2J', bytes: 'x' }))).option).toBe('kind');
    const mimeError = await rejection(store.write({ kind: 'k', bytes: 'x', mimeType: 'not a mime' }));
    expect(mimeError.option).toBe('mimeType');
    expect(mimeError.message).toContain('"not a mime"');
    const bytesError = await rejection(store.write({ kind: 'k', bytes: 42 as unknown as string }));
    expect(bytesError.message).toContain('got integer 42');
  });

  it('refuses a string that is not well-formed UTF-16, naming the offset, instead of storing U+FFFD', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const store = storeIn(root);
    const error = await rejection(store.write({ kind: 'k', bytes: 'ab\uD800cd' }));
    expect(error).toMatchObject({ code: 'invalid_request', option: 'bytes' });
    expect(error.message).toContain('lone surrogate U+D800 at index 2');
    expect(readdirSync(root)).toEqual([]);
    expect((await store.write({ kind: 'k', bytes: 'ab\uFFFDcd' })).byteLength).toBe(7);
  });

  it('runs validateRequest before anything touches the disk', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const store = storeIn(root, {
      validateRequest(request) {
        if (request.kind === 'forbidden') throw new Error('kind forbidden is not allowed here');
      },
    });
    const error = await rejection(store.write({ kind: 'forbidden', bytes: 'x' }));
    expect(error.code).toBe('request_rejected');
    expect(error.message).toContain('kind forbidden is not allowed here');
    expect(readdirSync(root)).toEqual([]);
  });
});

describe('stored-file verification (the guard every read and dedup goes through)', () => {
  // Larger than the synchronous scratch chunk (256 KiB) and the asynchronous chunk (4 MiB), so
  // both paths read the file in more than one piece.
  const SIZE = 4 * 1024 * 1024 + 300 * 1024;
  const content = Buffer.alloc(SIZE);
  for (let index = 0; index < SIZE; index += 1) content[index] = (index * 31 + (index >> 12)) & 0xff;
  const id = sha256(content);
  const uid = process.getuid?.() ?? 0;

  function storedFile(bytes: Uint8Array = content): string {
    const path = join(makeTempDir('toolwright-verify-test'), 'artifact');
    writeFileSync(path, bytes);
    chmodSync(path, 0o600);
    return path;
  }

  type Verify = (expected: ExpectedStoredFile, keepBytes: boolean) => Promise<unknown>;
  const paths: Array<[string, Verify]> = [
    ['synchronous', async (expected, keepBytes) => verifyStoredFileSync(expected, keepBytes)],
    ['asynchronous', (expected, keepBytes) => verifyStoredFile(expected, keepBytes)],
  ];

  async function refusal(
    verify: Verify,
    expected: ExpectedStoredFile,
    keepBytes: boolean,
  ): Promise<ArtifactStoreError> {
    return rejection(verify(expected, keepBytes));
  }

  function openDescriptors(): number {
    return readdirSync('/proc/self/fd').length;
  }

  for (const [name, verify] of paths) {
    for (const keepBytes of [false, true]) {
      it(`${name}, keepBytes ${keepBytes}: a multi-chunk file whose content hashes to its name is accepted`, async () => {
        const path = storedFile();
        const result = (await verify({ path, id, uid, byteLength: SIZE }, keepBytes)) as {
          byteLength: number;
          bytes: Buffer | undefined;
        };
        expect(result.byteLength).toBe(SIZE);
        if (keepBytes) expect(result.bytes?.equals(content)).toBe(true);
        else expect(result.bytes).toBeUndefined();
        // Compared with the bytes being written instead of re-hashed: the same verdict.
        const compared = (await verify({ path, id, uid, bytes: content }, keepBytes)) as {
          byteLength: number;
        };
        expect(compared.byteLength).toBe(SIZE);
      });

      it(`${name}, keepBytes ${keepBytes}: content swapped after the write is refused with the full message`, async () => {
        const swapped = Buffer.from(content);
        swapped.writeUInt8(swapped.readUInt8(SIZE - 10) ^ 0xff, SIZE - 10);
        const path = storedFile(swapped);
        const error = await refusal(verify, { path, id, uid }, keepBytes);
        expect(error.code).toBe('verification_failed');
        expect(error.path).toBe(path);
        expect(error.message).toBe(
          `Stored artifact ${path} failed verification: content hashes to ${sha256(swapped)}, not to its name. ` +
            'It was not used; a stored artifact must be a regular file with one link, owned by this user, mode 0600, ' +
            'whose content hashes to its name. Remove the file (or call removeAll()) to store it again.',
        );
      });

      it(`${name}, keepBytes ${keepBytes}: a file that differs from the bytes being written is refused even when the id matches the file`, async () => {
        const path = storedFile();
        const other = Buffer.from(content);
        other.writeUInt8(other.readUInt8(4 * 1024 * 1024 + 100) ^ 0xff, 4 * 1024 * 1024 + 100);
        const error = await refusal(verify, { path, id, uid, bytes: other }, keepBytes);
        expect(error.code).toBe('verification_failed');
        // The synchronous path keeping the bytes compares them in one piece (from byte 0); the others
        // name the chunk that differs (4 MiB is a multiple of both chunk sizes).
        const from = name === 'synchronous' && keepBytes ? 0 : 4 * 1024 * 1024;
        expect(error.message).toContain(
          `: content differs from the bytes being written (which hash to ${id}) from byte ${from} on. It was not used;`,
        );
      });
    }

    for (const keepBytes of [false, true]) {
      it(`${name}, keepBytes ${keepBytes}: a file truncated while it is being read is refused, never trusted`, async () => {
        const size = 16 * 1024 * 1024;
        const path = storedFile(Buffer.alloc(0));
        truncateSync(path, size);
        // Another process cuts the file to nothing and regrows it, over and over, so that sooner or
        // later a read starts past the end the file had when it was checked.
        const truncator = spawn(
          process.execPath,
          [
            '-e',
            `const fs = require('node:fs'); for (;;) { fs.truncateSync(${JSON.stringify(path)}, 0); fs.truncateSync(${JSON.stringify(path)}, ${size}); }`,
          ],
          { stdio: 'ignore' },
        );
        try {
          const deadline = Date.now() + 15_000;
          let shrank: ArtifactStoreError | undefined;
          while (shrank === undefined && Date.now() < deadline) {
            const error = await refusal(verify, { path, id, uid }, keepBytes);
            expect(error.code).toBe('verification_failed');
            if (error.message.includes('shrank')) shrank = error;
            else expect(error.message).toContain('content hashes to');
          }
          expect(shrank?.message).toMatch(
            new RegExp(
              `^Stored artifact ${path} failed verification: it shrank while being read \\((\\d+) of ${size} bytes\\)\\. It was not used;`,
            ),
          );
          const [, done] = /\((\d+) of/.exec(shrank?.message ?? '') ?? [];
          expect(Number(done)).toBeLessThan(size);
        } finally {
          truncator.kill();
        }
      }, 30_000);
    }

    it(`${name}: a file that grows while it is read is judged by the size it had when checked`, async () => {
      const size = 2 * 1024 * 1024 + 1000;
      const path = storedFile(Buffer.alloc(size));
      const grownId = sha256(Buffer.alloc(size));
      // Another process appends zeros and cuts them off again, over and over: bytes past the size
      // the check saw must never be read (they would change the hash of an accepted file).
      const grower = spawn(
        process.execPath,
        [
          '-e',
          `const fs = require('node:fs'); for (;;) { fs.truncateSync(${JSON.stringify(path)}, ${size + 100_000}); fs.truncateSync(${JSON.stringify(path)}, ${size}); }`,
        ],
        { stdio: 'ignore' },
      );
      try {
        let accepted = 0;
        for (let attempt = 0; attempt < 200; attempt += 1) {
          try {
            await verify({ path, id: grownId, uid, byteLength: size }, false);
            accepted += 1;
          } catch (error) {
            if (!ArtifactStoreError.isInstance(error)) throw error;
            expect(error.message).toContain(
              `failed verification: size is ${size + 100_000} bytes, expected ${size}.`,
            );
          }
        }
        expect(accepted).toBeGreaterThan(0);
      } finally {
        grower.kill();
      }
    }, 30_000);

    it(`${name}: a symlink at the path is refused as unsafe_entry, naming the path`, async () => {
      const target = storedFile();
      const link = join(makeTempDir('toolwright-verify-test'), 'link');
      symlinkSync(target, link);
      const error = await refusal(verify, { path: link, id, uid }, false);
      expect(error.code).toBe('unsafe_entry');
      expect(error.path).toBe(link);
      expect(error.message).toBe(
        `Refusing ${link}: it is a symbolic link. Only regular files written by the store are accepted.`,
      );
    });

    it(`${name}: a path that cannot be opened for another reason is an io_failed naming the operation, not a symlink`, async () => {
      const file = storedFile(Buffer.from('x'));
      const path = join(file, 'artifact');
      const error = await refusal(verify, { path, id, uid }, false);
      expect(error.code).toBe('io_failed');
      expect(error.path).toBe(path);
      expect(error.message).toMatch(new RegExp(`^Could not open stored artifact ${path}: ENOTDIR`));
    });

    it(`${name}: no file at the path is reported as absent`, async () => {
      const path = join(makeTempDir('toolwright-verify-test'), 'missing');
      expect(await verify({ path, id, uid }, false)).toBeUndefined();
    });

    it(`${name}: every verification closes the file it opened, accepted or refused`, async () => {
      const path = storedFile();
      const swapped = storedFile(Buffer.from('swapped'));
      await verify({ path, id, uid }, false);
      const before = openDescriptors();
      for (let round = 0; round < 5; round += 1) {
        await verify({ path, id, uid }, false);
        await verify({ path, id, uid, bytes: content }, true);
        await refusal(verify, { path: swapped, id, uid }, false);
      }
      expect(openDescriptors()).toBe(before);
    });
  }
});

describe('secure directories (the storage root and the private chain)', () => {
  function thrown(action: () => unknown): ArtifactStoreError {
    try {
      action();
    } catch (error) {
      if (ArtifactStoreError.isInstance(error)) return error;
      throw error;
    }
    throw new Error('expected an ArtifactStoreError');
  }

  it('refuses a storage root that is a regular file, naming it', () => {
    const root = join(makeTempDir('toolwright-secure-test'), 'file');
    writeFileSync(root, 'x');
    const error = thrown(() => ensureStoreRoot(root, 0));
    expect(error.code).toBe('unsafe_directory');
    expect(error.path).toBe(root);
    expect(error.message).toBe(
      `Refusing storage root ${root}: it is not a directory. Expected a directory path.`,
    );
  });

  it('accepts a root owned by root for another uid, and refuses one owned by a third uid with the full message', () => {
    const root = makeTempDir('toolwright-secure-test');
    chmodSync(root, 0o755);
    expect(() => ensureStoreRoot(root, 1000)).not.toThrow();
    chownSync(root, 2000, 2000);
    expect(() => ensureStoreRoot(root, 2000)).not.toThrow();
    const error = thrown(() => ensureStoreRoot(root, 1000));
    expect(error.code).toBe('unsafe_directory');
    expect(error.path).toBe(root);
    expect(error.message).toBe(
      `Refusing storage root ${root}: it is owned by uid 2000, not by uid 1000 (this process) or root; ` +
        'its owner could rename our directories and put their own in their place, sticky bit or not. ' +
        'Expected a directory owned by uid 1000 or by root.',
    );
  });

  it('refuses a world-writable root unless it is sticky, with the full message', () => {
    const root = makeTempDir('toolwright-secure-test');
    chmodSync(root, 0o777);
    const error = thrown(() => ensureStoreRoot(root, 0));
    expect(error.code).toBe('unsafe_directory');
    expect(error.path).toBe(root);
    expect(error.message).toBe(
      `Refusing storage root ${root}: mode 0777 lets other users replace our directories. ` +
        'Expected one only its owner can write to (e.g. 0700 or 0755), or a sticky one like /tmp.',
    );
    chmodSync(root, 0o1777);
    expect(() => ensureStoreRoot(root, 0)).not.toThrow();
  });

  it('does not create a missing root inside a parent others may write to, naming that parent', () => {
    const parent = makeTempDir('toolwright-secure-test');
    chmodSync(parent, 0o777);
    const root = join(parent, 'root');
    const error = thrown(() => ensureStoreRoot(root, 0));
    expect(error.message).toBe(
      `Refusing the parent of the storage root ${parent}: mode 0777 lets other users replace our directories. ` +
        'Expected one only its owner can write to (e.g. 0700 or 0755), or a sticky one like /tmp.',
    );
    expect(existsSync(root)).toBe(false);
  });

  it('creates the missing levels of a root 0700 each', () => {
    const base = makeTempDir('toolwright-secure-test');
    const root = join(base, 'a', 'b');
    ensureStoreRoot(root, 0);
    expect(lstatSync(join(base, 'a')).mode & 0o7777).toBe(0o700);
    expect(lstatSync(root).mode & 0o7777).toBe(0o700);
  });

  it('reports a root under a regular file as io_failed, naming the operation', () => {
    const file = join(makeTempDir('toolwright-secure-test'), 'file');
    writeFileSync(file, 'x');
    const root = join(file, 'root');
    const error = thrown(() => ensureStoreRoot(root, 0));
    expect(error.code).toBe('io_failed');
    expect(error.path).toBe(root);
    expect(error.message).toMatch(new RegExp(`^Could not inspect the storage root ${root}: ENOTDIR`));
  });

  it('does not follow a dangling symlink planted as the root: nothing is created at its target', () => {
    const base = makeTempDir('toolwright-secure-test');
    const root = join(base, 'root');
    symlinkSync(join(base, 'target'), root);
    const error = thrown(() => ensureStoreRoot(root, 0));
    expect(error.code).toBe('io_failed');
    expect(error.message).toBe(
      `Could not inspect the storage root ${root}: it vanished right after it was created`,
    );
    expect(existsSync(join(base, 'target'))).toBe(false);
  });

  it('refuses a private directory that is not a directory, or not 0700, with the mode in four digits', () => {
    const base = makeTempDir('toolwright-secure-test');
    const file = join(base, 'file');
    writeFileSync(file, 'x');
    const error = thrown(() => ensurePrivateDirectory(file, 0, false));
    expect(error.code).toBe('unsafe_directory');
    expect(error.message).toBe(
      `Refusing artifact directory ${file}: it is not a directory. Expected a real directory owned by uid 0 with mode 0700.`,
    );
    const directory = join(base, 'directory');
    mkdirSync(directory);
    chmodSync(directory, 0o055);
    expect(thrown(() => ensurePrivateDirectory(directory, 0, false)).message).toContain(
      ': its mode is 0055.',
    );
  });

  it('reports a private directory under a regular file as io_failed, and a missing one as absent', () => {
    const base = makeTempDir('toolwright-secure-test');
    const file = join(base, 'file');
    writeFileSync(file, 'x');
    const error = thrown(() => ensurePrivateDirectory(join(file, 'sub'), 0, false));
    expect(error.code).toBe('io_failed');
    expect(error.message).toMatch(new RegExp(`^Could not inspect directory ${join(file, 'sub')}: ENOTDIR`));
    expect(ensurePrivateDirectory(join(base, 'missing'), 0, false)).toBeUndefined();
  });

  it('reports a directory whose parent is missing as a failed create, not as vanished', () => {
    const path = join(makeTempDir('toolwright-secure-test'), 'missing', 'sub');
    const error = thrown(() => ensurePrivateDirectory(path, 0, true));
    expect(error.code).toBe('io_failed');
    expect(error.message).toMatch(new RegExp(`^Could not create directory ${path}: ENOENT`));
  });

  it('refuses a directory it created that is not owned by the expected uid, and closes the handle', () => {
    const base = makeTempDir('toolwright-secure-test');
    ensurePrivateDirectory(join(base, 'warm'), 0, true);
    const before = readdirSync('/proc/self/fd').length;
    for (let round = 0; round < 3; round += 1) {
      const path = join(base, `created-${round}`);
      const error = thrown(() => ensurePrivateDirectory(path, 1000, true));
      expect(error.code).toBe('unsafe_directory');
      expect(error.message).toBe(
        `Refusing artifact directory ${path}: it is owned by uid 0, not by uid 1000 (this process). ` +
          'Expected a real directory owned by uid 1000 with mode 0700.',
      );
      ensurePrivateDirectory(join(base, `ours-${round}`), 0, true);
    }
    expect(readdirSync('/proc/self/fd').length).toBe(before);
  });
});

describe('session directory chain (root, namespace, session directory)', () => {
  function chainIn(base: string): { chain: SessionDirectoryChain; root: string; session: string } {
    const root = join(base, 'root');
    const namespace = join(root, 'ns');
    const session = join(namespace, 'session');
    return { chain: new SessionDirectoryChain(root, namespace, session, 0), root, session };
  }
  const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

  it('reports a missing chain without creating anything, and is then not checked this turn', () => {
    const { chain, root } = chainIn(makeTempDir('toolwright-chain-test'));
    expect(chain.check(false)).toBe('missing');
    expect(existsSync(root)).toBe(false);
    expect(chain.checkedThisTurn).toBe(false);
    chain.check(true);
    expect(chain.checkedThisTurn).toBe(true);
    rmSync(root, { recursive: true });
    expect(chain.check(false)).toBe('missing');
    expect(chain.checkedThisTurn).toBe(false);
  });

  it('reports a missing session directory in an existing namespace as missing', () => {
    const { chain, session } = chainIn(makeTempDir('toolwright-chain-test'));
    chain.check(true);
    rmSync(session, { recursive: true });
    chain.forget();
    expect(chain.check(false)).toBe('missing');
  });

  it('creates the chain 0700, answers present again, and is checked until the event loop turns', async () => {
    const { chain, session } = chainIn(makeTempDir('toolwright-chain-test'));
    expect(chain.checkedThisTurn).toBe(false);
    expect(chain.check(true)).toBe('present');
    expect(lstatSync(session).mode & 0o7777).toBe(0o700);
    expect(chain.checkedThisTurn).toBe(true);
    expect(chain.check(false)).toBe('present');
    await nextTurn();
    expect(chain.checkedThisTurn).toBe(false);
    expect(chain.check(false)).toBe('present');
    expect(chain.checkedThisTurn).toBe(true);
    await nextTurn();
    expect(chain.checkedThisTurn).toBe(false);
  });

  it('a check made in a later turn stays valid for that whole turn', async () => {
    const { chain } = chainIn(makeTempDir('toolwright-chain-test'));
    chain.check(true);
    const seen: boolean[] = [];
    // Queued in this turn: the chain's reset, then a check in the next callback, then a reader.
    setImmediate(() => chain.check(false));
    chain.check(false);
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        seen.push(chain.checkedThisTurn);
        resolve();
      }),
    );
    expect(seen).toEqual([true]);
  });

  it('reports a session directory re-created by someone else as replaced, after the full check', () => {
    const { chain, session } = chainIn(makeTempDir('toolwright-chain-test'));
    chain.check(true);
    const other = `${session}-new`;
    mkdirSync(other);
    chmodSync(other, 0o700);
    rmSync(session, { recursive: true });
    renameSync(other, session);
    expect(chain.check(false)).toBe('replaced');
    expect(chain.check(false)).toBe('present');
  });

  it('refuses a verified session directory whose mode was loosened', () => {
    const { chain, session } = chainIn(makeTempDir('toolwright-chain-test'));
    chain.check(true);
    chmodSync(session, 0o755);
    const error = (() => {
      try {
        chain.check(false);
      } catch (caught) {
        return caught as ArtifactStoreError;
      }
      throw new Error('expected a refusal');
    })();
    expect(error.code).toBe('unsafe_directory');
    expect(error.message).toContain(`${session}: its mode is 0755.`);
  });

  it('checks the storage root once per chain, when it first creates', () => {
    const { chain, root } = chainIn(makeTempDir('toolwright-chain-test'));
    chain.check(true);
    chmodSync(root, 0o777);
    chain.forget();
    expect(chain.check(true)).toBe('present');
    const fresh = new SessionDirectoryChain(root, join(root, 'ns'), join(root, 'ns', 'session'), 0);
    expect(() => fresh.check(true)).toThrow(/mode 0777 lets other users replace our directories/);
  });
});
