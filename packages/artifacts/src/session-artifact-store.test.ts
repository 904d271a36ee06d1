import { spawnSync } from 'node:child_process';
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
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { type ArtifactStoreError, SessionArtifactStore, type SessionArtifactStoreOptions } from './index.js';
import { currentProcess, type ProcessIdentity } from './process-identity.js';
import { rejection } from './test-support/refusals.js';

function storeIn(root: string, overrides: Partial<SessionArtifactStoreOptions> = {}): SessionArtifactStore {
  return new SessionArtifactStore({ root, namespace: 'mcp', sessionId: 'session-a', ...overrides });
}

function sha256(bytes: string | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
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
