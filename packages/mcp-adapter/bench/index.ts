/**
 * Benchmarks of @toolwright/mcp-adapter, each figure a ratio measured in the same run:
 * - a tool call through registry and adapter (build: validation and frozen params; execute:
 *   request, result routing, untrusted marking) vs the raw SDK v2 `client.callTool` on the same
 *   server code, over the in-memory transport and over stdio;
 * - connecting 5 stdio servers in parallel vs one after another;
 * - connecting to, listing and registering a 500-tool and a 2,500-tool catalog served in pages of
 *   100, vs the raw SDK v2 client connecting and listing the same pages, and the number of input
 *   schemas compiled while doing it (must be 0);
 * - OAuth: a call with a valid token vs without auth, and 10 refreshing connects (bench/oauth.ts).
 * Run with `pnpm bench` (node --expose-gc --import tsx bench/index.ts) after `npx tsup` here and in the siblings.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  ListToolsResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { SessionArtifactStore } from '@toolwright/artifacts';
import {
  type CustomServerDefinition,
  McpConnectionManager,
  type McpServerDefinition,
  parseMcpServersConfig,
} from '@toolwright/mcp-client';
import { stdioSupport } from '@toolwright/mcp-client/stdio';
import { ToolRegistry } from '@toolwright/registry';
import {
  cpuNanos,
  formatMillis,
  formatNanos,
  median,
  pairedAsync,
  percentile,
  report,
} from '@toolwright/test-support/bench';
import { fixturePath, inMemoryServer } from '@toolwright/test-support/mcp';
import { screenJsonSchema } from '@toolwright/validation';
import { z } from 'zod';
import { McpAdapter, mcpSourceGroup } from '../dist/index.js';
// Internal: the fingerprint is not public API, but the floor figure measures exactly it.
import { fingerprintToolDefinition } from '../src/tool-fingerprint.js';
import { adapterMemory } from './adapter-memory.js';
import { callLatency } from './measure.js';
import { oauthBenchmarks } from './oauth.js';
// Its load time first, in fresh processes (bench/import-time.ts).
import './import-time.js';

/** A tool call through registry and adapter vs the raw SDK v2 client. */
const OVERHEAD_TARGET = 1.1;
/** Connect and list a catalog through the adapter vs the raw SDK v2 client doing the same. */
const CATALOG_TARGET = 1.2;
/**
 * Rounds of each catalog figure. Both sides run in this process over the in-memory transport, so
 * CPU time is measured; still, the raw side takes a few milliseconds, and a busy machine (caches,
 * clock speed, GC threads) moves it by half between rounds. Each side's figure is the 10th
 * percentile of its rounds: what the work itself costs, not what the machine added.
 */
const CATALOG_ROUNDS = 15;
const lowOf = (samples: readonly number[]): number => percentile(samples, 0.1);
const CATALOG_STATISTIC = `10th percentile of ${CATALOG_ROUNDS} rounds after a warm-up`;
/**
 * A full collection before each timed catalog part (the bench script runs node with --expose-gc):
 * otherwise the garbage of the part before is collected, on the clock, inside the next one.
 */
const collectGarbage = (): void =>
  (globalThis as { gc?: (options: object) => void }).gc?.({ type: 'minor', execution: 'sync' });
const fixture = fixturePath('flaky-server.mjs');
const workspace = mkdtempSync(join(tmpdir(), 'toolwright-mcp-bench-'));
/** What an executor passes to each call: its own abort signal. */
const context = () => ({
  signal: new AbortController().signal,
  sessionId: 'bench',
  workspaceRoot: workspace,
});
const artifacts = new SessionArtifactStore({ root: workspace, namespace: 'mcp', sessionId: 'bench' });

