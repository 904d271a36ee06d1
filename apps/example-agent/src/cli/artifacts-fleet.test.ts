import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RedisArtifactStore, RedisConnection } from '@toolwright/redis';
import { type RedisServerUnderTest, redisTestsRun, startRedisServer } from '@toolwright/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeCliUnderTest, runCli } from '../test-support/run-cli.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';

// Two workers of a fleet, each a separate process with its own home (state directory, config),
// serving one session on one real Redis: what one spilled, the other reads back.
const directory = makeTemporaryDirectory('artifacts-fleet');
const workspace = join(directory.path, 'workspace');
const untrusted = join(directory.path, 'cloned');
const LOG_LINES = 1500;
const LOG = `${Array.from({ length: LOG_LINES }, (_, index) => `[build] step ${index + 1}: ${index === 1000 ? 'FAILED linking module-7' : 'ok'}`).join('\n')}\n`;
const SESSION = 'fleet-session-1';
const CLONED_SESSION = 'cloned-session';
const env = { TOOLWRIGHT_APPROVAL_KEY: randomBytes(32).toString('hex') };
let redis: RedisServerUnderTest;

beforeAll(async () => {
  for (const folder of [workspace, untrusted]) {
    mkdirSync(join(folder, 'logs'), { recursive: true });
    writeFileSync(join(folder, 'logs', 'build.log'), LOG);
  }
  if (redisTestsRun()) redis = await startRedisServer({ password: 'fleet-pass' });
  // A cloned folder's config names the fleet's Redis: untrusted, it must not send anything there.
  writeFileSync(join(untrusted, 'toolwright.config.json'), JSON.stringify({ store: redis?.url }));
});
afterAll(async () => {
  await redis?.stop();
  directory.remove();
  await removeCliUnderTest();
});

function home(worker: string): string {
  return join(directory.path, `home-${worker}`);
}

function on(worker: string, args: string[], cwd = workspace) {
  return runCli(args, { cwd, home: home(worker), env });
}

const readLog = ['call', 'Read', JSON.stringify({ file_path: 'logs/build.log', limit: LOG_LINES })];

/** The id in the spill marker of a `call` run's output. */
function spilledId(stdout: string): string {
  const id = /read on with ReadArtifact \{"id":"([0-9a-f]{64})"/.exec(stdout)?.[1];
  expect(id, stdout.slice(-800)).toBeDefined();
  return id as string;
}

describe.skipIf(!redisTestsRun())('session artifacts shared by a fleet through --store redis://', () => {
  it('an output one worker spilled is read back and searched by another worker of the same session', async () => {
    const store = ['--store', redis.url, '--session', SESSION];
    const spilled = await on('a', [...readLog, ...store]);
    expect(spilled.code, spilled.stderr).toBe(0);
    const id = spilledId(spilled.stdout);
    // Nothing went to worker a's own state directory.
    expect(existsSync(join(home('a'), 'artifacts'))).toBe(false);

    const found = await on('b', [
      'call',
      'ReadArtifact',
      JSON.stringify({ id, pattern: 'FAILED' }),
      ...store,
    ]);
    expect(found.code, found.stderr).toBe(0);
    expect(found.stdout).toMatch(/^\s+1001\t\s*1001\t\[build\] step 1001: FAILED linking module-7$/m);
    const page = await on('b', [
      'call',
      'ReadArtifact',
      JSON.stringify({ id, offset: 1400, limit: 2 }),
      ...store,
    ]);
    expect(page.stdout.split('\n').slice(0, 2)).toEqual([
      expect.stringMatching(/step 1400: ok$/),
      expect.stringMatching(/step 1401: ok$/),
    ]);

    // The artifact is the session's, in Redis: not on worker b's machine, nor in another session.
    const local = await on('b', ['call', 'ReadArtifact', JSON.stringify({ id }), '--session', SESSION]);
    const otherSession = await on('b', [
      'call',
      'ReadArtifact',
      JSON.stringify({ id }),
      '--store',
      redis.url,
      '--session',
      'fleet-session-2',
    ]);
    for (const refused of [local, otherSession]) {
      expect(refused.code).toBe(1);
      expect(refused.stdout).toContain(`No artifact ${id} in this session`);
    }
  }, 120_000);

  it("ignores the store an untrusted folder's config names: its artifacts stay on this machine", async () => {
    // No approval key in the environment: a store that applied would refuse to start without one.
    const run = await runCli([...readLog, '--session', CLONED_SESSION], { cwd: untrusted, home: home('c') });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('toolwright.config.json: store');
    spilledId(run.stdout);
    expect(existsSync(join(home('c'), 'artifacts'))).toBe(true);
    const connection = await RedisConnection.open(redis.url);
    try {
      const shared = new RedisArtifactStore(connection, {
        namespace: 'example-agent',
        sessionId: CLONED_SESSION,
      });
      expect(await shared.list()).toEqual([]);
    } finally {
      await connection.close();
    }
  }, 120_000);
});
