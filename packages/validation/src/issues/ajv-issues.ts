import type { ErrorObject } from 'ajv';
import type { ValidationIssue } from '../errors/tool-validation-error.js';
import { isSchemaNode, type SchemaNode } from '../schema/schema-node.js';
import { dropDuplicateMissing, type IssueBuilder } from './issue-builder.js';
import { MAX_LISTED_ISSUES } from './typebox-issues.js';

function toIssue(error: ErrorObject, builder: IssueBuilder): ValidationIssue {
  const parent = isSchemaNode(error.parentSchema) ? (error.parentSchema as SchemaNode) : {};
  switch (error.keyword) {
    case 'required': {
      const name = String((error.params as { missingProperty?: unknown }).missingProperty ?? '');
      const properties = isSchemaNode(parent.properties) ? parent.properties : {};
      return builder.missingRequired(error.instancePath, name, properties[name]);
    }
    case 'additionalProperties': {
      const name = String((error.params as { additionalProperty?: unknown }).additionalProperty ?? '');
      const data = error.data as Record<string, unknown> | undefined;
      return builder.unknownArgument(error.instancePath, name, data?.[name], parent);
    }
    default:
      return builder.mismatch(error.instancePath, error.keyword, parent, error.data);
  }
}

/**
 * Ajv's errors (compiled with `allErrors` and `verbose`) in the same issue shape as TypeBox's.
 * A failed `anyOf`/`oneOf` is reported once, not once per alternative.
 */
export function collectAjvIssues(
  errors: readonly ErrorObject[],
  builder: IssueBuilder,
): { issues: ValidationIssue[]; total: number } {
  const unions = errors
    .filter((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf')
    .map((error) => `${error.schemaPath}/`);
  const kept = errors.filter((error) => !unions.some((prefix) => error.schemaPath.startsWith(prefix)));
  const issues = dropDuplicateMissing(
    kept.slice(0, MAX_LISTED_ISSUES + 8).map((error) => toIssue(error, builder)),
  );
  return { issues: issues.slice(0, MAX_LISTED_ISSUES), total: Math.max(issues.length, kept.length) };
}
