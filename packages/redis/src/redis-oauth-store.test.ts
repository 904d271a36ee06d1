import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type RedisServerUnderTest, redisTestsRun, startRedisServer } from '@toolwright/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisConnection, runOnConnection } from './redis-connection.js';
import { RedisOAuthStore } from './redis-oauth-store.js';
import { RedisStoreError } from './redis-store-error.js';

// A real redis-server on loopback; every connection here is a worker of a fleet.
let server: RedisServerUnderTest;
const opened: RedisConnection[] = [];
const KEY = randomBytes(32);
const SERVER = '0123456789abcdef-hosted';

async function worker(): Promise<RedisConnection> {
  const connection = await RedisConnection.open(server.url);
  opened.push(connection);
  return connection;
}

async function refusal(run: () => unknown): Promise<RedisStoreError> {
  const error = await Promise.resolve()
    .then(run)
    .then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
  expect(RedisStoreError.isInstance(error), String(error)).toBe(true);
  return error as RedisStoreError;
}

/** Every key in Redis with its raw value: GET for strings, DUMP (the serialized form) for the rest. */
async function everythingInRedis(connection: RedisConnection): Promise<string> {
  return runOnConnection(connection, 'test', async (client) => {
    const seen: string[] = [];
    for await (const keys of client.scanIterator({ COUNT: 100 })) {
      for (const key of keys) {
        const type = await client.type(key);
        const dumped = await client.withTypeMapping({ 36: Buffer } as never).dump(key);
        const value = type === 'string' ? await client.get(key) : '';
        seen.push(key, String(value), Buffer.from(dumped as unknown as Buffer).toString('latin1'));
      }
    }
    return seen.join('\n');
  });
}

