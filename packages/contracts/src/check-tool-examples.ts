import { type ParseOptions, type SchemaValidator, ToolValidationError } from '@toolwright/validation';
import { formatValue } from './format-value.js';
import type { ToolDescription } from './tool-description.js';

/** The most issues one example's problem spells out; the rest are counted. */
const LISTED_ISSUES = 3;

function describeFailure(error: unknown): string {
  if (!ToolValidationError.isInstance(error)) {
    // A validator must throw ToolValidationError only; say what it threw instead of losing it.
    return `the validator threw ${error instanceof Error ? `${error.name}: ${error.message}` : formatValue(error)}`;
  }
  if (error.issues.length === 0) {
    return error.message;
  }
  const listed = error.issues
    .slice(0, LISTED_ISSUES)
    .map((issue) => `${issue.path === '' ? '(root)' : issue.path}: ${issue.message}`);
  const more = error.issues.length > LISTED_ISSUES ? `; and ${error.issues.length - LISTED_ISSUES} more` : '';
  return `${listed.join('; ')}${more}`;
}

/**
 * Checks every structured example of `description` against the tool's schema, through the same
 * validator `build()` uses, and returns one problem per wrong example naming it by index and
 * description, with what the validator found. Examples are shown to a model as calls to copy, so
 * they are held to more than `build()` asks of a call: no coercion (a `"5"` for a number would
 * teach the model to send strings) and no unknown argument, even when the tool strips them.
 */
export function checkToolExamples(
  description: string | ToolDescription,
  validator: SchemaValidator,
  parseOptions: ParseOptions,
): string[] {
  const examples = typeof description === 'string' ? [] : (description.examples ?? []);
  if (!examples.some((example) => typeof example !== 'string')) {
    return [];
  }
  const strictOptions: ParseOptions = { ...parseOptions, coerce: 'none', unknownArguments: 'reject' };
  const problems: string[] = [];
  examples.forEach((example, index) => {
    if (typeof example === 'string') {
      return;
    }
    try {
      const result = validator.parse(example.params, strictOptions);
      // A result is only ever a value; a validator that hands back a promise cannot be checked here.
      if (typeof (result as { then?: unknown } | undefined)?.then === 'function') {
        problems.push(
          `description.examples[${index}] (${formatValue(example.description)}) could not be checked: the validator returned a Promise`,
        );
      }
    } catch (error) {
      problems.push(
        `description.examples[${index}] (${formatValue(example.description)}) does not match the schema: ${describeFailure(error)}`,
      );
    }
  });
  return problems;
}
