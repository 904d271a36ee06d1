import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempDir } from '@toolwright/test-support';

const here = dirname(fileURLToPath(import.meta.url));

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Where Debian's HAProxy is, when it is installed. */
export function haproxyPath(): string | undefined {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy']) {
    if (spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  return undefined;
}

/** The child processes started here that still run: none may outlive this process. */
const running = new Set<ChildProcess>();
// A test or bench that dies (an error, a failed assertion, Ctrl-C) leaves no replica or HAProxy
// behind: SIGKILL needs no cooperation from the child, and 'exit' handlers may only be synchronous.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Registers `child` to be killed with this process, and forgets it once it exits. */
function ownProcess(child: ChildProcess): ChildProcess {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** Kills `child` with `signal` (if it still runs) and waits until it has exited. */
export async function endProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** A server process listening on loopback: a fleet's replica, or a bench's reference server. */
export interface Replica {
  readonly port: number;
  readonly process: ChildProcess;
}

/**
 * Starts the Node script `script` on `port`, by default a free one (given as env PORT); resolves
 * once it has printed its first line, which a script prints when it listens.
 */
export async function startServerProcess(
  script: string,
  env: Record<string, string>,
  port?: number,
): Promise<Replica> {
  const listenOn = port ?? (await freePort());
  const child = ownProcess(
    spawn(process.execPath, [script], {
      env: { ...process.env, ...env, PORT: String(listenOn) },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let printed = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes('\n')) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
    });
    child.once('exit', (code) =>
      reject(new Error(`${basename(script)} exited (${code}) before listening: ${printed}`)),
    );
  });
  return { port: listenOn, process: child };
}

/** Starts a replica (`replica.mjs`) on `port` (by default a free one); resolves once it listens. */
export function startReplica(env: Record<string, string>, port?: number): Promise<Replica> {
  return startServerProcess(join(here, 'replica.mjs'), env, port);
}

/** HAProxy in front of the replicas, with its stats page. */
export interface LoadBalancer {
  readonly url: string;
  /** What HAProxy says of each replica: `UP`, `DOWN`, ... by its name (`r1`, ...). */
  status(): Promise<Record<string, string>>;
  /**
   * Resolves once HAProxy sees every replica up; rejects if it has not within 15 s, or has
   * exited.
   */
  untilAllUp(): Promise<void>;
  /** Stops HAProxy and waits until it has exited. */
  stop(): Promise<void>;
}

/** Options of {@link startLoadBalancer}. */
export interface LoadBalancerOptions {
  /**
   * Where its configuration file is written; by default a temporary directory removed with the
   * test file (which only a vitest test file has: a bench passes its own).
   */
  readonly directory?: string;
}

/** How long HAProxy may take to answer and see every replica up. */
const READY_WITHIN_MS = 15_000;

/** Starts HAProxy round-robin over `replicas` (any servers on loopback), from `haproxy.cfg.template`. */
export async function startLoadBalancer(
  haproxy: string,
  replicas: ReadonlyArray<Pick<Replica, 'port'>>,
  options: LoadBalancerOptions = {},
): Promise<LoadBalancer> {
  const [lbPort, statsPort] = [await freePort(), await freePort()];
  const servers = replicas
    .map((replica, index) => `  server r${index + 1} 127.0.0.1:${replica.port} check inter 200 fall 1 rise 2`)
    .join('\n');
  const config = readFileSync(join(here, 'haproxy.cfg.template'), 'utf8')
    .replace('{{LB_PORT}}', String(lbPort))
    .replace('{{STATS_PORT}}', String(statsPort))
    .replace('{{SERVERS}}', servers);
  // Named by its port: load balancers started in one directory each keep their own.
  const file = join(options.directory ?? makeTempDir('haproxy'), `haproxy-${lbPort}.cfg`);
  writeFileSync(file, config);
  const child = ownProcess(spawn(haproxy, ['-f', file, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] }));
  let complaints = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    complaints += chunk.toString();
  });
  const url = `http://127.0.0.1:${lbPort}/mcp`;
  const status = async (): Promise<Record<string, string>> => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    const view: Record<string, string> = {};
    for (const line of csv.split('\n')) {
      const [proxy, name, ...fields] = line.split(',');
      if (proxy === 'replicas' && name?.startsWith('r')) view[name] = fields[15] ?? '?';
    }
    return view;
  };
  const untilAllUp = async (): Promise<void> => {
    const deadline = Date.now() + READY_WITHIN_MS;
    for (;;) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(
          `HAProxy (${haproxy} -f ${file}) did not see all ${replicas.length} replicas up within ${READY_WITHIN_MS} ms: ${complaints}`,
        );
      const view = await status().catch(() => undefined);
      if (
        view !== undefined &&
        Object.values(view).filter((state) => state === 'UP').length === replicas.length
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const stop = () => endProcess(child, 'SIGTERM');
  // Ready once HAProxy answers its stats page and sees every replica up.
  await untilAllUp().catch(async (error: unknown) => {
    await endProcess(child);
    throw error;
  });
  return { url, status, untilAllUp, stop };
}

/** Replicas behind a load balancer, stopped together. */
export interface Fleet {
  /** The replicas as they are now: a restarted one replaces the one it restarts. */
  readonly replicas: readonly Replica[];
  readonly balancer: LoadBalancer;
  /**
   * Starts replica `index` again on its own port, after it was killed (so HAProxy, which knows it
   * by its port, takes it back), and waits until HAProxy sees every replica up.
   */
  restart(index: number): Promise<void>;
  /** Stops HAProxy and kills every replica still running, waiting until all have exited. */
  stop(): Promise<void>;
}

/**
 * Starts `count` replicas (`replica.mjs`, with `env`) behind HAProxy; if any part fails to start,
 * what did start is stopped before the error is thrown.
 */
export async function startFleet(
  haproxy: string,
  count: number,
  env: Record<string, string>,
  options: LoadBalancerOptions = {},
): Promise<Fleet> {
  const starting = Array.from({ length: count }, () => startReplica(env));
  const started = await Promise.allSettled(starting);
  const replicas = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const killReplicas = () => Promise.all(replicas.map((replica) => endProcess(replica.process)));
  const failed = started.find((outcome) => outcome.status === 'rejected');
  if (failed !== undefined) {
    await killReplicas();
    throw failed.reason;
  }
  const balancer = await startLoadBalancer(haproxy, replicas, options).catch(async (error: unknown) => {
    await killReplicas();
    throw error;
  });
  return {
    replicas,
    balancer,
    restart: async (index) => {
      const replica = replicas[index];
      if (replica === undefined)
        throw new RangeError(
          `the fleet has replicas 0 to ${replicas.length - 1}; there is no replica ${index}`,
        );
      await endProcess(replica.process);
      replicas[index] = await startReplica(env, replica.port);
      await balancer.untilAllUp();
    },
    stop: async () => {
      await balancer.stop();
      await killReplicas();
    },
  };
}
