import type { McpChangeEventV1 } from '@toolwright/spec';
import {
  type RedisServerUnderTest,
  redisTestsRun,
  startRedisServer,
  thrownBy,
  waitFor,
} from '@toolwright/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisChangeBus, type RedisChangeBusOptions } from './redis-change-bus.js';
import { RedisConnection, runOnConnection } from './redis-connection.js';
import { RedisStoreError } from './redis-store-error.js';

// Each bus is one replica: its own RedisConnection to one real redis-server (with a password),
// from which the bus makes its own publisher and subscriber connections.
let server: RedisServerUnderTest;
const connections: RedisConnection[] = [];
const buses: RedisChangeBus[] = [];

async function replica(options?: RedisChangeBusOptions): Promise<RedisChangeBus> {
  const connection = await RedisConnection.open(server.url);
  connections.push(connection);
  const bus = await RedisChangeBus.open(connection, options);
  buses.push(bus);
  return bus;
}

function heard(bus: RedisChangeBus): McpChangeEventV1[] {
  const events: McpChangeEventV1[] = [];
  bus.subscribe((event) => events.push(event));
  return events;
}

describe.skipIf(!redisTestsRun())('RedisChangeBus on a real redis-server', () => {
  beforeAll(async () => {
    server = await startRedisServer({ password: 'bus secret' });
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    for (const connection of connections) await connection.close();
    await server?.stop();
  });

  it("fans every replica's changes out to every replica's listeners, its own included, once each", async () => {
    const first = await replica({ keyPrefix: 'fan:' });
    const second = await replica({ keyPrefix: 'fan:' });
    const elsewhere = await replica({ keyPrefix: 'other:' });
    const [atFirst, atSecond, atFirstAgain, atElsewhere] = [
      heard(first),
      heard(second),
      heard(first),
      heard(elsewhere),
    ];
    first.publish({ kind: 'tools_list_changed' });
    // This replica's own listeners hear it at once, as with the SDK's in-memory bus.
    expect(atFirst).toEqual([{ kind: 'tools_list_changed' }]);
    second.publish({ kind: 'resource_updated', uri: 'artifact://a', params: { title: 'a' } });
    second.publish({ kind: 'prompts_list_changed' });
    const all = [
      { kind: 'tools_list_changed' },
      { kind: 'resource_updated', uri: 'artifact://a', params: { title: 'a' } },
      { kind: 'prompts_list_changed' },
    ];
    await waitFor(() => atFirst.length >= 3 && atSecond.length >= 3);
    // A moment more, so that a duplicate (a replica hearing its own message twice) would show.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(atFirst).toEqual(all);
    expect(atFirstAgain).toEqual(all);
    // The second replica heard its own two at once, then the first's through Redis.
    expect(atSecond).toEqual([all[1], all[2], all[0]]);
    expect(atElsewhere).toEqual([]);
  });

  it('unsubscribes once, keeps delivering past a listener that throws, and refuses what is no change event', async () => {
    const errors: Error[] = [];
    const bus = await replica({ keyPrefix: 'listeners:', onError: (error) => errors.push(error) });
    const events: string[] = [];
    const stop = bus.subscribe((event) => events.push(event.kind));
    bus.subscribe(() => {
      throw new Error('listener broke');
    });
    const after = heard(bus);
    bus.publish({ kind: 'resources_list_changed' });
    stop();
    stop();
    bus.publish({ kind: 'tools_list_changed' });
    expect(events).toEqual(['resources_list_changed']);
    expect(after.map((event) => event.kind)).toEqual(['resources_list_changed', 'tools_list_changed']);
    expect(errors.map((error) => error.message)).toEqual(['listener broke', 'listener broke']);
    expect(thrownBy(() => bus.publish({ kind: 'tools_changed' } as never)).message).toBe(
      'RedisChangeBus.publish: its kind must be one of tools_list_changed, prompts_list_changed, resources_list_changed, resource_updated; got "tools_changed".',
    );
    expect(thrownBy(() => bus.publish({ kind: 'resource_updated' } as never)).message).toContain(
      'a resource_updated event names its resource: uri must be a string; got undefined',
    );
    // Something else publishing on the channel is reported, and never reaches a listener.
    await runOnConnection(connections.at(-1)!, 'test', (client) => client.publish(bus.channel, '{"kind":1}'));
    await waitFor(() => errors.length === 3);
    expect(RedisStoreError.isInstance(errors[2]) && errors[2].code).toBe('invalid_data');
    expect(errors[2]!.message).toContain(
      'Redis channel listeners:mcp-changes carried a message that is no MCP change event',
    );
    expect(after).toHaveLength(2);
  });

  it('while Redis is down publish throws unavailable; once it is back the bus has resubscribed, and says changes may have been missed', async () => {
    const first = await replica({ keyPrefix: 'restart:' });
    const second = await replica({ keyPrefix: 'restart:' });
    const atFirst = heard(first);
    const atSecond = heard(second);
    await server.kill();
    await waitFor(() => {
      try {
        first.publish({ kind: 'tools_list_changed' });
        return false;
      } catch {
        return true;
      }
    });
    const error = thrownBy(() => first.publish({ kind: 'tools_list_changed' }), RedisStoreError);
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe(
      `Redis at redis://:***@127.0.0.1:${server.port} is unavailable while publishing an MCP tools_list_changed event (the connection is down; reconnecting): this replica's listeners have it, the other replicas' do not. Publish it again once Redis is back.`,
    );
    atFirst.length = 0;
    atSecond.length = 0;
    await server.start();
    // Back: each replica tells its listeners the lists may have changed while it was away.
    const lists = [
      { kind: 'tools_list_changed' },
      { kind: 'prompts_list_changed' },
      { kind: 'resources_list_changed' },
    ];
    await waitFor(() => atFirst.length >= 3 && atSecond.length >= 3);
    expect(atFirst).toEqual(lists);
    expect(atSecond).toEqual(lists);
    // And resubscribed: what one publishes now, the other hears through the restarted Redis.
    atSecond.length = 0;
    await waitFor(
      () => {
        try {
          first.publish({ kind: 'resource_updated', uri: 'artifact://b' });
        } catch {
          // The publisher may come back a moment after the subscriber.
        }
        return atSecond.length > 0;
      },
      { intervalMs: 50 },
    );
    expect(atSecond[0]).toEqual({ kind: 'resource_updated', uri: 'artifact://b' });
  }, 30_000);

  it('opening refuses bad options and an unreachable Redis, naming them', async () => {
    const connection = await RedisConnection.open(server.url);
    connections.push(connection);
    await expect(RedisChangeBus.open(connection, { onError: 'log' } as never)).rejects.toThrow(
      'RedisChangeBus: onError must be a function',
    );
    await connection.close();
    const refused = await RedisChangeBus.open(connection).catch((thrown: unknown) => thrown);
    expect(RedisStoreError.isInstance(refused) && refused.code).toBe('unavailable');
    expect((refused as Error).message).toContain('is unavailable while opening the MCP change bus');
  });
});
