import {
  type RedisServerOptions,
  type RedisServerUnderTest,
  startRedisServer,
} from '@toolwright/test-support';
import { afterAll, beforeAll } from 'vitest';
import { RedisConnection } from '../redis-connection.js';

/** A real redis-server for the calling `describe`, and the workers its tests connect. */
export interface RedisFleet {
  /** The server (started before the first test). */
  readonly server: RedisServerUnderTest;
  /** A new connection: one worker of the fleet, with a client of its own; closed after the tests. */
  worker(): Promise<RedisConnection>;
}

/**
 * Starts a redis-server before the tests of the calling `describe` and, after them, closes every
 * connection they opened and stops it.
 */
export function redisFleet(options: RedisServerOptions = {}): RedisFleet {
  let started: RedisServerUnderTest | undefined;
  const opened: RedisConnection[] = [];
  beforeAll(async () => {
    started = await startRedisServer(options);
  });
  afterAll(async () => {
    for (const connection of opened) await connection.close();
    await started?.stop();
  });
  const fleet: RedisFleet = {
    get server(): RedisServerUnderTest {
      if (started === undefined) throw new Error('the redis-server starts before the first test');
      return started;
    },
    async worker() {
      const connection = await RedisConnection.open(fleet.server.url);
      opened.push(connection);
      return connection;
    },
  };
  return fleet;
}
