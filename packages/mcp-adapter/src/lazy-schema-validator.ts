import {
  compileJsonSchema,
  compileScreenedJsonSchema,
  type DescribesObjectRoot,
  type JsonSchema,
  type JsonSchemaLimits,
  type JsonSchemaReport,
  objectRootKnown,
  type ParseOptions,
  type ParseResult,
  type SchemaValidator,
  screenedJsonSchemaOf,
} from '@toolwright/validation';

/**
 * A foreign input schema's validator that counts when it is first used. `compileJsonSchema`
 * screens the schema now (size, depth, remote `$ref`: a bad schema is refused at catalog time,
 * by name) and leaves the Ajv compile to the first `parse`; this wrapper records that first
 * parse, so the adapter can show that registering a catalog compiled nothing. Given the catalog
 * screen's report of the same schema (`screened`, made with the same limits), it is not walked
 * a second time.
 */
export class LazySchemaValidator implements SchemaValidator<Record<string, unknown>>, DescribesObjectRoot {
  readonly specificationVersion = 'v1' as const;
  readonly source = 'json-schema' as const;
  readonly #inner: SchemaValidator<Record<string, unknown>>;
  readonly #counter: { count: number };
  #used = false;

  constructor(
    schema: unknown,
    counter: { count: number },
    options: { name: string; limits?: JsonSchemaLimits; screened?: JsonSchemaReport | undefined },
  ) {
    this.#inner =
      options.screened === undefined
        ? compileJsonSchema(schema, options.limits, { name: options.name })
        : compileScreenedJsonSchema(options.screened, { name: options.name });
    this.#counter = counter;
  }

  /**
   * The screened schema as a new plain tree (the validator holds it packed). A schema the
   * validator cannot give back (never the case for `compileJsonSchema`'s) is an empty object
   * schema rather than a crash of the call that needs it.
   */
  screenedSchema(): Record<string, unknown> {
    return screenedJsonSchemaOf(this.#inner) ?? { type: 'object' };
  }

  /**
   * Whether the projection describes an object at its root, told from the screened schema
   * without projecting it (`undefined`: only the projection can tell). `createTool` asks this of
   * every listed tool; most are deferred and never declared, so their projection is never made.
   */
  describesObjectRoot(): true | undefined {
    return objectRootKnown(this.#inner) ? true : undefined;
  }

  /** The neutral JSON Schema projection (no Ajv involved). */
  toJsonSchema(): JsonSchema {
    return this.#inner.toJsonSchema();
  }

  /** Validates arguments; the first call compiles the schema. */
  parse(input: unknown, options?: ParseOptions): ParseResult<Record<string, unknown>> {
    if (!this.#used) {
      this.#used = true;
      this.#counter.count += 1;
    }
    return this.#inner.parse(input, options);
  }
}