function echoServer(): McpServer {
  const server = new McpServer({ name: 'echo', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes text.', inputSchema: { text: z.string() } },
    async ({ text }) => ({
      content: [{ type: 'text', text }],
    }),
  );
  return server;
}

/** The raw SDK v2 client, negotiating the era as the adapter does (the same probe, the same handshake). */
async function rawClient(transport: InMemoryTransport): Promise<Client> {
  const client = new Client({ name: 'raw', version: '0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(transport);
  return client;
}

/**
 * The same server, the same connection: the raw path is the SDK client the adapter itself
 * holds, so the ratio is the adapter's own cost (validation, frozen params, routing, untrusted
 * marking) and nothing else. Both paths get a fresh abort signal per call, as an agent that
 * can cancel a call gives it one either way. In-memory, everything runs in this process, so
 * CPU time is measured (immune to other processes holding the cores): 61 rounds, each timing a
 * block of 500 calls of either path back to back (order alternating), after 3 warm-up rounds;
 * the figure is the median of the 61 per-round ratios, so a slow stretch of the machine, which
 * moves both blocks of a round, cancels out. Over stdio the server is another process, so wall time is measured per call,
 * the calls interleaved one by one: the ratio of the 10th percentiles (the latency of a call
 * itself; the median, also printed, includes the time other processes held the cores).
 */
async function callOverhead(
  label: string,
  definition: McpServerDefinition,
  measure: 'cpu' | 'wall',
): Promise<void> {
  const registry = new ToolRegistry();
  const adapter = new McpAdapter({ registry, artifacts, servers: [definition] });
  await adapter.connect();
  const tool = registry.get(`mcp__${definition.name}__echo`)!;
  const raw = adapter.connection(definition.name).client;
  const rawCall = () =>
    raw.callTool({ name: 'echo', arguments: { text: 'hello' } }, { signal: new AbortController().signal });
  const adapterCall = () => tool.build({ text: 'hello' }).execute(context());
  const figure = `tool call through registry + adapter (${label})`;
  if (measure === 'cpu') {
    const { subject, baseline, ratio } = await pairedAsync(adapterCall, rawCall, {
      iterations: 500,
      rounds: 61,
      warmupRounds: 3,
      clock: cpuNanos,
    });
    report(
      `${figure}: ${ratio.toFixed(2)}x the raw SDK client.callTool on the same connection (median of 61 per-round CPU-time ratios; median CPU time per call ${formatNanos(subject)} vs ${formatNanos(baseline)})`,
      `<= ${OVERHEAD_TARGET}x`,
      ratio <= OVERHEAD_TARGET,
    );
  } else {
    const { ratio, detail } = await callLatency(adapterCall, rawCall);
    report(
      `${figure}: ${ratio.toFixed(2)}x the raw SDK client.callTool on the same connection (${detail})`,
      `<= ${OVERHEAD_TARGET}x`,
      ratio <= OVERHEAD_TARGET,
    );
  }
  await adapter.close();
}

async function connectFive(): Promise<void> {
  const definitions = parseMcpServersConfig({
    mcpServers: Object.fromEntries(
      Array.from({ length: 5 }, (_, index) => [
        `server${index}`,
        { command: process.execPath, args: [fixture] },
      ]),
    ),
  });
  const parallel: number[] = [];
  const sequential: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    let started = performance.now();
    const together = new McpConnectionManager(definitions, { shutdownGraceMs: 200, stdio: stdioSupport });
    const result = await together.connectAll();
    if (result.connected.length !== 5)
      throw new Error(`parallel connect failed: ${JSON.stringify(result.failed)}`);
    parallel.push(performance.now() - started);
    await together.closeAll();
    started = performance.now();
    const managers = definitions.map(
      (definition) => new McpConnectionManager([definition], { shutdownGraceMs: 200, stdio: stdioSupport }),
    );
    for (const manager of managers) await manager.connectAll();
    sequential.push(performance.now() - started);
    await Promise.all(managers.map((manager) => manager.closeAll()));
  }
  const parallelMs = median(parallel);
  const sequentialMs = median(sequential);
  console.log(
    `connect 5 stdio servers (node processes) in parallel: ${(sequentialMs / parallelMs).toFixed(2)}x faster than one after another (${formatMillis(parallelMs)} vs ${formatMillis(sequentialMs)}; 2 shared cores)`,
  );
}

/** Five servers that each take 100 ms to accept a connection (a remote server's round trips). */
async function connectFiveRemote(): Promise<void> {
  const definitions = Array.from(
    { length: 5 },
    (_, index): CustomServerDefinition => ({
      name: `remote${index}`,
      transport: 'custom',
      async createTransport() {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        await echoServer().connect(serverSide);
        return clientSide;
      },
    }),
  );
  const parallel: number[] = [];
  const sequential: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    let started = performance.now();
    const together = new McpConnectionManager(definitions);
    await together.connectAll();
    parallel.push(performance.now() - started);
    await together.closeAll();
    started = performance.now();
    for (const definition of definitions) {
      const alone = new McpConnectionManager([definition]);
      await alone.connectAll();
      await alone.closeAll();
    }
    sequential.push(performance.now() - started);
  }
  const parallelMs = median(parallel);
  const sequentialMs = median(sequential);
  console.log(
    `connect 5 servers with 100 ms connection latency in parallel: ${(sequentialMs / parallelMs).toFixed(2)}x faster than one after another (${formatMillis(parallelMs)} vs ${formatMillis(sequentialMs)}; the limit is 5x)`,
  );
}

/** `count` small tools, as a typical server describes them. */
function bulkTools(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    name: `tool_${index}`,
    description: `Tool number ${index}.`,
    inputSchema: {
      type: 'object',
      properties: { value: { type: 'number' }, note: { type: 'string', maxLength: 200 } },
      required: ['value'],
    },
  }));
}

