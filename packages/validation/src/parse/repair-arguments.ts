import { previewValue } from '@toolwright/utils';
import { appendPointer } from '../schema/json-pointer.js';
import { type JsonTypeName, jsonTypeOf } from '../schema/schema-keywords.js';
import { planAcceptsType, type SchemaPlan } from '../schema/schema-plan.js';
import type { Coercion } from '../schema/schema-validator.js';
import { cloneDefault, copyRecord } from './copy-record.js';
import { type DefaultFiller, fillDefaults } from './fill-defaults.js';

/** Everything the repair walk needs besides the plan and the value. */
export interface RepairContext {
  /** Apply safe coercions (`coerce: 'safe'`). */
  readonly coerce: boolean;
  /** Map `null` to absent for optional fields without reporting it (OpenAI strict calls). */
  readonly nullAsAbsent: boolean;
  /** Remove undeclared arguments instead of leaving them for the check to reject. */
  readonly strip: boolean;
  /** Repairs made so far; the walk appends. */
  coercions: Coercion[];
  /** Tests an object key against a `patternProperties` pattern (linear-time for foreign schemas). */
  matchesPattern(pattern: string, key: string): boolean;
  /** Checks a value against a union member, to pick the member a repair should follow. */
  check: ((plan: SchemaPlan, value: unknown) => boolean) | undefined;
  /** Caps a value decoded from a JSON string (depth, prototype keys) like the arguments themselves. */
  guardDecoded(value: unknown, path: string, depth: number): void;
  /** Fills defaults into a part that is already valid (used with `check` to skip valid parts). */
  filler: DefaultFiller;
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
  plan: SchemaPlan,
  text: string,
  path: string,
  depth: number,
): unknown {
  const types = plan.types as ReadonlySet<JsonTypeName>;
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
  if (wanted === undefined) return text;
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

function repairObject(
  context: RepairContext,
  plan: SchemaPlan,
  input: Record<string, unknown>,
  path: string,
  depth: number,
  allowStrip: boolean,
): Record<string, unknown> {
  let output: Record<string, unknown> | undefined;
  const mapNull = context.nullAsAbsent || context.coerce;
  for (const property of plan.properties ?? []) {
    const key = property.name;
    let value = Object.hasOwn(input, key) ? input[key] : undefined;
    if (value === null && mapNull && !property.required && !property.plan.acceptsNull) {
      output ??= copyRecord(input);
      delete output[key];
      if (!context.nullAsAbsent) record(context, appendPointer(path, key), null, undefined, 'null-to-absent');
      value = undefined;
    }
    if (value === undefined) {
      if (property.fallback !== undefined) {
        output ??= copyRecord(input);
        output[key] = cloneDefault(property.fallback.value);
      }
      continue;
    }
    const repaired = repairValue(context, property.plan, value, `${path}/${property.token}`, depth + 1, true);
    if (repaired !== value) {
      output ??= copyRecord(input);
      output[key] = repaired;
    }
  }
  const { patterns, additional, propertyNames } = plan;
  if (patterns !== undefined || additional !== undefined) {
    for (const key of Object.keys(input)) {
      if (propertyNames?.has(key)) continue;
      const value = input[key];
      let matched = false;
      for (const { pattern, plan: subplan } of patterns ?? []) {
        if (!context.matchesPattern(pattern, key)) continue;
        matched = true;
        const repaired = repairValue(context, subplan, value, appendPointer(path, key), depth + 1, true);
        if (repaired !== value) {
          output ??= copyRecord(input);
          output[key] = repaired;
        }
      }
      if (matched) continue;
      if (additional === false && allowStrip && context.strip) {
        output ??= copyRecord(input);
        delete output[key];
        record(context, appendPointer(path, key), value, undefined, 'strip-unknown');
      } else if (additional !== undefined && additional !== false) {
        const repaired = repairValue(context, additional, value, appendPointer(path, key), depth + 1, true);
        if (repaired !== value) {
          output ??= copyRecord(input);
          output[key] = repaired;
        }
      }
    }
  }
  return output ?? input;
}

function repairArray(
  context: RepairContext,
  plan: SchemaPlan,
  input: unknown[],
  path: string,
  depth: number,
): unknown[] {
  let output: unknown[] | undefined;
  const tuple = plan.tuple ?? [];
  for (let index = 0; index < input.length; index++) {
    const itemPlan = index < tuple.length ? tuple[index] : plan.items;
    if (itemPlan === undefined) continue;
    const value = input[index];
    const repaired = repairValue(
      context,
      itemPlan,
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

/** The values a node allows (`const`, `enum`, or a union of such literals), if it lists them. */
function allowedValues(plan: SchemaPlan): readonly unknown[] | undefined {
  const node = plan.node;
  if ('const' in node) return [node.const];
  if (Array.isArray(node.enum)) return node.enum;
  if (node.type === 'null') return [null];
  if (plan.union === undefined) return undefined;
  const values: unknown[] = [];
  for (const member of plan.union) {
    const memberValues = allowedValues(member);
    if (memberValues === undefined) return undefined;
    values.push(...memberValues);
  }
  return values;
}

/**
 * A string for a field that accepts strings, but only as some listed values (`'auto' | 1 | true`,
 * `enum: [0.5, "auto"]`): `"1"` or `"true"` becomes the listed number or boolean it spells. This is
 * also how a model's answer comes back when a provider could only show the values as words
 * (Gemini accepts enums only on strings).
 */
function coerceToListedValue(context: RepairContext, plan: SchemaPlan, text: string, path: string): unknown {
  const allowed = allowedValues(plan);
  if (allowed === undefined || allowed.includes(text)) return text;
  const number = parseNumberText(text);
  if (number !== undefined && allowed.includes(number)) {
    record(context, path, text, number, Number.isInteger(number) ? 'string-to-integer' : 'string-to-number');
    return number;
  }
  if ((text === 'true' || text === 'false') && allowed.includes(text === 'true')) {
    record(context, path, text, text === 'true', 'string-to-boolean');
    return text === 'true';
  }
  return text;
}

/** Follows a union into the member the value belongs to, when that can be told. */
function repairUnion(
  context: RepairContext,
  members: readonly SchemaPlan[],
  value: unknown,
  path: string,
  depth: number,
): unknown {
  const type = jsonTypeOf(value);
  if (type === undefined) return value;
  const candidates = members.filter((member) => planAcceptsType(member, type));
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
 * Copy-on-write repair of `value` against a plan: safe coercions, `null` for optional fields,
 * defaults, unknown-key stripping. Returns `value` itself when nothing changed, otherwise a new
 * value sharing every unchanged part. The input is never modified. Recursion follows the value,
 * whose depth the argument guard has already capped.
 */
export function repairValue(
  context: RepairContext,
  plan: SchemaPlan,
  value: unknown,
  path: string,
  depth: number,
  allowStrip: boolean,
): unknown {
  let current = value;
  // A valid part below the root (most of a big argument usually is) only needs its defaults.
  if (
    path !== '' &&
    context.check !== undefined &&
    typeof current === 'object' &&
    current !== null &&
    context.check(plan, current)
  ) {
    return plan.defaultsBelow ? fillDefaults(plan, current, context.filler) : current;
  }
  if (context.coerce && typeof current === 'string') {
    current = plan.acceptsString
      ? coerceToListedValue(context, plan, current, path)
      : coerceString(context, plan, current, path, depth);
  }
  if (typeof current === 'object' && current !== null) {
    current = Array.isArray(current)
      ? repairArray(context, plan, current, path, depth)
      : repairObject(context, plan, current as Record<string, unknown>, path, depth, allowStrip);
  }
  if (plan.allOf !== undefined) {
    for (const member of plan.allOf) current = repairValue(context, member, current, path, depth, false);
  }
  if (plan.union !== undefined) current = repairUnion(context, plan.union, current, path, depth);
  return current;
}
