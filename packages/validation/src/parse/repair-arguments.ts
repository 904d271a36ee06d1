import { previewValue } from '../messages/preview-value.js';
import { appendPointer } from '../schema/json-pointer.js';
import { type JsonTypeName, jsonTypeOf } from '../schema/schema-keywords.js';
import {
  acceptedTypes,
  isSchemaNode,
  type RefResolver,
  type SchemaNode,
  typeAccepted,
} from '../schema/schema-node.js';
import type { Coercion } from '../schema/schema-validator.js';

/** Everything the repair walk needs besides the schema and the value. */
export interface RepairContext {
  /** Apply safe coercions (`coerce: 'safe'`). */
  readonly coerce: boolean;
  /** Map `null` to absent for optional fields without reporting it (OpenAI strict calls). */
  readonly nullAsAbsent: boolean;
  /** Remove undeclared arguments instead of leaving them for the check to reject. */
  readonly strip: boolean;
  readonly resolver: RefResolver;
  /** Repairs made so far; the walk appends. */
  coercions: Coercion[];
  /** Tests an object key against a `patternProperties` pattern (linear-time for foreign schemas). */
  matchesPattern(pattern: string, key: string): boolean;
  /** Checks a value against a union member, to pick the member a repair should follow. */
  check: ((node: SchemaNode, value: unknown) => boolean) | undefined;
  /** Caps a value decoded from a JSON string (depth, prototype keys) like the arguments themselves. */
  guardDecoded(value: unknown, path: string, depth: number): void;
}

const NUMBER_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const INTEGER_TEXT = /^-?\d+$/;

/** `"42"` -> 42 only when nothing is lost: finite, and an integer literal stays exact. */
function parseNumberText(text: string): number | undefined {
  if (text.length > 64 || !NUMBER_TEXT.test(text)) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) return undefined;
  if (INTEGER_TEXT.test(text) && !Number.isSafeInteger(value)) return undefined;
  return value;
}

function record(context: RepairContext, path: string, from: unknown, to: unknown, kind: string): void {
  context.coercions.push({
    path,
    from: previewValue(from),
    to: to === undefined ? '(absent)' : previewValue(to),
    kind,
  });
}

/** Tries the lossless conversions of a string towards the types the schema accepts. */
function coerceString(
  context: RepairContext,
  schema: SchemaNode,
  text: string,
  path: string,
  depth: number,
): unknown {
  const types = acceptedTypes(schema, context.resolver);
  if (types === 'any' || types.has('string')) return text;
  if (types.has('number') || types.has('integer')) {
    const number = parseNumberText(text);
    if (number !== undefined && (types.has('number') || Number.isInteger(number))) {
      record(context, path, text, number, types.has('number') ? 'string-to-number' : 'string-to-integer');
      return number;
    }
  }
  if (types.has('boolean') && (text === 'true' || text === 'false')) {
    record(context, path, text, text === 'true', 'string-to-boolean');
    return text === 'true';
  }
  const trimmed = text.trimStart();
  const wanted: JsonTypeName | undefined =
    trimmed.startsWith('[') && types.has('array')
      ? 'array'
      : trimmed.startsWith('{') && types.has('object')
        ? 'object'
        : undefined;
  if (wanted !== undefined) {
    let decoded: unknown;
    try {
      // JSON.parse is iterative in V8, and the string was already size-checked with the arguments.
      decoded = JSON.parse(text);
    } catch {
      return text;
    }
    if (jsonTypeOf(decoded) !== wanted) return text;
    context.guardDecoded(decoded, path, depth);
    record(context, path, text, decoded, `json-string-to-${wanted}`);
    return decoded;
  }
  return text;
}

function acceptsNull(node: SchemaNode, resolver: RefResolver): boolean {
  return typeAccepted(acceptedTypes(node, resolver), 'null');
}

function cloneDefault(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? structuredClone(value) : value;
}

