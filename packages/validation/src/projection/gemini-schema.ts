import { ToolSchemaError } from '../errors/tool-schema-error.js';
import { ValidationErrorCode } from '../errors/toolwright-error.js';
import { appendPointer } from '../schema/json-pointer.js';
import type { JsonSchema, JsonValue } from '../schema/json-types.js';
import { JSON_SCHEMA_TYPES } from '../schema/schema-keywords.js';
import { createRefResolver, isSchemaNode, type SchemaNode } from '../schema/schema-node.js';
import { literalUnionValues, projectAllowedValues } from './gemini-allowed-values.js';
import {
  combineAlternatives,
  describeBranchTypes,
  MAX_COMBINED_BRANCHES,
  narrowToType,
} from './gemini-type-branches.js';
import type { ProjectionNote } from './projection-notes.js';

/**
 * The keywords Gemini's function-declaration `Schema` (its OpenAPI 3.0 subset) accepts. Anything
 * else is rejected by the API or silently ignored, so the projection keeps only these.
 */
export const GEMINI_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'items',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'propertyOrdering',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'example',
  'anyOf',
]);

/** `format` values Gemini documents, per type; other formats move into the description. */
const GEMINI_FORMATS: Record<string, readonly string[]> = {
  string: ['enum', 'date-time'],
  number: ['float', 'double', 'int32', 'int64'],
  integer: ['int32', 'int64'],
};

/** Most nodes an inlined projection may have (reference inlining can multiply a schema's size). */
export const MAX_INLINED_NODES = 5000;

/** Gemini types, for the check that `type` holds one of them: Gemini takes every JSON Schema type. */
export const GEMINI_TYPES: ReadonlySet<string> = new Set(JSON_SCHEMA_TYPES);

/** Rules Gemini cannot express, kept for the model as words in the description. */
const HINT_KEYWORDS: Record<string, (value: JsonValue) => string> = {
  exclusiveMinimum: (value) => `greater than ${JSON.stringify(value)}`,
  exclusiveMaximum: (value) => `less than ${JSON.stringify(value)}`,
  multipleOf: (value) => `a multiple of ${JSON.stringify(value)}`,
  uniqueItems: (value) => (value === true ? 'items must be unique' : ''),
  format: (value) => `format ${JSON.stringify(value)}`,
  // Gemini's Schema proto lists `default`, yet function declarations are refused with it ("Default
  // value is not supported in function declaration schema"); the parser fills defaults anyway.
  default: (value) => `default ${JSON.stringify(value)}`,
};

/**
 * Keywords dropped without a note: they carry nothing for the model (dialect, ids, definitions
 * that are inlined) or only close objects, which the parser enforces anyway.
 */
const QUIET_KEYWORDS: ReadonlySet<string> = new Set(['$schema', '$id', '$defs', 'definitions', '$anchor']);

function appendDescription(schema: JsonSchema, hints: string[]): void {
  const text = hints.filter((hint) => hint !== '').join('; ');
  if (text === '') return;
  schema.description =
    typeof schema.description === 'string' && schema.description !== ''
      ? `${schema.description} (${text})`
      : `(${text})`;
}

/**
 * A schema position holding something other than a schema object. Gemini rejects all of them, the
 * bare string shorthand (`"items": "string"`) included; a type name becomes `{ type }`.
 */
function shorthandSchema(input: JsonValue, path: string, notes: ProjectionNote[]): JsonValue {
  if (typeof input === 'boolean') return {};
  if (typeof input === 'string' && GEMINI_TYPES.has(input) && input !== 'null') {
    notes.push({
      path,
      reason: `a schema given as the bare string ${JSON.stringify(input)} is not accepted by Gemini; sent as { "type": ${JSON.stringify(input)} }`,
    });
    return { type: input };
  }
  notes.push({
    path,
    reason: `${JSON.stringify(input)} is not a schema and is not accepted by Gemini; sent as an unconstrained value`,
  });
  return {};
}