/** A server listing `tools` in pages of 100. */
function pagedServer(tools: readonly unknown[]): Server {
  const server = new Server({ name: 'bulk', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    const offset = Number(request.params?.cursor ?? 0);
    const next = offset + 100;
    return {
      tools: tools.slice(offset, next),
      ...(next < tools.length ? { nextCursor: String(next) } : {}),
    } as never;
  });
  server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));
  return server;
}

/**
 * A server definition whose server is built and connected before the clock starts, as the raw
 * side's is: the test server's own construction (the v1 SDK builds an Ajv instance per server)
 * is no part of what either side measures.
 */
async function preconnected(tools: readonly unknown[]): Promise<CustomServerDefinition> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await pagedServer(tools).connect(serverSide);
  let handedOut = false;
  return {
    name: 'bulk',
    transport: 'custom',
    async createTransport() {
      if (handedOut) throw new Error('the benchmark server connects once');
      handedOut = true;
      return clientSide;
    },
  };
}

/** The raw SDK v2 client connecting over the in-memory transport and listing every page; CPU nanoseconds. */
async function rawConnectAndList(tools: readonly unknown[]): Promise<number> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await pagedServer(tools).connect(serverSide);
  collectGarbage();
  const started = cpuNanos();
  const client = await rawClient(clientSide);
  let cursor: string | undefined;
  do {
    const page = await client.request(
      { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
      ListToolsResultSchema,
    );
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  const elapsed = cpuNanos() - started;
  await client.close();
  return elapsed;
}

/**
 * mcp-client alone: a connection manager connecting (era negotiation, capabilities, state
 * events) and listing every page through the connection's `request` (deadline, abort, error
 * naming), vs the raw SDK v2 client doing the same listing. Nothing is screened or registered:
 * this is the client layer's own cost.
 */
async function clientCatalog(count: number): Promise<void> {
  const tools = bulkTools(count);
  const clientNanos: number[] = [];
  const rawNanos: number[] = [];
  for (let round = 0; round <= CATALOG_ROUNDS; round += 1) {
    const rawTime = await rawConnectAndList(tools);
    const manager = new McpConnectionManager([await preconnected(tools)]);
    collectGarbage();
    const started = cpuNanos();
    await manager.connectAll();
    const connection = manager.get('bulk');
    let cursor: string | undefined;
    let listed = 0;
    do {
      const page = await connection.request('tools/list', (client, options) =>
        client.request(
          { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
          ListToolsResultSchema,
          options,
        ),
      );
      listed += page.tools.length;
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    const clientTime = cpuNanos() - started;
    await manager.closeAll();
    if (listed !== count) throw new Error(`mcp-client listed ${listed} of ${count} tools`);
    if (round > 0) {
      rawNanos.push(rawTime);
      clientNanos.push(clientTime);
    }
  }
  const ratio = lowOf(clientNanos) / lowOf(rawNanos);
  const label = count.toLocaleString('en-US');
  report(
    `${label}-tool catalog connected and listed through mcp-client: ${ratio.toFixed(2)}x the raw SDK v2 client doing the same (${formatNanos(lowOf(clientNanos))} vs ${formatNanos(lowOf(rawNanos))} CPU; ${CATALOG_STATISTIC})`,
    `<= ${CATALOG_TARGET}x`,
    ratio <= CATALOG_TARGET,
  );
}

/**
 * The work every listed tool must get before it may be registered, measured alone on the same
 * tools: the screen (size, depth, unknown types, a private copy) and the fingerprint (canonical
 * JSON, sha256) that catches a changed definition. It is the floor under the adapter's figure.
 */
function mandatoryWork(tools: ReturnType<typeof bulkTools>): number {
  collectGarbage();
  const started = cpuNanos();
  for (const tool of tools) {
    screenJsonSchema(tool.inputSchema, { maxBytes: 64 * 1024, maxDepth: 32 });
    fingerprintToolDefinition({ ...tool, annotations: undefined });
  }
  return cpuNanos() - started;
}

async function largeCatalog(count: number): Promise<void> {
  const tools = bulkTools(count);
  const adapterNanos: number[] = [];
  const rawNanos: number[] = [];
  const floorNanos: number[] = [];
  let compiled = -1;
  // Round 0 warms both paths up (JIT, first-use caches) and is not counted.
  for (let round = 0; round <= CATALOG_ROUNDS; round += 1) {
    const rawTime = await rawConnectAndList(tools);
    floorNanos.push(mandatoryWork(tools));

    const registry = new ToolRegistry();
    const adapter = new McpAdapter({
      registry,
      artifacts,
      servers: [await preconnected(tools)],
      limits: { maxToolsPerServer: 5000 },
    });
    collectGarbage();
    const started = cpuNanos();
    await adapter.connect();
    const adapterTime = cpuNanos() - started;
    if (round > 0) {
      rawNanos.push(rawTime);
      adapterNanos.push(adapterTime);
    }
    if (registry.getBySource(mcpSourceGroup('bulk')).length !== count)
      throw new Error('not every tool was registered');
    compiled = adapter.stats().inputSchemasCompiled;
    await adapter.close();
  }
  const adapterLow = lowOf(adapterNanos);
  const rawLow = lowOf(rawNanos);
  const label = count.toLocaleString('en-US');
  report(
    `${label}-tool catalog in ${count / 100} pages, connected, listed, screened and registered: ${formatNanos(adapterLow)} CPU (${(adapterLow / rawLow).toFixed(2)}x the raw SDK v2 client connecting and listing the same pages in ${formatNanos(rawLow)}; ${CATALOG_STATISTIC}; the raw side only parses the pages, it does not screen, fingerprint, name or register tools)`,
    `<= ${CATALOG_TARGET}x`,
    adapterLow / rawLow <= CATALOG_TARGET,
  );
  console.log(
    `  of which the screen and fingerprint every tool needs before it may be registered: ${(lowOf(floorNanos) / rawLow).toFixed(2)}x the raw listing on their own (${formatNanos(lowOf(floorNanos))} CPU)`,
  );
  report(`input schemas compiled while registering the ${label} tools: ${compiled}`, '0', compiled === 0);
}

/**
 * `BENCH_ONLY=catalog` runs only the catalog figures (quicker while working on the listing path),
 * `BENCH_ONLY=memory` only the memory figure.
 */
const only = process.env.BENCH_ONLY;
try {
  if (only === 'memory') {
    await adapterMemory(artifacts);
  } else if (only === 'catalog') {
    await clientCatalog(500);
    await largeCatalog(500);
    await largeCatalog(2500);
  } else {
    // First, in a heap holding no other catalog: screened schemas share subschemas process-wide.
    await adapterMemory(artifacts);
    await callOverhead('in-memory transport', inMemoryServer('mem', echoServer), 'cpu');
    await callOverhead(
      'stdio',
      parseMcpServersConfig({ mcpServers: { io: { command: process.execPath, args: [fixture] } } })[0]!,
      'wall',
    );
    await connectFive();
    await connectFiveRemote();
    await clientCatalog(500);
    await largeCatalog(500);
    await largeCatalog(2500);
    await oauthBenchmarks();
  }
} finally {
  rmSync(workspace, { recursive: true, force: true });
}
