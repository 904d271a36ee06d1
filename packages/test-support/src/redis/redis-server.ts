import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { makeTempDir } from '../temp-dir.js';

/** A real `redis-server` a test started on loopback, with nothing persisted. */
export interface RedisServerUnderTest {
  /** `redis://[:password@]127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Stops it (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: nothing is persisted). */
  start(): Promise<void>;
  /** Kills it (SIGKILL), as a crash would, and waits for it to exit. */
  kill(): Promise<void>;
}

/** The `redis-server` on PATH (Debian's package puts it in /usr/bin), or `undefined`. */
export function redisServerPath(): string | undefined {
  for (const directory of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(directory, 'redis-server');
    if (directory !== '' && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Whether the Redis tests run here: always where a `redis-server` is installed; in CI
 * (`CI=true`) they must, and a missing server fails them there (`.ci/run` installs it), so a
 * CI run can never pass by skipping them. Elsewhere they are skipped, and the run counts them.
 */
export function redisTestsRun(): boolean {
  if (redisServerPath() !== undefined) return true;
  if (process.env.CI === 'true')
    throw new Error(
      'redis-server is not installed, and CI must run the Redis tests: .ci/run installs it (apt-get install redis-server).',
    );
  return false;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no TCP port was given');
  return address.port;
}

/** Options of {@link startRedisServer}. */
export interface RedisServerOptions {
  /** Clients must AUTH with it. */
  readonly password?: string;
  /**
   * Keep an append-only file, synced on every write, so that a restart (after `kill` too) finds
   * what was written: for tests of what a crash of Redis leaves. Default: nothing persisted.
   */
  readonly persistent?: boolean;
  /**
   * The directory it works in; by default a temporary one removed with the test file (which
   * only a vitest test file has: a benchmark passes its own).
   */
  readonly directory?: string;
}

/**
 * Starts a real `redis-server` on a free loopback port, with no snapshot and (unless
 * `persistent`) no append-only file, so that a restart starts empty, in a temporary directory
 * removed with the test file.
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServerUnderTest> {
  const server = redisServerPath();
  if (server === undefined) throw new Error('redis-server is not installed (apt-get install redis-server).');
  const directory = options.directory ?? makeTempDir('redis-server');
  const port = await freePort();
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    ...(options.persistent === true
      ? ['--appendonly', 'yes', '--appendfsync', 'always']
      : ['--appendonly', 'no']),
    '--dir',
    directory,
    ...(options.password === undefined ? [] : ['--requirepass', options.password]),
  ];
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    const started = spawn(server, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('Ready to accept connections')) resolve();
      };
      started.stdout?.on('data', onData);
      started.stderr?.on('data', onData);
      started.once('exit', (code) =>
        reject(new Error(`redis-server exited (${code}) before it was ready:\n${output}`)),
      );
    });
  };
  const end = async (signal: NodeJS.Signals): Promise<void> => {
    const running = child;
    if (running === undefined || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  };
  await start();
  // A test process that dies leaves no server behind.
  process.once('exit', () => {
    child?.kill('SIGKILL');
  });
  const auth = options.password === undefined ? '' : `:${encodeURIComponent(options.password)}@`;
  return {
    url: `redis://${auth}127.0.0.1:${port}`,
    port,
    start,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}
