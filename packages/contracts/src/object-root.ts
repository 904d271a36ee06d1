import { objectRootKnown, type SchemaValidator } from '@toolwright/validation';
import type { SchemaRole } from './check-tool-config.js';
import { formatValue } from './format-value.js';

/**
 * Why a compiled schema cannot be the `role` schema of a tool (its JSON Schema projection must
 * describe an object: a tool's params and its structured output are JSON objects), or undefined
 * when it can. Where the validator can tell its root without projecting, nothing is projected:
 * a catalog's deferred tools were projected at `createTool` for this check alone, and most of
 * them are never declared (their projection was a fifth of what registering a catalog cost).
 */
export function objectRootProblem(validator: SchemaValidator, role: SchemaRole): string | undefined {
  if (objectRootKnown(validator)) return undefined;
  let type: unknown;
  try {
    type = (validator.toJsonSchema() as { type?: unknown } | undefined)?.type;
  } catch (error) {
    return `${role.key} could not be projected to JSON Schema: ${error instanceof Error ? error.message : formatValue(error)}`;
  }
  return type === 'object'
    ? undefined
    : `${role.key} describes ${formatValue(type)} at its root; ${role.subject} must be an object schema (type "object")`;
}
