import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type RedisServerUnderTest, redisTestsRun, startRedisServer } from '@toolwright/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserLogin,
  type HostedOAuthServer,
  startHostedOAuthServer,
} from '../test-support/hosted-oauth-server.js';
import { removeCliUnderTest, runCli } from '../test-support/run-cli.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';

// Two workers of a fleet (separate processes and homes) on one real Redis, in front of the OAuth
// fixtures of mcp-login.test.ts: oidc-provider on 127.0.0.1 and an MCP server checking bearer
// tokens. One worker logs in; the other uses the tokens.
const directory = makeTemporaryDirectory('mcp-login-fleet');
const workspace = join(directory.path, 'workspace');
const KEYS = {
  TOOLWRIGHT_APPROVAL_KEY: randomBytes(32).toString('hex'),
  TOOLWRIGHT_OAUTH_KEY: randomBytes(32).toString('base64'),
};
let hosted: HostedOAuthServer;
let redis: RedisServerUnderTest;

beforeAll(async () => {
  hosted = await startHostedOAuthServer(workspace);
  if (redisTestsRun()) redis = await startRedisServer({ password: 'fleet-pass' });
});
afterAll(async () => {
  await redis?.stop();
  await hosted.close();
  directory.remove();
  await removeCliUnderTest();
});

function home(worker: string): string {
  return join(directory.path, `home-${worker}`);
}

function on(
  worker: string,
  args: string[],
  env: Record<string, string> = KEYS,
  onStderr?: (stderr: string) => void,
) {
  return runCli(args, {
    cwd: workspace,
    home: home(worker),
    env,
    ...(onStderr === undefined ? {} : { onStderr }),
  });
}

/** `mcp login hosted` on `worker`, completing the login in a browser from the URL it prints. */
async function login(worker: string, args: string[]) {
  const browser = browserLogin();
  const run = await on(worker, ['mcp', 'login', 'hosted', ...args], KEYS, browser.onStderr);
  expect(await browser.browsed()).toBeInstanceOf(URL);
  return run;
}

describe.skipIf(!redisTestsRun())('MCP OAuth tokens shared by a fleet through --store redis://', () => {
  it('a login on one worker serves every worker; a logout there logs them all out', async () => {
    const store = ['--store', redis.url];
    for (const worker of ['a', 'b']) expect((await on(worker, ['trust'])).code).toBe(0);
    const before = await on('b', ['mcp', 'list', ...store]);
    expect(before.stdout).toMatch(
      /^hosted\s+needs_auth\s+.*run `toolwright-agent mcp login hosted --store <the same redis:\/\/ URL>`/m,
    );

    const loggedIn = await login('a', store);
    expect([loggedIn.code, loggedIn.stdout]).toEqual([0, 'logged in to "hosted"\n']);
    // The tokens went to Redis, not to worker a's own token files.
    expect(existsSync(join(home('a'), 'state', 'toolwright', 'mcp-oauth'))).toBe(false);

    const used = await on('b', ['mcp', 'list', ...store]);
    expect([used.code, used.stdout]).toEqual([0, expect.stringMatching(/^hosted\s+connected\s+2 tools$/m)]);
    // Worker b's own machine has no login: the tokens it used came from Redis.
    expect((await on('b', ['mcp', 'list'])).stdout).toMatch(/^hosted\s+needs_auth/m);

    // A worker holding another OAuth key cannot open them, and says so.
    const otherKey = await on('b', ['mcp', 'list', ...store], {
      ...KEYS,
      TOOLWRIGHT_OAUTH_KEY: randomBytes(32).toString('base64'),
    });
    expect(otherKey.code).toBe(1);
    expect(otherKey.stdout).toMatch(
      /^hosted\s+failed\s.*:tokens was sealed under the key with id [0-9a-f]+, and this store has the key with id [0-9a-f]+: give every worker the same key/m,
    );

    const loggedOut = await on('b', ['mcp', 'logout', 'hosted', ...store]);
    expect([loggedOut.code, loggedOut.stdout]).toEqual([0, 'logged out of "hosted"\n']);
    expect((await on('a', ['mcp', 'list', ...store])).stdout).toMatch(/^hosted\s+needs_auth/m);
    for (const run of [before, loggedIn, used, otherKey, loggedOut])
      expect(run.stdout + run.stderr).not.toContain('fleet-pass');
  }, 180_000);

  it('refuses a shared store with OAuth servers and no OAuth key, or a malformed one, naming the variable', async () => {
    const store = ['--store', redis.url];
    const { TOOLWRIGHT_APPROVAL_KEY } = KEYS;
    for (const env of [
      { TOOLWRIGHT_APPROVAL_KEY },
      // Hex of 32 bytes, the approval key's form: not base64 of 32 bytes.
      { TOOLWRIGHT_APPROVAL_KEY, TOOLWRIGHT_OAUTH_KEY: TOOLWRIGHT_APPROVAL_KEY },
    ]) {
      for (const args of [
        ['mcp', 'list', ...store],
        ['mcp', 'login', 'hosted', ...store],
      ]) {
        const run = await on('a', args, env);
        expect(run.code, run.stderr).toBe(2);
        expect(run.stderr).toContain("needs the fleet's OAuth key in TOOLWRIGHT_OAUTH_KEY");
        expect(run.stderr).toContain('openssl rand -base64 32');
        expect(run.stderr).toContain('[config_invalid]');
        expect(run.stderr).not.toContain(TOOLWRIGHT_APPROVAL_KEY);
      }
    }
    // Without MCP servers no OAuth key is needed: a fleet that shares only approvals and
    // artifacts keeps working as it did.
    const noServers = await on('a', ['tools', '--no-mcp', ...store], { TOOLWRIGHT_APPROVAL_KEY });
    expect(noServers.code, noServers.stderr).toBe(0);
  }, 120_000);
});
