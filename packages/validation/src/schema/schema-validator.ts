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
