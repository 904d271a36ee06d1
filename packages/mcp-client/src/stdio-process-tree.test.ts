import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseMcpServersConfig } from './server-config.js';
import { fixturePath, nodeManager, processExists, temporaryDirectory } from './test-support/helpers.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Running, not merely an unreaped zombie (this container's init may never reap orphans). */
function running(pid: number): boolean {
  if (!processExists(pid)) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]$/.test(stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
  } catch {
    return process.platform !== 'linux';
  }
}

describe('closing a stdio server started through a launcher', () => {
  it('ends the whole process tree, the SIGTERM-proof part with SIGKILL, within the grace periods', async () => {
    const directory = await temporaryDirectory('mcp-tree');
    cleanups.push(() => directory.remove());
    const pidFile = join(directory.path, 'pids.json');
    const manager = nodeManager(
      parseMcpServersConfig({
        mcpServers: {
          launched: {
            command: process.execPath,
            args: [fixturePath('launcher-server.mjs'), pidFile],
            // The real server keeps running after its stdin closed, until SIGTERM.
            env: { FIXTURE_IGNORE_STDIN_END: join(directory.path, 'signals') },
          },
        },
      }),
      { shutdownGraceMs: 200 },
    );
    cleanups.push(() => manager.closeAll());
    await manager.connectAll();
    const launcher = manager.get('launched').pid!;
    const { server, stubborn } = JSON.parse(await readFile(pidFile, 'utf8')) as {
      server: number;
      stubborn: number;
    };
    expect([running(launcher), running(server), running(stubborn)]).toEqual([true, true, true]);

    const started = Date.now();
    await manager.closeAll();

    expect([running(launcher), running(server), running(stubborn)]).toEqual([false, false, false]);
    // The grace periods and the kernel's time: short of the 2 s the SDK waits for a pipe a
    // leftover process holds open, let alone the minute a leftover npx tree cost.
    expect(Date.now() - started).toBeLessThan(1900);
    // The server had its SIGTERM, not a SIGKILL: it could end cleanly.
    expect(await readFile(join(directory.path, 'signals'), 'utf8')).toContain('term ');
  });
});