/**
 * Projects a neutral JSON Schema to Gemini's dialect: no `$schema`, `additionalProperties`,
 * `const`, non-string `enum` (see {@link projectAllowedValues}), no type arrays (`[t, 'null']` ->
 * `type: t, nullable: true`, several types -> `anyOf`), `oneOf` -> `anyOf`, a union of literals ->
 * one set of allowed values, `allOf` of objects merged, local `$ref`/`$defs` inlined, `examples`
 * -> `example`; rules Gemini cannot express (`exclusiveMinimum`, `default`, other formats...) move
 * into the description and every other keyword outside its subset is dropped. Each lossy change is
 * noted for the lint. A reference cycle is cut — the recursive spot becomes a bare object whose
 * description says so — and noted too; it never loops.
 */
export function toGeminiSchema(schema: JsonSchema, notes: ProjectionNote[]): JsonSchema {
  const resolver = createRefResolver(schema as SchemaNode);
  let budget = MAX_INLINED_NODES;
  // `active` holds the schema nodes being expanded on the current branch: a reference back to one
  // of them is a cycle, whether it was reached through `$ref` or by nesting.
  const visit = (input: JsonValue, path: string, active: readonly object[]): JsonValue => {
    if (!isSchemaNode(input)) return shorthandSchema(input, path, notes);
    if (--budget < 0) {
      // Inlining a DAG of references can grow exponentially; stop at a size no provider accepts anyway.
      if (budget === -1)
        notes.push({
          path,
          reason: `schema grows past ${MAX_INLINED_NODES} nodes once references are inlined; the rest is cut`,
        });
      return { type: 'object', description: '(omitted: schema too large once references are inlined)' };
    }
    let node = input as JsonSchema;
    let refs = [...active, input as object];
    while (typeof node.$ref === 'string') {
      const reference = node.$ref;
      const target = resolver.lookup(reference);
      if (target !== undefined && refs.includes(target)) {
        notes.push({
          path,
          reason: `recursive reference ${reference} cannot be expressed in Gemini's schema; cut here`,
        });
        const cut: JsonSchema = {
          type: 'object',
          description: `(recursive structure ${reference}, not expanded)`,
        };
        if (typeof node.description === 'string')
          cut.description = `${node.description} ${cut.description as string}`;
        return cut;
      }
      if (target === undefined) {
        notes.push({
          path,
          reason: `reference ${reference} is not local to the schema; replaced by an open value`,
        });
        return typeof node.description === 'string' ? { description: node.description } : {};
      }
      refs = [...refs, target];
      const { $ref: _reference, ...siblings } = node;
      node = { ...(target as JsonSchema), ...siblings };
    }
    const output: JsonSchema = {};
    const hints: string[] = [];
    let nullable = node.nullable === true;
    // Every list of alternatives the node requires (a type list, anyOf, oneOf); combined at the end
    // so that no node keeps `type` next to `anyOf`, which Gemini refuses.
    const alternatives: JsonSchema[][] = [];
    // `const` wins over `enum`, which wins over a union of literals (the most specific rule).
    let allowed: { keyword: string; values: JsonValue[] } | undefined;
    const dropped = (key: string, reason: string): void => {
      notes.push({ path: appendPointer(path, key), reason });
    };
    for (const [key, value] of Object.entries(node)) {
      switch (key) {
        case 'type': {
          const types = (Array.isArray(value) ? value : [value]).filter(
            (type): type is string => typeof type === 'string',
          );
          // Several types are alternatives; a `null` among them ends as `nullable: true`.
          if (types.length === 1) output.type = types[0]!;
          else if (types.length > 1) alternatives.push(types.map((type) => ({ type })));
          break;
        }
        case 'const':
          allowed = { keyword: 'const', values: [value] };
          break;
        case 'enum':
          if (Array.isArray(value) && allowed?.keyword !== 'const')
            allowed = { keyword: 'enum', values: value };
          break;
        case 'format': {
          const type = Array.isArray(node.type) ? node.type.find((entry) => entry !== 'null') : node.type;
          if (typeof value === 'string' && typeof type === 'string' && GEMINI_FORMATS[type]?.includes(value))
            output.format = value;
          else {
            hints.push(HINT_KEYWORDS.format!(value));
            dropped(
              key,
              `Gemini accepts format only as ${Object.entries(GEMINI_FORMATS)
                .map(([name, formats]) => `${formats.join('/')} for ${name}`)
                .join(', ')}; format ${JSON.stringify(value)} moved into the description`,
            );
          }
          break;
        }
        case 'properties':
          if (isSchemaNode(value)) {
            output.properties = Object.fromEntries(
              Object.entries(value).map(([name, child]) => [
                name,
                visit(child, appendPointer(`${path}/properties`, name), refs),
              ]),
            );
          }
          break;
        case 'items':
        case 'prefixItems':
          if (Array.isArray(value)) {
            // A tuple: Gemini needs one `items` schema (it rejects an array without one), so each
            // position may hold any member; the order is kept in words.
            const members = value.map((child, index) => visit(child, `${path}/${key}/${index}`, refs));
            if (members.length > 0 && !isSchemaNode(node.items)) {
              const distinct = [
                ...new Map(members.map((member) => [JSON.stringify(member), member])).values(),
              ];
              output.items = distinct.length === 1 ? distinct[0]! : { anyOf: distinct };
            }
            hints.push(`a list of exactly ${value.length} items, in this order: ${describeTuple(members)}`);
            dropped(
              key,
              `Gemini does not accept a tuple (a list of item schemas); sent as one items schema, the order in words`,
            );
          } else if (key === 'items') output.items = visit(value, `${path}/items`, refs);
          else dropped(key, `Gemini does not accept "${key}"; dropped (the parser still enforces it)`);
          break;
        case 'anyOf':
        case 'oneOf':
          if (Array.isArray(value)) {
            const literals = literalUnionValues(value);
            if (literals !== undefined) {
              allowed ??= { keyword: key, values: literals };
              break;
            }
            alternatives.push(
              value.map((child, index) => visit(child, `${path}/${key}/${index}`, refs)) as JsonSchema[],
            );
          }
          break;
        case 'allOf':
          if (Array.isArray(value))
            mergeAllOf(
              output,
              value.map((child, index) => visit(child, `${path}/allOf/${index}`, refs)),
              hints,
            );
          break;
        case 'examples':
          if (Array.isArray(value) && value.length > 0 && !('example' in node)) {
            output.example = value[0]!;
            dropped(key, 'Gemini does not accept "examples"; the first one is sent as "example"');
          } else dropped(key, 'Gemini does not accept "examples"; dropped');
          break;
        case 'additionalProperties':
          // `false` only closes the object, which the parser enforces; a schema for extra keys is lost.
          if (typeof value !== 'boolean')
            dropped(
              key,
              'Gemini does not accept "additionalProperties"; the schema of extra keys is dropped',
            );
          break;
        case 'nullable':
          break;
        default:
          if (HINT_KEYWORDS[key] !== undefined) {
            const hint = HINT_KEYWORDS[key]!(value);
            hints.push(hint);
            // A default moved into words loses nothing: the parser fills it whatever the model sends.
            if (hint !== '' && key !== 'default')
              dropped(key, `Gemini does not accept "${key}"; moved into the description as "${hint}"`);
          } else if (GEMINI_SCHEMA_KEYWORDS.has(key)) output[key] = value;
          else if (!QUIET_KEYWORDS.has(key))
            dropped(key, `Gemini does not accept "${key}"; dropped (the parser still enforces it)`);
      }
    }
    // An `allOf` member may have brought its own alternatives.
    if (Array.isArray(output.anyOf)) {
      alternatives.push(output.anyOf as JsonSchema[]);
      delete output.anyOf;
    }
    if (alternatives.length > 0 && resolveAlternatives(output, alternatives, path, notes)) nullable = true;
    if (allowed !== undefined) {
      const projected = projectAllowedValues(allowed.values, output.type ?? output.anyOf);
      nullable ||= projected.nullable;
      Object.assign(output, projected.keywords);
      if (projected.hint !== '') {
        hints.push(projected.hint);
        dropped(
          allowed.keyword,
          `Gemini accepts enum only for strings; ${projected.hint} moved into the description (the parser still enforces it)`,
        );
      }
    }
    if (nullable) output.nullable = true;
    appendDescription(output, hints);
    return output;
  };
  return visit(schema, '', []) as JsonSchema;
}

