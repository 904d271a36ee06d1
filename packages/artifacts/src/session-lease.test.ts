import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempDir } from '@toolwright/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { ArtifactStoreError } from './errors.js';
import { currentProcess, type ProcessIdentity, parseProcessStat } from './process-identity.js';
import { SessionLease } from './session-lease.js';
import type { LedgerState } from './session-ledger.js';
import { breakStaleLock, LOCK_FILE_NAME, readLockRecord } from './session-lock.js';

const uid = process.getuid?.() ?? 0;

function sessionDirectory(): string {
  const directory = join(makeTempDir('toolwright-artifacts-test'), 'session');
  mkdirSync(directory, { mode: 0o700 });
  return directory;
}

/** A lease whose ledger rebuild is observable: it reports a fixed usage and counts its calls. */
function leaseOn(directory: string, timeoutMs = 2_000) {
  const rebuilds: LedgerState['reservations'][] = [];
  const lease = new SessionLease({
    directory,
    uid,
    timeoutMs,
    ensureDirectory: () => undefined,
    rebuildLedger: (reservations) => {
      rebuilds.push(reservations);
      return { items: 7, bytes: 70, reservations };
    },
  });
  return { lease, rebuilds };
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function deadPid(): number {
  const pid = spawnSync(process.execPath, ['-e', '0']).pid;
  if (pid === undefined) throw new Error('could not spawn a short-lived process');
  return pid;
}

const self = currentProcess();
const procfs = self.startTime !== '';

/** The identity of a running process, as `/proc` tells it. */
function identityOf(pid: number): ProcessIdentity {
  const startTime = procfs
    ? (parseProcessStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.startTime ?? '')
    : '';
  return { pid, startTime, bootId: self.bootId };
}

/** A start time other than `startTime` (one tick later). */
function anotherStartTime(startTime: string): string {
  return String(Number(startTime) + 1);
}

/** A boot id other than ours. */
function anotherBootId(): string {
  return self.bootId.startsWith('f') ? '0'.repeat(32) : 'f'.repeat(32);
}

/** Writes a lock file the way a holder with this identity would have. */
function plantLock(directory: string, owner: ProcessIdentity): void {
  writeFileSync(
    join(directory, LOCK_FILE_NAME),
    `${owner.pid} ${owner.startTime} ${owner.bootId} 0123456789abcdef\n`,
    { mode: 0o600 },
  );
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

const lockHolderScript = fileURLToPath(new URL('./test-support/lock-holder.ts', import.meta.url));

/** A separate process that takes the lease on `directory` and keeps it until killed. */
async function startLockHolder(directory: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', lockHolderScript, directory], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`lock holder exited (${code}) before locking`)));
  });
  return child;
}

function plantLedger(directory: string, state: LedgerState): void {
  writeFileSync(join(directory, '.ledger'), `${JSON.stringify(state)}\n`, { mode: 0o600 });
}

