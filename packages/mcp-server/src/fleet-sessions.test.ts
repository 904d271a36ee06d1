import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { RedisChangeBus, RedisConnection, RedisEventStore, RedisSessionRecords } from '@toolwright/redis';
import { redisTestsRun, startRedisServer, waitFor } from '@toolwright/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpHttpServer, serveHttp } from './http/http-server.js';
import { mcpSessionOf } from './session/mcp-session-context.js';
import { connectHttpClient } from './test-support/connect-client.js';
import { INITIALIZE_BODY, rawRequest } from './test-support/raw-http.js';
import { createSampleRegistry } from './test-support/sample-tools.js';
import { ToolwrightMcpServer } from './toolwright-mcp-server.js';

/** A tool that closes its response stream mid-call (SEP-1699), so its client polls for the result. */
const pollingTool = createTool({
  name: 'Poll',
  kind: ToolKind.ReadOnly,
  schema: Type.Object({}),
  description: 'Answers after closing its stream; the client resumes to read the answer.',
  execute: async (_params, context) => {
    mcpSessionOf(context)?.closeResponseStream();
    await new Promise((resolve) => setTimeout(resolve, 50));
    return ToolResults.success('answered after the stream closed');
  },
});

// Two replicas of one MCP server share a Redis: a 2025 session opened on one is served by the
// other, its end ends it on both, and a change on one reaches the other's clients.
describe.skipIf(!redisTestsRun())('2025 sessions across replicas that share a Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  const replicas: {
    server: ToolwrightMcpServer;
    http: McpHttpServer;
    registry: ReturnType<typeof createSampleRegistry>;
  }[] = [];
  const connections: RedisConnection[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    for (let index = 0; index < 2; index += 1) {
      const connection = await RedisConnection.open(redis.url);
      connections.push(connection);
      const registry = createSampleRegistry({ aborts: [], started: 0 });
      registry.register(pollingTool);
      const changeBus = await RedisChangeBus.open(connection, { keyPrefix: 'fleet:' });
      const server = new ToolwrightMcpServer({
        registry,
        changeBus,
        signingKey: 'the fleet key, thirty-two bytes long',
      });
      const http = await serveHttp(server, {
        sessionRecords: new RedisSessionRecords(connection, { keyPrefix: 'fleet:' }),
        eventStore: (sessionId) => new RedisEventStore(connection, { keyPrefix: 'fleet:', scope: sessionId }),
      });
      replicas.push({ server, http, registry });
    }
  });

  afterAll(async () => {
    for (const { http } of replicas) await http.close({ graceMs: 0 });
    for (const connection of connections) await connection.close();
    await redis?.stop();
  });

  const post = (url: string, sessionId: string, body: object) =>
    rawRequest(url, {
      headers: { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', ...body }),
    });

  it('serves a session opened on one replica from the other, with the state the client set', async () => {
    const [a, b] = replicas;
    const { client, transport } = await connectHttpClient(a!.http.url);
    const sessionId = transport.sessionId as string;
    await client.setLoggingLevel('error');
    const answer = await post(b!.http.url, sessionId, {
      id: 7,
      method: 'tools/call',
      params: { name: 'Echo', arguments: { text: 'from b' } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('"text":"from b"');
    expect(b!.http.sessionCount).toBe(1);
    const reopened = b!.server.sessions.find((session) => session.sessionId === sessionId) as unknown as {
      logLevel: string;
    };
    expect(reopened.logLevel).toBe('error');
    await client.close();
  });

  it('has recorded a session before its initialize is answered: the next request may go to the other replica', async () => {
    const [a, b] = replicas;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const opened = await rawRequest(a!.http.url, { body: INITIALIZE_BODY });
      const sessionId = opened.headers['mcp-session-id'] as string;
      const initialized = await post(b!.http.url, sessionId, { method: 'notifications/initialized' });
      expect(initialized.status).toBe(202);
    }
  });

  it("refuses another client's session id as unknown, and ends a session on every replica once it is deleted", async () => {
    const [a, b] = replicas;
    const { client, transport } = await connectHttpClient(a!.http.url);
    const sessionId = transport.sessionId as string;
    expect((await post(b!.http.url, 'no-such-session', { id: 1, method: 'tools/list' })).status).toBe(404);
    const deleted = await rawRequest(b!.http.url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' },
    });
    expect(deleted.status).toBe(200);
    // Replica a still holds the session locally, but its record is gone: it is gone there too.
    expect((await post(a!.http.url, sessionId, { id: 2, method: 'tools/list' })).status).toBe(404);
    await client.close().catch(() => {});
  });

  it("tells a 2025 client on one replica that the other replica's tool list changed", async () => {
    const [a, b] = replicas;
    const { client } = await connectHttpClient(b!.http.url);
    let told = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      told += 1;
    });
    await client.listTools();
    a!.registry.register(
      createTool({
        name: 'AddedOnA',
        kind: ToolKind.ReadOnly,
        schema: Type.Object({}),
        description: 'Added on replica a only.',
        execute: async () => ToolResults.success('a'),
      }),
    );
    // Replica a publishes, its own watcher started by any connection: open one there.
    const { client: onA } = await connectHttpClient(a!.http.url);
    a!.registry.unregister('AddedOnA');
    await waitFor(() => told > 0);
    await onA.close();
    await client.close();
  });

  it('resumes a stream on the other replica from Last-Event-ID: the result its replica wrote is replayed there', async () => {
    const [a, b] = replicas;
    const opened = await rawRequest(a!.http.url, { body: INITIALIZE_BODY });
    const sessionId = opened.headers['mcp-session-id'] as string;
    await post(a!.http.url, sessionId, { method: 'notifications/initialized' });
    const call = await post(a!.http.url, sessionId, {
      id: 9,
      method: 'tools/call',
      params: { name: 'Poll', arguments: {} },
    });
    const primed = /^id: (\S+)\nretry: \d+\ndata: \n/.exec(call.body);
    expect(primed?.[1]).toBeDefined();
    expect(call.body).not.toContain('"result"');
    // The call finishes on replica a, which writes its result to the shared event store.
    const events = new RedisEventStore(connections[0]!, { keyPrefix: 'fleet:', scope: sessionId });
    const stored = async () => {
      const replayed: string[] = [];
      await events.replayEventsAfter(primed?.[1] ?? '', {
        send: async (_id, message) => void replayed.push(JSON.stringify(message)),
      });
      return replayed.some((message) => message.includes('answered after the stream closed'));
    };
    while (!(await stored())) await new Promise((resolve) => setTimeout(resolve, 20));
    const resumed = await rawRequest(b!.http.url, {
      method: 'GET',
      headers: {
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-11-25',
        accept: 'text/event-stream',
        'last-event-id': primed?.[1] ?? '',
      },
      stopWhen: /"id":9/,
    });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toContain('answered after the stream closed');
  });

  it('answers 503, naming the shared state, while Redis is away; the session is gone with an unsaved Redis', async () => {
    const [a, b] = replicas;
    const { client, transport } = await connectHttpClient(a!.http.url);
    const sessionId = transport.sessionId as string;
    await redis.kill();
    const refused = await post(b!.http.url, sessionId, { id: 3, method: 'tools/list' });
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.body).toMatch(/shared state is unavailable while reading the record of session/);
    await redis.start();
    // This Redis keeps nothing across a restart: the session is gone, on every replica.
    let status = 503;
    while (status === 503)
      status = (await post(b!.http.url, sessionId, { id: 4, method: 'tools/list' })).status;
    expect(status).toBe(404);
    await client.close().catch(() => {});
  });
});

