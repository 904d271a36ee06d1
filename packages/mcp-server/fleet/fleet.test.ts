import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { RedisArtifactStore, RedisConnection } from '@toolwright/redis';
import { makeTempDir, redisTestsRun, startRedisServer } from '@toolwright/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  haproxyPath,
  type LoadBalancer,
  type Replica,
  startLoadBalancer,
  startReplica,
} from './fleet-support.js';

// A fleet as users run one: three replicas of the MCP server (processes of their own) behind
// HAProxy, round-robin with no stickiness, sharing one redis-server; 2026-07-28 clients and
// 2025 clients, 50 each, 40 calls apiece, with large outputs read back through whichever replica
// answers; one replica SIGKILLed mid-run.
const CLIENTS = 50;
const CALLS = 40;
const haproxy = haproxyPath();

interface Tally {
  /** `Record` calls that returned, and those that failed. */
  completed: string[];
  failed: string[];
  /** Large outputs read back through `resources/read`, and those that failed. */
  artifactsRead: number;
  artifactFailures: string[];
}

/** Anything a client can call: both SDKs' clients have these. */
interface CallingClient {
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  readResource(params: { uri: string }): Promise<{ contents: unknown[] }>;
  close(): Promise<void>;
}

async function runClient(
  client: CallingClient,
  prefix: string,
  tally: Tally,
  killAt: () => void,
): Promise<void> {
  for (let call = 0; call < CALLS; call += 1) {
    if (call === CALLS / 2) killAt();
    const callId = `${prefix}-${call}`;
    try {
      if (call % 10 === 9) {
        const result = (await client.callTool({ name: 'Report', arguments: { bytes: 60_000 } })) as {
          content: { type: string; uri?: string }[];
        };
        const link = result.content.find((part) => part.type === 'resource_link');
        const read = await client.readResource({ uri: link?.uri as string });
        expect((read.contents[0] as { text: string }).text).toHaveLength(60_000);
        tally.artifactsRead += 1;
      } else {
        await client.callTool({ name: 'Record', arguments: { callId } });
        tally.completed.push(callId);
      }
    } catch (error) {
      const failures = call % 10 === 9 ? tally.artifactFailures : tally.failed;
      failures.push(`${callId}: ${(error as Error).message}`);
    }
  }
}

