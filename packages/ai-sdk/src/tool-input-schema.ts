import type { JsonSchema } from '@toolwright/contracts';
import { type JSONSchema7, jsonSchema } from 'ai';

/** A Standard Schema validation result (https://standardschema.dev). */
export type StandardValidationResult =
  | { readonly value: unknown; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<{ readonly message: string }> };

/**
 * The input schema of a bridged tool, as its type is published: a Standard Schema with a JSON
 * Schema converter (the two `~standard` interfaces of https://standardschema.dev, written out
 * here as the spec intends, so the published types need nothing from `ai`). The AI SDK accepts it
 * as a `FlexibleSchema`.
 *
 * The object is also the SDK's own `jsonSchema()` schema, which the SDK prefers at run time: its
 * validation failure keeps toolwright's message as it is, where a Standard Schema failure would be
 * reworded from its issues.
 */
export interface ToolInputSchema {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardValidationResult;
    readonly jsonSchema: {
      readonly input: (options: { readonly target: string }) => Record<string, unknown>;
      readonly output: (options: { readonly target: string }) => Record<string, unknown>;
    };
  };
}

/** What a bridged tool's validation decides: the value `execute` gets, or the error the model reads. */
export type InputValidation = { success: true; value: unknown } | { success: false; error: Error };

/**
 * Makes a tool's input schema from its (lazily projected) JSON Schema and its validation. The
 * projection is computed on the first read of either face and reused.
 */
export function toolInputSchema(
  parameters: () => JsonSchema,
  validate: (value: unknown) => InputValidation,
): ToolInputSchema {
  const schema = jsonSchema<unknown>(() => parameters() as JSONSchema7, { validate });
  const standard: ToolInputSchema['~standard'] = {
    version: 1,
    vendor: 'toolwright',
    validate: (value) => {
      const result = validate(value);
      return result.success ? { value: result.value } : { issues: [{ message: result.error.message }] };
    },
    jsonSchema: { input: parameters, output: parameters },
  };
  return Object.assign(schema, { '~standard': standard });
}
