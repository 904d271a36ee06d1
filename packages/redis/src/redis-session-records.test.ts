import type { McpSessionRecordV1 } from '@toolwright/spec';
import {
  type RedisServerUnderTest,
  redisTestsRun,
  rejectionOf,
  startRedisServer,
} from '@toolwright/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisConnection, runOnConnection } from './redis-connection.js';
import { RedisSessionRecords, type RedisSessionRecordsOptions } from './redis-session-records.js';
import { RedisStoreError } from './redis-store-error.js';

let server: RedisServerUnderTest;
const opened: RedisConnection[] = [];

/** One replica's records: its own connection to the one Redis. */
async function replica(options?: RedisSessionRecordsOptions): Promise<RedisSessionRecords> {
  const connection = await RedisConnection.open(server.url);
  opened.push(connection);
  return new RedisSessionRecords(connection, options);
}

function recordOf(sessionId: string, overrides: Partial<McpSessionRecordV1> = {}): McpSessionRecordV1 {
  return {
    specificationVersion: 'v1',
    sessionId,
    protocolVersion: '2025-06-18',
    clientInfo: { name: 'inspector', version: '1.2.0', title: 'MCP Inspector' },
    clientCapabilities: { roots: { listChanged: true }, elicitation: {} },
    principal: 'client-a',
    logLevel: 'warning',
    resourceSubscriptions: [],
    createdAt: 1_700_000_000_000,
    lastSeenAt: 1_700_000_000_000,
    ...overrides,
  };
}

describe.skipIf(!redisTestsRun())('RedisSessionRecords on a real redis-server', () => {
  beforeAll(async () => {
    server = await startRedisServer({ password: 'sessions' });
  });
  afterAll(async () => {
    for (const connection of opened) await connection.close();
    await server?.stop();
  });

  it('serves a session one replica opened from another: get, touch, change, delete once', async () => {
    const opening = await replica({ keyPrefix: 'fleet:' });
    const serving = await replica({ keyPrefix: 'fleet:' });
    const id = '6f1c2a9e-2b1d-4c55-9d7e-0a1b2c3d4e5f';
    await opening.put(recordOf(id));
    expect(await serving.get(id)).toEqual(recordOf(id));
    expect(await serving.touch(id, 1_700_000_060_000)).toBe(true);
    expect((await opening.get(id))?.lastSeenAt).toBe(1_700_000_060_000);
    // A change is a read, a change and a put; an empty array comes back an array.
    const seen = (await serving.get(id))!;
    await serving.put({ ...seen, logLevel: 'debug', resourceSubscriptions: ['artifact://a'] });
    expect(await opening.get(id)).toEqual(
      recordOf(id, {
        logLevel: 'debug',
        resourceSubscriptions: ['artifact://a'],
        lastSeenAt: 1_700_000_060_000,
      }),
    );
    expect(await new RedisSessionRecords(opened[0]!, { keyPrefix: 'other:' }).get(id)).toBeUndefined();
    const answers = await Promise.all([opening.delete(id), serving.delete(id), serving.delete(id)]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await serving.get(id)).toBeUndefined();
    expect(await serving.touch(id, 1_700_000_120_000)).toBe(false);
    // Ids name keys: nothing else is read or written, and a bad record is refused, naming the field.
    expect(await serving.get('a b')).toBeUndefined();
    await expect(opening.put(recordOf('x', { logLevel: 'loud' as never }))).rejects.toThrow(
      'RedisSessionRecords.put: logLevel, when given, must be one of debug, info, notice, warning, error, critical, alert, emergency; got "loud"',
    );
    await expect(opening.put(recordOf('a b'))).rejects.toThrow(
      'sessionId must be 1 to 256 visible ASCII characters',
    );
  });

  it('expires a record the idle timeout after its last put or touch; a touch keeps it, and never revives it', async () => {
    const records = await replica({ keyPrefix: 'idle:', idleTimeoutMs: 300 });
    await records.put(recordOf('kept'));
    await records.put(recordOf('left'));
    for (let round = 0; round < 4; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await records.touch('kept', 1_700_000_000_000 + round)).toBe(true);
    }
    expect(await records.get('left')).toBeUndefined();
    expect(await records.touch('left', 1_700_000_000_999)).toBe(false);
    expect(
      await runOnConnection(opened.at(-1)!, 'test', (client) => client.exists('idle:mcp-session:left')),
    ).toBe(0);
    expect((await records.get('kept'))?.lastSeenAt).toBe(1_700_000_000_003);
    const ttl = await runOnConnection(opened.at(-1)!, 'test', (client) =>
      client.pTTL('idle:mcp-session:kept'),
    );
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300);
  });

  it('says which key holds something that is no session record', async () => {
    const records = await replica({ keyPrefix: 'junk:' });
    const raw = opened.at(-1)!;
    await runOnConnection(raw, 'test', async (client) => {
      await client.hSet('junk:mcp-session:not-json', { record: '{oops', lastSeenAt: '1' });
      await client.hSet('junk:mcp-session:no-version', {
        record: JSON.stringify({ ...recordOf('no-version'), protocolVersion: undefined }),
        lastSeenAt: '1',
      });
      await client.set('junk:mcp-session:a-string', 'x');
    });
    const cases = [
      [
        'not-json',
        'Redis key junk:mcp-session:not-json does not hold an MCP session record (its record field is not JSON)',
      ],
      [
        'no-version',
        'Redis key junk:mcp-session:no-version does not hold an MCP session record (protocolVersion must be',
      ],
      ['a-string', 'Redis key junk:mcp-session:a-string holds a string, not the hash this store keeps there'],
    ] as const;
    for (const [id, message] of cases) {
      const error = await rejectionOf(records.get(id), RedisStoreError);
      expect(error.code).toBe('invalid_data');
      expect(error.message).toContain(message);
    }
    expect(() => new RedisSessionRecords(raw, { idleTimeoutMs: 0 })).toThrow(
      'RedisSessionRecords: idleTimeoutMs must be a number from 1 to 2147483647',
    );
  });

  it('fails clearly while Redis is down, never showing the password, and works again once it is back', async () => {
    const records = await replica({ keyPrefix: 'restart:' });
    await records.put(recordOf('s1'));
    await server.kill();
    for (const attempt of [
      records.get('s1'),
      records.put(recordOf('s2')),
      records.touch('s1', 1),
      records.delete('s1'),
    ]) {
      const error = await rejectionOf(attempt, RedisStoreError);
      expect(error.code).toBe('unavailable');
      expect(error.message).toContain(`Redis at redis://:***@127.0.0.1:${server.port} is unavailable while`);
      expect(error.message).not.toContain('sessions');
    }
    await server.start();
    let back = false;
    while (!back) {
      back = await records.put(recordOf('s2')).then(
        () => true,
        () => false,
      );
      if (!back) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Nothing persisted: the session opened before the restart is gone, and says so.
    expect(await records.touch('s1', 2)).toBe(false);
    expect((await records.get('s2'))?.sessionId).toBe('s2');
  }, 30_000);
});
