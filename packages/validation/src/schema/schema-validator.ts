import type { SchemaValidator } from '@toolwright/spec';

export type {
  ArgumentLimits,
  Coercion,
  ParseOptions,
  ParseResult,
  SchemaValidator,
  SchemaValidatorV1,
} from '@toolwright/spec';

/** True when `value` implements {@link SchemaValidator} v1 (from any installed copy). */
export function isSchemaValidator(value: unknown): value is SchemaValidator {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof SchemaValidator, unknown>>;
  return (
    candidate.specificationVersion === 'v1' &&
    (candidate.source === 'typebox' ||
      candidate.source === 'json-schema' ||
      candidate.source === 'standard-schema') &&
    typeof candidate.toJsonSchema === 'function' &&
    typeof candidate.parse === 'function'
  );
}

/**
 * A validator that can tell, without projecting its schema, that `toJsonSchema()` describes an
 * object at its root: `true`, or `undefined` when only the projection can tell. Validation's JSON
 * Schema and Standard Schema validators can; a wrapper of one can pass the question on.
 */
export interface DescribesObjectRoot {
  /** `true` when `toJsonSchema()` has `type: "object"` at its root; `undefined` when only the projection can tell. */
  describesObjectRoot(): true | undefined;
}

/**
 * True when `validator` tells, without projecting its schema, that its JSON Schema projection
 * describes an object at its root (see {@link DescribesObjectRoot}). False means only the
 * projection can tell: `createTool` projects then. A catalog's deferred tools, most of them never
 * declared, so pay for no projection at `createTool`.
 */
export function objectRootKnown(validator: SchemaValidator): boolean {
  const told = validator as SchemaValidator & Partial<DescribesObjectRoot>;
  return typeof told.describesObjectRoot === 'function' && told.describesObjectRoot() === true;
}
