import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { makeTempDir, withSyscallFault } from '@toolwright/test-support';
import { describe, expect, it, vi } from 'vitest';
import {
  currentProcess,
  currentUid,
  isProcessRunning,
  parseBootId,
  parseProcessStat,
} from './process-identity.js';
import { thrown } from './test-support/refusals.js';

const procfs = currentProcess().startTime !== '';

describe('process identity', () => {
  it('parses /proc/<pid>/stat after the last ")", whatever the command name holds', () => {
    const fields = Array.from({ length: 50 }, (_, index) => String(index + 3));
    fields[0] = 'S';
    fields[19] = '987654';
    const text = `4242 (evil) R 1 2 3 (x) y) ${fields.join(' ')}\n`;
    expect(parseProcessStat(text)).toEqual({ state: 'S', startTime: '987654' });
    expect(parseProcessStat('4242 no parenthesis')).toBeUndefined();
    expect(parseProcessStat('4242 (short) S 1 2')).toBeUndefined();
  });

  it.skipIf(!procfs)(
    'reads the start time of a real process whose command name is made to look like stat fields',
    async () => {
      const directory = makeTempDir('toolwright-artifacts-test');
      const program = join(directory, 'x) R 1 2 3 4');
      copyFileSync('/bin/sleep', program);
      const child = spawn(program, ['5'], { stdio: 'ignore' });
      try {
        await new Promise((resolve) => child.once('spawn', resolve));
        await sleep(50);
        const text = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
        expect(text).toContain('(x) R 1 2 3 4)');
        const stat = parseProcessStat(text);
        expect(stat?.state).toBe('S');
        expect(Number(stat?.startTime)).toBeGreaterThanOrEqual(Number(currentProcess().startTime));
        const identity = {
          pid: child.pid as number,
          startTime: stat?.startTime ?? '',
          bootId: currentProcess().bootId,
        };
        expect(isProcessRunning(identity)).toBe(true);
        expect(isProcessRunning({ ...identity, startTime: String(Number(identity.startTime) + 1) })).toBe(
          false,
        );
      } finally {
        child.kill('SIGKILL');
      }
    },
  );

  it('this process is running; an earlier process with our pid is not', () => {
    const self = currentProcess();
    expect(self.pid).toBe(process.pid);
    expect(isProcessRunning(self)).toBe(true);
    if (procfs) expect(isProcessRunning({ ...self, startTime: '1' })).toBe(false);
    const anotherBoot = self.bootId.startsWith('f') ? '0'.repeat(32) : 'f'.repeat(32);
    expect(isProcessRunning({ ...self, bootId: anotherBoot })).toBe(false);
  });
});

