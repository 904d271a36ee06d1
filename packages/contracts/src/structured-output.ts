import {
  compileSchema,
  type ParseOptions,
  type SchemaValidator,
  ToolValidationError,
  type ValidationIssue,
} from '@toolwright/validation';
import { OUTPUT_SCHEMA } from './check-tool-config.js';
import { InvalidToolDefinitionError, ToolOutputValidationError } from './errors.js';
import { objectRootProblem } from './object-root.js';
import type { ToolResult } from './tool-result.js';

// A tool's output is its own, not a model's guess: nothing is repaired, nothing undeclared is
// let through, and its size is the tool's business (the host's output limits apply later).
const OUTPUT_PARSE_OPTIONS: ParseOptions = Object.freeze({
  coerce: 'none',
  unknownArguments: 'reject',
  limits: Object.freeze({ maxBytes: Number.MAX_SAFE_INTEGER, maxDepth: 1024 }),
});

/**
 * Compiles a config's `outputSchema` with the same compiler as its params' schema (every schema
 * kind `schema` accepts), or returns `undefined` when there is none. A schema that cannot be
 * compiled, or that does not describe an object, is a definition problem.
 */
export function compileOutputSchema(
  outputSchema: object | undefined,
  toolName: string,
): SchemaValidator | undefined {
  if (outputSchema === undefined) return undefined;
  let validator: SchemaValidator;
  try {
    validator = compileSchema(outputSchema, { name: toolName });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidToolDefinitionError(toolName, [`outputSchema could not be compiled: ${reason}`], {
      cause: error,
    });
  }
  const rootProblem = objectRootProblem(validator, OUTPUT_SCHEMA);
  if (rootProblem !== undefined) throw new InvalidToolDefinitionError(toolName, [rootProblem]);
  return validator;
}

/**
 * Checks a result against the tool's output schema: a successful result must carry
 * `structuredContent` that matches it. Failures are not checked (they report why there is no
 * output), and a tool without an output schema may return structured content as it likes.
 * Throws {@link ToolOutputValidationError}; never lets a mismatch pass.
 */
export function checkStructuredOutput(
  toolName: string,
  validator: SchemaValidator | undefined,
  result: ToolResult,
): void {
  if (validator === undefined || result.error !== undefined) return;
  const value = result.structuredContent;
  if (value === undefined) {
    throw new ToolOutputValidationError(
      toolName,
      `Tool "${toolName}" declares an outputSchema but its result has no structuredContent; ` +
        'return ToolResults.structured(value, text?) with a value that matches the schema.',
      [],
    );
  }
  const issues = structuredOutputIssues(validator, value);
  if (issues.length === 0) return;
  throw new ToolOutputValidationError(
    toolName,
    `Tool "${toolName}" returned structuredContent that does not match its outputSchema:\n${describeOutputIssues(issues)}`,
    issues,
  );
}

/**
 * Every way `value` breaks a tool's output schema (`tool.outputValidator`), none when it
 * matches: the check a result's `structuredContent` gets when the call runs (no repairs, no
 * undeclared property), for hosts that receive a structured value back from elsewhere (a stored
 * conversation, a UI message) and want to check it the same way.
 */
export function structuredOutputIssues(
  validator: SchemaValidator,
  value: unknown,
): readonly ValidationIssue[] {
  try {
    validator.parse(value, OUTPUT_PARSE_OPTIONS);
    return [];
  } catch (error) {
    if (!ToolValidationError.isInstance(error)) throw error;
    return error.issues;
  }
}

/** One line per issue, `- /path: expected ..., got ...`, as a mismatching result's error lists them. */
export function describeOutputIssues(issues: readonly ValidationIssue[]): string {
  return issues
    .map(
      (issue) =>
        `- ${issue.path === '' ? '(root)' : issue.path}: expected ${issue.expected}, got ${issue.received}`,
    )
    .join('\n');
}
