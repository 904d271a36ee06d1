import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { descendantsIn, processTable, signalSurvivors } from './process-tree.js';
import { processExists } from './test-support/helpers.js';

/** A node process that runs until killed, started by a node process of its own. */
async function parentWithChild() {
  const parent = spawn(
    process.execPath,
    [
      '-e',
      `const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
       console.log(c.pid); setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const [line] = (await once(parent.stdout!, 'data')) as [Buffer];
  return { parent, childPid: Number(line.toString().trim()) };
}

function endQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // The test ended it already.
  }
}

describe('process tree', () => {
  it('finds a child and its grandchild below a process', async () => {
    const { parent, childPid } = await parentWithChild();
    try {
      const below = descendantsIn(await processTable(), process.pid).map((entry) => entry.pid);
      expect(below).toEqual(expect.arrayContaining([parent.pid, childPid]));
      expect(descendantsIn(await processTable(), parent.pid!).map((entry) => entry.pid)).toEqual([childPid]);
    } finally {
      endQuietly(childPid);
      parent.kill('SIGKILL');
    }
  });

  it('signals a process only while it is still the one that was seen (a reused pid is left alone)', async () => {
    const { parent, childPid } = await parentWithChild();
    try {
      const [child] = descendantsIn(await processTable(), parent.pid!);
      // The same pid with another start mark: what a new process given a reused pid looks like.
      expect(await signalSurvivors([{ ...child!, started: `${child!.started}0` }], 'SIGKILL')).toEqual([]);
      expect(processExists(childPid)).toBe(true);
      expect(await signalSurvivors([child!], 'SIGKILL')).toEqual([child]);
    } finally {
      endQuietly(childPid);
      parent.kill('SIGKILL');
    }
  });
});