describe('process identity: edges a lock holder is judged by', () => {
  const tail = (start: string): string => ` S${' 1'.repeat(18)} ${start} 0 0`;

  it('parses a stat whose ")" is the first character, and fields separated by several spaces', () => {
    expect(parseProcessStat(`)${tail('42')}`)).toEqual({ state: 'S', startTime: '42' });
    expect(parseProcessStat(`1 (a b)  S${'  1'.repeat(18)}  77  0`)).toEqual({ state: 'S', startTime: '77' });
  });

  it('rejects a stat without a start time or with a start time that is not all digits', () => {
    expect(parseProcessStat('1 (x) S 1 2')).toBeUndefined();
    expect(parseProcessStat(`1 (x)${tail('12a')}`)).toBeUndefined();
    expect(parseProcessStat(`1 (x)${tail('a12')}`)).toBeUndefined();
    expect(parseProcessStat('no parenthesis S 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 5')).toBeUndefined();
  });

  it('reads this process once', () => {
    expect(currentProcess()).toBe(currentProcess());
  });

  it('a pid that is not a positive safe integer is never running', () => {
    const self = currentProcess();
    for (const pid of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 2]) {
      expect(isProcessRunning({ pid, startTime: '', bootId: self.bootId })).toBe(false);
    }
  });

  it('our own pid with our start time but without our boot id is an earlier process, not us', () => {
    const self = currentProcess();
    expect(isProcessRunning(self)).toBe(true);
    expect(isProcessRunning({ ...self, bootId: '' })).toBe(self.bootId === '');
  });

  it.runIf(procfs)(
    'a live process is running under any start time left unknown, but not under another boot or start time',
    async () => {
      const child = spawn('sleep', ['30'], { stdio: 'ignore' });
      try {
        const pid = child.pid as number;
        const stat = parseProcessStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
        const self = currentProcess();
        expect(isProcessRunning({ pid, startTime: stat?.startTime ?? '', bootId: self.bootId })).toBe(true);
        expect(isProcessRunning({ pid, startTime: '', bootId: self.bootId })).toBe(true);
        expect(isProcessRunning({ pid, startTime: '', bootId: '' })).toBe(true);
        expect(isProcessRunning({ pid, startTime: '1', bootId: self.bootId })).toBe(false);
        if (self.bootId !== '') {
          expect(isProcessRunning({ pid, startTime: '', bootId: 'f'.repeat(32) })).toBe(false);
        }
      } finally {
        child.kill('SIGKILL');
      }
    },
  );

  it.runIf(procfs)(
    'a zombie (exited, not yet reaped by its parent) is not running',
    async () => {
      // `sleep 30` replaces the shell and never reaps the short-lived child the shell started.
      const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      try {
        const pid = await new Promise<number>((resolve) =>
          parent.stdout?.once('data', (data: Buffer) => resolve(Number.parseInt(data.toString(), 10))),
        );
        let state: string | undefined;
        for (let attempt = 0; attempt < 2000 && state !== 'Z'; attempt += 1) {
          state = parseProcessStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.state;
          if (state !== 'Z') await sleep(5);
        }
        expect(state).toBe('Z');
        expect(isProcessRunning({ pid, startTime: '', bootId: currentProcess().bootId })).toBe(false);
      } finally {
        parent.kill('SIGKILL');
      }
    },
    30_000,
  );
});

/** The module as a process starting now loads it: its own identity not read yet. */
async function freshModule(): Promise<typeof import('./process-identity.js')> {
  vi.resetModules();
  return import('./process-identity.js');
}

/**
 * Runs `action` while `/proc/<pid>/stat` reads `content` (a file bind-mounted over it, where root
 * may mount): for this process, what a `/proc` of another pid namespace shows; for another, a
 * state no test can hold a real process in. Resolves undefined, without running `action`, where
 * the mount is refused.
 */
async function withStat<T>(
  pid: number,
  content: string,
  action: () => T | Promise<T>,
): Promise<{ result: T } | undefined> {
  const file = join(makeTempDir('toolwright-artifacts-test'), 'stat');
  writeFileSync(file, content);
  const target = `/proc/${pid}/stat`;
  if (spawnSync('mount', ['--bind', file, target], { stdio: 'ignore' }).status !== 0) return undefined;
  try {
    return { result: await action() };
  } finally {
    spawnSync('umount', [target], { stdio: 'ignore' });
  }
}

