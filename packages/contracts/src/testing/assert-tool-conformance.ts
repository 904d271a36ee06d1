import { lintToolDeclaration, PORTABLE_TOOL_NAME, ToolValidationError } from '@toolwright/validation';
import { canonicalJson } from '../canonical-json.js';
import { isDeeplyFrozen } from '../deep-freeze.js';
import { PROVIDER_TARGETS } from '../function-declaration.js';
import { isTool, type Tool } from '../tool.js';
import type { ToolInvocation } from '../tool-invocation.js';
import { isToolKind, PARALLELISM_VALUES } from '../tool-kind.js';
import { type ConformanceFailure, ToolConformanceError } from './conformance-error.js';
import { findNonJsonValue } from './json-check.js';
import { sampleInput } from './sample-input.js';

/** Options of {@link checkToolConformance} and {@link assertToolConformance}. */
export interface ConformanceOptions {
  /**
   * Inputs the tool must accept. Each is built and checked for defaults and frozen params.
   * When absent, a minimal input is constructed from the schema; pass inputs when that cannot
   * satisfy the schema (patterns, formats).
   */
  readonly validInputs?: readonly unknown[];
}

/** The outcome of {@link checkToolConformance}: the rules checked and every one that failed. */
export interface ConformanceReport {
  readonly toolName: string | undefined;
  readonly rulesChecked: readonly string[];
  readonly failures: readonly ConformanceFailure[];
}

// Inputs no tool may accept: its arguments are always an object.
const NON_OBJECT_INPUTS: readonly unknown[] = [42, 'text', null, [], true];

/**
 * Checks a tool against the toolwright contract and returns every failed rule. Runs no tool
 * code except `build` and the permission callbacks (never `execute`), and needs no test runner.
 *
 * Rules: `is-tool`, `name-portable`, `frozen`, `metadata-normalised`, `declarations-json`,
 * `declarations-cached`, `declarations-lint-clean`, `build-rejects-bad-input`,
 * `build-fills-defaults`, `params-frozen`, `invocation-matches-tool`.
 */
export function checkToolConformance(tool: unknown, options: ConformanceOptions = {}): ConformanceReport {
  const failures: ConformanceFailure[] = [];
  const rulesChecked: string[] = [];
  const rule = (id: string, check: (fail: (message: string) => void) => void): void => {
    rulesChecked.push(id);
    const fail = (message: string): void => {
      failures.push({ rule: id, message });
    };
    try {
      check(fail);
    } catch (error) {
      fail(`threw while checking: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  rule('is-tool', (fail) => {
    if (!isTool(tool)) {
      fail('not a v1 tool made by createTool (missing marker, specificationVersion or methods)');
    }
  });
  if (!isTool(tool)) {
    return freezeReport(undefined, rulesChecked, failures);
  }

  rule('name-portable', (fail) => {
    if (!PORTABLE_TOOL_NAME.test(tool.name)) {
      fail(`name "${tool.name}" does not match ${PORTABLE_TOOL_NAME.source}`);
    }
  });
  rule('frozen', (fail) => {
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
  rule('metadata-normalised', (fail) => checkMetadata(tool, fail));
  checkDeclarations(tool, rule);
  rule('build-rejects-bad-input', (fail) => {
    for (const input of NON_OBJECT_INPUTS) {
      try {
        tool.build(input);
        fail(`build(${JSON.stringify(input)}) was accepted; the arguments must be an object`);
      } catch (error) {
        if (!ToolValidationError.isInstance(error)) {
          fail(
            `build(${JSON.stringify(input)}) threw ${describeError(error)} instead of a ToolValidationError`,
          );
        }
      }
    }
  });

  const invocations: Array<{ input: unknown; invocation: ToolInvocation }> = [];
  rule('build-fills-defaults', (fail) => {
    const inputSchema = tool.getMetadata().inputSchema;
    const inputs = options.validInputs ?? [sampleInput(inputSchema)];
    for (const input of inputs) {
      let invocation: ToolInvocation;
      try {
        invocation = tool.build(structuredClone(input));
      } catch (error) {
        fail(
          `build(${preview(input)}) rejected a valid input: ${describeError(error)}` +
            (options.validInputs === undefined
              ? ' (the input was constructed from the schema; pass validInputs)'
              : ''),
        );
        continue;
      }
      invocations.push({ input, invocation });
      const properties = (inputSchema.properties ?? {}) as Record<string, { default?: unknown }>;
      const given = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
      const params = invocation.params as Record<string, unknown>;
      for (const [key, property] of Object.entries(properties)) {
        if (property !== null && typeof property === 'object' && 'default' in property && !(key in given)) {
          if (canonicalJson(params[key]) !== canonicalJson(property.default)) {
            fail(
              `build(${preview(input)}) left "${key}" as ${preview(params[key])}; its default is ${preview(property.default)}`,
            );
          }
        }
      }
    }
  });
  rule('params-frozen', (fail) => {
    for (const { input, invocation } of invocations) {
      if (!Object.isFrozen(invocation)) {
        fail(`the invocation built from ${preview(input)} is not frozen`);
      }
      if (!isDeeplyFrozen(invocation.params)) {
        fail(`the params built from ${preview(input)} are not deeply frozen`);
      }
    }
  });
  rule('invocation-matches-tool', (fail) => {
    for (const { input, invocation } of invocations) {
      for (const key of ['kind', 'isRetrySafe', 'parallelism', 'isConcurrencySafe'] as const) {
        if (invocation[key] !== tool[key]) {
          fail(`invocation.${key} is ${String(invocation[key])} but the tool's is ${String(tool[key])}`);
        }
      }
      if (invocation.toolName !== tool.name) {
        fail(`invocation.toolName is "${invocation.toolName}", not "${tool.name}"`);
      }
      if (typeof invocation.permissionSignature !== 'string' || invocation.permissionSignature === '') {
        fail(`permissionSignature for ${preview(input)} is not a non-empty string`);
      }
      if (typeof invocation.permissionRule !== 'string' || invocation.permissionRule === '') {
        fail(`permissionRule for ${preview(input)} is not a non-empty string`);
      }
      const paths = invocation.affectedPaths;
      if (!Array.isArray(paths) || paths.some((path) => typeof path !== 'string')) {
        fail(`affectedPaths for ${preview(input)} is not an array of strings`);
      }
      const description = invocation.getDescription();
      if (typeof description !== 'string' || description.trim() === '') {
        fail(`getDescription() for ${preview(input)} is empty`);
      }
    }
  });
  return freezeReport(tool.name, rulesChecked, failures);
}

