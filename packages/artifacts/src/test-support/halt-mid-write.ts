import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * For the writer processes the crash tests SIGKILL: watches `directory` while this process
 * streams a large artifact into it and, once a temporary file holds at least `atLeast` bytes,
 * stops this process's only thread for good. The write can then never finish (at most the chunk
 * already handed to the kernel lands), so the test kills a writer that is certainly in the middle
 * of it, however fast the disk or busy the machine. The check runs once per turn of the event
 * loop, and the store writes one chunk per turn, so no chunk boundary goes unseen.
 */
export function haltMidWrite(directory: string, atLeast: number): void {
  const look = (): void => {
    const names = (() => {
      try {
        return readdirSync(directory);
      } catch {
        return [];
      }
    })();
    const partial = names.some(
      (name) =>
        name.startsWith('.tmp-') &&
        (statSync(join(directory, name), { throwIfNoEntry: false })?.size ?? 0) >= atLeast,
    );
    // Never woken: only the test's SIGKILL ends the wait.
    if (partial) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    else setImmediate(look);
  };
  setImmediate(look);
}
