import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
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

/** One replica process of the fleet. */
export interface Replica {
  readonly port: number;
  readonly process: ChildProcess;
}

/** Starts a replica (`replica.mjs`) on a free port; resolves once it listens. */
export async function startReplica(env: Record<string, string>): Promise<Replica> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(here, 'replica.mjs')], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes('\n')) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`replica exited (${code}) before listening: ${printed}`)));
  });
  return { port, process: child };
}

/** HAProxy in front of the replicas, with its stats page. */
export interface LoadBalancer {
  readonly url: string;
  /** What HAProxy says of each replica: `UP`, `DOWN`, ... by its name (`r1`, ...). */
  status(): Promise<Record<string, string>>;
  stop(): void;
}

/** Starts HAProxy round-robin over `replicas`, from `haproxy.cfg.template`. */
export async function startLoadBalancer(
  haproxy: string,
  replicas: readonly Replica[],
): Promise<LoadBalancer> {
  const [lbPort, statsPort] = [await freePort(), await freePort()];
  const servers = replicas
    .map((replica, index) => `  server r${index + 1} 127.0.0.1:${replica.port} check inter 200 fall 1 rise 2`)
    .join('\n');
  const config = readFileSync(join(here, 'haproxy.cfg.template'), 'utf8')
    .replace('${LB_PORT}', String(lbPort))
    .replace('${STATS_PORT}', String(statsPort))
    .replace('${SERVERS}', servers);
  const file = join(makeTempDir('haproxy'), 'haproxy.cfg');
  writeFileSync(file, config);
  const child = spawn(haproxy, ['-f', file, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
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
  // Ready once HAProxy answers its stats page and sees every replica up.
  for (;;) {
    const view = await status().catch(() => undefined);
    if (
      view !== undefined &&
      Object.values(view).filter((state) => state === 'UP').length === replicas.length
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, status, stop: () => child.kill('SIGTERM') };
}
