import { ToolSchemaError } from '../errors/tool-schema-error.js';
import { ValidationErrorCode } from '../errors/toolwright-error.js';
import { compileJsonSchema } from '../foreign/compile-json-schema.js';
import type { JsonSchema } from '../schema/json-types.js';
import type { ParseOptions, ParseResult, SchemaValidator } from '../schema/schema-validator.js';

/** TypeBox 1 kinds with no JSON form: a model cannot send them, so a tool cannot take them. */
const NON_JSON_KINDS = new Set([
  'BigInt',
  'Constructor',
  'Function',
  'Symbol',
  'Undefined',
  'Void',
  'Call',
  'Deferred',
  'Generic',
  'Infer',
  'Parameter',
  'Rest',
  'This',
  'Identifier',
]);

/** Markers of TypeBox 1 behaviour that lives in functions, not in the JSON Schema. */
const FUNCTION_MARKERS = ['~refine', '~codec'] as const;

/**
 * Refuses a TypeBox 1 schema whose meaning is not all in its JSON Schema: non-JSON kinds, and
 * `Type.Refine` / `Type.Codec` (their functions would be silently skipped by a JSON Schema
 * check). Iterative over own properties, enumerable or not; cycles are visited once.
 */
function checkJsonOnly(schema: object, subject: string): void {
  const stack: Array<[unknown, string]> = [[schema, '']];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    const kind = (node as { '~kind'?: unknown })['~kind'];
    if (typeof kind === 'string' && NON_JSON_KINDS.has(kind)) {
      throw new ToolSchemaError(
        ValidationErrorCode.SchemaRejected,
        `${subject}: Type.${kind} at "${path || '/'}" has no JSON form, so a model cannot send it; use JSON types (string, number, integer, boolean, null, object, array)`,
      );
    }
    for (const marker of FUNCTION_MARKERS) {
      if (Object.hasOwn(node, marker)) {
        throw new ToolSchemaError(
          ValidationErrorCode.SchemaRejected,
          `${subject}: the schema at "${path || '/'}" has ${marker === '~refine' ? 'Type.Refine' : 'Type.Codec'}, whose function a JSON Schema check cannot run; express the rule with JSON Schema keywords (pattern, minimum, enum, ...) or check it in execute`,
        );
      }
    }
    for (const key of Object.keys(node))
      stack.push([(node as Record<string, unknown>)[key], `${path}/${key}`]);
  }
}

/**
 * A `typebox` 1.x schema behind `SchemaValidator`. TypeBox 1 schemas are JSON Schema with
 * non-enumerable `~` markers, so the enumerable part is validated exactly as a plain JSON
 * Schema is (screened eagerly, compiled lazily with Ajv) and no TypeBox 1 code is loaded;
 * `source` is `'typebox'`.
 */
class TypeBox1SchemaValidator<T> implements SchemaValidator<T> {
  readonly specificationVersion = 'v1' as const;
  readonly source = 'typebox' as const;
  readonly #inner: SchemaValidator<Record<string, unknown>>;

  constructor(inner: SchemaValidator<Record<string, unknown>>) {
    this.#inner = inner;
  }

  toJsonSchema(): JsonSchema {
    return this.#inner.toJsonSchema();
  }

  parse(input: unknown, options?: ParseOptions): ParseResult<T> {
    return this.#inner.parse(input, options) as ParseResult<T>;
  }
}

/** Compiles a `typebox` 1.x schema; see {@link TypeBox1SchemaValidator}. */
export function compileTypeBox1Schema<T>(schema: object, subject: string, name?: string): SchemaValidator<T> {
  checkJsonOnly(schema, subject);
  return new TypeBox1SchemaValidator<T>(
    compileJsonSchema(schema, undefined, name === undefined ? {} : { name }),
  );
}
