import { createHash } from 'node:crypto';
import { ArtifactStoreError } from '@toolwright/artifacts';
import {
  describeArtifactStoreKit,
  type KitStoreOptions,
  type RedisServerUnderTest,
  redisTestsRun,
  startRedisServer,
} from '@toolwright/test-support';
import { afterAll, beforeAll, describe } from 'vitest';
import { RedisArtifactStore } from './redis-artifact-store.js';
import { RedisConnection, runOnConnection } from './redis-connection.js';

// The behaviours every artifact store of toolwright keeps (the same kit runs against the local
// store in @toolwright/artifacts), here on a real redis-server: each store the kit opens is a
// worker of a fleet with its own connection.

let server: RedisServerUnderTest;
const opened: RedisConnection[] = [];
const sessions = new WeakMap<RedisArtifactStore, KitStoreOptions>();

/** The key the store documents for an artifact's bytes. */
function blobKey({ namespace, sessionId }: KitStoreOptions, id: string): string {
  const session = createHash('sha256').update(sessionId).digest('hex');
  return `kit:artifacts:{${namespace}:${session}}:blob:${id}`;
}

describe.skipIf(!redisTestsRun())('RedisArtifactStore keeps the artifact store kit', () => {
  beforeAll(async () => {
    server = await startRedisServer({ password: 'kit' });
  });
  afterAll(async () => {
    for (const connection of opened) await connection.close();
    await server?.stop();
  });

  describeArtifactStoreKit({
    open: async (options) => {
      const connection = await RedisConnection.open(server.url);
      opened.push(connection);
      const store = new RedisArtifactStore(connection, { ...options, keyPrefix: 'kit:' });
      sessions.set(store, options);
      return store;
    },
    tamper: async (store, id, bytes) => {
      const connection = opened[0] as RedisConnection;
      const key = blobKey(sessions.get(store) as KitStoreOptions, id);
      await runOnConnection(connection, 'tampering', async (client) => {
        if ((await client.exists(key)) !== 1) throw new Error(`no key ${key} to tamper with`);
        await client.set(key, Buffer.from(bytes), { KEEPTTL: true });
      });
    },
    errorClass: ArtifactStoreError,
  });
});
