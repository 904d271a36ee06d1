import { previewText, previewValue } from '@toolwright/utils';
import type { ValidationIssue } from '../errors/tool-validation-error.js';
import { describeExpected } from '../issues/describe-expected.js';
import type { IssueBuilder } from '../issues/issue-builder.js';
import { appendPointer } from '../schema/json-pointer.js';
import type { IssuePlace } from './issue-places.js';
import type { StandardIssue, StandardPathSegment } from './standard-schema.js';

/** Rule words of Zod, Valibot and ArkType issues, mapped to the JSON Schema keyword they enforce. */
const VENDOR_KEYWORDS: Readonly<Record<string, string>> = {
  // Zod
  invalid_type: 'type',
  invalid_value: 'enum',
  invalid_union: 'anyOf',
  invalid_format: 'format',
  not_multiple_of: 'multipleOf',
  unrecognized_keys: 'additionalProperties',
  // Valibot (issue.type) and ArkType (issue.code)
  min_length: 'minLength',
  max_length: 'maxLength',
  min_value: 'minimum',
  max_value: 'maximum',
  regex: 'pattern',
  picklist: 'enum',
  enum: 'enum',
  literal: 'const',
  integer: 'type',
  string: 'type',
  number: 'type',
  boolean: 'type',
  object: 'type',
  array: 'type',
  strict_object: 'additionalProperties',
  domain: 'type',
  proto: 'type',
  required: 'required',
  unit: 'const',
  union: 'anyOf',
  minLength: 'minLength',
  maxLength: 'maxLength',
  min: 'minimum',
  max: 'maximum',
  pattern: 'pattern',
  divisor: 'multipleOf',
};

/** Zod's `too_small`/`too_big` name the kind of value in `origin`. */
function sizeKeyword(code: string, origin: unknown): string {
  const bound = code === 'too_small' ? 'min' : 'max';
  if (origin === 'string') return `${bound}Length`;
  if (origin === 'array' || origin === 'set') return `${bound}Items`;
  return bound === 'min' ? 'minimum' : 'maximum';
}

/** Valibot and ArkType say "length" for arrays too; JSON Schema says "items". */
function sizeKeywordFor(keyword: string, found: unknown): string {
  if (Array.isArray(found)) {
    if (keyword === 'minLength') return 'minItems';
    if (keyword === 'maxLength') return 'maxItems';
  } else if (typeof found === 'string') {
    if (keyword === 'minItems') return 'minLength';
    if (keyword === 'maxItems') return 'maxLength';
  }
  return keyword;
}

/** The JSON Schema keyword an issue enforces, or `'custom'` for refinements and anything unknown. */
function keywordOf(issue: StandardIssue): string {
  const fields = issue as unknown as Record<string, unknown>;
  const code =
    typeof fields.code === 'string' ? fields.code : typeof fields.type === 'string' ? fields.type : '';
  if (code === 'too_small' || code === 'too_big') return sizeKeyword(code, fields.origin);
  return VENDOR_KEYWORDS[code] ?? 'custom';
}

/**
 * The issue's path as keys (a `PathSegment` object gives its `key`). Read with a plain loop into
 * a plain array: a library's path may be an `Array` subclass (ArkType's `ReadonlyPath`), whose
 * `map` would construct another instance of it through `Symbol.species`, at several times the
 * cost of the whole conversion.
 */
export function pathKeys(path: StandardIssue['path']): string[] {
  const keys: string[] = [];
  if (path === undefined) return keys;
  for (let index = 0; index < path.length; index++) {
    const segment: StandardPathSegment = path[index]!;
    const key = typeof segment === 'object' && segment !== null ? segment.key : segment;
    keys.push(typeof key === 'symbol' ? (key.description ?? 'symbol') : String(key));
  }
  return keys;
}

/** What is at `keys` in `value`, and whether the last key is missing from an object. */
export function locate(value: unknown, keys: readonly string[]): { found: unknown; missing: boolean } {
  let current = value;
  for (let index = 0; index < keys.length; index++) {
    if (typeof current !== 'object' || current === null) return { found: undefined, missing: false };
    const key = keys[index]!;
    if (!Object.hasOwn(current, key))
      return { found: undefined, missing: index === keys.length - 1 && !Array.isArray(current) };
    current = (current as Record<string, unknown>)[key];
  }
  return { found: current, missing: false };
}

/** What a vendor-specific `expected` text says, when it has one. */
function vendorExpected(issue: StandardIssue): string | undefined {
  const expected = (issue as unknown as Record<string, unknown>).expected;
  return typeof expected === 'string' && expected !== '' ? previewText(expected, 120) : undefined;
}

/**
 * Turns a Standard Schema validator's issues, at their places (see `placeIssues`), into the one
 * issue shape: a JSON pointer from the path array, the JSON Schema keyword, what was expected
 * (from the vendor's own JSON Schema at that path), a capped preview of what was received. Rules
 * the projection can state get the catalog's words (localised like every other tool's);
 * refinements keep the vendor's message, which is the only place their rule is written. Zod's
 * `unrecognized_keys` becomes one did-you-mean issue per key.
 */
export function standardIssuesToValidationIssues(
  places: readonly IssuePlace[],
  builder: IssueBuilder,
): ValidationIssue[] {
  const result: ValidationIssue[] = [];
  for (const { issue, keys, found, missing, plan } of places) {
    const path = keys.reduce(appendPointer, '');
    const keyword = sizeKeywordFor(keywordOf(issue), found);
    const unknownKeys = (issue as unknown as { keys?: unknown }).keys;
    if (keyword === 'additionalProperties' && Array.isArray(unknownKeys) && plan !== undefined) {
      for (const key of unknownKeys) {
        const name = String(key);
        result.push(
          builder.unknownArgument(
            path,
            name,
            (found as Record<string, unknown> | undefined)?.[name],
            plan.node,
          ),
        );
      }
      continue;
    }
    if (missing && keys.length > 0) {
      const parentPath = keys.slice(0, -1).reduce(appendPointer, '');
      result.push(builder.missingRequired(parentPath, keys[keys.length - 1]!, plan?.node));
      continue;
    }
    if (keyword !== 'custom' && plan !== undefined) {
      result.push(builder.mismatch(path, keyword, plan.node, found));
      continue;
    }
    result.push({
      path,
      keyword,
      message: previewText(issue.message, 240),
      expected:
        plan === undefined
          ? (vendorExpected(issue) ?? 'a value the tool accepts')
          : describeExpected(plan.node),
      received: previewValue(found),
    });
  }
  return dedupe(result);
}

/** Issues a refusal usually has: few enough to compare pairwise, without a key string each. */
const PAIRWISE_DEDUPE_LIMIT = 8;

function sameIssue(a: ValidationIssue, b: ValidationIssue): boolean {
  return a.path === b.path && a.keyword === b.keyword && a.message === b.message;
}

function withoutRepeats(issues: ValidationIssue[]): ValidationIssue[] {
  return issues.filter((issue, index) => {
    for (let earlier = 0; earlier < index; earlier++) if (sameIssue(issues[earlier]!, issue)) return false;
    return true;
  });
}

function dedupe(issues: ValidationIssue[]): ValidationIssue[] {
  if (issues.length <= PAIRWISE_DEDUPE_LIMIT) {
    // Most refusals have no duplicate: the list itself is kept unless one is found.
    for (let index = 1; index < issues.length; index++) {
      for (let earlier = 0; earlier < index; earlier++) {
        if (sameIssue(issues[earlier]!, issues[index]!)) return withoutRepeats(issues);
      }
    }
    return issues;
  }
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path}\u0000${issue.keyword}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
