import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { ApprovalDesk, ApprovalError } from '@toolwright/executor';
import type { PendingApprovalV1 } from '@toolwright/spec';
import { redisTestsRun } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { RedisApprovalStore } from './redis-approval-store.js';
import { RedisConnection, runOnConnection } from './redis-connection.js';
import { RedisStoreError } from './redis-store-error.js';
import { redisFleet } from './test-support/redis-fleet.js';

// A real redis-server on loopback, with a password: every connection here is a worker of a fleet
// (its own client), and what one writes another reads.
const PASSWORD = 'fleet secret/with:symbols';

const deploy = createTool({
  name: 'Deploy',
  kind: ToolKind.Execute,
  schema: Type.Object({ target: Type.String() }),
  description: 'Deploys the service.',
  execute: async () => ToolResults.success('deployed'),
});
const lookup = (name: string) => (name === 'Deploy' ? deploy : undefined);

function recordFor(id: string, expiresAt = Date.now() + 60_000): PendingApprovalV1 {
  return {
    specificationVersion: 'v1',
    id,
    toolCallId: `call_${id.slice(0, 4)}`,
    toolName: 'Deploy',
    toolFingerprint: 'f'.repeat(64),
    fingerprintFromServer: false,
    argumentsHash: 'a'.repeat(64),
    arguments: { target: 'prod' },
    reason: 'asks.',
    createdAt: Date.now(),
    expiresAt,
    signature: 'b'.repeat(64),
  };
}

const id = (n: number) => n.toString(16).padStart(32, '0');

async function refusal(promise: Promise<unknown>): Promise<RedisStoreError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(RedisStoreError.isInstance(error), String(error)).toBe(true);
  return error as RedisStoreError;
}

