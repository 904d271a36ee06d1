import { checkOptions, type OptionTable } from '@toolwright/utils';
import { ToolSchemaError } from '../errors/tool-schema-error.js';
import { ValidationErrorCode } from '../errors/toolwright-error.js';
import { compileJsonSchema } from '../foreign/compile-json-schema.js';
import { invalidOption } from '../options/invalid-option.js';
import { compileToolSchema } from '../parse/compile-tool-schema.js';
import type { SchemaValidator } from '../schema/schema-validator.js';
import { describeUnknownSchema, schemaKindOf } from './schema-kind.js';
import type { StandardJsonSchemaValidator } from './standard-schema.js';
import { StandardSchemaValidator } from './standard-schema-validator.js';
import { compileTypeBox1Schema } from './typebox1-schema.js';

/** Options of {@link compileSchema}. */
export interface CompileSchemaOptions {
  /** Names the schema (usually the tool) in errors about the schema itself. */
  name?: string;
}

const COMPILE_OPTIONS: OptionTable<CompileSchemaOptions> = { name: { kind: 'string' } };

/**
 * The one entry for every kind of schema (see `SchemaKind`), all behind the same
 * {@link SchemaValidator}: a `SchemaValidator` is returned as it is; `@sinclair/typebox` 0.34
 * goes through `compileToolSchema` (compiled, cached per schema); `typebox` 1.x and plain JSON
 * Schema are screened now and compiled with Ajv on first parse; a Standard Schema with Standard
 * JSON Schema is validated by its vendor, with the unknown-argument policy, coercion, defaults
 * and issues worked out on the vendor's own JSON Schema.
 *
 * Throws `ToolSchemaError` `schema_rejected` for a value of no accepted kind (naming the kinds),
 * a Standard Schema whose JSON Schema cannot be produced, or whose `validate` is asynchronous;
 * `schema_compile_failed` / `schema_invalid_default` for a TypeBox 0.34 schema, as `compileToolSchema` throws them.
 */
export function compileSchema(schema: unknown, options: CompileSchemaOptions = {}): SchemaValidator<unknown> {
  checkOptions('CompileSchemaOptions', options, COMPILE_OPTIONS, invalidOption);
  const subject = options.name === undefined ? 'the schema' : `the schema of "${options.name}"`;
  switch (schemaKindOf(schema)) {
    case 'schema-validator':
      return schema as SchemaValidator<unknown>;
    case 'typebox':
      return compileToolSchema(schema as never);
    case 'typebox-1':
      return compileTypeBox1Schema(schema as object, subject, options.name);
    case 'standard-schema':
      return new StandardSchemaValidator(schema as StandardJsonSchemaValidator, subject);
    case 'json-schema':
      return compileJsonSchema(schema, undefined, options.name === undefined ? {} : { name: options.name });
    default:
      throw new ToolSchemaError(ValidationErrorCode.SchemaRejected, describeUnknownSchema(schema));
  }
}
