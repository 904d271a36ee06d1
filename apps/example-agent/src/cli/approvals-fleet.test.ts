import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RedisServerUnderTest, redisTestsRun, startRedisServer } from '@toolwright/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeCliUnderTest, runCli } from '../test-support/run-cli.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';

// Two workers of a fleet: separate homes (state directories, configs) on one real Redis. A call
// that asks on one is answered, and runs, on the other.
const directory = makeTemporaryDirectory('approvals-fleet');
const workspace = join(directory.path, 'workspace');
const SECRET = 'FLEET_TOKEN=xyz789';
const KEY = randomBytes(32).toString('hex');
let redis: RedisServerUnderTest;

beforeAll(async () => {
  mkdirSync(workspace, { recursive: true });
  writeFileSync(join(workspace, '.env'), `${SECRET}\n`);
  if (redisTestsRun()) redis = await startRedisServer({ password: 'fleet-pass' });
});
afterAll(async () => {
  await redis?.stop();
  directory.remove();
  await removeCliUnderTest();
});

function on(
  worker: 'a' | 'b',
  args: string[],
  env: Record<string, string> = { TOOLWRIGHT_APPROVAL_KEY: KEY },
) {
  return runCli(args, { cwd: workspace, home: join(directory.path, `home-${worker}`), env });
}

describe.skipIf(!redisTestsRun())('approvals shared by a fleet through --store redis://', () => {
  it('a call that asked on one worker is listed and resumed on another, once', async () => {
    const store = ['--store', redis.url];
    const asked = await on('a', ['call', 'Read', '{"file_path":".env"}', ...store]);
    expect(asked.code).toBe(1);
    const id = /It waits for approval ([0-9a-f]{32})/.exec(asked.stdout)?.[1];
    expect(id, asked.stdout + asked.stderr).toBeDefined();
    const listed = await on('b', ['approvals', ...store]);
    expect(listed.stdout).toContain(`${id}  Read {"file_path":".env"}`);
    const approved = await on('b', ['approvals', 'approve', id!, ...store]);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toContain(SECRET);
    const again = await on('a', ['approvals', 'approve', id!, ...store]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`No pending approval "${id}"`);
    // Worker b's own state directory holds no record: it came from Redis.
    expect((await on('b', ['approvals'])).stdout).toContain('no calls wait for approval');
  }, 120_000);

  it('refuses a shared store without the fleet key, or with another key, naming why', async () => {
    const store = ['--store', redis.url];
    const noKey = await on('a', ['approvals', ...store], {});
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain("needs the fleet's approval key in TOOLWRIGHT_APPROVAL_KEY");
    expect(noKey.stderr).toContain('[config_invalid]');
    const asked = await on('a', ['call', 'Read', '{"file_path":".env"}', ...store]);
    const id = /It waits for approval ([0-9a-f]{32})/.exec(asked.stdout)?.[1];
    const otherKey = await on('b', ['approvals', 'approve', id!, ...store], {
      TOOLWRIGHT_APPROVAL_KEY: randomBytes(32).toString('hex'),
    });
    expect(otherKey.code).toBe(1);
    expect(otherKey.stderr).toContain('[forged]');
    expect(otherKey.stdout).not.toContain(SECRET);
    const badUrl = await on('a', ['approvals', '--store', 'http://127.0.0.1:1']);
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain('must be a redis:// or rediss:// URL');
    const down = await on('a', ['approvals', '--store', 'redis://127.0.0.1:1']);
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('Redis at redis://127.0.0.1:1 is unavailable while connecting');
    expect(`${asked.stderr}${otherKey.stderr}`).not.toContain('fleet-pass');
  }, 120_000);
});
