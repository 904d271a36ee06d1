// Timing helpers for the packages' benchmarks (their bench/ folders; benchmarks are not tests).
// The machines are shared and noisy, so no figure is one timing: operations run in rounds after a
// warm-up, their order reversed every other round so that none always gets the quieter moment,
// and a comparison is the median of per-round ratios: a slow stretch of the machine moves both
// blocks of a round and cancels out of their ratio, where a ratio of two medians lets it through.

export { type Clock, cpuNanos, wallNanos } from './bench/clocks.js';
export {
  formatBytes,
  formatDifference,
  formatMillis,
  formatNanos,
  report,
  targetLine,
} from './bench/format.js';
export {
  type ImportTimeOptions,
  type LeafImportTimeOptions,
  reportImportTimes,
  reportLeafImportTimes,
} from './bench/import-time.js';
export {
  nanosPerCall,
  type Paired,
  paired,
  pairedAsync,
  type Schedule,
  sampleRoundsAsync,
  type Timing,
  timeBlockAsync,
  timeRounds,
  timeRoundsAsync,
} from './bench/rounds.js';
export { median, medianRatio, percentile } from './bench/statistics.js';
export {
  type McpToolDefinitionJson,
  syntheticMcpDefinition,
  syntheticQueries,
  syntheticToolsListResults,
} from './bench/synthetic-mcp-catalog.js';