describe('SessionLease', () => {
  it('breaks the lock of a dead process and rebuilds the ledger it may have left stale', async () => {
    const directory = sessionDirectory();
    plantLedger(directory, { items: 1, bytes: 10, reservations: [] });
    plantLock(directory, { pid: deadPid(), startTime: self.startTime, bootId: self.bootId });
    const { lease, rebuilds } = leaseOn(directory);
    expect(await lease.run((held) => held.ledger())).toEqual({ items: 7, bytes: 70, reservations: [] });
    expect(rebuilds).toHaveLength(1);
  });

  it('treats a lock from another boot as stale even though its pid runs', async () => {
    const directory = sessionDirectory();
    plantLedger(directory, { items: 1, bytes: 10, reservations: [] });
    plantLock(directory, { ...identityOf(process.ppid), bootId: anotherBootId() });
    const { lease, rebuilds } = leaseOn(directory);
    await lease.run((held) => held.ledger());
    expect(rebuilds).toHaveLength(1);
  });

  it.skipIf(!procfs)(
    'treats a lock with our own pid but another start time as stale: an earlier process had our pid (pid 1 restarted)',
    async () => {
      const directory = sessionDirectory();
      plantLedger(directory, { items: 1, bytes: 10, reservations: [] });
      plantLock(directory, { ...self, startTime: anotherStartTime(self.startTime) });
      const { lease, rebuilds } = leaseOn(directory, 1_000);
      expect(await lease.run((held) => held.ledger())).toEqual({ items: 7, bytes: 70, reservations: [] });
      expect(rebuilds).toHaveLength(1);
    },
  );

  it('treats a lock with our own pid and start time but another boot id as stale', async () => {
    const directory = sessionDirectory();
    plantLock(directory, { ...self, bootId: anotherBootId() });
    const { lease, rebuilds } = leaseOn(directory, 1_000);
    await lease.run((held) => held.ledger());
    expect(rebuilds).toHaveLength(1);
  });

  it.skipIf(!procfs)(
    'treats the lock of a running pid with another start time as stale: the pid was reused',
    async () => {
      const directory = sessionDirectory();
      const holder = identityOf(process.ppid);
      plantLock(directory, { ...holder, startTime: anotherStartTime(holder.startTime) });
      const { lease, rebuilds } = leaseOn(directory, 1_000);
      await lease.run((held) => held.ledger());
      expect(rebuilds).toHaveLength(1);
    },
  );

  it('a real process that took the lock records its pid, start time and boot id; SIGKILLed, its lock is recovered', async () => {
    const directory = sessionDirectory();
    plantLedger(directory, { items: 1, bytes: 10, reservations: [] });
    const holder = await startLockHolder(directory);
    const recorded = readFileSync(join(directory, LOCK_FILE_NAME), 'utf8');
    const identity = identityOf(holder.pid as number);
    expect(recorded).toMatch(
      new RegExp(`^${identity.pid} ${identity.startTime} ${identity.bootId} [0-9a-f]{16}\\n$`),
    );
    // Alive, it is respected.
    const waiting = await leaseOn(directory, 100)
      .lease.run(() => 'acquired')
      .catch((caught: unknown) => caught);
    expect((waiting as ArtifactStoreError).code).toBe('lock_timeout');
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    const { lease, rebuilds } = leaseOn(directory, 1_000);
    expect(await lease.run((held) => held.ledger())).toEqual({ items: 7, bytes: 70, reservations: [] });
    expect(rebuilds).toHaveLength(1);
  });

  it('trusts the ledger when the lock was free, dropping only reservations of processes that are gone', async () => {
    const directory = sessionDirectory();
    const live = { ...self, token: 'live', bytes: 5 };
    const dead = {
      pid: deadPid(),
      startTime: self.startTime,
      bootId: self.bootId,
      token: 'dead',
      bytes: 500,
    };
    const earlierWithOurPid = {
      ...self,
      startTime: procfs ? anotherStartTime(self.startTime) : self.startTime,
      bootId: procfs ? self.bootId : anotherBootId(),
      token: 'earlier',
      bytes: 50,
    };
    const otherBoot = { ...self, bootId: anotherBootId(), token: 'other-boot', bytes: 60 };
    plantLedger(directory, { items: 2, bytes: 20, reservations: [live, dead, earlierWithOurPid, otherBoot] });
    const { lease, rebuilds } = leaseOn(directory);
    expect(await lease.run((held) => held.ledger())).toEqual({ items: 2, bytes: 20, reservations: [live] });
    expect(rebuilds).toHaveLength(0);
  });

  it('keeps the lock across back-to-back operations and writes the ledger once, when the event loop is idle', async () => {
    const directory = sessionDirectory();
    plantLedger(directory, { items: 0, bytes: 0, reservations: [] });
    const { lease } = leaseOn(directory);
    for (let index = 0; index < 3; index++) {
      await lease.run((held) => {
        held.ledger().items += 1;
        held.markLedgerChanged();
      });
      expect(existsSync(join(directory, LOCK_FILE_NAME))).toBe(true);
    }
    expect(JSON.parse(readFileSync(join(directory, '.ledger'), 'utf8')).items).toBe(0);
    await nextTurn();
    expect(existsSync(join(directory, LOCK_FILE_NAME))).toBe(false);
    expect(JSON.parse(readFileSync(join(directory, '.ledger'), 'utf8')).items).toBe(3);
  });

  it('waits for a live holder and times out naming the lock file and its pid', async () => {
    const directory = sessionDirectory();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => holder.once('spawn', resolve));
      plantLock(directory, identityOf(holder.pid as number));
      const started = Date.now();
      const error = await leaseOn(directory, 150)
        .lease.run(() => 'acquired')
        .catch((caught: unknown) => caught);
      expect(ArtifactStoreError.isInstance(error)).toBe(true);
      expect((error as ArtifactStoreError).code).toBe('lock_timeout');
      expect((error as ArtifactStoreError).message).toContain(`held by pid ${holder.pid}`);
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
      expect(existsSync(join(directory, LOCK_FILE_NAME))).toBe(true);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('acquires once a live holder releases', async () => {
    const directory = sessionDirectory();
    plantLock(directory, self);
    setTimeout(() => unlinkSync(join(directory, LOCK_FILE_NAME)), 30);
    const { lease, rebuilds } = leaseOn(directory);
    expect(await lease.run(() => 'acquired')).toBe('acquired');
    expect(rebuilds).toHaveLength(0);
  });

  it('refuses a lock path that is a symlink', async () => {
    const directory = sessionDirectory();
    symlinkSync('/nonexistent-target', join(directory, LOCK_FILE_NAME));
    const error = await leaseOn(directory)
      .lease.run(() => 'acquired')
      .catch((caught: unknown) => caught);
    expect((error as ArtifactStoreError).code).toBe('unsafe_entry');
  });

  it('releases the lock after a critical section throws', async () => {
    const directory = sessionDirectory();
    const { lease } = leaseOn(directory);
    await expect(
      lease.run(() => {
        throw new Error('section failed');
      }),
    ).rejects.toThrow('section failed');
    await nextTurn();
    expect(existsSync(join(directory, LOCK_FILE_NAME))).toBe(false);
  });

  it('stays held while pinned, and releases when unpinned', async () => {
    const directory = sessionDirectory();
    const { lease } = leaseOn(directory);
    await lease.run(() => undefined);
    const unpin = lease.pin();
    await nextTurn();
    await nextTurn();
    expect(existsSync(join(directory, LOCK_FILE_NAME))).toBe(true);
    unpin();
    await nextTurn();
    expect(existsSync(join(directory, LOCK_FILE_NAME))).toBe(false);
  });

  it('never breaks a lock that was taken anew after it was judged stale: the content is compared again', () => {
    const directory = sessionDirectory();
    plantLock(directory, { pid: deadPid(), startTime: self.startTime, bootId: self.bootId });
    const judged = readLockRecord(join(directory, LOCK_FILE_NAME), uid);
    if (judged === undefined) throw new Error('the planted lock should be readable');
    // Meanwhile another process broke it and took the lock itself (a live owner line).
    unlinkSync(join(directory, LOCK_FILE_NAME));
    plantLock(directory, self);
    const live = readFileSync(join(directory, LOCK_FILE_NAME), 'utf8');
    expect(breakStaleLock(directory, judged, uid)).toBe(false);
    expect(readFileSync(join(directory, LOCK_FILE_NAME), 'utf8')).toBe(live);
    expect(existsSync(join(directory, '.lock.break'))).toBe(false);
  });

  it('leaves a fresh lock file without an owner line alone (its creator is writing it), and breaks it once it is old', async () => {
    const directory = sessionDirectory();
    const lockPath = join(directory, LOCK_FILE_NAME);
    writeFileSync(lockPath, '', { mode: 0o600 });
    const fresh = await leaseOn(directory, 150)
      .lease.run(() => 'acquired')
      .catch((caught: unknown) => caught);
    expect((fresh as ArtifactStoreError).code).toBe('lock_timeout');
    expect((fresh as ArtifactStoreError).message).toContain('held by pid unknown');
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lockPath, longAgo, longAgo);
    expect(await leaseOn(directory, 1_000).lease.run(() => 'acquired')).toBe('acquired');
  });

  it.skipIf(!procfs)(
    'treats the lock of a zombie (exited, not yet reaped, same pid and start time) as stale',
    async () => {
      const directory = sessionDirectory();
      // `sleep 0.01` exits under a parent that never reaps it (the shell exec-ed `sleep 30`).
      const parent = spawn('sh', ['-c', 'sleep 0.01 & echo $!; exec sleep 30'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      children.push(parent);
      const zombiePid = await new Promise<number>((resolve) => {
        parent.stdout?.once('data', (chunk: Buffer) => resolve(Number.parseInt(chunk.toString(), 10)));
      });
      let state = '';
      for (let attempt = 0; attempt < 200 && state !== 'Z'; attempt++) {
        state = parseProcessStat(readFileSync(`/proc/${zombiePid}/stat`, 'utf8'))?.state ?? '';
        if (state !== 'Z') await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(state).toBe('Z');
      plantLock(directory, identityOf(zombiePid));
      const { lease, rebuilds } = leaseOn(directory, 1_000);
      await lease.run((held) => held.ledger());
      expect(rebuilds).toHaveLength(1);
    },
  );
});

describe('a lease ended by another operation of the same process', () => {
  it('never runs a section after another operation handed the lock over while it was on its way to it', async () => {
    const directory = sessionDirectory();
    const { lease } = leaseOn(directory);
    const lockHeld: boolean[] = [];
    const section = () => {
      lockHeld.push(existsSync(join(directory, LOCK_FILE_NAME)));
    };
    let handover: Promise<void> | undefined;
    // Queued before the first operation takes the lock, so it runs after that and before the
    // operation's own section: the clock moves past a lease's longest life (busy, on purpose),
    // and a second operation starts, sees an old lease and hands the lock over.
    queueMicrotask(() => {
      const start = Date.now();
      while (Date.now() - start < 250) {
        // The lease ages.
      }
      handover = lease.run(section);
    });
    await lease.run(section);
    await handover;
    expect(lockHeld).toEqual([true, true]);
    lease.release();
  });
});
