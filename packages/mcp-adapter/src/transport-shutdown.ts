import type { Client, Transport } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { descendantsIn, type ProcessEntry, processTable, signalSurvivors } from './process-tree.js';
import { transportPid } from './server-transport.js';

/**
 * Ends a connection and what it started. An HTTP session is ended explicitly (`DELETE`), so the
 * server can free it at once. As the MCP spec asks, a stdio server's stdin is closed first; one
 * still running after `graceMs` gets SIGTERM (and the SDK follows with SIGKILL if that is
 * ignored too). What the child started itself (the server that `npx` or a shell script runs) is
 * ended too: SIGTERM along with the child's, or once the child's own close is done, then
 * SIGKILL for what is left after another `graceMs`. The SDK spawns the child in our process group, so there is no group to signal;
 * the descendants are read before the close, while the child is still their ancestor (after,
 * they belong to init). Never rejects.
 */
export async function shutDownTransport(
  client: Client | undefined,
  transport: Transport | undefined,
  graceMs: number,
): Promise<void> {
  if (transport instanceof StreamableHTTPClientTransport && transport.sessionId !== undefined) {
    await transport.terminateSession().catch(() => undefined);
  }
  const pid = transportPid(transport);
  const descendants = pid === undefined ? [] : descendantsIn(await processTable(), pid);
  const closing = Promise.all([client?.close(), transport?.close()]).catch(() => undefined);
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
async function endProcesses(entries: readonly ProcessEntry[], graceMs: number): Promise<void> {
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
