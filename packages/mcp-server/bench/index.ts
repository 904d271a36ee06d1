/**
 * The fleet benchmark (issue 23): tool calls through 3 replicas behind HAProxy against 1 replica
 * reached directly, under the same client load, on one real redis-server on loopback:
 * - (a) 1 replica direct; (b) 3 replicas behind HAProxy; (c) the same with one replica SIGKILLed
 *   when half of the calls have started (restarted on its port between rounds, untimed);
 * - throughput of (b) and (c) as ratios of (a); p50 and p99 of each as ratios of (a)'s p50;
 *   failed calls counted;
 * - first, the physical reference: a raw HTTP round trip to a trivial Node server through HAProxy
 *   against direct, one at a time, what the load balancer's hop costs before any MCP.
 * Every figure is the median over rounds of that round's ratio, the runs of a round interleaved
 * and their order reversed every other round. Replicas, HAProxy and redis-server are stopped on
 * the way out, failed or not. Run with `pnpm bench` after a build (the replicas run dist/).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RedisServerUnderTest, startRedisServer } from '@toolwright/test-support';
import { formatMillis } from '@toolwright/test-support/bench';
import {
  endProcess,
  type Fleet,
  haproxyPath,
  startFleet,
  startLoadBalancer,
  startServerProcess,
} from '../fleet/fleet-support.js';
import { type ClientKind, legacyClients, modernClients, rawHttpClients } from './mcp-clients.js';
import { type RunFigures, type RunPlan, reportRuns, runRounds } from './rounds-of-runs.js';
// Its load time first, in fresh processes (bench/import-time.ts).
import './import-time.js';

const here = dirname(fileURLToPath(import.meta.url));
const ROUNDS = 3;
// The replica is the bottleneck from a few clients on (each call costs it milliseconds of CPU),
// so 20 clients queue on it; few calls each keep the whole bench well under a minute.
const LOAD = { clients: 20, calls: 8, warmupCalls: 1 } as const;
// The hop alone: one client, one round trip at a time, so that no queue hides what it adds.
const HOP_LOAD = { clients: 1, calls: 200, warmupCalls: 20 } as const;

// Ctrl-C or a kill of the bench: exit through 'exit', whose handlers kill every child process.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/** The physical reference: raw HTTP to a trivial server, through HAProxy against direct. */
async function measureHop(haproxy: string, directory: string): Promise<RunFigures[]> {
  const server = await startServerProcess(join(here, 'trivial-server.mjs'), {});
  const balancer = await startLoadBalancer(haproxy, [server], { directory }).catch(async (error: unknown) => {
    await endProcess(server.process);
    throw error;
  });
  try {
    const direct = `http://127.0.0.1:${server.port}/`;
    const plans: RunPlan[] = [
      { name: 'direct', connect: (index) => rawHttpClients.connect(direct, index) },
      { name: 'through HAProxy', connect: (index) => rawHttpClients.connect(balancer.url, index) },
    ];
    return await runRounds(plans, HOP_LOAD, ROUNDS);
  } finally {
    await balancer.stop();
    await endProcess(server.process);
  }
}

/**
 * Runs (a), (b) and (c) with clients of `kind` on `fleet`: (a) reaches its first replica alone;
 * (c) kills its second, which is restarted on its port after the run (untimed).
 */
function measureFleet(kind: ClientKind, fleet: Fleet): Promise<RunFigures[]> {
  const oneReplica = `http://127.0.0.1:${fleet.replicas[0]?.port}/mcp`;
  const throughBalancer = (index: number) => kind.connect(fleet.balancer.url, index);
  const plans: RunPlan[] = [
    { name: '(a) 1 replica direct', connect: (index) => kind.connect(oneReplica, index) },
    { name: '(b) 3 replicas + HAProxy', connect: throughBalancer },
    {
      name: '(c) 3 replicas + HAProxy, 1 SIGKILLed at the half',
      connect: throughBalancer,
      atHalf: () => fleet.replicas[1]?.process.kill('SIGKILL'),
      cleanup: () => fleet.restart(1),
    },
  ];
  return runRounds(plans, LOAD, ROUNDS);
}

async function main(): Promise<void> {
  const haproxy = haproxyPath();
  if (haproxy === undefined) {
    console.log(
      '@toolwright/mcp-server fleet bench skipped: HAProxy is not installed (apt-get install haproxy)',
    );
    return;
  }
  const started = performance.now();
  // The host matters more than usual here: 3 replicas can only outrun 1 with cores to spare.
  console.log(
    `@toolwright/mcp-server fleet bench — Node ${process.version}, ${availableParallelism()} cores ` +
      `(load average ${loadavg()[0]?.toFixed(1)}), replicas, HAProxy and redis-server on loopback; ` +
      `${LOAD.clients} clients x ${LOAD.calls} calls of a cheap tool, ${ROUNDS} rounds, medians of per-round ratios; ` +
      'p50 and p99 of the calls that returned, the failed ones counted apart',
  );
  const workspace = mkdtempSync(join(tmpdir(), 'toolwright-fleet-bench-'));
  // Removed on the way out however it ends: an interrupted bench exits without its `finally`.
  process.once('exit', () => rmSync(workspace, { recursive: true, force: true }));
  let redis: RedisServerUnderTest | undefined;
  let fleet: Fleet | undefined;
  try {
    const redisDirectory = join(workspace, 'redis');
    mkdirSync(redisDirectory);
    redis = await startRedisServer({ directory: redisDirectory });
    const env = {
      REDIS_URL: redis.url,
      CALL_LOG: join(workspace, 'calls.log'),
      FLEET_KEY: 'the key every replica of the bench fleet shares',
    };
    reportRuns(
      `raw HTTP to a trivial server, ${HOP_LOAD.clients} client x ${HOP_LOAD.calls} round trips (the load balancer hop alone)`,
      'direct',
      await measureHop(haproxy, workspace),
    );
    fleet = await startFleet(haproxy, 3, env, { directory: workspace });
    for (const kind of [modernClients, legacyClients])
      reportRuns(`tools/call, ${kind.name}`, '(a)', await measureFleet(kind, fleet));
    console.log(`\n(the whole bench took ${formatMillis(performance.now() - started)})`);
  } finally {
    await fleet?.stop();
    await redis?.stop();
  }
}

await main();
