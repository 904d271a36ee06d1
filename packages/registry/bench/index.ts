// Benchmarks of @toolwright/registry (not tests). Every figure is a ratio against a peer
// approach measured in the same run. Siblings come from their built dist: build
// @toolwright/validation and @toolwright/contracts first (`npx tsup` in each).
import type { Tool } from '@toolwright/contracts';
import {
  formatNanos,
  median,
  nanosPerCall,
  paired,
  percentile,
  report,
  wallNanos,
} from '@toolwright/test-support/bench';
import { ToolRegistry } from '../src/index.js';
import { searchDocumentOf } from '../src/search-document.js';
import { tokenize } from '../src/tokenize.js';
import { linearSubstringSearch, naiveDeclarations } from './naive-peers.js';
import { benchRegistryMemory } from './registry-memory.js';
import {
  syntheticBuiltins,
  syntheticMcpTool,
  syntheticMcpTools,
  syntheticQueries,
} from './synthetic-catalog.js';
// Its load time first, in fresh processes (bench/import-time.ts).
import './import-time.js';

const CATALOG_SIZE = 10_000;
const BUILTIN_COUNT = 50;
const LOADED_COUNT = 30;

function buildRegistry(builtins: readonly Tool[], mcpTools: readonly Tool[]): ToolRegistry {
  const registry = new ToolRegistry();
  registry.registerAll(builtins);
  registry.replaceTools('mcp:all', mcpTools);
  return registry;
}

function benchDeclarations(registry: ToolRegistry, allTools: readonly Tool[]): void {
  const visible = (tool: Tool) => registry.deferred.isLoaded(tool.name);
  const {
    subject: warm,
    baseline: naive,
    ratio,
  } = paired(
    () => registry.getFunctionDeclarationsByMode('default', 'openai-chat'),
    () => naiveDeclarations(allTools, 'default', visible),
    { iterations: 20, rounds: 9 },
  );
  // Odd rounds: the inverse of the median ratio is the median per-round speed-up.
  const speedup = 1 / ratio;
  const declared = registry.getFunctionDeclarationsByMode('default', 'openai-chat').declarations.length;
  report(
    `getFunctionDeclarationsByMode warm (${CATALOG_SIZE} tools, ${declared} declared): ${speedup.toFixed(0)}x faster than a naive per-request filter-and-project (${formatNanos(warm)} vs ${formatNanos(naive)})`,
    '>= 100x',
    speedup >= 100,
  );
  // Cold: every call follows a change of the loaded set, so the cache cannot answer.
  const probe = registry.getBySource('mcp:all').at(-1)?.name ?? '';
  let flip = false;
  const cold = nanosPerCall(
    () => {
      flip = !flip;
      if (flip) registry.markLoaded([probe]);
      else registry.deferred.unload([probe]);
      registry.getFunctionDeclarationsByMode('default', 'openai-chat');
    },
    { iterations: 20 },
  );
  console.log(
    `getFunctionDeclarationsByMode cold (after a loaded-set change): ${(naive / cold).toFixed(1)}x faster than the naive per-request path (${formatNanos(cold)} vs ${formatNanos(naive)})`,
  );
}