describe.skipIf(!redisTestsRun())('RedisOAuthStore on a real redis-server', () => {
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    for (const connection of opened) await connection.close();
    await server?.stop();
  });

  it('keeps what one worker saves for another with the same key; prefixes keep hosts apart', async () => {
    const saver = new RedisOAuthStore(await worker(), { key: KEY, keyPrefix: 'a:' });
    const reader = new RedisOAuthStore(await worker(), { key: KEY.toString('base64'), keyPrefix: 'a:' });
    const otherHost = new RedisOAuthStore(await worker(), { key: KEY, keyPrefix: 'b:' });
    const tokens = { access_token: 'at-1', refresh_token: 'rt-1', token_type: 'Bearer', expires_at: 5 };
    await saver.write(SERVER, 'tokens', tokens);
    await saver.write(SERVER, 'client', { client_id: 'c-1' });
    expect(await reader.read(SERVER, 'tokens')).toEqual(tokens);
    expect(await reader.read(SERVER, 'client')).toEqual({ client_id: 'c-1' });
    expect(await reader.read(SERVER, 'discovery')).toBeUndefined();
    expect(await otherHost.read(SERVER, 'tokens')).toBeUndefined();
    await reader.delete(SERVER, 'tokens');
    expect(await saver.read(SERVER, 'tokens')).toBeUndefined();
    expect(await saver.read(SERVER, 'client')).toEqual({ client_id: 'c-1' });
  });

  it('never lets a token reach Redis in plain text: every key and value, scanned, holds none of it', async () => {
    const connection = await worker();
    const store = new RedisOAuthStore(connection, { key: KEY, keyPrefix: 'plain:' });
    const secrets = {
      access_token: `AT-${randomBytes(12).toString('hex')}`,
      refresh_token: `RT-${randomBytes(12).toString('hex')}`,
      client_secret: `CS-${randomBytes(12).toString('hex')}`,
    };
    await store.write(SERVER, 'tokens', { ...secrets, token_type: 'Bearer' });
    await store.write(SERVER, 'client', { client_id: 'c', client_secret: secrets.client_secret });
    await store.withRefreshLock(SERVER, async () => {
      const everything = await everythingInRedis(connection);
      expect(everything).toContain('plain:oauth:0123456789abcdef-hosted:tokens');
      expect(everything).toContain('plain:oauth:0123456789abcdef-hosted:refresh-lock');
      for (const secret of Object.values(secrets)) {
        expect(everything).not.toContain(secret);
        expect(everything).not.toContain(Buffer.from(secret).toString('base64'));
        expect(everything).not.toContain(Buffer.from(secret).toString('base64url'));
      }
    });
    // The same value written twice is sealed under a fresh nonce each time.
    const raw = () =>
      runOnConnection(connection, 'test', (client) =>
        client.get('plain:oauth:0123456789abcdef-hosted:client'),
      );
    const first = await raw();
    await store.write(SERVER, 'client', { client_id: 'c', client_secret: secrets.client_secret });
    expect(await raw()).not.toBe(first);
    expect(first).toMatch(new RegExp(`^tw1\\.${store.keyId}\\.`));
  });

  it('tells a worker with another key, an altered value and a value moved to another key apart from garbage, naming the key', async () => {
    const connection = await worker();
    const store = new RedisOAuthStore(connection, { key: KEY, keyPrefix: 'keys:' });
    await store.write(SERVER, 'tokens', { access_token: 'a' });
    const otherKey = new RedisOAuthStore(await worker(), { key: randomBytes(32), keyPrefix: 'keys:' });
    const wrong = await refusal(() => otherKey.read(SERVER, 'tokens'));
    expect(wrong.code).toBe('invalid_data');
    expect(wrong.message).toBe(
      `Redis key keys:oauth:${SERVER}:tokens was sealed under the key with id ${store.keyId}, and this store has the key with id ${otherKey.keyId}: give every worker the same key, or log in again to replace the value.`,
    );
    const tokensKey = `keys:oauth:${SERVER}:tokens`;
    const sealed = (await runOnConnection(connection, 'test', (client) => client.get(tokensKey))) as string;
    // Moved to another server's key: sealed for its own key, it does not open there.
    await runOnConnection(connection, 'test', (client) =>
      client.set(`keys:oauth:other-server:tokens`, sealed),
    );
    const moved = await refusal(() => store.read('other-server', 'tokens'));
    expect(moved.message).toMatch(
      /^Redis key keys:oauth:other-server:tokens holds a sealed value that fails its integrity check/,
    );
    // The replacement is chosen by the character it replaces, so that it always differs (choosing
    // by the last one left the value unchanged once in 64 runs).
    const altered = `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(altered).not.toBe(sealed);
    await runOnConnection(connection, 'test', (client) => client.set(tokensKey, altered));
    expect((await refusal(() => store.read(SERVER, 'tokens'))).code).toBe('invalid_data');
    await runOnConnection(connection, 'test', (client) => client.set(tokensKey, '{"access_token":"plain"}'));
    expect((await refusal(() => store.read(SERVER, 'tokens'))).message).toBe(
      `Redis key ${tokensKey} does not hold a value sealed by this store (tw1.…); something else wrote it.`,
    );
    // A key of another type: Redis's own refusal becomes invalid_data naming the key.
    await runOnConnection(connection, 'test', async (client) => {
      await client.del(tokensKey);
      await client.lPush(tokensKey, 'x');
    });
    const wrongType = await refusal(() => store.read(SERVER, 'tokens'));
    expect(wrongType.code).toBe('invalid_data');
    expect(wrongType.message).toMatch(
      new RegExp(
        `^Redis key ${tokensKey} holds a list, not the string this store keeps there: something else wrote it \\(met while reading the OAuth tokens of ${SERVER}\\)`,
      ),
    );
  });

  it('refuses a key that is not 32 bytes, never quoting it, and server keys that are not plain names', async () => {
    const connection = await worker();
    const hex = randomBytes(32).toString('hex');
    const cases: Array<[unknown, string]> = [
      [hex, 'a string of 64 characters that is not base64 of 32 bytes'],
      [randomBytes(16), '16 bytes'],
      [randomBytes(16).toString('base64'), 'a string of 24 characters that is not base64 of 32 bytes'],
      [undefined, 'undefined'],
    ];
    for (const [key, got] of cases) {
      const error = await refusal(() => new RedisOAuthStore(connection, { key: key as string }));
      expect(error.code).toBe('invalid_option');
      expect(error.message).toBe(
        `RedisOAuthStore: key must be a 32-byte key: a Buffer, or base64 of 32 bytes (44 characters, as \`openssl rand -base64 32\` prints); got ${got}.`,
      );
    }
    expect((await refusal(() => new RedisOAuthStore(connection, { key: KEY, lockLeaseMs: 0 }))).message).toBe(
      'RedisOAuthStore: lockLeaseMs must be a whole number of milliseconds from 1 to 2147483647; got 0.',
    );
    const store = new RedisOAuthStore(connection, { key: KEY });
    for (const serverKey of ['a:b', '*', '', 'x'.repeat(257)])
      expect((await refusal(() => store.read(serverKey, 'tokens'))).code).toBe('invalid_option');
    expect((await refusal(() => store.read(SERVER, 'verifier' as never))).message).toBe(
      'RedisOAuthStore: kind must be one of tokens, client, discovery; got "verifier".',
    );
  });

  it('lets one worker at a time hold the refresh lock, keeping it past its lease while the holder works', async () => {
    const stores = await Promise.all(
      Array.from(
        { length: 4 },
        async () => new RedisOAuthStore(await worker(), { key: KEY, keyPrefix: 'lock:', lockLeaseMs: 300 }),
      ),
    );
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      stores.flatMap((store, index) =>
        [0, 1].map(() =>
          store.withRefreshLock(SERVER, async () => {
            inside += 1;
            most = Math.max(most, inside);
            // Longer than the lease: the holder's renewals keep the others out.
            await sleep(index === 0 ? 700 : 20);
            order.push(index);
            inside -= 1;
          }),
        ),
      ),
    );
    expect(most).toBe(1);
    expect(order).toHaveLength(8);
  });

  it('gives up waiting with a clear error, and takes a lock whose holder vanished once its lease ran out', async () => {
    const connection = await worker();
    const store = new RedisOAuthStore(connection, {
      key: KEY,
      keyPrefix: 'wait:',
      lockLeaseMs: 1_000,
      lockWaitMs: 300,
    });
    const lockKey = `wait:oauth:${SERVER}:refresh-lock`;
    // A holder that died: its lock stays until its lease runs out, and nobody renews it.
    await runOnConnection(connection, 'test', (client) =>
      client.set(lockKey, 'dead-holder', { expiration: { type: 'PX', value: 1_000 } }),
    );
    let ran = false;
    const timedOut = await refusal(() =>
      store.withRefreshLock(SERVER, async () => {
        ran = true;
      }),
    );
    expect(ran).toBe(false);
    expect(timedOut.code).toBe('unavailable');
    expect(timedOut.message).toMatch(
      new RegExp(
        `^Waited 300 ms for the OAuth refresh lock of ${SERVER} \\(Redis key ${lockKey}\\) on redis://127\\.0\\.0\\.1:\\d+, and another worker still holds it\\.`,
      ),
    );
    const patient = new RedisOAuthStore(connection, { key: KEY, keyPrefix: 'wait:', lockWaitMs: 5_000 });
    const started = Date.now();
    expect(await patient.withRefreshLock(SERVER, async () => 'renewed')).toBe('renewed');
    expect(Date.now() - started).toBeGreaterThan(300);
    // Released: nothing left behind.
    expect(await runOnConnection(connection, 'test', (client) => client.exists(lockKey))).toBe(0);
  });

  it("never releases another holder's lock: a holder whose lease ran out leaves the next one's alone", async () => {
    const connection = await worker();
    const store = new RedisOAuthStore(connection, { key: KEY, keyPrefix: 'cad:' });
    const lockKey = `cad:oauth:${SERVER}:refresh-lock`;
    await store.withRefreshLock(SERVER, async () => {
      // As if the lease had run out and another worker took the lock meanwhile.
      await runOnConnection(connection, 'test', (client) => client.set(lockKey, 'next-holder'));
    });
    expect(await runOnConnection(connection, 'test', (client) => client.get(lockKey))).toBe('next-holder');
  });

  it('fails clearly while Redis is away, and works again once it is back', async () => {
    const own = await startRedisServer();
    const connection = await RedisConnection.open(own.url);
    try {
      const store = new RedisOAuthStore(connection, { key: KEY });
      await store.write(SERVER, 'tokens', { access_token: 'a' });
      await own.kill();
      const away = await refusal(() => store.read(SERVER, 'tokens'));
      expect(away.code).toBe('unavailable');
      expect(away.message).toMatch(
        new RegExp(
          `^Redis at redis://127\\.0\\.0\\.1:${own.port} is unavailable while reading the OAuth tokens of ${SERVER} `,
        ),
      );
      expect((await refusal(() => store.withRefreshLock(SERVER, async () => 1))).message).toMatch(
        /is unavailable while taking the OAuth refresh lock of/,
      );
      await own.start();
      // Restarted empty (nothing persisted): the tokens are gone, and saying so is the answer.
      await expect
        .poll(() => store.read(SERVER, 'tokens').catch(() => 'down'), { timeout: 5_000 })
        .toBeUndefined();
      expect(await store.withRefreshLock(SERVER, async () => 'back')).toBe('back');
    } finally {
      await connection.close();
      await own.stop();
    }
  });
});
