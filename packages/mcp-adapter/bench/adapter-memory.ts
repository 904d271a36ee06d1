// What a host's process keeps for a connected MCP catalog: the registry and the adapter (its
// per-server catalogs, listed definitions, name map and clients), after full collections,
// against the bytes of the catalog's `tools/list` JSON. The catalog is the registry bench's
// (9,950 tools from 50 servers with realistic schemas), served in-process over the in-memory
// transport; each server parses its listing anew for the request, so nothing the client keeps is
// shared with the server's side, and the servers exist before the first measurement.
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { SessionArtifactStore } from '@toolwright/artifacts';
import type { CustomServerDefinition } from '@toolwright/mcp-client';
import { ToolRegistry } from '@toolwright/registry';
import { formatBytes, report, syntheticToolsListResults } from '@toolwright/test-support/bench';
import { McpAdapter } from '../dist/index.js';

/** The target (as the registry bench's): at most twice the catalog's JSON. */
const MEMORY_TARGET = 2;
const TOOL_COUNT = 9950;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Heap in use plus array buffers after full collections, from a new macrotask. */
async function heapInUse(): Promise<number> {
  await new Promise((resolve) => setImmediate(resolve));
  for (let pass = 0; pass < 3; pass += 1) collectGarbage();
  return getHeapStatistics().used_heap_size + process.memoryUsage().external;
}

async function servedCatalog(server: string, json: string): Promise<CustomServerDefinition> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const listing = new Server({ name: server, version: '1.0.0' }, { capabilities: { tools: {} } });
  listing.setRequestHandler(ListToolsRequestSchema, async () => JSON.parse(json) as never);
  listing.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));
  await listing.connect(serverSide);
  return { name: server, transport: 'custom', createTransport: async () => clientSide };
}

/** Heap kept by a registry and an adapter connected to 9,950 listed tools, search index built. */
export async function adapterMemory(artifacts: SessionArtifactStore): Promise<void> {
  const results = syntheticToolsListResults(TOOL_COUNT);
  let catalogBytes = 0;
  for (const json of results.values()) catalogBytes += Buffer.byteLength(json);
  const servers: CustomServerDefinition[] = [];
  for (const [server, json] of results) servers.push(await servedCatalog(server, json));
  const registry = new ToolRegistry();
  const adapter = new McpAdapter({ registry, artifacts, servers, limits: { maxToolsPerServer: 5000 } });
  const before = await heapInUse();
  await adapter.connect();
  registry.search('create issue github');
  const kept = (await heapInUse()) - before;
  const listed = registry.stats().total - 1;
  await adapter.close();
  if (listed !== TOOL_COUNT) throw new Error(`expected ${TOOL_COUNT} listed tools, got ${listed}`);
  report(
    `memory of ${TOOL_COUNT} MCP tools listed by 50 connected servers, registry and adapter, search index built: heap + array buffers ${formatBytes(kept)}, ${(kept / catalogBytes).toFixed(2)}x the catalog's tools/list JSON (${formatBytes(catalogBytes)})`,
    `<= ${MEMORY_TARGET}x`,
    kept <= MEMORY_TARGET * catalogBytes,
  );
}
