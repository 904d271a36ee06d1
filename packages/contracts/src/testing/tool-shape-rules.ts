import { PORTABLE_TOOL_NAME } from '@toolwright/validation';
import type { Tool } from '../tool.js';
import { isToolKind, PARALLELISM_VALUES } from '../tool-kind.js';
import { findNonJsonValue } from './json-check.js';
import type { RunRule } from './rule-runner.js';

/** Rules `name-portable`, `frozen` and `metadata-normalised`. */
export function checkToolShape(tool: Tool, run: RunRule): void {
  run('name-portable', (fail) => {
    if (!PORTABLE_TOOL_NAME.test(tool.name)) {
      fail(`name "${tool.name}" does not match ${PORTABLE_TOOL_NAME.source}`);
    }
  });
  run('frozen', (fail) => {
    for (const [label, value] of [
      ['the tool', tool],
      ['description', tool.description],
      ['tags', tool.tags],
      ['source', tool.source],
    ] as const) {
      if (!Object.isFrozen(value)) {
        fail(`${label} is not frozen`);
      }
    }
  });
  run('metadata-normalised', (fail) => {
    const metadata = tool.getMetadata();
    if (metadata.specificationVersion !== 'v1') {
      fail(`metadata.specificationVersion is ${String(metadata.specificationVersion)}, expected "v1"`);
    }
    for (const key of ['isRetrySafe', 'isConcurrencySafe', 'strict', 'shouldDefer'] as const) {
      if (typeof metadata[key] !== 'boolean') {
        fail(`metadata.${key} is ${String(metadata[key])}, expected true or false`);
      }
    }
    if (!PARALLELISM_VALUES.includes(metadata.parallelism)) {
      fail(`metadata.parallelism is ${String(metadata.parallelism)}, expected "shared" or "exclusive"`);
    }
    if (!isToolKind(metadata.kind)) {
      fail(`metadata.kind is ${String(metadata.kind)}, not a ToolKind`);
    }
    const mirrored = [
      'name',
      'kind',
      'isRetrySafe',
      'isConcurrencySafe',
      'parallelism',
      'strict',
      'shouldDefer',
    ] as const;
    for (const key of mirrored) {
      if (metadata[key] !== tool[key]) {
        fail(`metadata.${key} (${String(metadata[key])}) differs from tool.${key} (${String(tool[key])})`);
      }
    }
    if (!Array.isArray(metadata.tags) || metadata.tags.some((tag) => typeof tag !== 'string')) {
      fail('metadata.tags is not an array of strings');
    }
    if (typeof metadata.description?.short !== 'string' || metadata.description.short.trim() === '') {
      fail('metadata.description.short is empty');
    }
    const nonJson = findNonJsonValue(metadata.inputSchema);
    if (nonJson !== undefined) {
      fail(`metadata.inputSchema is not plain JSON at ${nonJson}`);
    }
    if (metadata.inputSchema?.type !== 'object') {
      fail(`metadata.inputSchema.type is ${String(metadata.inputSchema?.type)}, expected "object"`);
    }
  });
}