function benchReplace(builtins: readonly Tool[], mcpTools: readonly Tool[]): void {
  // The delta: 10 tools change definition (fingerprint), in alternation, over the full catalog.
  const changed = new Map<number, Tool>();
  for (let offset = 0; offset < 10; offset += 1) {
    const position = offset * 997;
    changed.set(position, syntheticMcpTool(position, 2));
  }
  const catalogB = mcpTools.map((tool, position) => changed.get(position) ?? tool);
  const deltaRegistry = buildRegistry(builtins, mcpTools);
  let useB = false;
  const fullSamples: number[] = [];
  const indexedSamples: number[] = [];
  const deltaSamples: number[] = [];
  for (let round = 0; round < 9; round += 1) {
    const fresh = new ToolRegistry();
    fresh.registerAll(builtins);
    let started = wallNanos();
    fresh.replaceTools('mcp:all', mcpTools);
    const replaced = wallNanos();
    // The search postings are built on the first search: part of what the replace costs.
    fresh.search('calendar');
    if (round > 0) {
      fullSamples.push(replaced - started);
      indexedSamples.push(wallNanos() - started);
    }
    for (let step = 0; step < 20; step += 1) {
      useB = !useB;
      started = wallNanos();
      const change = deltaRegistry.replaceTools('mcp:all', useB ? catalogB : mcpTools);
      if (round > 0) deltaSamples.push(wallNanos() - started);
      if (change.updated.length !== 10)
        throw new Error(`expected a 10-tool delta, got ${change.updated.length}`);
    }
  }
  const full = median(fullSamples);
  const indexed = median(indexedSamples);
  const delta = median(deltaSamples);
  // The floor for any keyword index: reading every field the index ranks into terms once, with
  // the registry's own tokenizer.
  const documents = mcpTools.map(searchDocumentOf);
  const tokenizeOnly = median(
    Array.from({ length: 5 }, () => {
      const started = wallNanos();
      for (const document of documents) {
        tokenize(document.name);
        tokenize(document.description);
        for (const tag of document.tags) tokenize(tag);
        if (document.server !== undefined) tokenize(document.server);
      }
      return wallNanos() - started;
    }),
  );
  console.log(
    `replaceTools of ${mcpTools.length} tools (into an empty group), search postings left for the first search: ${formatNanos(full)}, ${(full / tokenizeOnly).toFixed(1)}x tokenizing them`,
  );
  report(
    `replaceTools of ${mcpTools.length} tools (into an empty group) and the first search that indexes them: ${formatNanos(indexed)}, ${(indexed / tokenizeOnly).toFixed(2)}x tokenizing the same tools' text once with the registry's tokenizer (${formatNanos(tokenizeOnly)})`,
    '<= 2x',
    indexed <= 2 * tokenizeOnly,
  );
  report(
    `replaceTools of a 10-tool delta: ${(full / delta).toFixed(0)}x cheaper than the full replace (${formatNanos(delta)} vs ${formatNanos(full)})`,
    '>= 50x',
    full / delta >= 50,
  );
}

function benchSearch(registry: ToolRegistry, allTools: readonly Tool[]): void {
  const haystacks = allTools.map((tool) => ({
    name: tool.name,
    text: `${tool.name} ${tool.description.short} ${tool.description.long ?? ''} ${tool.tags.join(' ')}`.toLowerCase(),
  }));
  const queries = syntheticQueries(400);
  for (const query of queries.slice(0, 50)) {
    registry.search(query);
    linearSubstringSearch(haystacks, query, 5);
  }
  const bm25: number[] = [];
  const scan: number[] = [];
  for (const query of queries) {
    let started = wallNanos();
    registry.search(query);
    bm25.push(wallNanos() - started);
    started = wallNanos();
    linearSubstringSearch(haystacks, query, 5);
    scan.push(wallNanos() - started);
  }
  report(
    `ToolSearch keyword query over ${allTools.length} tools, median: ${(median(scan) / median(bm25)).toFixed(1)}x faster than a linear substring scan (${formatNanos(median(bm25))} vs ${formatNanos(median(scan))})`,
    'faster',
    median(bm25) < median(scan),
  );
  report(
    `ToolSearch keyword query, p99: ${(percentile(scan, 0.99) / percentile(bm25, 0.99)).toFixed(1)}x faster than the scan's p99 (${formatNanos(percentile(bm25, 0.99))} vs ${formatNanos(percentile(scan, 0.99))})`,
    'faster',
    percentile(bm25, 0.99) < percentile(scan, 0.99),
  );
}

async function main(): Promise<void> {
  const builtins = syntheticBuiltins(BUILTIN_COUNT);
  // First, in a heap holding no other catalog: screened schemas share subschemas process-wide,
  // and nodes another catalog already holds would not be counted.
  await benchRegistryMemory(builtins, CATALOG_SIZE - BUILTIN_COUNT);
  const mcpTools = syntheticMcpTools(CATALOG_SIZE - BUILTIN_COUNT);
  const registry = buildRegistry(builtins, mcpTools);
  registry.markLoaded(
    mcpTools
      .filter((_, position) => position % 331 === 0)
      .slice(0, LOADED_COUNT)
      .map((tool) => tool.name),
  );
  console.log(
    `catalog: ${BUILTIN_COUNT} built-ins + ${mcpTools.length} MCP-like tools, ${registry.deferred.getLoadedNames().length} loaded`,
  );
  const allTools = registry.getAll();
  benchDeclarations(registry, allTools);
  benchReplace(builtins, mcpTools);
  benchSearch(registry, allTools);
}

await main();
