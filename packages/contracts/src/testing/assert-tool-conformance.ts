import { checkOptions, type OptionTable } from '@toolwright/utils';
import { invalidOption } from '../invalid-option.js';
import { isTool } from '../tool.js';
import { checkBuild } from './build-rules.js';
import { type ConformanceFailure, ToolConformanceError } from './conformance-error.js';
import { checkDeclarations } from './declaration-rules.js';
import { checkOutputSchema } from './output-schema-rules.js';
import { createRuleRunner } from './rule-runner.js';
import { checkToolShape } from './tool-shape-rules.js';

/** Options of {@link checkToolConformance} and {@link assertToolConformance}. */
export interface ConformanceOptions {
  /**
   * Inputs the tool must accept. Each is built and checked for defaults and frozen params.
   * When absent, a minimal input is constructed from the schema; pass inputs when that cannot
   * satisfy the schema (patterns, formats).
   */
  readonly validInputs?: readonly unknown[];
  /**
   * Structured outputs the tool may return (`ToolResults.structured(value)`): each must match
   * its `outputSchema`. Only for a tool that declares one.
   */
  readonly validOutputs?: readonly unknown[];
}

const CONFORMANCE_OPTIONS: OptionTable<ConformanceOptions> = {
  validInputs: { kind: 'array', accepts: 'an array of inputs' },
  validOutputs: { kind: 'array', accepts: 'an array of structured outputs' },
};

/** A misspelt `validInputs` would quietly check a constructed input instead of the caller's. */
function checkConformanceOptions(options: ConformanceOptions): void {
  checkOptions('ConformanceOptions', options, CONFORMANCE_OPTIONS, invalidOption);
}

/** The outcome of {@link checkToolConformance}: the rules checked and every one that failed. */
export interface ConformanceReport {
  readonly toolName: string | undefined;
  readonly rulesChecked: readonly string[];
  readonly failures: readonly ConformanceFailure[];
}

/**
 * Checks a tool against the toolwright contract and returns every failed rule. Runs no tool
 * code except `build` and the permission callbacks (never `execute`), and needs no test runner.
 *
 * Rules: `is-tool`, `name-portable`, `frozen`, `metadata-normalised`, `declarations-json`,
 * `declarations-cached`, `declarations-lint-clean`, `build-rejects-bad-input`,
 * `build-fills-defaults`, `params-frozen`, `invocation-matches-tool`, `output-schema`.
 */
export function checkToolConformance(tool: unknown, options: ConformanceOptions = {}): ConformanceReport {
  checkConformanceOptions(options);
  const runner = createRuleRunner();
  runner.run('is-tool', (fail) => {
    if (!isTool(tool)) {
      fail('not a v1 tool made by createTool (missing marker, specificationVersion or methods)');
    }
  });
  // Without the tool shape nothing else can be checked meaningfully.
  if (isTool(tool)) {
    checkToolShape(tool, runner.run);
    checkDeclarations(tool, runner.run);
    checkBuild(tool, runner.run, options.validInputs);
    checkOutputSchema(tool, runner.run, options.validOutputs);
  }
  return Object.freeze({
    toolName: isTool(tool) ? tool.name : undefined,
    rulesChecked: Object.freeze([...runner.rulesChecked]),
    failures: Object.freeze(runner.failures.map((failure) => Object.freeze(failure))),
  });
}

/**
 * Throws a {@link ToolConformanceError} listing every failed rule when `tool` does not conform
 * to the toolwright contract; returns nothing when it does. Works in any test runner (or none).
 *
 * @example
 * ```ts
 * // in a test of your tool, with assertToolConformance imported from the `testing` subpath:
 * assertToolConformance(readTool, { validInputs: [{ file_path: '/tmp/a.txt' }] });
 * ```
 */
export function assertToolConformance(tool: unknown, options: ConformanceOptions = {}): void {
  const report = checkToolConformance(tool, options);
  if (report.failures.length > 0) {
    throw new ToolConformanceError(report.toolName, report.failures);
  }
}