function repairObject(
  context: RepairContext,
  schema: SchemaNode,
  input: Record<string, unknown>,
  path: string,
  depth: number,
  allowStrip: boolean,
): Record<string, unknown> {
  let output: Record<string, unknown> | undefined;
  const properties = isSchemaNode(schema.properties) ? schema.properties : undefined;
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
  if (properties !== undefined) {
    for (const key of Object.keys(properties)) {
      const property = properties[key];
      if (!isSchemaNode(property)) continue;
      let present = Object.hasOwn(input, key) && input[key] !== undefined;
      const value = input[key];
      if (
        present &&
        value === null &&
        (context.nullAsAbsent || context.coerce) &&
        !required.includes(key) &&
        !acceptsNull(property, context.resolver)
      ) {
        output ??= { ...input };
        delete output[key];
        if (!context.nullAsAbsent)
          record(context, appendPointer(path, key), null, undefined, 'null-to-absent');
        present = false;
      }
      if (!present) {
        const resolved = context.resolver.resolve(property);
        if ('default' in resolved) {
          output ??= { ...input };
          output[key] = cloneDefault(resolved.default);
        }
        continue;
      }
      const repaired = repairValue(context, property, value, appendPointer(path, key), depth + 1, true);
      if (repaired !== value) {
        output ??= { ...input };
        output[key] = repaired;
      }
    }
  }
  const patterns = isSchemaNode(schema.patternProperties) ? schema.patternProperties : undefined;
  const additional = schema.additionalProperties;
  if (patterns !== undefined || additional !== undefined) {
    for (const key of Object.keys(input)) {
      if (properties !== undefined && Object.hasOwn(properties, key)) continue;
      const value = input[key];
      let matched = false;
      if (patterns !== undefined) {
        for (const [pattern, subschema] of Object.entries(patterns)) {
          if (!isSchemaNode(subschema) || !context.matchesPattern(pattern, key)) continue;
          matched = true;
          const repaired = repairValue(context, subschema, value, appendPointer(path, key), depth + 1, true);
          if (repaired !== value) {
            output ??= { ...input };
            output[key] = repaired;
          }
        }
      }
      if (matched) continue;
      if (additional === false && allowStrip && context.strip) {
        output ??= { ...input };
        delete output[key];
        record(context, appendPointer(path, key), value, undefined, 'strip-unknown');
      } else if (isSchemaNode(additional)) {
        const repaired = repairValue(context, additional, value, appendPointer(path, key), depth + 1, true);
        if (repaired !== value) {
          output ??= { ...input };
          output[key] = repaired;
        }
      }
    }
  }
  return output ?? input;
}

function repairArray(
  context: RepairContext,
  schema: SchemaNode,
  input: unknown[],
  path: string,
  depth: number,
): unknown[] {
  let output: unknown[] | undefined;
  const tuple = Array.isArray(schema.prefixItems)
    ? schema.prefixItems
    : Array.isArray(schema.items)
      ? schema.items
      : [];
  const rest = isSchemaNode(schema.items) ? schema.items : undefined;
  for (let index = 0; index < input.length; index++) {
    const itemSchema = index < tuple.length ? tuple[index] : rest;
    if (!isSchemaNode(itemSchema)) continue;
    const value = input[index];
    const repaired = repairValue(
      context,
      itemSchema,
      value,
      appendPointer(path, String(index)),
      depth + 1,
      true,
    );
    if (repaired !== value) {
      output ??= input.slice();
      output[index] = repaired;
    }
  }
  return output ?? input;
}

/** Follows a union into the member the value belongs to, when that can be told. */
function repairUnion(
  context: RepairContext,
  members: unknown[],
  value: unknown,
  path: string,
  depth: number,
): unknown {
  const type = jsonTypeOf(value);
  if (type === undefined) return value;
  const candidates = members.filter(
    (member): member is SchemaNode =>
      isSchemaNode(member) && typeAccepted(acceptedTypes(member, context.resolver), type),
  );
  if (candidates.length === 1) return repairValue(context, candidates[0]!, value, path, depth, true);
  if (context.check === undefined) return value;
  for (const candidate of candidates) {
    const saved = context.coercions;
    context.coercions = [];
    const repaired = repairValue(context, candidate, value, path, depth, true);
    const found = context.check(candidate, repaired);
    const made = context.coercions;
    context.coercions = saved;
    if (found) {
      saved.push(...made);
      return repaired;
    }
  }
  return value;
}

/**
 * Copy-on-write repair of `value` against `node`: safe coercions, `null` for optional fields,
 * defaults, unknown-key stripping. Returns `value` itself when nothing changed, otherwise a new
 * value sharing every unchanged part. The input is never modified. Recursion follows the value,
 * whose depth the argument guard has already capped.
 */
export function repairValue(
  context: RepairContext,
  node: SchemaNode,
  value: unknown,
  path: string,
  depth: number,
  allowStrip: boolean,
): unknown {
  const schema = context.resolver.resolve(node);
  let current = value;
  if (context.coerce && typeof current === 'string')
    current = coerceString(context, schema, current, path, depth);
  if (typeof current === 'object' && current !== null) {
    current = Array.isArray(current)
      ? repairArray(context, schema, current, path, depth)
      : repairObject(context, schema, current as Record<string, unknown>, path, depth, allowStrip);
  }
  if (Array.isArray(schema.allOf)) {
    for (const member of schema.allOf) {
      if (isSchemaNode(member)) current = repairValue(context, member, current, path, depth, false);
    }
  }
  const union = Array.isArray(schema.anyOf)
    ? schema.anyOf
    : Array.isArray(schema.oneOf)
      ? schema.oneOf
      : undefined;
  if (union !== undefined) current = repairUnion(context, union, current, path, depth);
  return current;
}