/**
 * Throws a {@link ToolConformanceError} listing every failed rule when `tool` does not conform
 * to the toolwright contract; returns nothing when it does. Works in any test runner (or none).
 *
 * @example
 * ```ts
 * import { assertToolConformance } from '@toolwright/contracts/testing';
 * assertToolConformance(readTool, { validInputs: [{ file_path: '/tmp/a.txt' }] });
 * ```
 */
export function assertToolConformance(tool: unknown, options: ConformanceOptions = {}): void {
  const report = checkToolConformance(tool, options);
  if (report.failures.length > 0) {
    throw new ToolConformanceError(report.toolName, report.failures);
  }
}

function checkMetadata(tool: Tool, fail: (message: string) => void): void {
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
  for (const key of [
    'name',
    'kind',
    'isRetrySafe',
    'isConcurrencySafe',
    'parallelism',
    'strict',
    'shouldDefer',
  ] as const) {
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
}

function checkDeclarations(
  tool: Tool,
  rule: (id: string, check: (fail: (message: string) => void) => void) => void,
): void {
  rule('declarations-json', (fail) => {
    for (const target of PROVIDER_TARGETS) {
      const declaration = tool.getFunctionDeclaration(target);
      const nonJson = findNonJsonValue(declaration);
      if (nonJson !== undefined) {
        fail(`the ${target} declaration is not plain JSON at ${nonJson}`);
      }
      if (declaration.name !== tool.name || declaration.target !== target) {
        fail(`the ${target} declaration is named "${declaration.name}" for target "${declaration.target}"`);
      }
      if (typeof declaration.description !== 'string' || declaration.description.trim() === '') {
        fail(`the ${target} declaration has an empty description`);
      }
      if (declaration.parameters?.type !== 'object') {
        fail(`the ${target} declaration's parameters are not an object schema`);
      }
    }
  });
  rule('declarations-cached', (fail) => {
    for (const target of PROVIDER_TARGETS) {
      const first = tool.getFunctionDeclaration(target);
      const second = tool.getFunctionDeclaration(target);
      if (first !== second) {
        fail(`getFunctionDeclaration("${target}") built a new declaration on the second call`);
      }
      if (JSON.stringify(first) !== JSON.stringify(second)) {
        fail(`getFunctionDeclaration("${target}") is not deterministic byte for byte`);
      }
    }
  });
  rule('declarations-lint-clean', (fail) => {
    for (const target of PROVIDER_TARGETS) {
      const declaration = tool.getFunctionDeclaration(target);
      for (const issue of lintToolDeclaration(declaration, target)) {
        fail(`${target} would reject it at ${issue.path || '/'}: ${issue.reason}`);
      }
    }
  });
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return `${error.name}${typeof code === 'string' ? ` (${code})` : ''}: ${error.message.split('\n')[0]}`;
  }
  return String(error);
}

function preview(value: unknown): string {
  const text = value === undefined ? 'undefined' : (JSON.stringify(value) ?? String(value));
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

function freezeReport(
  toolName: string | undefined,
  rulesChecked: readonly string[],
  failures: readonly ConformanceFailure[],
): ConformanceReport {
  return Object.freeze({
    toolName,
    rulesChecked: Object.freeze([...rulesChecked]),
    failures: Object.freeze([...failures]),
  });
}
