import type { JsonSchema } from '@toolwright/contracts';

/**
 * The `schema` of a bridged tool: a Standard JSON Schema (the `~standard.jsonSchema` interface of
 * https://standardschema.dev), which `@langchain/core` turns into the tool's declaration with
 * `toJsonSchema`. Its JSON Schema is the tool's toolwright projection; it is computed on the
 * first read and reused.
 *
 * Its `validate` accepts every value as it is, and the object holds no JSON Schema keyword of its
 * own, so LangChain's own check (Zod, or `@cfworker/json-schema` for a plain JSON Schema) passes
 * every input through: validation is toolwright's `build()`, run by the executor, whose repairable
 * message the model reads — not a second, differently worded refusal before it.
 */
export interface ToolInputSchema {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => { readonly value: unknown };
    readonly jsonSchema: {
      readonly input: (options?: { readonly target?: string }) => Record<string, unknown>;
      readonly output: (options?: { readonly target?: string }) => Record<string, unknown>;
    };
  };
}

/** Makes a tool's schema from its (lazily projected) JSON Schema. */
export function toolInputSchema(parameters: () => JsonSchema): ToolInputSchema {
  const projected = (): Record<string, unknown> => parameters() as Record<string, unknown>;
  return {
    '~standard': {
      version: 1,
      vendor: 'toolwright',
      validate: (value) => ({ value }),
      jsonSchema: { input: projected, output: projected },
    },
  };
}