describe.skipIf(!redisTestsRun())('RedisApprovalStore on a real redis-server', () => {
  const fleet = redisFleet({ password: PASSWORD });
  const worker = () => fleet.worker();

  it('keeps records that one worker saves for another to read, list and remove; prefixes keep hosts apart', async () => {
    const saver = new RedisApprovalStore(await worker(), { keyPrefix: 'test1:' });
    const reader = new RedisApprovalStore(await worker(), { keyPrefix: 'test1:' });
    const otherHost = new RedisApprovalStore(await worker(), { keyPrefix: 'other:' });
    await saver.put(recordFor(id(1)));
    await saver.put(recordFor(id(2)));
    expect(await reader.get(id(1))).toEqual(recordFor(id(1)) && expect.objectContaining({ id: id(1) }));
    expect((await reader.list()).map((record) => record.id).sort()).toEqual([id(1), id(2)]);
    expect(await otherHost.list()).toEqual([]);
    expect(await otherHost.get(id(1))).toBeUndefined();
    expect(await reader.delete(id(1))).toBe(true);
    expect(await saver.delete(id(1))).toBe(false);
    expect(await saver.get(id(1))).toBeUndefined();
    expect((await saver.list()).map((record) => record.id)).toEqual([id(2)]);
    // Ids name keys: nothing else is read or written.
    expect(await reader.get('../x')).toBeUndefined();
    expect(await reader.delete('*')).toBe(false);
    await expect(saver.put({ ...recordFor(id(3)), id: 'x*' })).rejects.toThrow('32 lowercase hex digits');
  });

  it('of many workers answering one approval at once, exactly one removes it', async () => {
    const workers = await Promise.all(
      Array.from({ length: 5 }, async () => new RedisApprovalStore(await worker(), { keyPrefix: 'race:' })),
    );
    for (let round = 0; round < 10; round += 1) {
      await workers[0]!.put(recordFor(id(100 + round)));
      const answers = await Promise.all(
        workers.flatMap((store) => [store.delete(id(100 + round)), store.delete(id(100 + round))]),
      );
      expect(answers.filter(Boolean)).toHaveLength(1);
    }
  });

  it('lets Redis expire a record after its expiresAt, and lists none past it', async () => {
    const connection = await worker();
    const store = new RedisApprovalStore(connection, { keyPrefix: 'ttl:' });
    const expiresAt = Date.now() + 60_000;
    await store.put(recordFor(id(7), expiresAt));
    const ttl = await runOnConnection(connection, 'test', (client) => client.pTTL('ttl:approval:' + id(7)));
    // Its expiresAt plus a grace in which a late answer is told "expired", not "not found".
    expect(ttl).toBeGreaterThan(60_000);
    expect(ttl).toBeLessThanOrEqual(60_000 + 10 * 60_000);
    const muchLater = new RedisApprovalStore(connection, {
      keyPrefix: 'ttl:',
      now: () => expiresAt + 11 * 60_000,
    });
    expect(await muchLater.list()).toEqual([]);
    expect(await runOnConnection(connection, 'test', (client) => client.zCard('ttl:approvals'))).toBe(0);
  });

  it('is an ApprovalDesk store: asked on one worker, answered and resumed on another, once; an edit in Redis is forged', async () => {
    const key = randomBytes(32);
    const asking = new ApprovalDesk({
      key,
      store: new RedisApprovalStore(await worker(), { keyPrefix: 'desk:' }),
    });
    const answering = new ApprovalDesk({
      key,
      store: new RedisApprovalStore(await worker(), { keyPrefix: 'desk:' }),
    });
    const answer = await asking.deferring(lookup)({
      invocation: deploy.build({ target: 'prod' }),
      reason: 'Deploy asks.',
      toolCallId: 'call_1',
    });
    expect(answer).toEqual({ pendingApproval: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const [record] = await answering.pending();
    expect(record).toMatchObject({ toolCallId: 'call_1', arguments: { target: 'prod' } });
    const grant = await answering.answer(record!, 'approve');
    expect(grant?.call).toEqual({ id: 'call_1', name: 'Deploy', arguments: { target: 'prod' } });
    const replayed = await asking.answer(record!, 'approve').catch((error: unknown) => error);
    expect(ApprovalError.isInstance(replayed) && replayed.code).toBe('replayed');

    // A record someone edits in Redis (other arguments) is refused, and never listed.
    const second = await asking.request({
      toolCallId: 'call_2',
      tool: deploy,
      arguments: { target: 'staging' },
      reason: 'asks.',
    });
    const raw = await worker();
    await runOnConnection(raw, 'test', (client) =>
      client.set(`desk:approval:${second.id}`, JSON.stringify({ ...second, arguments: { target: 'prod' } })),
    );
    const forged = await answering
      .answer((await answering.find(second.id))!, 'approve')
      .catch((error: unknown) => error);
    expect(ApprovalError.isInstance(forged) && forged.code).toBe('forged');
    expect(await answering.pending()).toEqual([]);
  });

  it('says which key holds something that is no record', async () => {
    const connection = await worker();
    await runOnConnection(connection, 'test', (client) => client.set(`junk:approval:${id(9)}`, 'not json'));
    const error = await refusal(new RedisApprovalStore(connection, { keyPrefix: 'junk:' }).get(id(9)));
    expect(error.code).toBe('invalid_data');
    expect(error.message).toContain(
      `Redis key junk:approval:${id(9)} does not hold a pending-approval record`,
    );
  });

  it('says which key is of another type than it writes (a WRONGTYPE reply never escapes raw)', async () => {
    const connection = await worker();
    await runOnConnection(connection, 'test', async (client) => {
      await client.hSet(`typed:approval:${id(9)}`, 'field', 'value');
      await client.set('typed:approvals', 'a string, not a sorted set');
    });
    const store = new RedisApprovalStore(connection, { keyPrefix: 'typed:' });
    const onGet = await refusal(store.get(id(9)));
    expect(onGet.code).toBe('invalid_data');
    expect(onGet.message).toContain(`Redis key typed:approval:${id(9)} holds a value of another type`);
    expect(onGet.message).toContain(`reading approval ${id(9)}`);
    for (const attempt of [store.list(), store.put(recordFor(id(10))), store.delete(id(10))]) {
      const error = await refusal(attempt);
      expect(error.code).toBe('invalid_data');
      expect(error.message).toContain('typed:approvals');
    }
  });

  it('fails clearly while Redis is down, never showing the password, and works again once it is back', async () => {
    const store = new RedisApprovalStore(await worker(), { keyPrefix: 'restart:' });
    await store.put(recordFor(id(11)));
    await fleet.server.kill();
    for (const attempt of [
      store.get(id(11)),
      store.put(recordFor(id(12))),
      store.list(),
      store.delete(id(11)),
    ]) {
      const error = await refusal(attempt);
      expect(error.code).toBe('unavailable');
      expect(error.message).toContain(
        `Redis at redis://:***@127.0.0.1:${fleet.server.port} is unavailable while`,
      );
      expect(error.message).not.toContain('fleet secret');
    }
    await fleet.server.start();
    // The connection comes back by itself; nothing was persisted, so the restarted Redis is empty.
    let listed: readonly PendingApprovalV1[] | undefined;
    while (listed === undefined) {
      listed = await store.list().catch(() => undefined);
      if (listed === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(listed).toEqual([]);
    await store.put(recordFor(id(12)));
    expect((await store.get(id(12)))?.id).toBe(id(12));
  }, 30_000);

  it('refuses a bad URL, a wrong password and an unreachable server when connecting, naming the server only', async () => {
    expect((await refusal(RedisConnection.open('http://127.0.0.1:6379'))).code).toBe('invalid_option');
    const wrong = await refusal(RedisConnection.open(`redis://:not-it@127.0.0.1:${fleet.server.port}`));
    expect(wrong.code).toBe('unavailable');
    expect(wrong.message).toContain(
      `Redis at redis://:***@127.0.0.1:${fleet.server.port} is unavailable while connecting`,
    );
    expect(wrong.message).not.toContain('not-it');
    const nowhere = await refusal(RedisConnection.open('redis://127.0.0.1:1', { connectTimeoutMs: 1_000 }));
    expect(nowhere.code).toBe('unavailable');
    expect(nowhere.message).toContain('Redis at redis://127.0.0.1:1 is unavailable while connecting');
  });
});
