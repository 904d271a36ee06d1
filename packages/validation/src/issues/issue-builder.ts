import { closestName, previewText, previewValue } from '@toolwright/utils';
import type { ValidationIssue } from '../errors/tool-validation-error.js';
import type { MessageCatalog } from '../messages/message-catalog.js';
import { appendPointer } from '../schema/json-pointer.js';
import { isSchemaNode, type SchemaNode } from '../schema/schema-node.js';
import { describeExpected } from './describe-expected.js';

/** Suggestions per object schema and unknown name: a model tends to repeat the same typo. */
const suggestions = new WeakMap<object, Map<string, string | undefined>>();
const MAX_REMEMBERED_SUGGESTIONS = 64;

function cachedSuggestion(
  objectSchema: SchemaNode,
  name: string,
  accepted: readonly string[],
): string | undefined {
  let known = suggestions.get(objectSchema);
  if (known === undefined) {
    known = new Map();
    suggestions.set(objectSchema, known);
  }
  if (known.has(name)) return known.get(name);
  // The shared, bounded did-you-mean: long names are never compared, so a flood of long
  // unknown keys against a large schema costs nothing (it took seconds before).
  const suggestion = closestName(name, accepted);
  if (known.size < MAX_REMEMBERED_SUGGESTIONS) known.set(name, suggestion);
  return suggestion;
}

const acceptedByObject = new WeakMap<SchemaNode, { names: readonly string[]; expected: string }>();

/** The declared names of an object schema and their "expected" text, computed once per schema. */
function acceptedNames(objectSchema: SchemaNode): { names: readonly string[]; expected: string } {
  let known = acceptedByObject.get(objectSchema);
  if (known === undefined) {
    const names = isSchemaNode(objectSchema.properties) ? Object.keys(objectSchema.properties) : [];
    const expected =
      names.length === 0
        ? 'no argument here'
        : previewText(`one of the declared arguments: ${names.join(', ')}`, 160);
    known = { names, expected };
    acceptedByObject.set(objectSchema, known);
  }
  return known;
}

/**
 * Builds issues in one shape whatever found them (TypeBox's compiled check or Ajv), so a model
 * and a host see the same errors for built-in and MCP tools.
 */
export class IssueBuilder {
  constructor(private readonly catalog: MessageCatalog) {}

  /** A required argument is missing. `objectPath` is the object's pointer. */
  missingRequired(objectPath: string, name: string, propertySchema: unknown): ValidationIssue {
    const expected = isSchemaNode(propertySchema) ? describeExpected(propertySchema) : 'a value';
    return {
      path: appendPointer(objectPath, name),
      keyword: 'required',
      message: this.catalog.missingRequired(name, expected),
      expected,
      received: previewValue(undefined),
    };
  }

  /** An argument the schema does not declare, with a "did you mean" when one is close. */
  unknownArgument(
    objectPath: string,
    name: string,
    value: unknown,
    objectSchema: SchemaNode,
  ): ValidationIssue {
    const accepted = acceptedNames(objectSchema);
    return {
      path: appendPointer(objectPath, name),
      keyword: 'additionalProperties',
      message: this.catalog.unknownArgument(
        name,
        cachedSuggestion(objectSchema, name, accepted.names),
        accepted.names,
      ),
      expected: accepted.expected,
      received: previewValue(value),
    };
  }

  /** Any other rule: `value` at `path` does not satisfy `schema` (`keyword` names the rule). */
  mismatch(path: string, keyword: string, schema: unknown, value: unknown): ValidationIssue {
    const expected = isSchemaNode(schema)
      ? describeExpected(schema)
      : schema === false
        ? 'nothing'
        : 'a value';
    const received = previewValue(value);
    return { path, keyword, message: this.catalog.mismatch(expected, received), expected, received };
  }

  /** The schema itself is unusable (a foreign schema that failed to compile). */
  schemaUnusable(reason: string): ValidationIssue {
    return {
      path: '',
      keyword: 'schema',
      message: this.catalog.schemaUnusable(reason),
      expected: 'a schema that compiles',
      received: previewText(reason, 160),
    };
  }
}

/**
 * Drops the type errors a checker reports at the path of a missing required property (both
 * TypeBox and Ajv can report the absence twice).
 */
export function dropDuplicateMissing(issues: ValidationIssue[]): ValidationIssue[] {
  const missing = new Set(issues.filter((issue) => issue.keyword === 'required').map((issue) => issue.path));
  if (missing.size === 0) return issues;
  return issues.filter(
    (issue) => issue.keyword === 'required' || !missing.has(issue.path) || issue.received !== 'nothing',
  );
}
