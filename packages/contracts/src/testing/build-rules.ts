import { canonicalJson } from '@toolwright/utils';
import { ToolValidationError } from '@toolwright/validation';
import { isDeeplyFrozen } from '../deep-freeze.js';
import { formatValue } from '../format-value.js';
import type { Tool } from '../tool.js';
import type { ToolInvocation } from '../tool-invocation.js';
import { describeError, type RunRule } from './rule-runner.js';
import { sampleInput } from './sample-input.js';

// Inputs no tool may accept: its arguments are always an object.
const NON_OBJECT_INPUTS: readonly unknown[] = [42, 'text', null, [], true];

/**
 * Rules `build-rejects-bad-input`, `build-fills-defaults`, `params-frozen` and
 * `invocation-matches-tool`. `validInputs` are built as given; without them, one input is
 * constructed from the schema.
 */
export function checkBuild(tool: Tool, run: RunRule, validInputs: readonly unknown[] | undefined): void {
  run('build-rejects-bad-input', (fail) => {
    for (const input of NON_OBJECT_INPUTS) {
      try {
        tool.build(input);
        fail(`build(${formatValue(input)}) was accepted; the arguments must be an object`);
      } catch (error) {
        if (!ToolValidationError.isInstance(error)) {
          fail(`build(${formatValue(input)}) threw ${describeError(error)} instead of a ToolValidationError`);
        }
      }
    }
  });

  const invocations: Array<{ input: unknown; invocation: ToolInvocation }> = [];
  run('build-fills-defaults', (fail) => {
    const inputSchema = tool.getMetadata().inputSchema;
    for (const input of validInputs ?? [sampleInput(inputSchema)]) {
      let invocation: ToolInvocation;
      try {
        invocation = tool.build(structuredClone(input));
      } catch (error) {
        const hint =
          validInputs === undefined ? ' (the input was constructed from the schema; pass validInputs)' : '';
        fail(`build(${formatValue(input)}) rejected a valid input: ${describeError(error)}${hint}`);
        continue;
      }
      invocations.push({ input, invocation });
      const properties = (inputSchema.properties ?? {}) as Record<string, unknown>;
      const given = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
      const params = invocation.params as Record<string, unknown>;
      for (const [key, property] of Object.entries(properties)) {
        if (typeof property !== 'object' || property === null || !('default' in property) || key in given) {
          continue;
        }
        // A missing key is a failure even when the default is null (canonical JSON writes both as null).
        if (!(key in params) || canonicalJson(params[key]) !== canonicalJson(property.default)) {
          fail(
            `build(${formatValue(input)}) left "${key}" as ${formatValue(params[key])}; its default is ${formatValue(property.default)}`,
          );
        }
      }
    }
  });

  run('params-frozen', (fail) => {
    for (const { input, invocation } of invocations) {
      if (!Object.isFrozen(invocation)) {
        fail(`the invocation built from ${formatValue(input)} is not frozen`);
      }
      if (!isDeeplyFrozen(invocation.params)) {
        fail(`the params built from ${formatValue(input)} are not deeply frozen`);
      }
    }
  });

  run('invocation-matches-tool', (fail) => {
    for (const { input, invocation } of invocations) {
      for (const key of ['kind', 'isRetrySafe', 'parallelism', 'isConcurrencySafe'] as const) {
        if (invocation[key] !== tool[key]) {
          fail(`invocation.${key} is ${String(invocation[key])} but the tool's is ${String(tool[key])}`);
        }
      }
      if (invocation.toolName !== tool.name) {
        fail(`invocation.toolName is "${invocation.toolName}", not "${tool.name}"`);
      }
      for (const key of ['permissionSignature', 'permissionRule'] as const) {
        if (typeof invocation[key] !== 'string' || invocation[key] === '') {
          fail(`${key} for ${formatValue(input)} is not a non-empty string`);
        }
      }
      const paths = invocation.affectedPaths;
      if (!Array.isArray(paths) || paths.some((path) => typeof path !== 'string')) {
        fail(`affectedPaths for ${formatValue(input)} is not an array of strings`);
      }
      const description = invocation.getDescription();
      if (typeof description !== 'string' || description.trim() === '') {
        fail(`getDescription() for ${formatValue(input)} is empty`);
      }
    }
  });
}