describe('process identity when /proc says something else', () => {
  const statOf = (pid: number, startTime: string, state = 'S'): string =>
    `${pid} (node) ${state}${' 1'.repeat(18)} ${startTime} 0 0\n`;

  /** This module as loaded by a process whose `/proc/self/stat` could not be read: no start time. */
  async function withoutOwnStartTime() {
    const outcome = await withSyscallFault(
      { path: '/proc/self/stat', syscall: 'openat', error: 'EACCES' },
      async () => {
        const fresh = await freshModule();
        // Read now, while the fault holds: the module reads its identity once, on first use.
        fresh.currentProcess();
        return fresh;
      },
    );
    return outcome?.result;
  }

  /** A pid no process can have: one above the kernel's largest. */
  const impossiblePid = (): number => Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8')) + 1;

  it('reads the boot id as the kernel writes it, and nothing else', () => {
    const hex = '0123456789abcdef0123456789abcdef';
    expect(parseBootId('01234567-89ab-cdef-0123-456789abcdef\n')).toBe(hex);
    expect(parseBootId(`x${hex}`)).toBe('');
    expect(parseBootId(`${hex}x`)).toBe('');
    expect(parseBootId(hex.toUpperCase())).toBe('');
    expect(parseBootId('')).toBe('');
  });

  it.runIf(procfs)(
    'a process /proc shows as dead (X) or a zombie (Z) is not running, whatever its start time',
    async (context) => {
      const child = spawn('sleep', ['30'], { stdio: 'ignore' });
      try {
        const pid = child.pid as number;
        const verdicts: boolean[] = [];
        for (const state of ['X', 'Z', 'S']) {
          const outcome = await withStat(pid, statOf(pid, '4242', state), () =>
            isProcessRunning({ pid, startTime: '4242', bootId: currentProcess().bootId }),
          );
          if (outcome === undefined) return context.skip();
          verdicts.push(outcome.result);
        }
        expect(verdicts).toEqual([false, false, true]);
      } finally {
        child.kill('SIGKILL');
      }
    },
  );

  it.runIf(procfs)(
    'without a start time of its own it asks kill(pid, 0): alive, gone, or there under another user',
    async (context) => {
      const fresh = await withoutOwnStartTime();
      if (fresh === undefined) return context.skip();
      expect(fresh.currentProcess().startTime).toBe('');
      const child = spawn('sleep', ['30'], { stdio: 'ignore' });
      try {
        const pid = child.pid as number;
        // Under a start time it never had: /proc is not asked.
        expect(fresh.isProcessRunning({ pid, startTime: '1', bootId: '' })).toBe(true);
        expect(fresh.isProcessRunning({ pid: impossiblePid(), startTime: '', bootId: '' })).toBe(false);
        // Only the first kill fails (the one asking): the tracer is stopped by a kill too.
        const foreign = await withSyscallFault({ syscall: 'kill', error: 'EPERM', when: '1' }, () =>
          fresh.isProcessRunning({ pid: impossiblePid(), startTime: '', bootId: '' }),
        );
        if (foreign === undefined) return context.skip();
        expect(foreign.result).toBe(true);
      } finally {
        child.kill('SIGKILL');
      }
    },
  );

  it.runIf(procfs)(
    'a pid that is not a positive safe integer is never running, even where kill would answer for a group',
    async (context) => {
      const fresh = await withoutOwnStartTime();
      if (fresh === undefined) return context.skip();
      // kill(0, 0) and kill(-1, 0) succeed: they address process groups, not a process.
      for (const pid of [0, -1])
        expect(fresh.isProcessRunning({ pid, startTime: '', bootId: '' })).toBe(false);
    },
  );

  it.runIf(procfs)(
    'without a boot id of its own, an owner of any boot id is judged by its pid',
    async (context) => {
      const outcome = await withSyscallFault(
        { path: '/proc/sys/kernel/random/boot_id', syscall: 'openat', error: 'ENOENT' },
        async () => {
          const fresh = await freshModule();
          // Read now, while the fault holds: the module reads its identity once, on first use.
          fresh.currentProcess();
          return fresh;
        },
      );
      if (outcome === undefined) return context.skip();
      const fresh = outcome.result;
      const child = spawn('sleep', ['30'], { stdio: 'ignore' });
      try {
        expect(
          fresh.isProcessRunning({ pid: child.pid as number, startTime: '', bootId: 'f'.repeat(32) }),
        ).toBe(true);
      } finally {
        child.kill('SIGKILL');
      }
    },
  );

  it('reads its identity again in a process that inherited it under another pid (a restored startup snapshot)', async () => {
    const fresh = await freshModule();
    const first = fresh.currentProcess();
    const descriptor = Object.getOwnPropertyDescriptor(process, 'pid') as PropertyDescriptor;
    Object.defineProperty(process, 'pid', { ...descriptor, value: process.pid + 1 });
    try {
      expect(fresh.currentProcess().pid).toBe(first.pid + 1);
    } finally {
      Object.defineProperty(process, 'pid', descriptor);
    }
  });

  it('refuses to name an owner on a platform without POSIX uids', () => {
    const getuid = Object.getOwnPropertyDescriptor(process, 'getuid') as PropertyDescriptor;
    Object.defineProperty(process, 'getuid', { ...getuid, value: undefined });
    try {
      const error = thrown(() => currentUid());
      expect(error.code).toBe('unsupported_platform');
      expect(error.message).toBe(
        `SessionArtifactStore needs POSIX owners and modes; platform ${process.platform} has none.`,
      );
    } finally {
      Object.defineProperty(process, 'getuid', getuid);
    }
    expect(currentUid()).toBe(process.getuid?.());
  });

  it.runIf(procfs)(
    'takes its start time from /proc/self/stat when that names this process',
    async (context) => {
      const outcome = await withStat(process.pid, statOf(process.pid, '4242'), async () =>
        (await freshModule()).currentProcess(),
      );
      if (outcome === undefined) return context.skip();
      expect(outcome.result).toEqual({
        pid: process.pid,
        startTime: '4242',
        bootId: currentProcess().bootId,
      });
    },
  );

  it.runIf(procfs)(
    'records no start time when /proc/self/stat names another pid (a /proc of another pid namespace), and then judges by pid alone',
    async (context) => {
      const outcome = await withStat(process.pid, statOf(process.pid + 1, '4242'), async () => {
        const fresh = await freshModule();
        const child = spawn('sleep', ['30'], { stdio: 'ignore' });
        try {
          const pid = child.pid as number;
          return {
            self: fresh.currentProcess(),
            // A live pid under a start time it did not start at: only a start time of ours would
            // have made /proc's entry count.
            running: fresh.isProcessRunning({ pid, startTime: '1', bootId: '' }),
          };
        } finally {
          child.kill('SIGKILL');
        }
      });
      if (outcome === undefined) return context.skip();
      expect(outcome.result.self.startTime).toBe('');
      expect(outcome.result.running).toBe(true);
    },
  );

  it.runIf(procfs)(
    'records no start time when /proc/self/stat names this process but holds no start time',
    async (context) => {
      const outcome = await withStat(process.pid, `${process.pid} (node) S 1 2\n`, async () =>
        (await freshModule()).currentProcess(),
      );
      if (outcome === undefined) return context.skip();
      expect(outcome.result.startTime).toBe('');
    },
  );

  it.runIf(procfs)('records no start time when /proc/self/stat cannot be read', async (context) => {
    const outcome = await withSyscallFault(
      { path: '/proc/self/stat', syscall: 'openat', error: 'EACCES' },
      async () => (await freshModule()).currentProcess(),
    );
    if (outcome === undefined) return context.skip();
    expect(outcome.result.startTime).toBe('');
    expect(outcome.result.pid).toBe(process.pid);
  });

  it('records no boot id when the kernel gives none', async (context) => {
    const outcome = await withSyscallFault(
      { path: '/proc/sys/kernel/random/boot_id', syscall: 'openat', error: 'ENOENT' },
      async () => (await freshModule()).currentProcess(),
    );
    if (outcome === undefined) return context.skip();
    expect(outcome.result.bootId).toBe('');
  });

  it.runIf(procfs)(
    'judges a live process whose /proc entry cannot be read by kill(pid, 0), and one without an entry as gone',
    async (context) => {
      const child = spawn('sleep', ['30'], { stdio: 'ignore' });
      try {
        const pid = child.pid as number;
        const stranger = { pid, startTime: '1', bootId: currentProcess().bootId };
        const path = `/proc/${pid}/stat`;
        const unreadable = await withSyscallFault({ path, syscall: 'openat', error: 'EACCES' }, () =>
          isProcessRunning(stranger),
        );
        const missing = await withSyscallFault({ path, syscall: 'openat', error: 'ENOENT' }, () =>
          isProcessRunning({ ...stranger, startTime: '' }),
        );
        if (unreadable === undefined || missing === undefined) return context.skip();
        // Unreadable: /proc cannot tell, the signal says it exists (whatever start time was recorded).
        expect(unreadable.result).toBe(true);
        // No entry: gone, though the signal would still reach the pid.
        expect(missing.result).toBe(false);
      } finally {
        child.kill('SIGKILL');
      }
    },
  );
});
