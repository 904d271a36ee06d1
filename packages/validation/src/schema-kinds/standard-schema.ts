/**
 * The parts of Standard Schema v1 and Standard JSON Schema v1 this package relies on, written out
 * structurally so that no vendor package (nor `@standard-schema/spec`) is needed to load or to
 * type-check: a Zod, Valibot or ArkType schema matches these shapes as it is.
 */

/** One segment of an issue path: a key, or an object carrying the key. */
export type StandardPathSegment = PropertyKey | { readonly key: PropertyKey };

/** An issue as a Standard Schema validator reports it. */
export interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<StandardPathSegment> | undefined;
}

/** What `~standard.validate` returns: `issues` absent (or empty) on success. */
export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardIssue> };

/** Options of `~standard.jsonSchema.input` / `.output`. */
export interface StandardJsonSchemaOptions {
  readonly target: 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | (string & {});
  readonly libraryOptions?: Record<string, unknown> | undefined;
}

/**
 * A Standard Schema v1 validator that also implements Standard JSON Schema v1: what
 * `createTool` accepts from Zod (>= 4.2), ArkType (>= 2.1.28) and Valibot (through
 * `toStandardJsonSchema` of `@valibot/to-json-schema`).
 */
export interface StandardJsonSchemaValidator<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (
      value: unknown,
      options?: { readonly libraryOptions?: Record<string, unknown> | undefined } | undefined,
    ) => StandardResult<Output> | Promise<StandardResult<Output>>;
    readonly jsonSchema: {
      readonly input: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
      readonly output: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
    };
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

/** The output type a Standard Schema declares (`InferOutput` of the spec). */
export type StandardOutput<S> = S extends { readonly '~standard': { readonly types?: infer Types } }
  ? NonNullable<Types> extends { readonly output: infer Output }
    ? Output
    : unknown
  : never;

function standardProps(value: unknown): Record<string, unknown> | undefined {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined;
  // Zod and ArkType schemas are functions or class instances: read the property, never enumerate.
  const props = (value as { '~standard'?: unknown })['~standard'];
  return typeof props === 'object' && props !== null ? (props as Record<string, unknown>) : undefined;
}

/** True for any Standard Schema v1 (with or without Standard JSON Schema). */
export function isStandardSchema(value: unknown): boolean {
  const props = standardProps(value);
  return props !== undefined && props.version === 1 && typeof props.validate === 'function';
}

/** True for a Standard Schema v1 that also implements Standard JSON Schema v1 (`~standard.jsonSchema.input`). */
export function isStandardJsonSchema(value: unknown): value is StandardJsonSchemaValidator {
  const props = standardProps(value);
  if (props === undefined || props.version !== 1 || typeof props.validate !== 'function') return false;
  const converter = props.jsonSchema as { input?: unknown } | undefined;
  return typeof converter === 'object' && converter !== null && typeof converter.input === 'function';
}

/** The vendor name a Standard Schema declares (`'zod'`, `'valibot'`, `'arktype'`, ...). */
export function standardVendor(value: unknown): string {
  const vendor = standardProps(value)?.vendor;
  return typeof vendor === 'string' && vendor !== '' ? vendor : 'unknown vendor';
}