describe.skipIf(!redisTestsRun() || haproxy === undefined)('a fleet of three replicas behind HAProxy', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  let replicas: Replica[] = [];
  let balancer: LoadBalancer;
  const work = makeTempDir('mcp-fleet');
  const callLog = join(work, 'calls.log');

  beforeAll(async () => {
    // Persistent: the Redis restart below must find what was written before it.
    redis = await startRedisServer({ persistent: true });
    writeFileSync(callLog, '');
    const env = {
      REDIS_URL: redis.url,
      CALL_LOG: callLog,
      FLEET_KEY: 'the key every replica of the fleet shares',
    };
    replicas = await Promise.all([1, 2, 3].map(() => startReplica(env)));
    balancer = await startLoadBalancer(haproxy as string, replicas);
  }, 60_000);

  afterAll(async () => {
    balancer?.stop();
    for (const replica of replicas) replica.process.kill('SIGKILL');
    await redis?.stop();
  });

  it('serves 2026 and 2025 clients through any replica, and loses or repeats no completed call when one is killed', async () => {
    const tally: Tally = { completed: [], failed: [], artifactsRead: 0, artifactFailures: [] };
    let killed = false;
    const killOnce = () => {
      if (killed) return;
      killed = true;
      replicas[1]?.process.kill('SIGKILL');
    };
    const modern = Array.from({ length: CLIENTS }, async (_, index) => {
      const client = new ModernClient(
        { name: `modern-${index}`, version: '1' },
        { versionNegotiation: { mode: 'auto' } },
      );
      await client.connect(new ModernTransport(new URL(balancer.url)));
      expect(client.getProtocolEra()).toBe('modern');
      await runClient(client, `modern${index}`, tally, killOnce);
      await client.close();
    });
    const legacy = Array.from({ length: CLIENTS }, async (_, index) => {
      const client = new LegacyClient({ name: `legacy-${index}`, version: '1' });
      await client.connect(new LegacyTransport(new URL(balancer.url)));
      await runClient(client as unknown as CallingClient, `legacy${index}`, tally, killOnce);
      await client.close().catch(() => {});
    });
    await Promise.all([...modern, ...legacy]);
    const view = await balancer.status();
    const runs = new Map<string, number>();
    for (const line of readFileSync(callLog, 'utf8').split('\n').filter(Boolean)) {
      const [callId = ''] = line.split(' ');
      runs.set(callId, (runs.get(callId) ?? 0) + 1);
    }
    // For the person reading the run: what the load balancer saw, and what clients got.
    console.log(
      `fleet: ${tally.completed.length} Record calls completed, ${tally.artifactsRead} artifacts read back, ` +
        `${tally.failed.length} calls and ${tally.artifactFailures.length} read-backs failed; ` +
        `HAProxy sees ${JSON.stringify(view)}` +
        [...tally.failed, ...tally.artifactFailures]
          .slice(0, 3)
          .map((failure) => `; ${failure}`)
          .join(''),
    );
    expect(view.r2).toMatch(/DOWN/);
    // No completed call lost (it ran) nor repeated (it ran once); no call ran twice at all.
    for (const callId of tally.completed) expect(runs.get(callId), callId).toBe(1);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    // Only what was in flight on the killed replica may fail: at most one request per client.
    expect(tally.failed.length + tally.artifactFailures.length).toBeLessThanOrEqual(2 * CLIENTS);
    expect(tally.completed.length + tally.failed.length).toBe(2 * CLIENTS * (CALLS - CALLS / 10));
    expect(tally.artifactsRead + tally.artifactFailures.length).toBe(2 * CLIENTS * (CALLS / 10));
  }, 600_000);

  it('fails clearly while Redis is down, works again after its restart, and keeps artifacts and quotas consistent', async () => {
    const legacy = new LegacyClient({ name: 'legacy-restart', version: '1' });
    await legacy.connect(new LegacyTransport(new URL(balancer.url)));
    const modern = new ModernClient(
      { name: 'modern-restart', version: '1' },
      { versionNegotiation: { mode: 'auto' } },
    );
    await modern.connect(new ModernTransport(new URL(balancer.url)));
    const linkOf = (result: unknown) =>
      (result as { content: { type: string; uri?: string }[] }).content.find(
        (part) => part.type === 'resource_link',
      )?.uri as string;
    const before = linkOf(await modern.callTool({ name: 'Report', arguments: { bytes: 70_000 } }));

    await redis.kill();
    // A 2025 session's request needs its record: refused (HTTP 503), naming the shared state.
    const refused = await legacy.callTool({ name: 'Record', arguments: { callId: 'during-outage' } }).then(
      () => 'served',
      (error: Error) => error.message,
    );
    expect(refused).toMatch(
      /shared state is unavailable while touching the record of session .*Redis at redis:\/\/127\.0\.0\.1:\d+ is unavailable/,
    );
    // A stateless call that must store its output fails as a call, saying Redis is away.
    const stored = await modern.callTool({ name: 'Report', arguments: { bytes: 80_000 } }).then(
      (result) => JSON.stringify(result),
      (error: Error) => error.message,
    );
    expect(stored).toMatch(/unavailable/);
    // A stateless call that needs nothing shared is still answered.
    const plain = await modern.callTool({ name: 'Record', arguments: { callId: 'stateless-during-outage' } });
    expect(JSON.stringify(plain)).toContain('recorded stateless-during-outage');

    await redis.start();
    // The replicas' connections come back by themselves; the session and the artifact survived.
    let after: unknown;
    for (let attempt = 0; attempt < 50 && after === undefined; attempt += 1) {
      after = await legacy
        .callTool({ name: 'Record', arguments: { callId: 'after-restart' } })
        .catch(async () => {
          await new Promise((resolve) => setTimeout(resolve, 200));
          return undefined;
        });
    }
    expect(JSON.stringify(after)).toContain('recorded after-restart');
    const read = await modern.readResource({ uri: before });
    expect((read.contents[0] as { text: string }).text).toHaveLength(70_000);
    // The fleet's artifact quota counts exactly what is stored: nothing half-written by the outage.
    const connection = await RedisConnection.open(redis.url);
    const store = new RedisArtifactStore(connection, {
      keyPrefix: 'fleet:',
      namespace: 'mcp-server',
      sessionId: 'fleet',
    });
    const [usage, records] = [await store.usage(), await store.list()];
    expect(usage.items).toBe(records.length);
    expect(usage.bytes).toBe(records.reduce((sum, record) => sum + record.byteLength, 0));
    await connection.close();
    await legacy.close().catch(() => {});
    await modern.close();
  }, 120_000);
});
