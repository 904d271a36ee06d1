import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TempRoots } from '../test/support/temp-root.js';
import { ArtifactStoreError } from './errors.js';
import { bootTag } from './process-identity.js';
import { LOCK_FILE_NAME, withSessionLock } from './session-lock.js';

const roots = new TempRoots();
afterEach(() => roots.removeAll());

function sessionDirectory(): string {
  const directory = join(roots.create(), 'session');
  mkdirSync(directory, { mode: 0o700 });
  return directory;
}

function target(directory: string, timeoutMs = 2_000) {
  return { directory, uid: process.getuid?.() ?? 0, timeoutMs, ensureDirectory: () => undefined };
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  const pid = spawnSync(process.execPath, ['-e', '0']).pid;
  if (pid === undefined) throw new Error('could not spawn a short-lived process');
  return pid;
}

describe('withSessionLock', () => {
  it('breaks a lock left by a dead process and tells the critical section to rebuild', async () => {
    const directory = sessionDirectory();
    writeFileSync(join(directory, LOCK_FILE_NAME), `${deadPid()} ${bootTag()} 0123456789abcdef\n`, {
      mode: 0o600,
    });
    const recovered = await withSessionLock(target(directory), (context) => context.recoveredStaleLock);
    expect(recovered).toBe(true);
    expect(existsSync(join(directory, LOCK_FILE_NAME))).toBe(false);
  });

  it('treats a lock from another boot as stale even if its pid is alive', async () => {
    const directory = sessionDirectory();
    writeFileSync(join(directory, LOCK_FILE_NAME), `${process.ppid} ffffffff 0123456789abcdef\n`, {
      mode: 0o600,
    });
    if (bootTag() === 'ffffffff') return;
    expect(await withSessionLock(target(directory), (context) => context.recoveredStaleLock)).toBe(true);
  });

  it('waits for a live holder and times out naming the lock file and its pid', async () => {
    const directory = sessionDirectory();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(directory, LOCK_FILE_NAME), `${holder.pid} ${bootTag()} 0123456789abcdef\n`, {
        mode: 0o600,
      });
      const started = Date.now();
      const error = await withSessionLock(target(directory, 150), () => 'acquired').catch(
        (caught: unknown) => caught,
      );
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
    const lockPath = join(directory, LOCK_FILE_NAME);
    writeFileSync(lockPath, `${process.pid} ${bootTag()} 0123456789abcdef\n`, { mode: 0o600 });
    const { unlinkSync } = await import('node:fs');
    setTimeout(() => unlinkSync(lockPath), 30);
    expect(await withSessionLock(target(directory), (context) => context.recoveredStaleLock)).toBe(false);
    expect(existsSync(lockPath)).toBe(false);
  });

  it('refuses a lock path that is a symlink', async () => {
    const directory = sessionDirectory();
    const { symlinkSync } = await import('node:fs');
    symlinkSync('/nonexistent-target', join(directory, LOCK_FILE_NAME));
    const error = await withSessionLock(target(directory), () => 'acquired').catch(
      (caught: unknown) => caught,
    );
    expect((error as ArtifactStoreError).code).toBe('unsafe_entry');
  });

  it('releases the lock when the critical section throws', async () => {
    const directory = sessionDirectory();
    await expect(
      withSessionLock(target(directory), () => {
        throw new Error('section failed');
      }),
    ).rejects.toThrow('section failed');
    expect(existsSync(join(directory, LOCK_FILE_NAME))).toBe(false);
  });
});
