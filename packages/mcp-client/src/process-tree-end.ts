import { type ProcessEntry, processTable, signalSurvivors } from './process-tree.js';

/**
 * Ends a stdio child and what it started. `close` is the child's close already under way (its
 * stdin ended); once that is done or `graceMs` passed, the child `pid` gets SIGTERM with `descendants`
 * (read while the child was still their parent), and what is left of them after another
 * `graceMs` gets SIGKILL. Never rejects.
 */
export async function endProcessTree(
  pid: number | undefined,
  descendants: readonly ProcessEntry[],
  close: Promise<unknown>,
  graceMs: number,
): Promise<void> {
  const closing = close.then(
    () => undefined,
    () => undefined,
  );
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<'grace'>((resolve) => {
    timer = setTimeout(() => resolve('grace'), graceMs);
  });
  if ((await Promise.race([closing, grace])) === 'grace' && pid !== undefined) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
    // At once, not after the close: a descendant that shares the child's stdout keeps the pipe
    // open, and the SDK's close waits for the pipe (seconds) before it gives up.
    await signalSurvivors(descendants, 'SIGTERM');
  }
  clearTimeout(timer);
  await closing;
  await endProcesses(descendants, graceMs);
}

/** How often the end of signalled processes is looked for. */
const EXIT_POLL_MS = 20;

/**
 * SIGTERM to each of `entries` still running, SIGKILL to those still running `graceMs` later.
 * A pid is signalled only while its start mark is unchanged: a pid the kernel gave to a new
 * process meanwhile is left alone.
 */
export async function endProcesses(entries: readonly ProcessEntry[], graceMs: number): Promise<void> {
  const stubborn = await waitForExit(await signalSurvivors(entries, 'SIGTERM'), graceMs);
  // SIGKILL cannot be ignored; the wait only lets the kernel finish, so close resolves on an ended tree.
  await waitForExit(await signalSurvivors(stubborn, 'SIGKILL'), KILL_SETTLE_MS);
}

/** How long a SIGKILLed process is given to disappear from the process table. */
const KILL_SETTLE_MS = 1000;

/** Those of `entries` still running once all ended or `ms` passed. */
async function waitForExit(entries: readonly ProcessEntry[], ms: number): Promise<readonly ProcessEntry[]> {
  let running = entries;
  const deadline = Date.now() + ms;
  while (running.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, EXIT_POLL_MS));
    const table = await processTable();
    running = running.filter((entry) => table.get(entry.pid)?.started === entry.started);
  }
  return running;
}
