import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processesCarrying } from '@toolwright/test-support/mcp';
import { afterAll, describe, expect, it } from 'vitest';
import { removeCliUnderTest, runCli } from '../test-support/run-cli.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';

/** This app's directory: `npx` finds `@modelcontextprotocol/server-everything` in its node_modules. */
const appDirectory = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const directory = makeTemporaryDirectory('mcp-npx');
afterAll(async () => {
  // A failing run must not leave its servers behind for the next test file.
  for (const pid of await processesCarrying(directory.path)) process.kill(pid, 'SIGKILL');
  directory.remove();
  await removeCliUnderTest();
});

/**
 * A workspace whose `.mcp.json` starts the real everything server the way its README says, through
 * `npx` (offline and never installing: the package is this app's dev dependency), so the server is
 * a grandchild of the CLI behind npm's own process. Every process of that tree carries the
 * temporary directory in its environment, wherever it ends up.
 */
function npxWorkspace(): string {
  const workspace = join(directory.path, 'workspace');
  mkdirSync(workspace, { recursive: true });
  writeFileSync(
    join(workspace, '.mcp.json'),
    JSON.stringify({
      mcpServers: {
        everything: {
          command: 'npx',
          args: ['--offline', '--no', '@modelcontextprotocol/server-everything', 'stdio'],
          cwd: appDirectory,
          env: { TOOLWRIGHT_TEST_MARK: directory.path },
        },
      },
    }),
  );
  return workspace;
}

describe.runIf(process.platform === 'linux')('an MCP server started through npx', () => {
  it.each(['mcp list', 'tools'])(
    '`%s` lists it, exits promptly and leaves no process of its tree behind',
    async (command) => {
      const workspace = npxWorkspace();
      const started = Date.now();
      const run = await runCli([...command.split(' '), '--trust-workspace'], {
        cwd: workspace,
        home: join(directory.path, 'home'),
        timeoutMs: 60_000,
      });
      const seconds = (Date.now() - started) / 1000;
      expect(run.stderr).not.toMatch(/failed/);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(
        command === 'mcp list' ? /^everything\s+connected/m : /mcp__everything__echo/,
      );
      // Connecting through npx takes a few seconds on a loaded machine; the minute-long wait
      // after "closed" that a leftover npx tree caused is far above this.
      expect(seconds).toBeLessThan(30);
      expect(await processesCarrying(directory.path)).toEqual([]);
    },
  );
});
