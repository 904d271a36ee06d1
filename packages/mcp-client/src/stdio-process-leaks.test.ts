import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { processesCarrying } from '@toolwright/test-support/mcp';
import { afterEach, describe, expect, it } from 'vitest';
import { descendantsIn, processTable } from './process-tree.js';
import { parseMcpServersConfig } from './server-config.js';
import { fixturePath, nodeManager, temporaryDirectory, waitFor } from './test-support/helpers.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * A manager for one stdio server started through a launcher (like `npx`) whose real server
 * outlives its stdin and which also starts a process that ignores SIGTERM. Every process of
 * that tree, and of the era probe's sibling tree, carries the test's directory in its env:
 * `running()` counts them wherever they ended up, orphans included.
 */
async function launchedServer(env: Record<string, string> = {}, connectTimeoutMs?: number) {
  const directory = await temporaryDirectory('mcp-leak');
  const marker = directory.path;
  const pidFile = join(marker, 'pids.json');
  const manager = nodeManager(
    parseMcpServersConfig({
      mcpServers: {
        launched: {
          command: process.execPath,
          args: [fixturePath('launcher-server.mjs'), pidFile],
          env: { FIXTURE_IGNORE_STDIN_END: join(marker, 'signals'), ...env },
          ...(connectTimeoutMs === undefined ? {} : { connectTimeoutMs }),
        },
      },
    }),
    { shutdownGraceMs: 200, reconnect: { initialDelayMs: 50 } },
  );
  cleanups.push(async () => {
    await manager.closeAll();
    // A failing test must not leave its own processes behind for the next.
    for (const pid of await processesCarrying(marker)) process.kill(pid, 'SIGKILL');
    await directory.remove();
  });
  return { manager, pidFile, running: () => processesCarrying(marker) };
}

describe.runIf(process.platform === 'linux')('no stdio process outlives its connection', () => {
  it('ends the era probe sibling with all it started before the connect resolves, and the session tree on close', async () => {
    const { manager, running } = await launchedServer();
    expect(await running()).toEqual([]);

    expect((await manager.connectAll()).connected).toEqual(['launched']);
    const launcher = manager.get('launched').pid!;
    const session = [launcher, ...descendantsIn(await processTable(), launcher).map((entry) => entry.pid)];
    // The launcher, its server and its SIGTERM-proof child: nothing of the probe's own three.
    expect(session).toHaveLength(3);
    expect(await running()).toEqual(session.sort((a, b) => a - b));

    await manager.closeAll();
    expect(await running()).toEqual([]);
  });

  it('leaves nothing behind when the era probe is never answered and the handshake times out', async () => {
    const { manager, pidFile, running } = await launchedServer({ FIXTURE_SILENT_PROBE: '1' }, 500);

    const { failed } = await manager.connectAll();

    expect(failed.map(({ error }) => error.code)).toEqual(['timeout']);
    // The probe's sibling had started its tree (its launcher wrote the pids) before the timeout.
    expect(existsSync(pidFile)).toBe(true);
    expect(await running()).toEqual([]);
  });

  it('leaves nothing behind when closed while the era probe runs', async () => {
    const { manager, pidFile, running } = await launchedServer({ FIXTURE_SILENT_PROBE: '1' });
    const connecting = manager.connectAll();
    cleanups.push(() => connecting);
    await waitFor(() => existsSync(pidFile));

    await manager.closeAll();

    expect(await running()).toEqual([]);
    expect((await connecting).failed.map(({ server }) => server)).toEqual(['launched']);
  });

  it('leaves nothing behind when closed in the same turn as the connect began', async () => {
    const { manager, running } = await launchedServer();
    const connecting = manager.connectAll();
    cleanups.push(() => connecting);

    await manager.closeAll();

    expect(await running()).toEqual([]);
    expect((await connecting).failed.map(({ server }) => server)).toEqual(['launched']);
  });

  it('leaves nothing behind when closed while a reconnect is under way', async () => {
    const { manager, running } = await launchedServer();
    await manager.connectAll();
    const connection = manager.get('launched');
    // The launcher ends with its server, and the reconnect loop starts at once.
    void connection
      .request('tools/call "exit-now"', (client, options) => client.callTool({ name: 'exit-now' }, options))
      .catch(() => undefined);
    await waitFor(() => connection.phase === 'reconnecting');

    await manager.closeAll();

    expect(await running()).toEqual([]);
    expect(connection.phase).toBe('closed');
  });

  it('leaves nothing behind when the server refuses the handshake after it started', async () => {
    const { manager, running } = await launchedServer({ FIXTURE_REFUSE_INITIALIZE: '1' });

    const { failed } = await manager.connectAll();

    expect(failed.map(({ error }) => error.code)).toEqual(['connect_failed']);
    expect(failed[0]!.reason).toContain('initialize refused');
    expect(await running()).toEqual([]);
  });
});
