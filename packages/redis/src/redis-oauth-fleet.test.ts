import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { McpConnectionManager, parseMcpServersConfig } from '@toolwright/mcp-client';
import { loginMcpServer, mcpOAuth } from '@toolwright/mcp-client/oauth';
import { type RedisServerUnderTest, redisTestsRun, startRedisServer } from '@toolwright/test-support';
import {
  type AuthorizationServer,
  completeLoginInBrowser,
  type ProtectedMcpServer,
  startAuthorizationServer,
  startProtectedMcpServer,
} from '@toolwright/test-support/mcp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RedisConnection, runOnConnection } from './redis-connection.js';
import { RedisOAuthStore } from './redis-oauth-store.js';

// Two agent workers, each a process of its own, share one redis-server: one login (by a third
// process's `mcp login`, here the test) serves both, and when the access token runs out under
// their calls, the authorization server sees one refresh for the fleet. Refresh tokens are
// single-use: a second refresh with the spent one would revoke the grant and fail every worker.

const workerScript = fileURLToPath(new URL('./test-support/oauth-fleet-worker.ts', import.meta.url));
const packageDirectory = fileURLToPath(new URL('..', import.meta.url));
const KEY = randomBytes(32).toString('base64');
const PREFIX = 'fleet:';
/** The access token's lifetime: the workers' calls span exactly one expiry of it. */
const ACCESS_TOKEN_TTL_S = 8;

let redis: RedisServerUnderTest;
let authorization: AuthorizationServer;
let mcp: ProtectedMcpServer;
let connection: RedisConnection;
const children: ChildProcess[] = [];
const managers: McpConnectionManager[] = [];

interface Worker {
  readonly child: ChildProcess;
  /** Settles with the first message of `type`; rejects when the process exits first. */
  message(type: string): Promise<Record<string, unknown>>;
}

/** Starts a worker process running the client and the store from source through tsx. */
function startWorker(job: Record<string, unknown>): Worker {
  const child = fork(
    workerScript,
    [JSON.stringify({ redisUrl: redis.url, key: KEY, keyPrefix: PREFIX, ...job })],
    {
      cwd: packageDirectory,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    },
  );
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const messages: Array<Record<string, unknown>> = [];
  child.on('message', (message) => messages.push(message as Record<string, unknown>));
  return {
    child,
    message: (type) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find((message) => message.type === type || message.type === 'failed');
          if (found === undefined) return false;
          if (found.type === 'failed') reject(new Error(`worker failed: ${String(found.error)}`));
          else resolve(found);
          return true;
        };
        if (check()) return;
        child.on('message', check);
        child.once('exit', (code, signal) => {
          if (!check()) reject(new Error(`worker exited (${code ?? signal}) before "${type}": ${stderr}`));
        });
      }),
  };
}

function store(options: { lockLeaseMs?: number } = {}): RedisOAuthStore {
  return new RedisOAuthStore(connection, { key: KEY, keyPrefix: PREFIX, ...options });
}

function hostedServer() {
  return parseMcpServersConfig({ mcpServers: { hosted: { type: 'http', url: mcp.url, oauth: true } } })[0]!;
}

/** A person logs in once (`toolwright-agent mcp login`), into the store the fleet shares. */
async function logInOnce(): Promise<string> {
  await loginMcpServer(hostedServer(), {
    oauth: {
      credentialStore: store(),
      onAuthorizationUrl: ({ url }) => completeLoginInBrowser(url).then(() => undefined),
    },
  });
  const keys = await runOnConnection(connection, 'test', (client) => client.keys(`${PREFIX}oauth:*:tokens`));
  expect(keys).toHaveLength(1);
  return keys[0]!.slice(`${PREFIX}oauth:`.length, -':tokens'.length);
}

const grants = () => authorization.tokenRequests.map((request) => request.grant);

describe.skipIf(!redisTestsRun())('a fleet sharing OAuth tokens through one redis-server', () => {
  beforeEach(async () => {
    redis = await startRedisServer();
    connection = await RedisConnection.open(redis.url);
    let mcpUrl = '';
    authorization = await startAuthorizationServer({
      resource: () => mcpUrl,
      accessTokenTtl: ACCESS_TOKEN_TTL_S,
      rotateRefreshTokens: true,
    });
    mcp = await startProtectedMcpServer({
      issuer: () => authorization.issuer,
      provider: () => authorization.provider,
    });
    mcpUrl = mcp.url;
  });

  afterEach(async () => {
    for (const child of children.splice(0))
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(managers.splice(0).map((manager) => manager.closeAll()));
    await connection?.close();
    await mcp?.close();
    await authorization?.close();
    await redis?.stop();
  });

  it('two worker processes use one login, and an access token expiring under their calls is refreshed once for both', async () => {
    await logInOnce();
    const loggedInAt = Date.now();
    // Past the first token's expiry (renewed in the last tenth of its life), short of the second's.
    const until = loggedInAt + ACCESS_TOKEN_TTL_S * 1000 + 2_000;
    const workers = [startWorker({ mcpUrl: mcp.url, until }), startWorker({ mcpUrl: mcp.url, until })];
    await Promise.all(workers.map((worker) => worker.message('ready')));
    expect(Date.now()).toBeLessThan(loggedInAt + ACCESS_TOKEN_TTL_S * 900);
    for (const worker of workers) worker.child.send('go');
    const reports = await Promise.all(workers.map((worker) => worker.message('done')));

    for (const report of reports) {
      expect(report.failures).toEqual([]);
      expect(report.calls as number).toBeGreaterThan(10);
      expect(report.answers).toEqual([expect.stringMatching(/ alice /)]);
    }
    // One login, one registration, one refresh: the fleet shared all three.
    expect(grants()).toEqual(['authorization_code', 'refresh_token']);
    expect(authorization.registrations).toBe(1);
    // Both workers sent the renewed token: each took it, one by refreshing, the other from Redis.
    const [, renewed] = [...new Set(mcp.authorizations)];
    expect(renewed).toBeDefined();
    expect(mcp.authorizations.filter((header) => header === renewed).length).toBeGreaterThan(2);
  }, 60_000);

  it('a worker killed while holding the refresh lock holds up the others only until its lease runs out', async () => {
    const serverKey = await logInOnce();
    const survivor = new McpConnectionManager([hostedServer()], {
      reconnect: { maxAttempts: 0 },
      oauth: mcpOAuth({ credentialStore: store() }),
    });
    managers.push(survivor);
    expect(await survivor.connectAll()).toMatchObject({ connected: ['hosted'] });

    const holder = startWorker({ holdLock: serverKey, lockLeaseMs: 1_500 });
    await holder.message('holding');
    const lockKey = `${PREFIX}oauth:${serverKey}:refresh-lock`;
    expect(await runOnConnection(connection, 'test', (client) => client.exists(lockKey))).toBe(1);
    // The access token is refused from now on: the survivor must refresh, and the lock is held.
    const current = await store().read(serverKey, 'tokens');
    mcp.revoke(current!.access_token as string);
    holder.child.kill('SIGKILL');
    const killedAt = Date.now();

    const result = await survivor
      .get('hosted')
      .request('tools/call', (client, options) =>
        client.callTool({ name: 'whoami', arguments: {} }, options),
      );
    expect((result.content as Array<{ text: string }>)[0]?.text).toMatch(/ alice /);
    // It waited for the dead holder's lease (renewed every 500 ms while it lived), then refreshed.
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(900);
    expect(grants()).toEqual(['authorization_code', 'refresh_token']);
    expect((await store().read(serverKey, 'tokens'))?.access_token).not.toBe(current!.access_token);
  }, 60_000);
});
