import { spawn } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { makeTempDir } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { currentProcess, isProcessRunning, parseProcessStat } from './process-identity.js';

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
