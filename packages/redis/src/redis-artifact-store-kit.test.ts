import { createHash } from 'node:crypto';
import { ArtifactStoreError } from '@toolwright/artifacts';
import { describeArtifactStoreKit, type KitStoreOptions, redisTestsRun } from '@toolwright/test-support';
import { describe } from 'vitest';
import { RedisArtifactStore } from './redis-artifact-store.js';
import { type RedisConnection, runOnConnection } from './redis-connection.js';
import { redisFleet } from './test-support/redis-fleet.js';

// The behaviours every artifact store of toolwright keeps (the same kit runs against the local
// store in @toolwright/artifacts), here on a real redis-server: each store the kit opens is a
// worker of a fleet with its own connection.

const sessions = new WeakMap<RedisArtifactStore, KitStoreOptions>();

/** The key the store documents for an artifact's bytes. */
function blobKey({ namespace, sessionId }: KitStoreOptions, id: string): string {
  const session = createHash('sha256').update(sessionId).digest('hex');
  return `kit:artifacts:{${namespace}:${session}}:blob:${id}`;
}

describe.skipIf(!redisTestsRun())('RedisArtifactStore keeps the artifact store kit', () => {
  const fleet = redisFleet({ password: 'kit' });
  let tamperer: RedisConnection | undefined;

  describeArtifactStoreKit({
    open: async (options) => {
      const connection = await fleet.worker();
      const store = new RedisArtifactStore(connection, { ...options, keyPrefix: 'kit:' });
      sessions.set(store, options);
      return store;
    },
    tamper: async (store, id, bytes) => {
      tamperer ??= await fleet.worker();
      const connection = tamperer;
      const key = blobKey(sessions.get(store) as KitStoreOptions, id);
      await runOnConnection(connection, 'tampering', async (client) => {
        if ((await client.exists(key)) !== 1) throw new Error(`no key ${key} to tamper with`);
        await client.set(key, Buffer.from(bytes), { KEEPTTL: true });
      });
    },
    errorClass: ArtifactStoreError,
  });
});
