import { canonicalJson } from '@toolwright/utils';
import { formatValue } from '../format-value.js';
import { describeOutputIssues, structuredOutputIssues } from '../structured-output.js';
import type { Tool } from '../tool.js';
import { findNonJsonValue } from './json-check.js';
import type { RunRule } from './rule-runner.js';

/**
 * Rule `output-schema`: a tool with an output validator lists its projection as
 * `metadata.outputSchema` (plain JSON, an object schema, the same schema the results are checked
 * with), a tool without one lists none, and every output in `validOutputs` is one the output
 * schema accepts (checked as a result's `structuredContent` is, without `execute`).
 */
export function checkOutputSchema(
  tool: Tool,
  run: RunRule,
  validOutputs: readonly unknown[] | undefined,
): void {
  run('output-schema', (fail) => {
    const listed = tool.getMetadata().outputSchema;
    const validator = tool.outputValidator;
    if (validator === undefined) {
      if (listed !== undefined) fail('metadata.outputSchema is listed but the tool has no outputValidator');
      if (validOutputs !== undefined) fail('validOutputs were given but the tool declares no outputSchema');
      return;
    }
    const nonJson = findNonJsonValue(listed);
    if (nonJson !== undefined) {
      fail(`metadata.outputSchema is not plain JSON at ${nonJson}`);
      return;
    }
    if (listed?.type !== 'object') {
      fail(`metadata.outputSchema.type is ${String(listed?.type)}, expected "object"`);
    }
    if (canonicalJson(listed) !== canonicalJson(validator.toJsonSchema())) {
      fail('metadata.outputSchema differs from the schema of the outputValidator results are checked with');
    }
    for (const output of validOutputs ?? []) {
      const issues = structuredOutputIssues(validator, structuredClone(output));
      if (issues.length > 0) {
        fail(
          `the valid output ${formatValue(output)} is refused by the outputSchema:\n${describeOutputIssues(issues)}`,
        );
      }
    }
  });
}
