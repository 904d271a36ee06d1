/**
 * One agent worker of the OAuth fleet test, in a process of its own: its own Redis connection and
 * MCP connection manager, the OAuth tokens in the `RedisOAuthStore` the fleet shares. The job comes
 * as JSON in argv[2]; over IPC it says `ready` once connected, waits for `go`, calls the protected
 * server's `whoami` from `concurrency` loops until `until` (ms since the epoch), and reports.
 *
 * With `holdLock: serverKey` it only takes that server's refresh lock, says `holding`, and keeps
 * it until it is killed.
 */
import { McpConnectionManager, parseMcpServersConfig } from '@toolwright/mcp-client';
import { mcpOAuth } from '@toolwright/mcp-client/oauth';
import { RedisConnection } from '../redis-connection.js';
import { RedisOAuthStore } from '../redis-oauth-store.js';

interface Job {
  readonly redisUrl: string;
  readonly key: string;
  readonly keyPrefix: string;
  readonly lockLeaseMs?: number;
  readonly mcpUrl?: string;
  readonly until?: number;
  readonly concurrency?: number;
  readonly holdLock?: string;
}

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const send = (message: Record<string, unknown>) => process.send?.(message);
const redis = await RedisConnection.open(job.redisUrl);
const store = new RedisOAuthStore(redis, {
  key: job.key,
  keyPrefix: job.keyPrefix,
  ...(job.lockLeaseMs === undefined ? {} : { lockLeaseMs: job.lockLeaseMs }),
});

if (job.holdLock !== undefined) {
  await store.withRefreshLock(job.holdLock, async () => {
    send({ type: 'holding' });
    await new Promise(() => undefined);
  });
} else {
  const servers = parseMcpServersConfig({
    mcpServers: { hosted: { type: 'http', url: job.mcpUrl, oauth: true } },
  });
  const manager = new McpConnectionManager(servers, {
    reconnect: { maxAttempts: 0 },
    oauth: mcpOAuth({ credentialStore: store }),
  });
  const connected = await manager.connectAll();
  if (connected.failed.length > 0) {
    send({ type: 'failed', error: connected.failed.map((failure) => failure.reason).join('; ') });
    process.exit(1);
  }
  const go = new Promise<void>((resolve) => process.once('message', () => resolve()));
  send({ type: 'ready' });
  await go;
  let calls = 0;
  const failures: string[] = [];
  const answers = new Set<string>();
  const loop = async (): Promise<void> => {
    while (Date.now() < (job.until ?? 0)) {
      try {
        const result = await manager
          .get('hosted')
          .request('tools/call', (client, options) =>
            client.callTool({ name: 'whoami', arguments: {} }, options),
          );
        answers.add((result.content as Array<{ text: string }>)[0]?.text ?? '');
        calls += 1;
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: job.concurrency ?? 4 }, loop));
  await manager.closeAll();
  await redis.close();
  send({ type: 'done', calls, failures, answers: [...answers] });
  process.disconnect?.();
}