/** An alternative that only admits `null`: Gemini says that with `nullable: true` on the node. */
function isNullOnly(schema: JsonSchema): boolean {
  return schema.type === 'null' && Object.keys(schema).every((key) => NULL_ONLY_KEYS.has(key));
}
const NULL_ONLY_KEYS = new Set(['type', 'nullable', 'title', 'description']);

/**
 * Turns the node's lists of alternatives into one `anyOf` without a `type` beside it (or into the
 * node itself when one alternative is left); throws when no alternative can hold the node's type.
 * Returns true when a `null` alternative is left beside others: the node is then nullable.
 */
function resolveAlternatives(
  output: JsonSchema,
  alternatives: readonly JsonSchema[][],
  path: string,
  notes: ProjectionNote[],
): boolean {
  let branches = combineAlternatives(alternatives);
  if (branches === undefined) {
    notes.push({
      path: appendPointer(path, 'anyOf'),
      reason: `combining the node's lists of alternatives gives more than ${MAX_COMBINED_BRANCHES}; only the first list is sent (the parser still enforces every one)`,
    });
    branches = alternatives[0]!;
  }
  if (branches.length === 0) throw noValueAccepted(path, 'its lists of alternatives exclude each other');
  if (typeof output.type === 'string') {
    const type = output.type;
    delete output.type;
    const fitting = branches.flatMap((branch) => narrowToType(branch, type));
    if (fitting.length === 0)
      throw noValueAccepted(
        path,
        `type ${JSON.stringify(type)} fits none of its alternatives (${describeBranchTypes(branches)})`,
      );
    const dropped = branches.filter((branch) => narrowToType(branch, type).length === 0);
    if (dropped.length > 0)
      notes.push({
        path: appendPointer(path, 'anyOf'),
        reason: `alternatives of type ${describeBranchTypes(dropped)} can never match type ${JSON.stringify(type)}; dropped`,
      });
    branches = fitting;
  }
  const others = branches.filter((branch) => !isNullOnly(branch));
  if (others.length === 0) {
    output.type = 'null';
    return false;
  }
  if (others.length > 1) output.anyOf = others;
  // One alternative left: it is the node; the node's own keywords (its description) win.
  else for (const [key, value] of Object.entries(others[0]!)) if (!(key in output)) output[key] = value;
  return others.length < branches.length;
}

