// What a registry of MCP tools keeps alive, against the bytes of the catalog it came from: the
// `tools/list` results as JSON. Measured as V8 heap in use after full collections (the objects the
// registry holds) plus the memory outside the heap that objects own (the backing stores of the
// search index's typed arrays live there), with the process's RSS growth printed beside it (RSS
// also counts heap pages freed but not yet returned, code and the allocator's slack, so it only
// ever over-states).
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Tool } from '@toolwright/contracts';
import { formatBytes, report } from '@toolwright/test-support/bench';
import { ToolRegistry } from '../src/index.js';
import { type McpToolDefinitionJson, mcpToolOf, syntheticToolsListResults } from './synthetic-catalog.js';

/** The target: a registry of MCP tools holds at most twice its catalog's JSON. */
const MEMORY_TARGET = 2;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

interface Usage {
  /** V8 heap in use plus memory outside it that objects own (array buffers). */
  readonly heap: number;
  readonly rss: number;
}

/**
 * Heap and RSS after full collections. Awaited from a new macrotask: V8 keeps every object a
 * WeakRef was read for alive until the synchronous job ends, and a client's catalog arrives in
 * many jobs (one per message), never in one.
 */
async function usage(): Promise<Usage> {
  await new Promise((resolve) => setImmediate(resolve));
  for (let pass = 0; pass < 3; pass += 1) collectGarbage();
  const { rss, external } = process.memoryUsage();
  // `external` counts ArrayBuffer backing stores: typed arrays are held by the registry too.
  return { heap: getHeapStatistics().used_heap_size + external, rss };
}

function listedTools(json: string): McpToolDefinitionJson[] {
  return (JSON.parse(json) as { tools: McpToolDefinitionJson[] }).tools;
}

/** Heap and RSS of 10,000 MCP tools in a registry, before and after the search index is built. */
export async function benchRegistryMemory(builtins: readonly Tool[], mcpCount: number): Promise<void> {
  const results = syntheticToolsListResults(mcpCount);
  let catalogBytes = 0;
  for (const json of results.values()) catalogBytes += Buffer.byteLength(json);

  // The floor any client pays to hold the catalog at all: the parsed tools/list results.
  const beforeParsed = await usage();
  let parsed: McpToolDefinitionJson[][] | undefined = [...results.values()].map(listedTools);
  const parsedHeap = (await usage()).heap - beforeParsed.heap;
  parsed = undefined;

  const registry = new ToolRegistry();
  registry.registerAll(builtins);
  const before = await usage();
  // As a client connects: each server's result is parsed, made into Tools, and dropped.
  for (const [server, json] of results) {
    registry.replaceTools(
      `mcp:${server}`,
      listedTools(json).map((definition) => mcpToolOf(server, definition)),
    );
  }
  const registered = await usage();
  registry.search('create issue github');
  const searched = await usage();
  const total = registry.stats().total - builtins.length - 1;
  if (total !== mcpCount || parsed !== undefined)
    throw new Error(`expected ${mcpCount} MCP tools, got ${total}`);

  const ratio = (bytes: number): string => `${(bytes / catalogBytes).toFixed(2)}x`;
  const heapRegistered = registered.heap - before.heap;
  const heapSearched = searched.heap - before.heap;
  console.log(
    `memory of ${mcpCount} MCP tools before the first search: heap + array buffers ${formatBytes(heapRegistered)} (${ratio(heapRegistered)} the catalog's tools/list JSON of ${formatBytes(catalogBytes)}); ` +
      `floor: the parsed tools/list results alone take ${formatBytes(parsedHeap)} (${ratio(parsedHeap)})`,
  );
  report(
    `memory of ${mcpCount} MCP tools in a registry, search index built: heap + array buffers ${formatBytes(heapSearched)}, ${ratio(heapSearched)} the catalog's tools/list JSON (${formatBytes(catalogBytes)}); RSS grew ${formatBytes(searched.rss - before.rss)} (${ratio(searched.rss - before.rss)})`,
    `heap <= ${MEMORY_TARGET}x`,
    heapSearched <= MEMORY_TARGET * catalogBytes,
  );
}
