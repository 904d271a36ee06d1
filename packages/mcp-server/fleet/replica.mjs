// One replica of a fleet's MCP server, as a process of its own (a test kills it with SIGKILL):
// the built `@toolwright/mcp-server`, its state in the Redis at REDIS_URL, listening on PORT.
// Every call of `Record` is appended to CALL_LOG, so a test can count how often each ran.
import { appendFileSync } from 'node:fs';
import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import {
  RedisArtifactStore,
  RedisChangeBus,
  RedisConnection,
  RedisEventStore,
  RedisSessionRecords,
} from '@toolwright/redis';
import { ToolRegistry } from '@toolwright/registry';
import { serveHttp, ToolwrightMcpServer } from '../dist/index.js';

const { REDIS_URL, PORT, CALL_LOG, FLEET_KEY } = process.env;
const redis = await RedisConnection.open(REDIS_URL);
const keyPrefix = 'fleet:';

const registry = new ToolRegistry();
registry.registerAll([
  createTool({
    name: 'Record',
    kind: ToolKind.Write,
    schema: Type.Object({ callId: Type.String() }),
    description: 'Records that it ran for callId, once per run.',
    execute: async ({ callId }) => {
      appendFileSync(CALL_LOG, `${callId} ${PORT}\n`);
      return ToolResults.success(`recorded ${callId} on ${PORT}`);
    },
  }),
  createTool({
    name: 'Report',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({ bytes: Type.Integer({ minimum: 1 }) }),
    description: 'Returns a text report of the given size.',
    execute: async ({ bytes }) =>
      ToolResults.success('line of the report\n'.repeat(Math.ceil(bytes / 19)).slice(0, bytes)),
  }),
]);

const server = new ToolwrightMcpServer({
  registry,
  signingKey: FLEET_KEY,
  changeBus: await RedisChangeBus.open(redis, { keyPrefix }),
  artifacts: new RedisArtifactStore(redis, { keyPrefix, namespace: 'mcp-server', sessionId: 'fleet' }),
});
const http = await serveHttp(server, {
  port: Number(PORT),
  sessionRecords: new RedisSessionRecords(redis, { keyPrefix }),
  eventStore: (sessionId) => new RedisEventStore(redis, { keyPrefix, scope: sessionId }),
});
process.stdout.write(`${http.url}\n`);
process.on('SIGTERM', () => void http.close().then(() => process.exit(0)));