function noValueAccepted(path: string, why: string): ToolSchemaError {
  return new ToolSchemaError(
    ValidationErrorCode.SchemaRejected,
    `cannot project to Gemini: the schema at ${path === '' ? '/' : path} accepts no value (${why})`,
  );
}

/** `string, integer` — the types of a tuple's positions, for the description. */
function describeTuple(members: readonly JsonValue[]): string {
  return members
    .map((member) => (isSchemaNode(member) && typeof member.type === 'string' ? member.type : 'any value'))
    .join(', ');
}

function mergeAllOf(output: JsonSchema, members: JsonValue[], hints: string[]): void {
  for (const member of members) {
    if (!isSchemaNode(member)) continue;
    const schema = member as JsonSchema;
    if (isSchemaNode(schema.properties)) {
      output.type = 'object';
      output.properties = {
        ...((output.properties as JsonSchema | undefined) ?? {}),
        ...(schema.properties as JsonSchema),
      };
      const required = new Set([
        ...((output.required as string[] | undefined) ?? []),
        ...((schema.required as string[] | undefined) ?? []),
      ]);
      output.required = [...required];
    } else {
      for (const [key, value] of Object.entries(schema)) {
        if (!(key in output)) output[key] = value;
      }
    }
  }
  if (members.some((member) => !isSchemaNode(member))) hints.push('must satisfy several conditions');
}
