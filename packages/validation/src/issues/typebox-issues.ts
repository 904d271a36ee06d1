import type { TSchema } from '@sinclair/typebox';
import type { TypeCheck } from '@sinclair/typebox/compiler';
import type { ValueError, ValueErrorType as ValueErrorKind } from '@sinclair/typebox/errors';
import type { ValidationIssue } from '../errors/tool-validation-error.js';
import { splitPointer } from '../schema/json-pointer.js';
import type { SchemaNode } from '../schema/schema-node.js';
import { ValueErrorType } from '../schema-kinds/typebox-034.js';
import { dropDuplicateMissing, type IssueBuilder } from './issue-builder.js';

/** Most issues listed; the rest are counted (up to {@link MAX_COUNTED_ISSUES}). */
export const MAX_LISTED_ISSUES = 50;
/** The error walk stops after this many, so a huge invalid array costs a bounded amount. */
export const MAX_COUNTED_ISSUES = 1000;

let keywordTable: Partial<Record<ValueErrorKind, string>> | undefined;

/** Built on first use: TypeBox (an optional peer) is loaded only when a TypeBox schema is used. */
function keywords(): Partial<Record<ValueErrorKind, string>> {
  keywordTable ??= {
    [ValueErrorType.ArrayContains]: 'contains',
    [ValueErrorType.ArrayMaxContains]: 'maxContains',
    [ValueErrorType.ArrayMinContains]: 'minContains',
    [ValueErrorType.ArrayMaxItems]: 'maxItems',
    [ValueErrorType.ArrayMinItems]: 'minItems',
    [ValueErrorType.ArrayUniqueItems]: 'uniqueItems',
    [ValueErrorType.IntegerExclusiveMaximum]: 'exclusiveMaximum',
    [ValueErrorType.IntegerExclusiveMinimum]: 'exclusiveMinimum',
    [ValueErrorType.IntegerMaximum]: 'maximum',
    [ValueErrorType.IntegerMinimum]: 'minimum',
    [ValueErrorType.IntegerMultipleOf]: 'multipleOf',
    [ValueErrorType.NumberExclusiveMaximum]: 'exclusiveMaximum',
    [ValueErrorType.NumberExclusiveMinimum]: 'exclusiveMinimum',
    [ValueErrorType.NumberMaximum]: 'maximum',
    [ValueErrorType.NumberMinimum]: 'minimum',
    [ValueErrorType.NumberMultipleOf]: 'multipleOf',
    [ValueErrorType.IntersectUnevaluatedProperties]: 'unevaluatedProperties',
    [ValueErrorType.Intersect]: 'allOf',
    [ValueErrorType.Literal]: 'const',
    [ValueErrorType.Never]: 'not',
    [ValueErrorType.Not]: 'not',
    [ValueErrorType.ObjectMaxProperties]: 'maxProperties',
    [ValueErrorType.ObjectMinProperties]: 'minProperties',
    [ValueErrorType.StringFormat]: 'format',
    [ValueErrorType.StringFormatUnknown]: 'format',
    [ValueErrorType.StringMaxLength]: 'maxLength',
    [ValueErrorType.StringMinLength]: 'minLength',
    [ValueErrorType.StringPattern]: 'pattern',
    [ValueErrorType.TupleLength]: 'items',
    [ValueErrorType.Union]: 'anyOf',
  };
  return keywordTable;
}

function parentPath(path: string): { parent: string; name: string } {
  const tokens = splitPointer(path);
  const name = tokens.pop() ?? '';
  const cut = path.lastIndexOf('/');
  return { parent: cut <= 0 ? '' : path.slice(0, cut), name };
}

/** One TypeBox error as an issue; `prefix` is the pointer of the node the errors are relative to. */
export function typeBoxErrorToIssue(error: ValueError, builder: IssueBuilder, prefix = ''): ValidationIssue {
  const schema = error.schema as unknown as SchemaNode;
  const path = `${prefix}${error.path}`;
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty: {
      const { parent, name } = parentPath(path);
      return builder.missingRequired(parent, name, schema);
    }
    case ValueErrorType.ObjectAdditionalProperties: {
      const { parent, name } = parentPath(path);
      return builder.unknownArgument(parent, name, error.value, schema);
    }
    default:
      return builder.mismatch(path, keywords()[error.type] ?? 'type', schema, error.value);
  }
}

/** The issues of a value that failed `check`, listed and counted with bounds. */
export function collectTypeBoxIssues(
  check: TypeCheck<TSchema>,
  value: unknown,
  builder: IssueBuilder,
): { issues: ValidationIssue[]; total: number } {
  const issues: ValidationIssue[] = [];
  let total = 0;
  for (const error of check.Errors(value)) {
    if (issues.length < MAX_LISTED_ISSUES + 8) issues.push(typeBoxErrorToIssue(error, builder));
    if (++total >= MAX_COUNTED_ISSUES) break;
  }
  const listed = dropDuplicateMissing(issues);
  const dropped = issues.length - listed.length;
  return { issues: listed.slice(0, MAX_LISTED_ISSUES), total: Math.max(total - dropped, listed.length) };
}