// With bearer tokens, a session stays its opener's on every replica: the record names who.
describe.skipIf(!redisTestsRun())("a fleet's session is its opener's alone, on every replica", () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  const urls: string[] = [];
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    for (let index = 0; index < 2; index += 1) {
      const connection = await RedisConnection.open(redis.url);
      const server = new ToolwrightMcpServer({ registry: createSampleRegistry({ aborts: [], started: 0 }) });
      const http = await serveHttp(server, {
        authorize: ({ token }) => (token === 'alice' || token === 'bob' ? { clientId: token } : undefined),
        sessionRecords: new RedisSessionRecords(connection, { keyPrefix: 'owned:' }),
      });
      urls.push(http.url);
      closers.push(async () => {
        await http.close({ graceMs: 0 });
        await connection.close();
      });
    }
  });

  afterAll(async () => {
    for (const close of closers) await close();
    await redis?.stop();
  });

  it("answers another client presenting the session's id on the other replica as for a missing session", async () => {
    const [a, b] = urls as [string, string];
    const opened = await rawRequest(a, { headers: { authorization: 'Bearer alice' }, body: INITIALIZE_BODY });
    const sessionId = opened.headers['mcp-session-id'] as string;
    const as = (token: string, url: string) =>
      rawRequest(url, {
        headers: {
          authorization: `Bearer ${token}`,
          'mcp-session-id': sessionId,
          'mcp-protocol-version': '2025-11-25',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list' }),
      });
    // Bob first, so the other replica has not re-opened it yet: the record itself refuses him.
    expect((await as('bob', b)).status).toBe(404);
    expect((await as('alice', b)).status).toBe(200);
    // Once re-opened there, the local copy refuses him too.
    expect((await as('bob', b)).status).toBe(404);
  });
});
