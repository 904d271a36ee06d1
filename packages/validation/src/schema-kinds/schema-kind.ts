import { previewValue } from '@toolwright/utils';
import { isSchemaValidator } from '../schema/schema-validator.js';
import { isStandardJsonSchema, isStandardSchema } from './standard-schema.js';

/** The kinds of schema a tool can be defined with. */
export type SchemaKind =
  /** `@sinclair/typebox` 0.32–0.34 (compiled with TypeBox's `TypeCompiler`). */
  | 'typebox'
  /** `typebox` 1.x (a JSON Schema object with non-enumerable `~kind` markers). */
  | 'typebox-1'
  /** Standard Schema v1 with Standard JSON Schema v1: Zod >= 4.2, ArkType >= 2.1.28, Valibot via `toStandardJsonSchema`. */
  | 'standard-schema'
  /** A plain JSON Schema object (draft-07 or 2020-12). */
  | 'json-schema'
  /** A ready `SchemaValidator` (for example from `compileJsonSchema`). */
  | 'schema-validator';

/** The sentence every refusal of an unrecognised schema ends with. */
export const ACCEPTED_SCHEMA_KINDS =
  'a TypeBox schema (@sinclair/typebox 0.32–0.34 or typebox 1.x), a Standard Schema validator with ' +
  'Standard JSON Schema (Zod >= 4.2, ArkType >= 2.1.28, Valibot through toStandardJsonSchema), ' +
  'a plain JSON Schema object with "type": "object", or a SchemaValidator';

/** TypeBox 0.32–0.34 marks every schema with this registered symbol. */
const TYPEBOX_KIND = Symbol.for('TypeBox.Kind');

function isRecord(value: unknown): value is Record<PropertyKey, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True for a `typebox` 1.x schema: an own `~kind` string (TypeBox 1 sets it non-enumerable). */
export function isTypeBox1Schema(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const descriptor = Object.getOwnPropertyDescriptor(value, '~kind');
  return descriptor !== undefined && typeof descriptor.value === 'string';
}

/** True for a `@sinclair/typebox` 0.32–0.34 schema (its `Symbol.for('TypeBox.Kind')` marker). */
export function isTypeBox034Schema(value: unknown): boolean {
  return isRecord(value) && TYPEBOX_KIND in value;
}

/**
 * A plain JSON Schema object: a plain object (no class instance, no function) with one of the
 * keywords a root object schema is written with.
 */
function isPlainJsonSchema(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return (
    typeof value.type === 'string' ||
    Array.isArray(value.type) ||
    isRecord(value.properties) ||
    typeof value.$ref === 'string' ||
    Array.isArray(value.anyOf) ||
    Array.isArray(value.oneOf) ||
    Array.isArray(value.allOf)
  );
}

/**
 * Recognises what kind of schema `value` is, by duck typing only (no vendor package is loaded):
 * a `SchemaValidator` first, then a Standard Schema (`~standard.version === 1` with
 * `~standard.jsonSchema`), then TypeBox 0.34's symbol, TypeBox 1's `~kind`, and last a plain
 * JSON Schema object. `undefined` for anything else; {@link describeUnknownSchema} says why.
 */
export function schemaKindOf(value: unknown): SchemaKind | undefined {
  if (isSchemaValidator(value)) return 'schema-validator';
  if (isStandardJsonSchema(value)) return 'standard-schema';
  if (isTypeBox034Schema(value)) return 'typebox';
  if (isTypeBox1Schema(value)) return 'typebox-1';
  // A Standard Schema without `~standard.jsonSchema` (Valibot's own objects) is no JSON Schema.
  if (isStandardSchema(value)) return undefined;
  if (isPlainJsonSchema(value)) return 'json-schema';
  return undefined;
}

/** Why `value` is not a schema this package accepts, and what is accepted. */
export function describeUnknownSchema(value: unknown): string {
  if (isStandardSchema(value)) {
    return (
      'the schema is a Standard Schema without Standard JSON Schema (no ~standard.jsonSchema), so no ' +
      'declaration can be sent to a model from it; upgrade the library (Zod >= 4.2, ArkType >= 2.1.28) or, ' +
      `for Valibot, wrap it with toStandardJsonSchema from @valibot/to-json-schema. Accepted: ${ACCEPTED_SCHEMA_KINDS}`
    );
  }
  return `the schema is ${previewValue(value)}; expected ${ACCEPTED_SCHEMA_KINDS}`;
}
